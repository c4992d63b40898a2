import { ANCHOR_SCROLL_OFFSET_PX } from '@council/contracts';

/**
 * Smoothly scrolls so the element named by `hash` (`#features`) sits ANCHOR_SCROLL_OFFSET_PX below
 * the top of the window, clear of the sticky header. Returns false when there is no such element.
 */
export function scrollToAnchor(hash: string): boolean {
  const id = decodeHash(hash);
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;

  const top = target.getBoundingClientRect().top + window.scrollY - ANCHOR_SCROLL_OFFSET_PX;
  // Respect a reduced-motion preference: jump instead of animating.
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  window.scrollTo({ top: Math.max(0, top), behavior: reduceMotion ? 'auto' : 'smooth' });
  return true;
}

function decodeHash(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // A malformed escape: look the raw text up instead.
  }
}
