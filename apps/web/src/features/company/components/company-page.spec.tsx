import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CompanyPage } from './company-page';

describe('CompanyPage', () => {
  it('profiles the three providers’ assistants with strengths and limitations', () => {
    render(
      <MemoryRouter>
        <CompanyPage />
      </MemoryRouter>,
    );

    for (const assistant of ['ChatGPT', 'Claude', 'Grok']) {
      const profile = within(screen.getByRole('article', { name: assistant }));
      expect(profile.getByRole('heading', { name: 'Strengths' })).toBeInTheDocument();
      expect(profile.getByRole('heading', { name: 'Limitations' })).toBeInTheDocument();
      expect(profile.getAllByRole('listitem').length).toBeGreaterThanOrEqual(6);
    }
  });

  it('presents Llama, Gemini and Mistral as coming soon, and the mission and values', () => {
    render(
      <MemoryRouter>
        <CompanyPage />
      </MemoryRouter>,
    );

    const comingSoon = within(screen.getByRole('region', { name: 'Coming soon' }));
    expect(comingSoon.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Llama',
      'Gemini',
      'Mistral',
    ]);
    expect(comingSoon.getAllByText('Coming soon', { selector: 'span' })).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 2, name: 'Our mission' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What we value' })).toBeInTheDocument();
  });
});
