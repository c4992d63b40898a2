// What the demo mode hands to the fulfilment code: the objects and events Stripe would produce for
// the same checkout, built as pure functions of the demo session. Ids derive from the session id,
// so confirming twice (or on two replicas) builds the same objects and the same event ids.

import { type SellableTier, type TokenPack, findPack } from '@council/contracts';
import { METADATA, PRICE_LOOKUP_KEYS } from '../stripe/stripe.constants';
import { DEMO_PRICES } from '../stripe/stripe-prices.service';
import { type CheckoutSessionLike, type SubscriptionLike } from '../stripe/stripe.types';
import { type BillingEvent } from '../webhooks/billing-event';
import { type DemoCharge, type DemoSession } from './demo.types';

export const DEMO_SESSION_TTL_SECONDS = 24 * 3600;

/** The random part of a demo session id (cs_demo_<suffix>). */
export function sessionSuffix(sessionId: string): string {
  return sessionId.replace(/^cs_demo_/, '');
}

export function demoSubscriptionId(sessionId: string): string {
  return `sub_demo_${sessionSuffix(sessionId)}`;
}

/** One calendar month after the checkout started: the demo plan's first period. */
export function demoPeriodEnd(createdAt: string): number {
  const end = new Date(createdAt);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return Math.floor(end.getTime() / 1000);
}

export function demoPrice(tier: SellableTier): SubscriptionLike['items']['data'][number]['price'] {
  return { id: DEMO_PRICES[tier], lookup_key: PRICE_LOOKUP_KEYS[tier], metadata: { [METADATA.tier]: tier } };
}

/** The subscription a confirmed demo plan checkout creates. */
export function demoSubscription(session: DemoSession, tier: SellableTier): SubscriptionLike {
  const suffix = sessionSuffix(session.id);
  return {
    id: demoSubscriptionId(session.id),
    status: 'active',
    customer: session.customerId,
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { [METADATA.userId]: String(session.userId), [METADATA.tier]: tier },
    items: {
      data: [
        {
          id: `si_demo_${suffix}`,
          current_period_end: demoPeriodEnd(session.createdAt),
          price: demoPrice(tier),
        },
      ],
    },
  };
}

/** The same subscription on another plan (the upgrade keeps the period, as Stripe's proration does). */
export function withTier(subscription: SubscriptionLike, tier: SellableTier): SubscriptionLike {
  return {
    ...subscription,
    metadata: { ...(subscription.metadata ?? {}), [METADATA.tier]: tier },
    items: { data: subscription.items.data.map((item) => ({ ...item, price: demoPrice(tier) })) },
  };
}

export function cancelled(subscription: SubscriptionLike): SubscriptionLike {
  return { ...subscription, status: 'canceled', cancel_at_period_end: false };
}

/** Cancelled in the portal: it stays active until the end of the paid period (DECISIONS 21). */
export function cancellingAtPeriodEnd(subscription: SubscriptionLike): SubscriptionLike {
  return { ...subscription, cancel_at_period_end: true };
}

/** Resumed before its period ended: it renews again (cancel_at_period_end=false). */
export function resumed(subscription: SubscriptionLike): SubscriptionLike {
  return { ...subscription, cancel_at_period_end: false, cancel_at: null };
}

/** The paid period of a live subscription ends now: a cancelling one ends, as at its period end. */
export function periodEndedNow(subscription: SubscriptionLike): SubscriptionLike {
  return cancelled(cancellingAtPeriodEnd(subscription));
}

/** A demo token pack's PaymentIntent and charge: one of each per session. */
export function demoPaymentIntentId(sessionId: string): string {
  return `pi_demo_${sessionSuffix(sessionId)}`;
}

export function demoChargeId(paymentIntentId: string): string {
  return paymentIntentId.replace(/^pi_demo_/, 'ch_demo_');
}

