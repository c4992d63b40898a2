import { type SellableTier } from '@council/contracts';

/** Stripe lookup keys of the plans' monthly GBP prices; `npm run stripe:setup` creates them. */
export const PRICE_LOOKUP_KEYS: Readonly<Record<SellableTier, string>> = {
  premium: 'council_premium_monthly_gbp',
  max: 'council_max_monthly_gbp',
};

/** Product ids stripe:setup creates, so running it again finds them instead of duplicating. */
export const PRODUCT_IDS: Readonly<Record<SellableTier, string>> = {
  premium: 'council_premium',
  max: 'council_max',
};

export const CURRENCY = 'gbp';

/** Metadata keys billing sets on customers, sessions and subscriptions. */
export const METADATA = {
  userId: 'userId',
  kind: 'kind',
  packId: 'packId',
  tier: 'tier',
  /** On the refund of a duplicate subscription's first invoice: that subscription (DECISIONS 27). */
  duplicateOf: 'duplicateSubscription',
} as const;

/** Price ids per plan tier. */
export type PriceCatalog = Readonly<Record<SellableTier, string>>;
export type KnownPrices = Partial<PriceCatalog>;

/** Checkout Session payment statuses that mean the money arrived. */
export const PAID_SESSION_STATUSES: readonly string[] = ['paid', 'no_payment_required'];
