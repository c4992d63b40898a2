import { randomInt } from 'node:crypto';
import { type SessionUser, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@council/contracts';
import { type UserEntity } from '@council/db';

/** Columns that never leave the users module: the password hash and the reset token's hash. */
type SecretColumn = 'password' | 'resetPasswordToken' | 'resetPasswordExpires';

/**
 * The signed-in user as other modules see it (`@CurrentUser()`): every account column except the
 * secrets. Not an answer shape: replies go through toSessionUser.
 */
export type AuthUser = Omit<UserEntity, SecretColumn>;

export function toAuthUser(entity: UserEntity): AuthUser {
  const { password: _hash, resetPasswordToken: _token, resetPasswordExpires: _expires, ...rest } = entity;
  return rest;
}

/**
 * The session user of spec §3, field by field: username, name, email, tokensLeft, subscriptionTier,
 * queriesLeft, stripeCustomerId, plus what running questions hold (reservedTokens, apart from the
 * spendable tokensLeft) and the purchased part of tokensLeft (what a free account past its free
 * queries can spend, DECISIONS 24). Picked explicitly, so a new column never leaks into an answer.
 */
export function toSessionUser(
  user: Pick<AuthUser, Exclude<keyof SessionUser, 'reservedTokens'>>,
  reservedTokens = 0,
): SessionUser {
  return {
    username: user.username,
    name: user.name,
    email: user.email,
    tokensLeft: user.tokensLeft,
    reservedTokens,
    purchasedTokens: user.purchasedTokens,
    subscriptionTier: user.subscriptionTier,
    queriesLeft: user.queriesLeft,
    stripeCustomerId: user.stripeCustomerId,
  };
}

/** E-mail addresses are stored trimmed and lower-cased; UQ_users_email compares them exactly. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What an external sign-in provider tells us about a new account. */
export interface ProviderProfile {
  email?: string | null;
  /** Only a verified address is stored; an unverified one could belong to someone else. */
  emailVerified?: boolean;
  name?: string | null;
  /** A handle the provider suggests (Google has none; tests may pass one). */
  preferredUsername?: string | null;
}

const USERNAME_FALLBACK = 'user';
/** Room left for "_" and up to 6 random digits. */
const USERNAME_BASE_MAX = USERNAME_MAX_LENGTH - 7;

/**
 * A readable username stem from a provider profile: the suggested handle, else the e-mail's local
 * part, else the name; lower-case letters, digits, "_", "." and "-", at least USERNAME_MIN_LENGTH.
 */
export function usernameBase(profile: ProviderProfile): string {
  const source =
    profile.preferredUsername?.trim() || profile.email?.split('@')[0]?.trim() || profile.name?.trim() || '';
  const cleaned = source
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_.-]/g, '')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, USERNAME_BASE_MAX);
  return cleaned.length >= USERNAME_MIN_LENGTH ? cleaned : USERNAME_FALLBACK;
}

/** The n-th username to try: the stem itself first, then the stem with growing random digits. */
export function usernameCandidate(
  base: string,
  attempt: number,
  random: (max: number) => number = randomInt,
): string {
  if (attempt === 0) return base;
  const digits = Math.min(2 + attempt, 6);
  const suffix = String(random(10 ** digits)).padStart(digits, '0');
  return `${base}_${suffix}`;
}
