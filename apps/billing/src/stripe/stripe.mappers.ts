// Stripe objects → our rows, as pure functions (apps/billing/README.md). Fulfilment
// re-reads the object, maps it here, and writes the result: the final state depends only on what
// Stripe says now, never on the order events arrived in.

import {
  PLANS,
  SELLABLE_TIERS,
  type SellableTier,
  type SubscriptionStatus,
  type SubscriptionTier,
  isSellableTier,
} from '@council/contracts';
import { type KnownPrices, METADATA, PRICE_LOOKUP_KEYS } from './stripe.constants';
import { type Metadata, type PriceLike, type Ref, type SubscriptionLike } from './stripe.types';

export function refId(ref: Ref | null | undefined): string | null {
  if (ref === null || ref === undefined) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

/** A positive integer user id from metadata (or client_reference_id), else null. */
export function parseUserId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function metadataUserId(metadata: Metadata | null | undefined): number | null {
  return parseUserId(metadata?.[METADATA.userId]);
}

/** Stripe's statuses folded into ours (users.subscriptionStatus). */
export function mapSubscriptionStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'unpaid':
    case 'canceled':
    case 'incomplete':
      return status;
    case 'incomplete_expired':
      return 'canceled';
    // Paused: no payment is collected and no service is owed, like an unpaid subscription.
    case 'paused':
      return 'unpaid';
    default:
      return 'incomplete';
  }
}

/** The plan is in force: paid, on trial, or in Stripe's retry window after a failed payment. */
export function isLiveStatus(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}

/** Which plan a price is: by lookup key, by configured id, or by the tier metadata stripe:setup sets. */
export function tierOfPrice(price: PriceLike | string, known: KnownPrices): SellableTier | null {
  const id = typeof price === 'string' ? price : price.id;
  for (const tier of SELLABLE_TIERS) if (known[tier] === id) return tier;
  if (typeof price === 'string') return null;
  for (const tier of SELLABLE_TIERS)
    if (price.lookup_key && PRICE_LOOKUP_KEYS[tier] === price.lookup_key) return tier;
  const tagged = price.metadata?.[METADATA.tier];
  return isSellableTier(tagged) ? tagged : null;
}

/** What a subscription means for the user row. */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string | null;
  status: SubscriptionStatus;
  live: boolean;
  /** The plan paid for, whatever the status. */
  paidTier: SellableTier | null;
  /** The tier in force: the paid plan while live, else free. */
  tier: SubscriptionTier;
  /** End of the current period (the renewal date); null once the subscription is not live. */
  periodEnd: Date | null;
  /** Start of the current period; null once the subscription is not live. */
  periodStart: Date | null;
  cancelAtPeriodEnd: boolean;
}

export function mapSubscription(subscription: SubscriptionLike, known: KnownPrices): SubscriptionState {
  const status = mapSubscriptionStatus(subscription.status);
  const live = isLiveStatus(status);
  const items = subscription.items.data;
  const tiers = items
    .map((item) => tierOfPrice(item.price, known))
    .filter((tier): tier is SellableTier => tier !== null);
  const paidTier = highestTier(tiers);
  const ends = items.map((item) => item.current_period_end).filter((end) => Number.isFinite(end) && end > 0);
  const periodEnd = live && ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null;
  const starts = items
    .map((item) => item.current_period_start ?? 0)
    .filter((start) => Number.isFinite(start) && start > 0);
  return {
    subscriptionId: subscription.id,
    customerId: refId(subscription.customer),
    status,
    live,
    paidTier,
    tier: live && paidTier ? paidTier : 'free',
    periodEnd,
    periodStart: !periodEnd
      ? null
      : starts.length > 0
        ? new Date(Math.min(...starts) * 1000)
        : monthBefore(periodEnd),
    cancelAtPeriodEnd: live && (subscription.cancel_at_period_end || Boolean(subscription.cancel_at)),
  };
}

/** The same moment one calendar month earlier (UTC): a monthly period's start from its end. */
function monthBefore(date: Date): Date {
  const start = new Date(date);
  start.setUTCMonth(start.getUTCMonth() - 1);
  return start;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The share of a period still to run at `now`, counted in days (today included): 1 on the period's
 * first day, 1/30 on the last day of a 30-day period, 0 once it has ended.
 */
export function periodShareLeft(start: Date, end: Date, now: Date): number {
  const days = Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY_MS));
  const daysLeft = Math.ceil((end.getTime() - now.getTime()) / DAY_MS);
  return Math.min(days, Math.max(0, daysLeft)) / days;
}

