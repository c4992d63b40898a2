import { type RateLimitRule } from '../../rate-limit/rate-limit.service';

/** 18 random bytes: 144 bits, 24 base64url characters (the brief asks for at least 128 bits). */
export const SHARE_ID_BYTES = 18;

/**
 * Views of public shared pages per IP, counted on every request, found or not: 60 a minute. A reader
 * loads a page once; this caps how fast one address can probe for links.
 */
export const SHARED_VIEW_RATE_LIMIT = {
  name: 'shared:ip',
  points: 60,
  durationSeconds: 60,
} as const satisfies RateLimitRule;
