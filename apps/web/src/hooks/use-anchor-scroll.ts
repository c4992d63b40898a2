import { ANCHOR_SCROLL_DELAY_MS } from '@council/contracts';
import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { scrollToAnchor } from '@/lib/scroll-to-anchor';

/**
 * A path with #anchor scrolls to its element once the screen has had ANCHOR_SCROLL_DELAY_MS to render.
 * A new path without one starts at the top; back/forward (POP) leaves the position alone.
 */
export function useAnchorScroll(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (!hash) {
      if (navigationType !== 'POP') window.scrollTo(0, 0);
      return;
    }
    const timer = window.setTimeout(() => scrollToAnchor(hash), ANCHOR_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, hash, navigationType]);
}
