import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PublicHeader } from '@/components/layout/public-header';
import { isPublicHeaderPath } from './site-header';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <PublicHeader />
    </MemoryRouter>,
  );
  return within(screen.getByRole('banner'));
}

describe('PublicHeader (spec §2)', () => {
  it('has the logo, the three spec paths and Sign in', () => {
    const header = renderAt('/support');

    expect(header.getByRole('link', { name: 'Council home' })).toHaveAttribute('href', '/');
    const nav = within(header.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Meet the Council', '/meet-the-council'],
    ]);
    expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it('marks the link of the page its redirect lands on as current', () => {
    const header = renderAt('/company');
    const current = header
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Meet the Council']);
  });

  it('marks nothing current on the legal pages', () => {
    const header = renderAt('/terms');
    expect(header.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toEqual([]);
  });
});

describe('isPublicHeaderPath', () => {
  it('covers every public route of spec §2, so a visitor sees one header', () => {
    for (const path of [
      '/product',
      '/support',
      '/company',
      '/terms',
      '/privacy',
      '/cookies',
      '/auth',
      '/reset-password/abc',
      '/subscription',
      '/shared/abc',
    ]) {
      expect(isPublicHeaderPath(path)).toBe(true);
    }
    for (const path of ['/', '/history', '/questions/1', '/products', '/sharedx', '/no-such-page']) {
      expect(isPublicHeaderPath(path)).toBe(false);
    }
  });
});
