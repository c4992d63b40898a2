// Pure decisions behind the security middleware: the CSP and the request-origin check.

/** Methods that change state; only these are origin-checked. */
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Paths that receive cross-site requests by design and check them their own way: the Stripe
 * webhook (signature on the raw body) and the OAuth callbacks (state, PKCE, nonce; Apple answers
 * with a cross-site form_post).
 */
const EXEMPT_PATHS = [/^\/api\/stripe\/webhook$/, /^\/api\/auth\/[^/]+\/callback$/];

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Lower-cased, duplicate slashes merged, no trailing slash: the way Express routing sees a path. */
export function normalizePath(path: string): string {
  const collapsed = path.toLowerCase().replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
}

export function isOriginCheckExempt(path: string): boolean {
  const normalized = normalizePath(path);
  return EXEMPT_PATHS.some((pattern) => pattern.test(normalized));
}

/**
 * The origins whose pages may change state: PUBLIC_URL's origin. Outside production, when PUBLIC_URL
 * is on loopback, the other loopback spellings of the same scheme and port are accepted too
 * (http://localhost:3000 and http://127.0.0.1:3000 are one machine). The request's Host header is
 * never consulted.
 */
export function allowedOrigins(publicUrl: string, production: boolean): ReadonlySet<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (!production && LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
    }
  }
  return origins;
}

export interface OriginCheckInput {
  method: string;
  path: string;
  /** The Origin header, if sent. */
  origin: string | undefined;
  /** The Sec-Fetch-Site header, if sent. */
  secFetchSite: string | undefined;
}

export type OriginDecision = { allowed: true } | { allowed: false; reason: string };

/**
 * Cross-site request forgery defence in depth (SameSite=Lax cookies are the first line): a
 * state-changing request is refused when the browser says it is cross-site, or when it names an
 * Origin other than ours (including the opaque "null"). Requests without either header come from
 * non-browser clients or old browsers and pass; they carry no ambient cross-site cookies anyway.
 */
export function checkRequestOrigin(input: OriginCheckInput, allowed: ReadonlySet<string>): OriginDecision {
  if (!STATE_CHANGING_METHODS.has(input.method.toUpperCase())) return { allowed: true };
  if (isOriginCheckExempt(input.path)) return { allowed: true };
  if (input.secFetchSite?.trim().toLowerCase() === 'cross-site') {
    return { allowed: false, reason: 'Sec-Fetch-Site: cross-site' };
  }
  if (input.origin !== undefined) {
    const origin = input.origin.trim().toLowerCase();
    if (!allowed.has(origin)) return { allowed: false, reason: `Origin ${origin}` };
  }
  return { allowed: true };
}

export type CspDirectives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every answer. Scripts and connections only from our own origin
 * (plus its WebSocket form, for Socket.IO); no plugins, no <base>, no framing. Styles allow
 * 'unsafe-inline' because React and Radix set style attributes; Vite's CSS is an external file.
 */
export function contentSecurityPolicy(publicUrl: string): CspDirectives {
  const url = new URL(publicUrl);
  const socketOrigin = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  const directives: CspDirectives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", socketOrigin],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  if (url.protocol === 'https:') directives['upgrade-insecure-requests'] = [];
  return directives;
}
