import { argon2id } from 'argon2';

/**
 * argon2id at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane). Stored hashes carry
 * their own parameters, so raising these later upgrades each account at its next login.
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * The password column of accounts created through Google or Apple sign-in starts with this: it is
 * never an argon2 hash, so no password can match it (verification still costs the same time).
 */
export const UNUSABLE_PASSWORD_PREFIX = '!';

/** PostgreSQL's unique_violation, and the constraints a new account can trip over. */
export const UNIQUE_VIOLATION = '23505';
export const USER_CONSTRAINTS = {
  username: 'UQ_users_username',
  email: 'UQ_users_email',
  provider: 'UQ_users_authProvider_providerId',
} as const;

/** Attempts at a free username for an external sign-in before giving up (each adds random digits). */
export const USERNAME_GENERATION_ATTEMPTS = 8;
