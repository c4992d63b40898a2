// Refunds of subscription invoices (DECISIONS 27): a refund of the charge that paid an invoice takes
// back that period's allowance in proportion, as far as it is unspent, the rest as a debt. Stripe is
// the fake server; every event is signed, delivered twice (the same event, and Stripe's redelivery
// under a new id) and out of order.

import { LedgerEntryEntity, PaymentGrantEntity, UserEntity } from '@council/db';
import {
  type FakeStripeServer,
  type StripeEventPayload,
  createStripeEvent,
  createTestUser,
} from '@council/testing';
import { LedgerService } from '../src/ledger/ledger.service';
import { SubscriptionsService } from '../src/subscriptions/subscriptions.service';
import {
  type BillingHarness,
  deliver,
  expectLedgerConsistent,
  processed,
  startBilling,
} from './support/billing-harness';

const DAY = 24 * 3600;

async function deliverAll(harness: BillingHarness, events: readonly StripeEventPayload[]): Promise<void> {
  for (const event of events) {
    await deliver(harness, event);
    await processed(harness, event.id);
  }
}

/** The same change again under a new event id, as Stripe's redelivery. */
function again(event: StripeEventPayload): StripeEventPayload {
  return createStripeEvent(event.type, event.data.object);
}

describe('Refunds of subscription invoices (DECISIONS 27)', () => {
  let harness: BillingHarness;
  let stripe: FakeStripeServer;
  let subscriptions: SubscriptionsService;

  beforeAll(async () => {
    harness = await startBilling({ stripe: true });
    stripe = harness.fakeStripe as FakeStripeServer;
    subscriptions = harness.get(SubscriptionsService);
  });

  afterEach(async () => {
    await expectLedgerConsistent(harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  const reload = (id: number) => harness.dataSource.getRepository(UserEntity).findOneByOrFail({ id });
  const grantOf = (invoiceId: string) =>
    harness.dataSource.getRepository(PaymentGrantEntity).findOneByOrFail({ invoiceId });
  const entries = (userId: number) =>
    harness.dataSource.getRepository(LedgerEntryEntity).find({ where: { userId }, order: { id: 'ASC' } });

  /** A premium Checkout, opened (not paid yet): what one browser tab holds. */
  async function openCheckout(userId: number, requestId: string): Promise<string> {
    const reply = await subscriptions.getOrCreate(userId, 'premium', requestId);
    if (!('url' in reply)) throw new Error('expected a checkout url');
    const open = [...stripe.sessions.values()].find((candidate) => candidate.url === reply.url);
    if (!open) throw new Error('no session');
    return open.id;
  }

  /** The Checkout paid on the fake; its events are returned, not delivered. */
  function pay(sessionId: string) {
    const { session, subscription, invoice } = stripe.completeCheckoutSession(sessionId);
    if (!subscription || !invoice) throw new Error('no subscription');
    return {
      subscription,
      invoice,
      completed: createStripeEvent('checkout.session.completed', session),
      created: createStripeEvent('customer.subscription.created', subscription),
      paid: createStripeEvent('invoice.paid', invoice),
    };
  }

  async function paidPlan(userId: number, requestId: string) {
    return pay(await openCheckout(userId, requestId));
  }

  /** Spends tokens from the monthly allocation, as a settled question would. */
  async function spendMonthly(userId: number, tokens: number): Promise<void> {
    await harness.get(LedgerService).runOnce(userId, `test-spend:${userId}:${tokens}`, () => ({
      movements: [{ kind: 'settlement', bucket: 'monthly', amount: -tokens, note: 'test usage' }],
    }));
  }

  it("takes back a fully refunded, unspent period's allowance, even when the refund arrives first", async () => {
    const subscriber = await createTestUser(harness.dataSource);
    const plan = await paidPlan(subscriber.id, `req-${subscriber.id}-sub`);
    const charge = stripe.refundCharge(stripe.chargeOfInvoice(plan.invoice.id).id);
    const refunded = createStripeEvent('charge.refunded', charge);
    await deliverAll(harness, [
      refunded,
      plan.completed,
      plan.paid,
      refunded,
      plan.created,
      again(refunded),
      again(plan.paid),
      plan.paid,
    ]);

    // The plan itself stays (Stripe did not cancel it); its period's tokens are gone.
    expect(await reload(subscriber.id)).toMatchObject({
      subscriptionTier: 'premium',
      monthlyTokens: 0,
      tokensLeft: 10_000,
      tokenDebt: 0,
    });
    expect(await grantOf(plan.invoice.id)).toMatchObject({
      chargeId: charge.id,
      grantKey: `allowance:${plan.invoice.id}`,
      grantedTokens: 250_000,
      amountRefunded: charge.amount,
      revokedTokens: 250_000,
      debtTokens: 0,
    });
    const taken = (await entries(subscriber.id)).filter((entry) =>
      entry.idempotencyKey.startsWith('charge:'),
    );
    expect(taken).toEqual([
      expect.objectContaining({ kind: 'adjustment', bucket: 'monthly', amount: -250_000, debt: 0 }),
    ]);
  });

  it("takes back an upgrade's top-up when its proration invoice is refunded, whichever event comes first", async () => {
    const subscriber = await createTestUser(harness.dataSource);
    const plan = await paidPlan(subscriber.id, `req-${subscriber.id}-sub`);
    await deliverAll(harness, [plan.completed, plan.created, plan.paid]);
    await subscriptions.getOrCreate(subscriber.id, 'max', `req-${subscriber.id}-upgrade`);
    const upgraded = await reload(subscriber.id);
    expect(upgraded.subscriptionTier).toBe('max');
    const topUp = upgraded.monthlyTokens - 250_000;
    expect(topUp).toBeGreaterThan(0);

    const proration = stripe.invoices.get(
      stripe.subscriptions.get(plan.subscription.id)?.latest_invoice ?? '',
    );
    if (!proration) throw new Error('no proration invoice');
    expect(proration.billing_reason).toBe('subscription_update');
    const charge = stripe.refundCharge(stripe.chargeOfInvoice(proration.id).id);
    const refunded = createStripeEvent('charge.refunded', charge);
    const paid = createStripeEvent('invoice.paid', proration);
    await deliverAll(harness, [refunded, paid, refunded, again(paid), again(refunded)]);

    // The plan stays; the upgrade's tokens go, the period's own allowance stays.
    expect(await reload(subscriber.id)).toMatchObject({
      subscriptionTier: 'max',
      monthlyTokens: 250_000,
      tokenDebt: 0,
    });
    expect(await grantOf(proration.id)).toMatchObject({
      chargeId: charge.id,
      grantKey: expect.stringMatching(/^upgrade:/),
      grantedTokens: topUp,
      revokedTokens: topUp,
    });
    expect(await grantOf(plan.invoice.id)).toMatchObject({ revokedTokens: 0 });
  });

  it('turns the spent half of a refunded period into a debt that the next period pays first', async () => {
    const subscriber = await createTestUser(harness.dataSource);
    const plan = await paidPlan(subscriber.id, `req-${subscriber.id}-sub`);
    await deliverAll(harness, [plan.completed, plan.created, plan.paid]);
    await spendMonthly(subscriber.id, 125_000);

    const charge = stripe.refundCharge(stripe.chargeOfInvoice(plan.invoice.id).id);
    const refunded = createStripeEvent('charge.refunded', charge);
    await deliverAll(harness, [refunded, again(plan.paid), again(refunded), refunded]);
    expect(await reload(subscriber.id)).toMatchObject({
      monthlyTokens: 0,
      tokensLeft: 10_000,
      tokenDebt: 125_000,
    });
    expect(await grantOf(plan.invoice.id)).toMatchObject({ revokedTokens: 250_000, debtTokens: 125_000 });

    // The renewal's allowance pays the debt first.
    const oldEnd = plan.subscription.items.data[0]!.current_period_end;
    const newEnd = oldEnd + 30 * DAY;
    stripe.updateSubscription(plan.subscription.id, { periodEnd: newEnd });
    const renewal = stripe.createInvoice(plan.subscription.id, {
      billingReason: 'subscription_cycle',
      periodStart: oldEnd,
      periodEnd: newEnd,
    });
    const renewed = createStripeEvent('invoice.paid', renewal);
    await deliverAll(harness, [renewed, again(refunded), again(renewed), renewed]);
    expect(await reload(subscriber.id)).toMatchObject({
      monthlyTokens: 125_000,
      tokensLeft: 135_000,
      tokenDebt: 0,
    });
    const debts = (await entries(subscriber.id))
      .filter((entry) => entry.debt !== 0)
      .map((entry) => entry.debt);
    expect(debts).toEqual([125_000, -125_000]);
    // The renewal's own payment is linked to its allowance, untouched.
    expect(await grantOf(renewal.id)).toMatchObject({
      grantKey: `allowance:${renewal.id}`,
      revokedTokens: 0,
      debtTokens: 0,
    });
  });

  it('refunds a period after it ended without touching the next one: its unspent share ended, its spent share is owed', async () => {
    const subscriber = await createTestUser(harness.dataSource);
    const plan = await paidPlan(subscriber.id, `req-${subscriber.id}-sub`);
    await deliverAll(harness, [plan.completed, plan.created, plan.paid]);
    // 150,000 of the period's 250,000 spent; the renewal ends the other 100,000.
    await spendMonthly(subscriber.id, 150_000);
    const oldEnd = plan.subscription.items.data[0]!.current_period_end;
    const newEnd = oldEnd + 30 * DAY;
    stripe.updateSubscription(plan.subscription.id, { periodEnd: newEnd });
    const renewal = stripe.createInvoice(plan.subscription.id, {
      billingReason: 'subscription_cycle',
      periodStart: oldEnd,
      periodEnd: newEnd,
    });
    await deliverAll(harness, [createStripeEvent('invoice.paid', renewal)]);
    expect(await reload(subscriber.id)).toMatchObject({ monthlyTokens: 250_000 });

    // The first period is refunded in full after it ended, the events twice and out of order.
    const charge = stripe.refundCharge(stripe.chargeOfInvoice(plan.invoice.id).id);
    const refunded = createStripeEvent('charge.refunded', charge);
    await deliverAll(harness, [refunded, again(plan.paid), again(refunded), refunded]);
    expect(await reload(subscriber.id)).toMatchObject({
      monthlyTokens: 250_000,
      tokenDebt: 150_000,
    });
    expect(await grantOf(plan.invoice.id)).toMatchObject({ revokedTokens: 250_000, debtTokens: 150_000 });
    expect(await grantOf(renewal.id)).toMatchObject({ revokedTokens: 0 });
  });

  it("leaves the plan alone when a duplicate subscription's first invoice, refunded by billing, reports its refund", async () => {
    const subscriber = await createTestUser(harness.dataSource);
    // Two checkout tabs, both opened while the account was free, both paid.
    const first = await openCheckout(subscriber.id, `req-${subscriber.id}-tab1`);
    const tab2 = await openCheckout(subscriber.id, `req-${subscriber.id}-tab2`);
    const kept = pay(first);
    const second = pay(tab2);
    await deliverAll(harness, [kept.completed, kept.created, kept.paid]);
    // Billing cancels the newcomer and refunds its first invoice through the API.
    await deliverAll(harness, [second.created]);
    expect(stripe.subscriptions.get(second.subscription.id)?.status).toBe('canceled');
    const charge = stripe.chargeOfInvoice(second.invoice.id);
    expect(charge.amount_refunded).toBe(charge.amount);
    const refunded = createStripeEvent('charge.refunded', charge);
    await deliverAll(harness, [refunded, second.paid, again(refunded), again(second.paid), refunded]);

    expect(await reload(subscriber.id)).toMatchObject({
      stripeSubscriptionId: kept.subscription.id,
      monthlyTokens: 250_000,
      tokensLeft: 260_000,
      tokenDebt: 0,
    });
    // Linked to a grant that never landed: nothing applied.
    expect(await grantOf(second.invoice.id)).toMatchObject({
      grantedTokens: null,
      revokedTokens: 0,
      debtTokens: 0,
    });
    expect(
      (await entries(subscriber.id)).filter((entry) => entry.idempotencyKey.startsWith('charge:')),
    ).toEqual([]);
  });
});
