// Where a sign-in may send the browser back to (`?return=`): a path on this site and nothing else.

const DUMMY_ORIGIN = 'http://council.invalid';

/** `//host` and `/\host` are protocol-relative: a browser following them leaves the site. */
const leavesSite = (path: string): boolean => path.startsWith('//') || path.startsWith('/\\');

/**
 * The path, query and hash of `value` when it names a page of this site, else null: no absolute
 * URL, no protocol-relative `//host` or `/\host`, before or after resolving (`/.//host` and
 * `/a/..//host` resolve to `//host`), nothing that resolving takes elsewhere (tabs, newlines).
 */
export function sitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || leavesSite(value)) return null;
  try {
    const url = new URL(value, DUMMY_ORIGIN);
    if (url.origin !== DUMMY_ORIGIN || leavesSite(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