/** The charge a confirmed demo token pack makes (no money moves: DECISIONS 14). */
export function demoCharge(session: DemoSession, pack: TokenPack, now: Date): DemoCharge {
  const paymentIntentId = demoPaymentIntentId(session.id);
  return {
    id: demoChargeId(paymentIntentId),
    paymentIntentId,
    sessionId: session.id,
    userId: session.userId,
    customerId: session.customerId,
    packId: pack.id,
    amount: pack.pricePence,
    amountRefunded: 0,
    dispute: null,
    createdAt: now.toISOString(),
  };
}

/** The Checkout Session Stripe would report for the demo session. */
export function demoCheckoutSession(session: DemoSession): CheckoutSessionLike {
  const pack = session.packId ? findPack(session.packId) : undefined;
  const complete = session.status === 'complete';
  return {
    id: session.id,
    mode: session.kind === 'topup' ? 'payment' : 'subscription',
    status: complete ? 'complete' : 'open',
    payment_status: complete ? 'paid' : 'unpaid',
    customer: session.customerId,
    subscription: session.kind === 'subscription' ? demoSubscriptionId(session.id) : null,
    client_reference_id: String(session.userId),
    metadata: {
      [METADATA.userId]: String(session.userId),
      [METADATA.kind]: session.kind,
      ...(session.packId ? { [METADATA.packId]: session.packId } : {}),
      ...(session.tier ? { [METADATA.tier]: session.tier } : {}),
    },
    amount_total: pack ? pack.pricePence : null,
    currency: 'gbp',
    payment_intent: complete && session.kind === 'topup' ? demoPaymentIntentId(session.id) : null,
  };
}

/** The invoice.paid Stripe sends for a subscription's period. */
function invoicePaid(session: DemoSession, subscription: SubscriptionLike, eventId: string): BillingEvent {
  const item = subscription.items.data[0];
  return {
    id: eventId,
    type: 'invoice.paid',
    invoice: {
      id: `in_demo_${sessionSuffix(session.id)}`,
      customerId: session.customerId,
      subscriptionId: subscription.id,
      userIdHint: session.userId,
      billingReason: session.kind === 'upgrade' ? 'subscription_update' : 'subscription_create',
      periodEnd: item ? new Date(item.current_period_end * 1000) : null,
      chargedPriceIds: item ? [item.price.id] : [],
    },
  };
}

/** The events a real checkout of this kind would deliver, in Stripe's usual order. */
export function demoEvents(session: DemoSession, subscription: SubscriptionLike | null): BillingEvent[] {
  const eventId = (n: number) => `evt_demo_${sessionSuffix(session.id)}_${n}`;
  switch (session.kind) {
    case 'topup':
      return [{ id: eventId(1), type: 'checkout.session.completed', sessionId: session.id }];
    case 'subscription':
      if (!subscription) return [];
      return [
        { id: eventId(1), type: 'checkout.session.completed', sessionId: session.id },
        invoicePaid(session, subscription, eventId(2)),
      ];
    case 'upgrade':
      if (!subscription) return [];
      return [
        subscriptionEvent('customer.subscription.updated', session, subscription, eventId(1)),
        invoicePaid(session, subscription, eventId(2)),
      ];
    case 'portal':
      // The card is managed without any event about the plan; a cancellation is an update.
      if (!subscription) return [];
      return [subscriptionEvent('customer.subscription.updated', session, subscription, eventId(1))];
  }
}

/** The demo portal's "end the paid period now": the event Stripe sends when a period ends. */
export function demoPeriodEndEvents(session: DemoSession, subscription: SubscriptionLike): BillingEvent[] {
  const suffix = sessionSuffix(session.id);
  return [
    subscriptionEvent('customer.subscription.deleted', session, subscription, `evt_demo_${suffix}_end`),
  ];
}

function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  session: DemoSession,
  subscription: SubscriptionLike,
  id: string,
): BillingEvent {
  return {
    id,
    type,
    subscriptionId: subscription.id,
    customerId: session.customerId,
    userIdHint: session.userId,
  };
}
