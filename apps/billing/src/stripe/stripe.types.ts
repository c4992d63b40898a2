// The parts of Stripe objects billing reads. Narrower than the SDK's types on purpose: the SDK's
// objects satisfy them, and so do the objects the demo mode builds (DECISIONS 14), so both run
// through the same mappers and the same fulfilment code.

import { type BillingMode } from '@council/contracts';

export type Metadata = Record<string, string>;

/** An expandable reference: an id, or the object carrying it. */
export type Ref = string | { id: string };

export interface PriceLike {
  id: string;
  lookup_key?: string | null;
  metadata?: Metadata | null;
}

export interface SubscriptionItemLike {
  id: string;
  /** Since API 2025-03-31 the period lives on the item, not on the subscription. */
  current_period_end: number;
  /** Absent on the demo's items, whose periods are one calendar month. */
  current_period_start?: number;
  price: PriceLike;
}

export interface SubscriptionLike {
  id: string;
  status: string;
  customer: Ref;
  cancel_at_period_end: boolean;
  cancel_at?: number | null;
  metadata?: Metadata | null;
  items: { data: readonly SubscriptionItemLike[] };
}

export interface CheckoutSessionLike {
  id: string;
  mode: string;
  status: string | null;
  payment_status: string;
  customer: Ref | null;
  subscription: Ref | null;
  client_reference_id: string | null;
  metadata: Metadata | null;
  amount_total: number | null;
  currency: string | null;
  /** Payment mode: the PaymentIntent whose charge paid (how a refund finds its grant). */
  payment_intent?: Ref | null;
}

export interface DisputeLike {
  id: string;
  status: string;
  amount: number;
}

/** A charge as billing reads it: Stripe's charge with its latest dispute looked up. */
export interface ChargeLike {
  id: string;
  amount: number;
  amount_refunded: number;
  payment_intent: Ref | null;
  customer: Ref | null;
  dispute: DisputeLike | null;
}

export interface CustomerLike {
  id: string;
  deleted?: boolean;
  metadata?: Metadata | null;
}

/** Where fulfilment re-reads objects from: Stripe itself, or the demo store. */
export interface BillingObjectSource {
  readonly mode: BillingMode;
  retrieveSubscription(id: string): Promise<SubscriptionLike>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionLike>;
  /** Null when the customer does not exist (or was deleted). */
  retrieveCustomer(id: string): Promise<CustomerLike | null>;
  /** The charge with its latest dispute (DECISIONS 27). */
  retrieveCharge(id: string): Promise<ChargeLike>;
  /** The Checkout Session a PaymentIntent paid, if any. */
  findCheckoutSessionByPaymentIntent(paymentIntentId: string): Promise<CheckoutSessionLike | null>;
  /** The PaymentIntent that paid an invoice (its first paid payment), if any. */
  findInvoicePaymentIntent(invoiceId: string): Promise<string | null>;
  /** The invoice a PaymentIntent paid, if any. */
  findInvoiceByPaymentIntent(paymentIntentId: string): Promise<string | null>;
  /**
   * DECISIONS 27, one live subscription per customer: refunds what a second subscription's first
   * invoice took, then ends it at once. Safe to repeat (idempotency keys; an ended one is left alone).
   */
  cancelDuplicateSubscription(id: string): Promise<void>;
}
