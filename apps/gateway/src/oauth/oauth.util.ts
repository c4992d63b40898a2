// Pure pieces of Google / Apple sign-in: addresses, the pending authorization's shape, the browser
// binding, and what we take from an ID token.

import { createHash, timingSafeEqual } from 'node:crypto';
import {
  AUTH_QUERY_PARAMS,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  OAUTH_ERROR_CODES,
  ROUTE_PATHS,
  sitePath,
} from '@council/contracts';
import { type GatewayEnv } from '../config/gateway.env';
import { type ProviderProfile } from '../users/users.util';
import {
  OAUTH_PENDING_TTL_SECONDS,
  OAUTH_PROVIDER_SETTINGS,
  OAUTH_PROVIDERS,
  type OAuthProviderName,
} from './oauth.constants';

export interface OAuthCredentials {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

type OAuthConfig = Pick<
  GatewayEnv,
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GOOGLE_ISSUER'
  | 'APPLE_CLIENT_ID'
  | 'APPLE_CLIENT_SECRET'
  | 'APPLE_ISSUER'
>;

/** The provider's client credentials, or null when it is not configured (no client id). */
export function providerCredentials(
  config: OAuthConfig,
  provider: OAuthProviderName,
): OAuthCredentials | null {
  const [clientId, clientSecret, issuer] =
    provider === 'google'
      ? [config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, config.GOOGLE_ISSUER]
      : [config.APPLE_CLIENT_ID, config.APPLE_CLIENT_SECRET, config.APPLE_ISSUER];
  if (!clientId) return null;
  // GatewayEnv requires the secret whenever the id is set; an empty one is the provider's to refuse.
  return { clientId, clientSecret: clientSecret ?? '', issuer };
}

/** The redirect_uri registered with the provider: always built from PUBLIC_URL, never from Host. */
export function oauthCallbackUrl(publicUrl: string, provider: OAuthProviderName): string {
  return `${publicUrl}/api/auth/${provider}/callback`;
}

/** Where a sign-in that cannot complete ends: the auth screen, which toasts the code. */
export function authErrorPath(code: string): string {
  return `${ROUTE_PATHS.auth}?${AUTH_QUERY_PARAMS.error}=${encodeURIComponent(code)}`;
}

export function notConfiguredCode(provider: OAuthProviderName): string {
  return provider === 'google' ? OAUTH_ERROR_CODES.googleNotConfigured : OAUTH_ERROR_CODES.appleNotConfigured;
}

export function unavailableCode(provider: OAuthProviderName): string {
  return provider === 'google' ? OAUTH_ERROR_CODES.googleUnavailable : OAUTH_ERROR_CODES.appleUnavailable;
}

const RETURN_PATH_BASE = 'http://council.invalid';

/** Layers of percent-encoding a return path may carry; a value still changing after that is refused. */
const RETURN_PATH_DECODE_ROUNDS = 4;

/** `value` percent-decoded until it stops changing, or null (a malformed escape, too many layers). */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round <= RETURN_PATH_DECODE_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** /api and below in any case: Express matches routes case-insensitively, so /API/user is /api/user. */
function isApiPath(pathname: string): boolean {
  const folded = pathname.toLowerCase();
  return folded === '/api' || folded.startsWith('/api/');
}

/**
 * The `return` path, when it is a path on this site (sitePath) and not an API route (a sign-in
 * returning to /api/auth/google would start another one); anything else gives null. The path is
 * judged as it reads fully decoded too (`/%61pi`, `/%252561pi` are /api; `/%2F%2Fhost` leaves the
 * site), and backslashes are refused outright (browsers read them as slashes). Only the path is
 * decoded: a query may legitimately carry `%25`.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.includes('\\')) return null;
  const path = sitePath(value);
  if (path === null) return null;
  const decoded = fullyDecoded(new URL(path, RETURN_PATH_BASE).pathname);
  if (decoded === null || decoded.includes('\\')) return null;
  const resolved = sitePath(decoded);
  if (resolved === null) return null;
  return isApiPath(new URL(resolved, RETURN_PATH_BASE).pathname) ? null : path;
}

/** A Cookie header's pairs (first occurrence wins, values URL-decoded when possible). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in cookies) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

/** SHA-256, base64url: how states (as Redis keys) and browser bindings are stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Whether the browser's binding cookie is the one the pending authorization was bound to. */
export function bindingMatches(cookieValue: string | undefined, expectedHash: string): boolean {
  if (!cookieValue) return false;
  const actual = Buffer.from(sha256(cookieValue));
  const expected = Buffer.from(expectedHash);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A binding cookie value we issued: 32 random bytes, base64url. */
export function isBindingValue(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export interface BindingCookieOptions {
  path: string;
  httpOnly: true;
  sameSite: 'lax' | 'none';
  secure: boolean;
  maxAge: number;
}

/**
 * The binding cookie's attributes, or null when the browser could not send it back.
 * - Google returns with a top-level GET redirect, which carries SameSite=Lax cookies.
 * - Apple returns with a cross-site form POST, which carries only SameSite=None cookies, and browsers
 *   accept those only with Secure, i.e. over https. Over plain http (local development, tests) Apple's
 *   pending authorization is therefore not bound to the browser: the single-use, 10-minute, 256-bit
 *   state alone (plus PKCE and nonce) protects it, which leaves login CSRF (a victim made to finish
 *   an attacker's sign-in) open there. With an https PUBLIC_URL both providers are bound.
 */
export function bindingCookieOptions(
  provider: OAuthProviderName,
  secure: boolean,
): BindingCookieOptions | null {
  const path = `/api/auth/${provider}`;
  const maxAge = OAUTH_PENDING_TTL_SECONDS * 1000;
  if (OAUTH_PROVIDER_SETTINGS[provider].responseMode === 'query') {
    return { path, httpOnly: true, sameSite: 'lax', secure, maxAge };
  }
  return secure ? { path, httpOnly: true, sameSite: 'none', secure: true, maxAge } : null;
}

/** What we keep server-side between the start of a sign-in and its callback. */
export interface PendingAuthorization {
  provider: OAuthProviderName;
  nonce: string;
  codeVerifier: string;
  /** SHA-256 of the browser's binding cookie; null when the provider's return cannot carry it. */
  bindingHash: string | null;
  rememberMe: boolean;
  returnTo: string;
  /** Epoch ms. */
  createdAt: number;
}

function isProvider(value: unknown): value is OAuthProviderName {
  return typeof value === 'string' && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/** A pending authorization read back from Redis, or null when it is not one (checked field by field). */
export function parsePendingAuthorization(raw: string | null): PendingAuthorization | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const { provider, nonce, codeVerifier, bindingHash, rememberMe, returnTo, createdAt } = record;
  if (
    !isProvider(provider) ||
    typeof nonce !== 'string' ||
    typeof codeVerifier !== 'string' ||
    (bindingHash !== null && typeof bindingHash !== 'string') ||
    typeof rememberMe !== 'boolean' ||
    typeof returnTo !== 'string' ||
    typeof createdAt !== 'number'
  ) {
    return null;
  }
  return { provider, nonce, codeVerifier, bindingHash, rememberMe, returnTo, createdAt };
}

/** The parameters of a callback (query for Google, form body for Apple), strings only. */
export function callbackParams(source: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  if (typeof source !== 'object' || source === null) return params;
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string') params[key] = value;
  }
  return params;
}

/**
 * The name in Apple's `user` form field (JSON, sent on the first authorization only, and not signed:
 * it only names the account being created, never identifies it).
 */
export function appleUserName(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } } | null;
    const parts = [parsed?.name?.firstName, parsed?.name?.lastName].filter(
      (part): part is string => typeof part === 'string' && part.trim().length > 0,
    );
    return parts.length ? parts.map((part) => part.trim()).join(' ') : null;
  } catch {
    return null;
  }
}

