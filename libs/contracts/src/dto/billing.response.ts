// Answers of the billing calls of spec §7. DECISIONS 9: replies carry the hosted checkout `url`
// whenever there is one; `sessionId` is only the spec's fallback.

import { type SubscriptionStatus, type SubscriptionTier } from '../domain/domain.constants';

/** POST /api/top-up-tokens. At least one of the two is set, else the client shows PAYMENT_ERRORS.noCheckoutUrl. */
export interface CheckoutReply {
  url?: string;
  sessionId?: string;
}

/** POST /api/create-customer-portal-session. */
export interface PortalReply {
  url: string;
}

/**
 * POST /api/get-or-create-subscription: a checkout url, or a message such as ALREADY_SUBSCRIBED.
 * `upgraded` marks a premium → max upgrade that was applied at once (the url leads back to
 * /subscription).
 */
export type SubscriptionReply = { url: string; upgraded?: boolean } | { message: string };

/** GET /api/subscription. */
export interface SubscriptionStatusResponse {
  tier: SubscriptionTier;
  status: SubscriptionStatus;
  /** The real renewal date (DECISIONS 6); null without a paid subscription. */
  currentPeriodEnd: string | null;
  /** Cancelled in the portal: the plan ends at currentPeriodEnd. */
  cancelAtPeriodEnd: boolean;
  /** The whole balance: monthlyTokens + purchasedTokens + freeTokens. */
  tokensLeft: number;
  /** Left of the paid plan's allocation; reset to the allowance on each billing date. */
  monthlyTokens: number;
  /** Left of bought token packs; spent after the allocation, never expire. */
  purchasedTokens: number;
  /** Left of the free allowance every account starts with (spent after monthlyTokens). */
  freeTokens: number;
  /** The tier's allowance: the balance bar's 100 % mark. */
  tokenAllowance: number;
  /** Free queries left (spec §9: 5 in total). */
  queriesLeft: number;
  /** When the monthly allocation is next refreshed; null without a paid plan. */
  nextTokenReset: string | null;
  /** The user has a Stripe customer (the portal buttons need one). */
  hasBillingAccount: boolean;
  /** No payment keys configured: checkout leads to a local, clearly labelled page (DECISIONS 14). */
  demoMode: boolean;
}
