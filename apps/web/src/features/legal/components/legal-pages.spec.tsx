import { render, screen, within } from '@testing-library/react';
import { type ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CookiesPage, PrivacyPage, TermsPage } from './legal-pages';

function renderPage(page: ReactElement) {
  render(<MemoryRouter>{page}</MemoryRouter>);
}

describe('legal pages (spec §1)', () => {
  it.each([
    ['Terms of Service', <TermsPage key="terms" />],
    ['Privacy Policy', <PrivacyPage key="privacy" />],
    ['Cookie Policy', <CookiesPage key="cookies" />],
  ])('%s is dated 24 April 2025 and has a contents list of its sections', (title, page) => {
    renderPage(page);

    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Last updated 24 April 2025')).toBeInTheDocument();
    const contents = within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole('link');
    expect(contents.length).toBeGreaterThan(5);
    for (const link of contents) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id)).toBeInTheDocument();
    }
  });

  it('says the service is not for children under 13', () => {
    renderPage(<PrivacyPage />);
    expect(screen.getByText('Council is not for children under 13.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Children/ })).toBeInTheDocument();
  });

  it('names the processors and the only cookie', () => {
    renderPage(<PrivacyPage />);
    const privacy = document.body.textContent ?? '';
    for (const processor of ['OpenAI', 'Anthropic', 'xAI', 'Stripe']) expect(privacy).toContain(processor);

    renderPage(<CookiesPage />);
    expect(screen.getByText('council.sid')).toBeInTheDocument();
    expect(screen.getByText('Strictly necessary, first party')).toBeInTheDocument();
  });

  it('states the plans in pounds and cancellation at the end of the billing cycle', () => {
    renderPage(<TermsPage />);
    const terms = document.body.textContent ?? '';
    expect(terms).toContain('Premium: £29.99 a month');
    expect(terms).toContain('Max: £99.99 a month');
    expect(terms).toContain('5 queries in total per account');
    expect(terms).toContain('takes effect at the end of your current billing cycle');
  });
});
