import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ProductPage } from './product-page';

describe('ProductPage', () => {
  it('shows the feature cards under the #features anchor, with the map, weigh-in, the quote and cap, and any model', () => {
    render(
      <MemoryRouter>
        <ProductPage />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Features' })).toBeInTheDocument();
    const features = document.getElementById('features');
    if (!features) throw new Error('no #features section');
    const titles = within(features)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Side-by-side answers',
      'Debate mode',
      'Consensus synthesis',
      'Agreement map',
      'Weigh in between rounds',
      'Reasoning you can check',
      'The price before you ask',
      'Any model, even a local one',
      'History and sharing',
      'Flexible plans and tokens',
    ]);
    expect(features).toHaveTextContent('Premium £29.99 a month, Max £99.99 a month');
    expect(screen.getAllByRole('link', { name: /free/i })[0]).toHaveAttribute('href', '/auth?form=register');
  });
});
