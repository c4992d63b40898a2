import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAnchorScroll } from './use-anchor-scroll';

function Page() {
  useAnchorScroll();
  return (
    <>
      <section id="contact">Contact</section>
      <Link to="/terms">Terms</Link>
    </>
  );
}

describe('useAnchorScroll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('scrolls to the #anchor 100 ms after the screen renders', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    render(
      <MemoryRouter initialEntries={['/support#contact']}>
        <Page />
      </MemoryRouter>,
    );

    vi.advanceTimersByTime(99);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  });

  it('starts a newly opened screen without an anchor at the top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    render(
      <MemoryRouter initialEntries={['/support']}>
        <Page />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled(); // the first load (a POP) is already at the top

    fireEvent.click(screen.getByRole('link', { name: 'Terms' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
