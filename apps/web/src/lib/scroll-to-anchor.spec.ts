import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToAnchor } from './scroll-to-anchor';

describe('scrollToAnchor', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('scrolls smoothly to 80 px above the element', () => {
    const target = document.createElement('section');
    target.id = 'help-center';
    target.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 500, width: 100, height: 100 });
    document.body.append(target);
    const scrollTo = vi.spyOn(window, 'scrollTo');

    expect(scrollToAnchor('#help-center')).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith({ top: 420, behavior: 'smooth' });
  });

  it('does nothing when no element has that id', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    expect(scrollToAnchor('#missing')).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
