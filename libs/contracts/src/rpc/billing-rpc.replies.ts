// Replies of the billing RPC (billing-rpc.constants.ts). The gateway returns the first four to the
// web unchanged as the answers of spec §7's billing calls.

import { type SubscriptionTier } from '../domain/domain.constants';
import {
  type PortalReply,
  type SubscriptionReply,
  type SubscriptionStatusResponse,
} from '../dto/billing.response';
import { type TokenPackId } from '../packs/packs.constants';
import { type SellableTier } from '../plans/plans.constants';
import {
  type BillingMode,
  type CheckoutKind,
  type DemoAction,
  type DemoDisputeStatus,
  type PortalFlow,
} from './billing-rpc.constants';

/** billing.subscription.get → GET /api/subscription. */
export type BillingSubscriptionReply = SubscriptionStatusResponse;

/**
 * billing.subscription.getOrCreate → POST /api/get-or-create-subscription:
 * - `{ url }` to Stripe Checkout (or the demo page) for a user without a plan;
 * - `{ message: ALREADY_SUBSCRIBED }` when the plan asked for (or a higher one) is active;
 * - premium → max: `{ url, upgraded: true }` once the subscription was upgraded in place with
 *   proration (url = PUBLIC_URL/subscription?checkout=success&kind=upgrade), or `{ url }` to
 *   Stripe's hosted invoice page when the prorated payment needs the customer (or to the demo page).
 */
export type BillingSubscribeReply = SubscriptionReply;

/** billing.portal.create → POST /api/create-customer-portal-session. */
export type BillingPortalReply = PortalReply;

/** billing.topup.create → POST /api/top-up-tokens (both fields always set). */
export interface BillingTopUpReply {
  url: string;
  sessionId: string;
}

/** billing.webhook.receive: answer Stripe 200 with it. */
export interface BillingWebhookReply {
  received: true;
  eventId: string;
  /** The event id was recorded before: nothing new was done. */
  duplicate: boolean;
}

/** billing.reserve */
export interface BillingReserveReply {
  questionId: number;
  /** Held for the question: maxTokens, or the whole balance when that is smaller. */
  reserved: number;
  /** The balance left after the reservation. */
  tokensLeft: number;
  /** Free queries left (taken by this reservation on the free tier). */
  queriesLeft: number;
  /** The question had been reserved before; this is that reservation. */
  duplicate: boolean;
}

/** billing.release: settles the question's completed answers not settled yet, then releases. */
export interface BillingReleaseReply {
  questionId: number;
  /** Tokens given back by this release (0 when there was nothing left or no reservation). */
  released: number;
  tokensLeft: number;
  duplicate: boolean;
}

/** billing.hold.topUp and billing.hold.trim: the question's hold after the call. */
export interface BillingHoldReply {
  questionId: number;
  /** Tokens added to the hold by a top-up (0 when the balance was empty or the hold closed). */
  added: number;
  /** Tokens given back by a trim. */
  released: number;
  /** What the question holds now (0 once it is released). */
  held: number;
  /** A trim: what the hold keeps for the next round, besides its answers not settled yet. */
  kept: number;
  duplicate: boolean;
}

export type DemoSessionStatus = 'open' | 'complete';

/** billing.demo.get: what the clearly labelled demo checkout page shows. */
export interface BillingDemoSessionReply {
  id: string;
  /** Always true: the page must say that no payment is taken (DECISIONS 14). */
  demo: true;
  mode: BillingMode;
  kind: CheckoutKind;
  /** The billing portal's flow (kind `portal`); null otherwise. */
  portalFlow: PortalFlow | null;
  status: DemoSessionStatus;
  /**
   * What the page offers: `confirm` (pay, save the card, schedule the cancellation) and, on the
   * demo billing portal of a plan that is cancelling, `end-period-now` (DECISIONS 21).
   */
  actions: DemoAction[];
  /** The end of the paid period of the subscription the portal acts on (ISO), if any. */
  periodEnd: string | null;
  /** e.g. "Basic Pack — 50,000 tokens", "Premium plan (monthly)", "Cancel your Max plan". */
  title: string;
  description: string;
  /** What a real checkout would charge, in pence; null for the portal (no charge). */
  amountPence: number | null;
  currency: 'gbp';
  /** Tokens credited (token packs) or allowance granted per month (plans). */
  tokens: number | null;
  tier: SellableTier | null;
  /** Where to send the browser after confirming, and after cancelling. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: string;
}

/** billing.demo.confirm: fulfilled exactly as the matching Stripe webhook would be. */
export interface BillingDemoConfirmReply {
  id: string;
  status: 'complete';
  /** The session was confirmed before; nothing was credited twice. */
  duplicate: boolean;
  redirectUrl: string;
  tier: SubscriptionTier;
  tokensLeft: number;
}

/**
 * A confirmed demo token pack (DECISIONS 27) as the demo refund and dispute controls show it: the
 * charge as the demo's Stripe stand-in records it, and what billing carried into the ledger.
 */
export interface DemoPurchase {
  /** The demo charge (ch_demo_…): the id of the refund and dispute calls. */
  id: string;
  packId: TokenPackId;
  /** e.g. "Basic Pack — 50,000 tokens". */
  title: string;
  /** Tokens the pack granted. */
  tokens: number;
  amountPence: number;
  currency: 'gbp';
  /** When it was bought (ISO). */
  createdAt: string;
  /** Refunded so far, in pence (0 … amountPence). */
  refundedPence: number;
  /** The dispute's state, or null when the purchase was never disputed. */
  dispute: DemoDisputeStatus | null;
  /** Tokens taken back so far (refunds, a lost dispute), including those owed as a debt. */
  revokedTokens: number;
  /** The part of revokedTokens that had been spent and is owed (paid first by the next grant). */
  debtTokens: number;
  /** Tokens an open dispute holds out of the balance. */
  frozenTokens: number;
}

/** billing.demo.purchases, newest first. */
export interface BillingDemoPurchasesReply {
  purchases: DemoPurchase[];
}

/** billing.demo.refund and billing.demo.dispute: the purchase and the balance after. */
export interface BillingDemoPurchaseReply {
  purchase: DemoPurchase;
  /** False when the call changed nothing (a repeated refund or dispute). */
  changed: boolean;
  tokensLeft: number;
  /** Tokens owed (a refunded or lost purchase already spent); the next grant pays them first. */
  tokenDebt: number;
}
