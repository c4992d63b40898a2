// The events billing acts on, in one internal shape. A verified Stripe event is parsed into it
// (parseStripeEvent, pure, defensive about API-version differences); the demo mode builds the same
// shape itself. Either way the one fulfilment service applies it (DECISIONS 14).

import { type InvoiceFacts, parseUserId, refId } from '../stripe/stripe.mappers';

export const CHECKOUT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
] as const;
export const INVOICE_EVENT_TYPES = ['invoice.paid', 'invoice.payment_failed'] as const;
export const SUBSCRIPTION_EVENT_TYPES = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

/** Refunds and disputes (DECISIONS 27): each names its charge, which billing re-reads. */
export const CHARGE_EVENT_TYPES = [
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
] as const;

export type CheckoutEventType = (typeof CHECKOUT_EVENT_TYPES)[number];
export type ChargeEventType = (typeof CHARGE_EVENT_TYPES)[number];
export type InvoiceEventType = (typeof INVOICE_EVENT_TYPES)[number];
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];

export interface CheckoutEvent {
  id: string;
  type: CheckoutEventType;
  sessionId: string;
}

export interface InvoiceEvent {
  id: string;
  type: InvoiceEventType;
  invoice: InvoiceFacts;
}

export interface SubscriptionEvent {
  id: string;
  type: SubscriptionEventType;
  subscriptionId: string;
  customerId: string | null;
  userIdHint: number | null;
}

export interface ChargeEvent {
  id: string;
  type: ChargeEventType;
  chargeId: string;
}

export type BillingEvent = CheckoutEvent | InvoiceEvent | SubscriptionEvent | ChargeEvent;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function ref(value: unknown): string | null {
  if (typeof value === 'string') return refId(value);
  return isRecord(value) ? str(value.id) : null;
}

function metadataUser(value: unknown): number | null {
  return isRecord(value) ? parseUserId(str(value.userId)) : null;
}

function includes<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** The event we handle, or null for any other type (acknowledged and ignored) or a malformed one. */
export function parseStripeEvent(payload: unknown): BillingEvent | null {
  if (!isRecord(payload) || !isRecord(payload.data) || !isRecord(payload.data.object)) return null;
  const id = str(payload.id);
  const type = str(payload.type);
  const object = payload.data.object;
  if (!id || !type) return null;
  if (includes(CHECKOUT_EVENT_TYPES, type)) {
    const sessionId = str(object.id);
    return sessionId ? { id, type, sessionId } : null;
  }
  if (includes(INVOICE_EVENT_TYPES, type)) {
    const invoice = parseInvoice(object);
    return invoice ? { id, type, invoice } : null;
  }
  if (includes(CHARGE_EVENT_TYPES, type)) {
    // charge.refunded carries the charge; the dispute events carry the dispute, naming its charge.
    const chargeId = type === 'charge.refunded' ? str(object.id) : ref(object.charge);
    return chargeId ? { id, type, chargeId } : null;
  }
  if (includes(SUBSCRIPTION_EVENT_TYPES, type)) {
    const subscriptionId = str(object.id);
    if (!subscriptionId) return null;
    return {
      id,
      type,
      subscriptionId,
      customerId: ref(object.customer),
      userIdHint: metadataUser(object.metadata),
    };
  }
  return null;
}

/** The facts of an invoice object, from current (parent.subscription_details) or older API shapes. */
export function parseInvoice(object: Json): InvoiceFacts | null {
  const id = str(object.id);
  if (!id) return null;
  const parent = isRecord(object.parent) ? object.parent : null;
  const details = parent && isRecord(parent.subscription_details) ? parent.subscription_details : null;
  const legacyDetails = isRecord(object.subscription_details) ? object.subscription_details : null;
  const lines =
    isRecord(object.lines) && Array.isArray(object.lines.data) ? object.lines.data.filter(isRecord) : [];
  const charged = lines.filter((line) => (num(line.amount) ?? 0) > 0);
  const periodLines = charged.length > 0 ? charged : lines;
  const ends = periodLines
    .map((line) => (isRecord(line.period) ? num(line.period.end) : null))
    .filter((end): end is number => end !== null && end > 0);
  return {
    id,
    customerId: ref(object.customer),
    subscriptionId: ref(details?.subscription) ?? ref(object.subscription),
    userIdHint: metadataUser(details?.metadata) ?? metadataUser(legacyDetails?.metadata),
    billingReason: str(object.billing_reason),
    periodEnd: ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null,
    chargedPriceIds: charged.map(linePriceId).filter((priceId): priceId is string => priceId !== null),
  };
}

function linePriceId(line: Json): string | null {
  const pricing = isRecord(line.pricing) ? line.pricing : null;
  const details = pricing && isRecord(pricing.price_details) ? pricing.price_details : null;
  return ref(details?.price) ?? ref(line.price);
}
