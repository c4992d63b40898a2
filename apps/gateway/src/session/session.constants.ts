// Session lifetimes and names. None of these is shown to users (the login form only offers
// "remember me"), so they live here rather than in libs/contracts.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The cookie that carries the session id (also named in the OpenAPI document). */
export const SESSION_COOKIE_NAME = 'council.sid';

export interface SessionLifetime {
  /** The session ends after this long without a request; every request starts it again. */
  readonly idleMs: number;
  /** The session ends this long after sign-in, however active it is. */
  readonly absoluteMs: number;
}

/**
 * - Standard sign-in: the cookie is a browser-session cookie (no Max-Age, gone when the browser
 *   closes); on the server the session ends after 2 hours idle and at most 24 hours after sign-in.
 * - "Remember me": the cookie lives 30 days from the last request (Max-Age, renewed on every
 *   answer), and the session ends after 30 days idle and at most 90 days after sign-in.
 * Sessions that never signed in (none are stored today) get the standard idle timeout.
 */
export const SESSION_LIFETIMES: Readonly<Record<'standard' | 'rememberMe', SessionLifetime>> = {
  standard: { idleMs: 2 * HOUR_MS, absoluteMs: 24 * HOUR_MS },
  rememberMe: { idleMs: 30 * DAY_MS, absoluteMs: 90 * DAY_MS },
};

/**
 * Signs the cookie outside production when SESSION_SECRET is unset (GatewayEnv requires the
 * variable in production). Public by nature: never use it for anything real.
 */
export const DEVELOPMENT_SESSION_SECRET = 'council-development-only-session-secret-never-in-production';

/** Redis keys, all under REDIS_PREFIX so test runs and deployments sharing a Redis never collide. */
export const sessionKeyPrefix = (redisPrefix: string): string => `${redisPrefix}:sess:`;
/**
 * Pub/sub channel on which a gateway announces sessions it ended (a JSON array of their ids), so
 * every gateway disconnects the sockets opened with them.
 */
export const sessionsEndedChannel = (redisPrefix: string): string => `${redisPrefix}:sessions-ended`;
/** A sorted set of one user's session ids, scored by each session's absolute end (epoch ms). */
export const userSessionsKey = (redisPrefix: string, userId: number): string =>
  `${redisPrefix}:user-sessions:${userId}`;

/** Answered with 503 when Redis cannot load or save a session. */
export const SESSION_STORE_UNAVAILABLE_MESSAGE =
  'Sign-in is unavailable at the moment. Please try again shortly.';
