// Google and Apple sign-in (OpenID Connect, authorization code flow with state, nonce and PKCE).

import { type ClientAuthMethod } from 'openid-client';

export const OAUTH_PROVIDERS = ['google', 'apple'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];

export interface OAuthProviderSettings {
  /** Requested scopes. Apple's `name` scope is answered in the form_post's `user` field, once. */
  readonly scope: string;
  /** Apple requires form_post whenever name or email is requested; Google answers in the query. */
  readonly responseMode: 'query' | 'form_post';
  /** How the token request authenticates: Apple accepts client_secret_post only. */
  readonly tokenEndpointAuthMethod: ClientAuthMethod;
  /** The short-lived cookie that binds a pending authorization to the browser that started it. */
  readonly bindingCookie: string;
}

export const OAUTH_PROVIDER_SETTINGS: Readonly<Record<OAuthProviderName, OAuthProviderSettings>> = {
  google: {
    scope: 'openid email profile',
    responseMode: 'query',
    tokenEndpointAuthMethod: 'client_secret_basic',
    bindingCookie: 'council.oauth.google',
  },
  apple: {
    scope: 'openid name email',
    responseMode: 'form_post',
    tokenEndpointAuthMethod: 'client_secret_post',
    bindingCookie: 'council.oauth.apple',
  },
};

/** A started sign-in must come back within 10 minutes; its pending authorization is then gone. */
export const OAUTH_PENDING_TTL_SECONDS = 10 * 60;

/** Random bytes of state, nonce and browser binding (openid-client's default is 32 too). */
export const OAUTH_RANDOM_BYTES = 32;

/**
 * After a failed discovery of a provider's configuration, requests fail fast (`<provider>_unavailable`)
 * for this long before the next attempt, instead of each waiting for a dead provider.
 */
export const OAUTH_DISCOVERY_RETRY_MS = 5_000;

/** Accepted difference between our clock and the provider's when checking iat / exp. */
export const OAUTH_CLOCK_TOLERANCE_SECONDS = 10;

/** One pending authorization per state: `${REDIS_PREFIX}:oauth:<sha256(state)>`. */
export const oauthPendingKey = (redisPrefix: string, stateHash: string): string =>
  `${redisPrefix}:oauth:${stateHash}`;

/**
 * The start route's optional query: `return` (AUTH_QUERY_PARAMS.returnTo, a same-origin path as on
 * /auth) and `rememberMe=true` (the session lifetimes of a remembered login).
 */
export const OAUTH_REMEMBER_ME_QUERY = 'rememberMe';

/**
 * The callback of the form_post provider (Apple): the only route that reads a form-urlencoded body.
 * Every other route takes JSON only (server-kit useBodyParsers). Matched on the normalized path.
 */
export const OAUTH_FORM_POST_CALLBACK_PATH = /^\/api\/auth\/apple\/callback$/;
