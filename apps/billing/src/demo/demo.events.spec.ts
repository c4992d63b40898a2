import { parseStripeEvent } from '../webhooks/billing-event';
import {
  cancellingAtPeriodEnd,
  demoCheckoutSession,
  demoEvents,
  demoPeriodEnd,
  demoPeriodEndEvents,
  demoSubscription,
  periodEndedNow,
  withTier,
} from './demo.events';
import { type DemoSession } from './demo.types';

function session(fields: Partial<DemoSession> = {}): DemoSession {
  return {
    id: 'cs_demo_abcdefghijklmnopqrstuvwx',
    userId: 5,
    kind: 'topup',
    status: 'complete',
    packId: 'tokens_50k',
    tier: null,
    subscriptionId: null,
    portalFlow: null,
    customerId: 'cus_demo_5',
    createdAt: '2026-01-31T12:00:00.000Z',
    expiresAt: '2026-02-01T12:00:00.000Z',
    completedAt: '2026-01-31T12:01:00.000Z',
    ...fields,
  };
}

describe('demo events', () => {
  it('describe a pack checkout as Stripe would: a paid payment-mode session for the user', () => {
    expect(demoCheckoutSession(session())).toMatchObject({
      mode: 'payment',
      payment_status: 'paid',
      customer: 'cus_demo_5',
      client_reference_id: '5',
      metadata: { userId: '5', kind: 'topup', packId: 'tokens_50k' },
      amount_total: 999,
      currency: 'gbp',
    });
    expect(demoCheckoutSession(session({ status: 'open' })).payment_status).toBe('unpaid');
    expect(demoEvents(session(), null)).toEqual([
      {
        id: 'evt_demo_abcdefghijklmnopqrstuvwx_1',
        type: 'checkout.session.completed',
        sessionId: session().id,
      },
    ]);
  });

  it('start a plan with the same events and ids each time (so confirming twice agrees)', () => {
    const plan = session({ kind: 'subscription', packId: null, tier: 'premium' });
    const subscription = demoSubscription(plan, 'premium');
    expect(subscription).toEqual(demoSubscription(plan, 'premium'));
    expect(subscription.items.data[0]?.current_period_end).toBe(demoPeriodEnd(plan.createdAt));
    expect(new Date(demoPeriodEnd(plan.createdAt) * 1000).toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(demoEvents(plan, subscription).map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'invoice.paid',
    ]);
  });

  it('upgrade within the same period', () => {
    const plan = session({ kind: 'subscription', packId: null, tier: 'premium' });
    const upgraded = withTier(demoSubscription(plan, 'premium'), 'max');
    expect(upgraded.items.data[0]?.price).toMatchObject({
      id: 'price_demo_max',
      lookup_key: 'council_max_monthly_gbp',
    });
    const events = demoEvents(
      session({ kind: 'upgrade', tier: 'max', subscriptionId: upgraded.id }),
      upgraded,
    );
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
  });

  it('are shaped like the parsed Stripe events the webhook path produces', () => {
    const parsed = parseStripeEvent({
      id: 'evt_demo_abcdefghijklmnopqrstuvwx_1',
      type: 'checkout.session.completed',
      data: { object: demoCheckoutSession(session()) },
    });
    expect(parsed).toEqual(demoEvents(session(), null)[0]);
  });

  it('cancels in the portal at the end of the period, and ends the period only on the demo control', () => {
    const plan = demoSubscription(session({ kind: 'subscription', tier: 'premium' }), 'premium');
    const portal = session({ kind: 'portal', subscriptionId: plan.id, portalFlow: 'cancel' });
    const cancelling = cancellingAtPeriodEnd(plan);
    expect(cancelling).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(demoEvents(portal, cancelling).map((event) => event.type)).toEqual([
      'customer.subscription.updated',
    ]);
    const ended = periodEndedNow(plan);
    expect(ended.status).toBe('canceled');
    expect(demoPeriodEndEvents(portal, ended)).toEqual([
      expect.objectContaining({
        type: 'customer.subscription.deleted',
        id: 'evt_demo_abcdefghijklmnopqrstuvwx_end',
      }),
    ]);
  });
});