/** The ID token claims we read (validated by openid-client before we see them). */
export interface IdentityClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  preferred_username?: unknown;
}

/**
 * The profile of a new account, from the ID token and (Apple) the `user` field. Only a verified
 * e-mail counts; Apple sends `email_verified` as the string "true". Over-long values are dropped
 * (e-mail) or cut (name) to the spec's limits.
 */
export function profileFromClaims(
  claims: IdentityClaims,
  fallbackName: string | null = null,
): ProviderProfile {
  const email =
    typeof claims.email === 'string' && claims.email.length <= EMAIL_MAX_LENGTH ? claims.email : null;
  const claimedName = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null;
  const name = claimedName ?? fallbackName;
  return {
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: name ? name.slice(0, NAME_MAX_LENGTH) : null,
    preferredUsername: typeof claims.preferred_username === 'string' ? claims.preferred_username : null,
  };
}

/**
 * A lazily loaded value that is cached once loaded. Callers at the same time share one attempt; a
 * failed attempt is not cached: for `retryAfterMs` callers get its error at once, then the next
 * caller tries again.
 */
export function retryingLoader<T>(
  load: () => Promise<T>,
  retryAfterMs: number,
  now: () => number = Date.now,
): () => Promise<T> {
  let current: Promise<T> | null = null;
  let failure: { at: number; error: unknown } | null = null;
  return () => {
    if (current) return current;
    if (failure && now() - failure.at < retryAfterMs) return Promise.reject(failure.error);
    const attempt = load();
    current = attempt;
    attempt.then(
      () => {
        failure = null;
      },
      (error: unknown) => {
        if (current === attempt) current = null;
        failure = { at: now(), error };
      },
    );
    return attempt;
  };
}
