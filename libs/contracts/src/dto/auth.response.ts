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
   * What the account can spend now. A running question's reservation is already taken out of it
   * and shown apart as reservedTokens; what the question does not use comes back when it ends.
   */
  tokensLeft: number;
  /** Held for the account's running questions (0 when none runs). */
  reservedTokens: number;
  subscriptionTier: SubscriptionTier;
  queriesLeft: number;
  /** Enables the customer-portal buttons (spec §2). */
  stripeCustomerId: string | null;
}

/** Replies whose fields the client does not use (forgot / reset password, logout, contact). */
export interface MessageReply {
  message: string;
}
