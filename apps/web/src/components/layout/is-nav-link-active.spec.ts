import { describe, expect, it } from 'vitest';
import { isNavLinkActive } from './is-nav-link-active';

describe('isNavLinkActive', () => {
  it('marks / active only on exactly /', () => {
    expect(isNavLinkActive('/', '/')).toBe(true);
    expect(isNavLinkActive('/history', '/')).toBe(false);
    expect(isNavLinkActive('/product', '/')).toBe(false);
  });

  it('marks other links active when the path starts with theirs', () => {
    expect(isNavLinkActive('/history', '/history')).toBe(true);
    expect(isNavLinkActive('/history/anything', '/history')).toBe(true);
    expect(isNavLinkActive('/subscription', '/subscription')).toBe(true);
    expect(isNavLinkActive('/product', '/subscription')).toBe(false);
    expect(isNavLinkActive('/', '/company')).toBe(false);
  });
});
