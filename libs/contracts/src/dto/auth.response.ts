// Answers of the account calls of spec §7. Dates travel as ISO 8601 strings.

import { type SubscriptionTier } from '../domain/domain.constants';

/**
 * GET /api/user, POST /api/login, POST /api/register: the current user, and nothing else the client
 * does not show (spec §3) — no ids, hashes, tokens or Stripe subscription ids.
 */
export interface SessionUser {
  username: string;
  name: string | null;
  email: string | null;
  /**
   * The balance. A running question's reservation is already taken out of it and shown apart as
   * reservedTokens; what the question does not use comes back when it ends. What the account can
   * spend now is spendableTokens (DECISIONS 24): all of it, except on a free account past its
   * free queries.
   */
  tokensLeft: number;
  /** Held for the account's running questions (0 when none runs). */
  reservedTokens: number;
  /**
   * The part of tokensLeft bought in token packs. Past its free queries a free account can spend
   * only these (DECISIONS 17, 24: spendableTokens).
   */
  purchasedTokens: number;
  subscriptionTier: SubscriptionTier;
  queriesLeft: number;
  /** Enables the customer-portal buttons (spec §2). */
  stripeCustomerId: string | null;
}

/**
 * GET /api/auth/providers: the external sign-ins this server offers. One is true exactly when its
 * client id is configured, i.e. when GET /api/auth/<provider> would start its flow; the auth screen
 * shows only those buttons.
 */
export interface AuthProvidersResponse {
  google: boolean;
  apple: boolean;
}

/** Replies whose fields the client does not use (forgot / reset password, logout, contact). */
export interface MessageReply {
  message: string;
}
