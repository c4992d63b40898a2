import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NavLinks } from './nav-links';

function renderAt(path: string, signedIn: boolean) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <NavLinks signedIn={signedIn} />
    </MemoryRouter>,
  );
}

const currentLinks = () =>
  screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');

describe('NavLinks', () => {
  it('lists the public links with their targets when signed out', () => {
    renderAt('/product', false);

    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Ask', '/'],
      ['Features', '/product'],
      ['Pricing', '/subscription'],
      ['Meet the Council', '/company'],
    ]);
  });

  it('adds History for a signed-in user', () => {
    renderAt('/', true);
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/history');
  });

  it('marks only Ask as current on /', () => {
    renderAt('/', true);
    expect(currentLinks().map((link) => link.textContent)).toEqual(['Ask']);
  });

  it('marks a link current on its nested paths, and Ask not', () => {
    renderAt('/history/older', true);
    expect(currentLinks().map((link) => link.textContent)).toEqual(['History']);
  });
});