/** The plan with the larger allowance (an upgrade's invoice bills both). */
export function highestTier(tiers: readonly SellableTier[]): SellableTier | null {
  let best: SellableTier | null = null;
  for (const tier of tiers) {
    if (best === null || PLANS[tier].tokenAllowance > PLANS[best].tokenAllowance) best = tier;
  }
  return best;
}

/** The subscription columns of the users row. */
export interface UserSubscriptionRow {
  stripeSubscriptionId: string | null;
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
  subscriptionPeriodEnd: Date | null;
  subscriptionCancelAtPeriodEnd: boolean;
}

export interface SyncDecision {
  apply: boolean;
  /** Why, for logs and tests. `duplicate`: a second live subscription, to be ended (DECISIONS 27). */
  reason: 'first' | 'same' | 'replaces' | 'stale' | 'duplicate';
  /** Premium → max within a live subscription: the period's allowance grows by the difference. */
  upgrade: { from: SellableTier; to: SellableTier } | null;
}

/**
 * Whether an incoming subscription state may overwrite the user's row. The user's own
 * subscription always converges to what Stripe says; another subscription replaces it only while
 * live, so a late event about an ended, older subscription never downgrades a newer one. A live
 * one that arrives while the recorded one is still live (`recorded`, as Stripe reports it now) is
 * a duplicate (two checkout tabs): it never replaces the plan and is ended (DECISIONS 27).
 */
export function decideSubscriptionSync(
  current: UserSubscriptionRow,
  incoming: SubscriptionState,
  recorded: SubscriptionState | null = null,
): SyncDecision {
  if (current.stripeSubscriptionId !== null && current.stripeSubscriptionId !== incoming.subscriptionId) {
    if (!incoming.live) return { apply: false, reason: 'stale', upgrade: null };
    return recorded?.live && recorded.subscriptionId === current.stripeSubscriptionId
      ? { apply: false, reason: 'duplicate', upgrade: null }
      : { apply: true, reason: 'replaces', upgrade: null };
  }
  const reason = current.stripeSubscriptionId === null ? 'first' : 'same';
  const from = current.subscriptionTier;
  const wasLivePaid = isLiveStatus(current.subscriptionStatus) && isSellableTier(from);
  const upgrade =
    reason === 'same' &&
    wasLivePaid &&
    incoming.live &&
    isSellableTier(incoming.tier) &&
    PLANS[incoming.tier].tokenAllowance > PLANS[from].tokenAllowance
      ? { from, to: incoming.tier }
      : null;
  return { apply: true, reason, upgrade };
}

export function subscriptionRowOf(state: SubscriptionState): UserSubscriptionRow {
  return {
    stripeSubscriptionId: state.subscriptionId,
    subscriptionTier: state.tier,
    subscriptionStatus: state.status,
    subscriptionPeriodEnd: state.periodEnd,
    subscriptionCancelAtPeriodEnd: state.cancelAtPeriodEnd,
  };
}

/** The parts of a paid invoice that decide the monthly allocation. */
export interface InvoiceFacts {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** From the subscription's metadata copied onto the invoice, when present. */
  userIdHint: number | null;
  billingReason: string | null;
  /** End of the service period the invoice pays for (its subscription lines' latest end). */
  periodEnd: Date | null;
  /** Price ids of the lines that charge (amount > 0). */
  chargedPriceIds: string[];
}

/** The plan an invoice paid for: the highest one among its charged lines. */
export function invoiceTier(invoice: InvoiceFacts, known: KnownPrices): SellableTier | null {
  return highestTier(
    invoice.chargedPriceIds
      .map((id) => tierOfPrice(id, known))
      .filter((tier): tier is SellableTier => tier !== null),
  );
}

/**
 * The plan whose allowance a paid period grants: the invoice's, or the subscription's plan in force
 * when that is higher. A renewal invoice paid late, after an upgrade in its period, still bills the
 * old plan, but the period runs on the new one.
 */
export function periodGrantTier(
  invoiceTierPaid: SellableTier | null,
  state: SubscriptionState,
): SellableTier | null {
  const inForce = state.live ? state.paidTier : null;
  return (
    highestTier([invoiceTierPaid, inForce].filter((tier): tier is SellableTier => tier !== null)) ??
    state.paidTier
  );
}

/**
 * A paid invoice starts a new allocation only for a period later than the one already granted:
 * an upgrade's proration invoice (same period) or a late, older invoice does not reset it.
 */
export function startsNewPeriod(invoicePeriodEnd: Date, nextTokenReset: Date | null): boolean {
  return nextTokenReset === null || invoicePeriodEnd.getTime() > nextTokenReset.getTime();
}
