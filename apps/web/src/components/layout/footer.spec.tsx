import { FOOTER_TAGLINE } from '@council/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer';

describe('Footer', () => {
  it('has the nine links of spec §2, the tagline and this year’s copyright', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );

    const hrefs = screen
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
      .filter((href) => href !== '/'); // the logo
    expect(hrefs).toEqual([
      '/product#features',
      '/subscription',
      '/company',
      '/support#documentation',
      '/support#help-center',
      '/support#contact',
      '/privacy',
      '/terms',
      '/cookies',
    ]);
    expect(screen.getByText(FOOTER_TAGLINE)).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} Council`)).toBeInTheDocument();
  });
});
