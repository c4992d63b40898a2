import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Signs internal RPC calls outside production when BILLING_RPC_SECRET is unset (the config classes
 * require a real one in production), so `npm start` and the tests need no setup.
 */
export const DEVELOPMENT_RPC_SECRET = 'council-development-only-rpc-secret-never-in-production';

/** The secret a bearer `Authorization` header carries, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([\x21-\x7e]+)$/.exec(header ?? '');
  return match ? match[1] : null;
}

/**
 * Compares in constant time. Both sides are hashed first, so neither the length nor a common
 * prefix of the expected secret shows in the timing.
 */
export function secretMatches(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
