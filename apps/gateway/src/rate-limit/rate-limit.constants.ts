// Every rate limit of the gateway in one place (ours; the spec has none). Counters live in Redis
// under `${REDIS_PREFIX}:rl:<name>`, shared by all gateway replicas; each window is fixed and starts
// with its first point. A refused request answers 429 with Retry-After.

import { type RateLimitRule } from './rate-limit.service';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Login counts FAILED attempts only. Each attempt takes its points before the password is verified
 * (so parallel attempts cannot slip past the limit together) and a success gives them back:
 * - per IP: 100 failures in 15 minutes, whatever the usernames (credential stuffing from one address);
 * - per account and IP: 10 failures in 15 minutes; a successful login from that IP clears it;
 * - per account from all IPs: 50 failures in 15 minutes (a spread-out attack on one account), but
 *   never applied to an IP the owner has signed in from within KNOWN_LOGIN_IP_TTL_SECONDS, and
 *   cleared by a successful login. So an attacker elsewhere can hold the account for at most
 *   15 minutes at a time, only from addresses its owner has not used, never a hard lock-out.
 */
export const LOGIN_RATE_LIMITS = {
  perIp: { name: 'login:ip', points: 100, durationSeconds: 15 * MINUTE },
  perAccountAndIp: { name: 'login:account-ip', points: 10, durationSeconds: 15 * MINUTE },
  perAccount: { name: 'login:account', points: 50, durationSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/** An IP a user signed in from is "known" to that account for this long (exempts it from perAccount). */
export const KNOWN_LOGIN_IP_TTL_SECONDS = 30 * DAY;

/** Registrations per IP, counted on every attempt: 20 an hour. */
export const REGISTER_RATE_LIMIT = {
  name: 'register:ip',
  points: 20,
  durationSeconds: HOUR,
} as const satisfies RateLimitRule;

/**
 * Forgot-password requests, counted on every attempt, known address or not (so the limit reveals
 * nothing): 10 an hour per IP, 3 an hour per e-mail address (each may send a mail).
 */
export const FORGOT_PASSWORD_RATE_LIMITS = {
  perIp: { name: 'forgot:ip', points: 10, durationSeconds: HOUR },
  perEmail: { name: 'forgot:email', points: 3, durationSeconds: HOUR },
} as const satisfies Record<string, RateLimitRule>;

/** Reset attempts per IP: 20 in 15 minutes (tokens are unguessable; this caps hashing work). */
export const RESET_PASSWORD_RATE_LIMIT = {
  name: 'reset:ip',
  points: 20,
  durationSeconds: 15 * MINUTE,
} as const satisfies RateLimitRule;

/**
 * Google / Apple sign-ins started per IP, counted on every start: 100 in 15 minutes. Each start
 * keeps a pending authorization in Redis for 10 minutes; this caps what one address can park there.
 */
export const OAUTH_START_RATE_LIMIT = {
  name: 'oauth-start:ip',
  points: 100,
  durationSeconds: 15 * MINUTE,
} as const satisfies RateLimitRule;

/**
 * Checkout, subscription and portal sessions started per user, counted on every call: 30 in 15
 * minutes. Each call makes billing create objects at Stripe (customers, sessions); this caps what
 * one account can create there, far above what a person clicking through the pricing screen needs.
 */
export const BILLING_CHECKOUT_RATE_LIMIT = {
  name: 'billing-checkout:user',
  points: 30,
  durationSeconds: 15 * MINUTE,
} as const satisfies RateLimitRule;
