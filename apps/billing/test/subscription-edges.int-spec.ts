// Subscription edges: one live subscription per customer (DECISIONS 27), a failed renewal
// payment, a plan resumed before its period ends and a hold taken across the monthly reset.
// Stripe is the fake server; every event is signed, delivered twice and, where order can matter,
// out of order.

import { ALREADY_SUBSCRIBED, BILLING_MESSAGES } from '@council/contracts';
import { LedgerEntryEntity, UserEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import {
  type FakeStripeServer,
  type StripeEventPayload,
  createStripeEvent,
  createTestQuestion,
  createTestResponse,
  createTestUser,
} from '@council/testing';
import { DemoCheckoutService } from '../src/demo/demo-checkout.service';
import { ReservationsService } from '../src/reservations/reservations.service';
import { SubscriptionsService } from '../src/subscriptions/subscriptions.service';
import {
  type BillingHarness,
  PUBLIC_URL,
  deliver,
  expectLedgerConsistent,
  processed,
  startBilling,
} from './support/billing-harness';

const DAY = 24 * 3600;

/** Delivers each event (signed), waiting until billing processed it. */
async function deliverAll(harness: BillingHarness, events: readonly StripeEventPayload[]): Promise<void> {
  for (const event of events) {
    await deliver(harness, event);
    await processed(harness, event.id);
  }
}

/** The same event again under a new id, as Stripe's redelivery of the same change. */
function again(event: StripeEventPayload): StripeEventPayload {
  return createStripeEvent(event.type, event.data.object);
}

describe('subscription edges with Stripe', () => {
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
  const allowanceGrants = async (userId: number) =>
    (await harness.dataSource.getRepository(LedgerEntryEntity).find({ where: { userId } })).filter(
      (entry) => entry.kind === 'grant' && entry.idempotencyKey.startsWith('allowance:'),
    );

  /** A Checkout for the plan, opened (not paid yet): what one browser tab holds. */
  async function openCheckout(userId: number, tier: 'premium' | 'max', requestId: string) {
    const reply = await subscriptions.getOrCreate(userId, tier, requestId);
    if (!('url' in reply)) throw new Error('expected a checkout url');
    const session = [...stripe.sessions.values()].find((candidate) => candidate.url === reply.url);
    if (!session) throw new Error('no session');
    return session.id;
  }

  function pay(sessionId: string) {
    const { session, subscription, invoice } = stripe.completeCheckoutSession(sessionId);
    if (!subscription || !invoice) throw new Error('no subscription');
    return {
      session,
      subscription,
      invoice,
      events: [
        createStripeEvent('checkout.session.completed', session),
        createStripeEvent('customer.subscription.created', subscription),
        createStripeEvent('invoice.paid', invoice),
      ],
    };
  }

  /** A premium subscriber whose first invoice billing has processed. */
  async function premiumSubscriber(fields: Partial<UserEntity> = {}) {
    const subscriber = await createTestUser(harness.dataSource, fields);
    const paid = pay(await openCheckout(subscriber.id, 'premium', `req-${subscriber.id}-sub`));
    await deliverAll(harness, paid.events);
    return { subscriber, ...paid };
  }

  describe('one live subscription per customer (DECISIONS 27)', () => {
    it('two checkout tabs, both paid: the second to arrive is refunded and cancelled; one plan, one grant', async () => {
      const subscriber = await createTestUser(harness.dataSource);
      // Both tabs open their Checkout while the account is still free.
      const first = await openCheckout(subscriber.id, 'premium', `req-${subscriber.id}-tab1`);
      const second = await openCheckout(subscriber.id, 'premium', `req-${subscriber.id}-tab2`);
      const a = pay(first);
      const b = pay(second);
      // Interleaved, each twice, the second tab's invoice first.
      const [aCompleted, aCreated, aPaid] = a.events;
      const [bCompleted, bCreated, bPaid] = b.events;
      await deliverAll(harness, [
        bPaid,
        aCompleted,
        bCreated,
        aPaid,
        bCompleted,
        aCreated,
        again(aPaid),
        again(bPaid),
        again(bCompleted),
        again(aCompleted),
      ]);

      const live = [a.subscription, b.subscription].filter(
        (subscription) => stripe.subscriptions.get(subscription.id)?.status === 'active',
      );
      expect(live).toHaveLength(1);
      const kept = live[0]!;
      const duplicate = kept.id === a.subscription.id ? b : a;
      expect(stripe.subscriptions.get(duplicate.subscription.id)?.status).toBe('canceled');
      // The duplicate's first invoice, refunded in full, once, through the API.
      expect([...stripe.apiRefunds.values()]).toEqual([
        expect.objectContaining({
          invoice: duplicate.invoice.id,
          amount: duplicate.invoice.amount_paid,
          metadata: { duplicateSubscription: duplicate.subscription.id },
        }),
      ]);
      expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${duplicate.subscription.id}`)).toHaveLength(1);
      expect(await reload(subscriber.id)).toMatchObject({
        stripeSubscriptionId: kept.id,
        subscriptionTier: 'premium',
        subscriptionStatus: 'active',
        monthlyTokens: 250_000,
        tokensLeft: 260_000,
      });
      expect(await allowanceGrants(subscriber.id)).toHaveLength(1);
      // The cancelled duplicate's own events, delivered late, change nothing.
      await deliverAll(harness, [
        createStripeEvent(
          'customer.subscription.deleted',
          stripe.subscriptions.get(duplicate.subscription.id) ?? {},
        ),
        again(duplicate.events[2]!),
      ]);
      expect(await reload(subscriber.id)).toMatchObject({
        stripeSubscriptionId: kept.id,
        subscriptionTier: 'premium',
        monthlyTokens: 250_000,
      });
      expect(stripe.apiRefunds.size).toBe(1);
    });

    it('no Checkout while a subscription is live: 409 before billing heard of it, "Already subscribed" after', async () => {
      const subscriber = await createTestUser(harness.dataSource);
      pay(await openCheckout(subscriber.id, 'premium', `req-${subscriber.id}-tab1`));
      const sessionsBefore = stripe.sessions.size;
      // Paid in one tab; its events are still on their way.
      const refused = subscriptions.getOrCreate(subscriber.id, 'max', `req-${subscriber.id}-tab2`);
      await expect(refused).rejects.toBeInstanceOf(DomainException);
      await expect(refused).rejects.toMatchObject({
        code: 'CONFLICT',
        message: BILLING_MESSAGES.subscriptionAlreadyLive,
      });
      expect(stripe.sessions.size).toBe(sessionsBefore);

      const { subscriber: known } = await premiumSubscriber();
      expect(await subscriptions.getOrCreate(known.id, 'premium', `req-${known.id}-again`)).toEqual({
        message: ALREADY_SUBSCRIBED,
      });
    });
  });

  describe('a failed renewal (invoice.payment_failed, past_due)', () => {
    it('shows past due with the plan in force, and clears when the invoice is paid later, whatever the order', async () => {
      const { subscriber, subscription } = await premiumSubscriber();
      const item = subscription.items.data[0]!;
      const oldEnd = item.current_period_end;
      const newEnd = oldEnd + 30 * DAY;

      // The renewal's payment fails: Stripe retries and marks the subscription past_due.
      stripe.updateSubscription(subscription.id, { status: 'past_due', periodEnd: newEnd });
      const renewal = stripe.createInvoice(subscription.id, {
        billingReason: 'subscription_cycle',
        periodStart: oldEnd,
        periodEnd: newEnd,
        status: 'open',
      });
      const failed = createStripeEvent('invoice.payment_failed', renewal);
      await deliverAll(harness, [failed, again(failed)]);
      expect(await subscriptions.status(subscriber.id)).toMatchObject({
        tier: 'premium',
        status: 'past_due',
        cancelAtPeriodEnd: false,
        monthlyTokens: 250_000,
      });

      // Paid on a later retry: active again, and the new period's allowance granted once. The
      // failure is delivered again after the payment, and changes nothing.
      renewal.status = 'paid';
      stripe.updateSubscription(subscription.id, { status: 'active' });
      const paid = createStripeEvent('invoice.paid', renewal);
      await deliverAll(harness, [paid, again(failed), again(paid)]);
      expect(await subscriptions.status(subscriber.id)).toMatchObject({
        tier: 'premium',
        status: 'active',
        nextTokenReset: new Date(newEnd * 1000).toISOString(),
      });
      expect(await allowanceGrants(subscriber.id)).toHaveLength(2);
    });
  });

  describe('a hold taken before the monthly reset (DECISIONS 26)', () => {
    /**
     * A premium subscriber with 5,000 purchased tokens (no trial tokens) whose question holds
     * 251,000: the whole 250,000 allowance and 1,000 purchased. Then the plan renews.
     */
    async function holdAcrossTheReset() {
      const { subscriber, subscription } = await premiumSubscriber({
        tokensLeft: 5_000,
        purchasedTokens: 5_000,
      });
      const asked = await createTestQuestion(harness.dataSource, subscriber.id);
      const reservations = harness.get(ReservationsService);
      expect((await reservations.reserve(subscriber.id, asked.id, 251_000)).reserved).toBe(251_000);
      expect(await reload(subscriber.id)).toMatchObject({ monthlyTokens: 0, purchasedTokens: 4_000 });

      const item = subscription.items.data[0]!;
      const newEnd = item.current_period_end + 30 * DAY;
      stripe.updateSubscription(subscription.id, { periodEnd: newEnd });
      const renewal = stripe.createInvoice(subscription.id, {
        billingReason: 'subscription_cycle',
        periodStart: item.current_period_end,
        periodEnd: newEnd,
        status: 'paid',
      });
      await deliverAll(harness, [createStripeEvent('invoice.paid', renewal)]);
      expect(await reload(subscriber.id)).toMatchObject({ monthlyTokens: 250_000, purchasedTokens: 4_000 });
      return { subscriber, asked, reservations };
    }

    it('is released against its own period: the new allowance stays the allowance, purchased tokens come back', async () => {
      const { subscriber, asked, reservations } = await holdAcrossTheReset();
      expect(await reservations.release(subscriber.id, asked.id)).toMatchObject({
        released: 1_000,
        duplicate: false,
      });
      expect(await reservations.release(subscriber.id, asked.id)).toMatchObject({ duplicate: true });
      expect(await reload(subscriber.id)).toMatchObject({
        monthlyTokens: 250_000,
        purchasedTokens: 5_000,
        tokensLeft: 255_000,
      });
      const expired = (
        await harness.dataSource.getRepository(LedgerEntryEntity).find({ where: { userId: subscriber.id } })
      ).filter((entry) => entry.kind === 'adjustment' && entry.questionId === asked.id);
      expect(expired).toEqual([expect.objectContaining({ bucket: 'monthly', amount: -250_000 })]);
    });

    it('pays usage settled after the reset from the hold, not from the new allowance', async () => {
      const { subscriber, asked, reservations } = await holdAcrossTheReset();
      // The answer used the old allowance and 500 of the purchased tokens held.
      const answer = await createTestResponse(harness.dataSource, asked.id, {
        status: 'completed',
        totalTokens: 250_500,
      });
      const settlement = { userId: subscriber.id, questionId: asked.id, memberOrder: 0, round: 0 };
      expect(
        await reservations.settle({ ...settlement, responseId: answer.id, totalTokens: 250_500 }),
      ).toMatchObject({ duplicate: false, charged: 250_500, uncovered: 0 });
      expect(
        await reservations.settle({ ...settlement, responseId: answer.id, totalTokens: 250_500 }),
      ).toMatchObject({ duplicate: true, charged: 250_500 });
      expect(await reload(subscriber.id)).toMatchObject({ monthlyTokens: 250_000, purchasedTokens: 4_000 });

      expect(await reservations.release(subscriber.id, asked.id)).toMatchObject({ released: 500 });
      expect(await reload(subscriber.id)).toMatchObject({
        monthlyTokens: 250_000,
        purchasedTokens: 4_500,
        tokensLeft: 254_500,
      });
    });

    it('settles answers left to the close from the hold, then releases against its own period', async () => {
      const { subscriber, asked, reservations } = await holdAcrossTheReset();
      await createTestResponse(harness.dataSource, asked.id, { status: 'completed', totalTokens: 600 });
      expect(await reservations.release(subscriber.id, asked.id)).toMatchObject({ released: 1_000 });
      expect(await reload(subscriber.id)).toMatchObject({ monthlyTokens: 250_000, purchasedTokens: 5_000 });
    });

    it("a new plan's first allocation ends no period: what an ended plan left and held comes back", async () => {
      const subscriber = await createTestUser(harness.dataSource, {
        tokensLeft: 3_000,
        monthlyTokens: 3_000,
        purchasedTokens: 0,
      });
      const asked = await createTestQuestion(harness.dataSource, subscriber.id);
      const reservations = harness.get(ReservationsService);
      expect((await reservations.reserve(subscriber.id, asked.id, 2_000)).reserved).toBe(2_000);
      const paid = pay(await openCheckout(subscriber.id, 'premium', `req-${subscriber.id}-first`));
      await deliverAll(harness, paid.events);
      expect(await reload(subscriber.id)).toMatchObject({ monthlyTokens: 251_000 });
      expect(await reservations.release(subscriber.id, asked.id)).toMatchObject({ released: 2_000 });
      expect(await reload(subscriber.id)).toMatchObject({ monthlyTokens: 253_000, tokensLeft: 253_000 });
    });
  });

  describe('resuming a plan cancelled at period end', () => {
    it('sets cancel_at_period_end=false through the API, and late events keep it resumed', async () => {
      const { subscriber, subscription } = await premiumSubscriber();
      const cancelled = createStripeEvent(
        'customer.subscription.updated',
        stripe.updateSubscription(subscription.id, { cancelAtPeriodEnd: true }),
      );
      await deliverAll(harness, [cancelled]);
      expect(await subscriptions.status(subscriber.id)).toMatchObject({ cancelAtPeriodEnd: true });

      const reply = await subscriptions.portal(
        subscriber.id,
        undefined,
        `req-${subscriber.id}-resume`,
        'resume',
      );
      expect(reply).toEqual({ url: `${PUBLIC_URL}/subscription?checkout=success&kind=portal` });
      const updates = stripe.requestsTo('POST', `/v1/subscriptions/${subscription.id}`);
      expect(updates.at(-1)).toMatchObject({
        body: { cancel_at_period_end: 'false' },
        idempotencyKey: `resume:${subscription.id}:req-${subscriber.id}-resume`,
      });
      expect(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(false);
      expect(await subscriptions.status(subscriber.id)).toMatchObject({
        tier: 'premium',
        cancelAtPeriodEnd: false,
      });

      // Stripe's event for the resume, twice, and the cancellation's, late: still resumed.
      const resumed = createStripeEvent(
        'customer.subscription.updated',
        stripe.subscriptions.get(subscription.id) ?? {},
      );
      await deliverAll(harness, [resumed, again(cancelled), again(resumed)]);
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'premium',
        subscriptionCancelAtPeriodEnd: false,
      });

      // Nothing left to resume.
      await expect(
        subscriptions.portal(subscriber.id, undefined, `req-${subscriber.id}-resume2`, 'resume'),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: BILLING_MESSAGES.nothingToResume });
    });
  });
});

describe('subscription edges in demo mode', () => {
  let harness: BillingHarness;
  let demo: DemoCheckoutService;
  let subscriptions: SubscriptionsService;

  beforeAll(async () => {
    harness = await startBilling();
    demo = harness.get(DemoCheckoutService);
    subscriptions = harness.get(SubscriptionsService);
  });

  afterEach(async () => {
    await expectLedgerConsistent(harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  const sessionIdOf = (url: string) => url.slice(`${PUBLIC_URL}/demo-checkout/`.length);

  async function checkoutUrl(userId: number, requestId: string): Promise<string> {
    const reply = await subscriptions.getOrCreate(userId, 'premium', requestId);
    if (!('url' in reply)) throw new Error('expected a checkout url');
    return reply.url;
  }

  it('two demo checkout tabs, both confirmed: the second ends at once, one plan and one grant', async () => {
    const subscriber = await createTestUser(harness.dataSource);
    const first = await checkoutUrl(subscriber.id, 'req-demo-tab-0001');
    const second = await checkoutUrl(subscriber.id, 'req-demo-tab-0002');
    await demo.confirm(sessionIdOf(first), subscriber.id);
    await demo.confirm(sessionIdOf(second), subscriber.id);
    await demo.confirm(sessionIdOf(second), subscriber.id);
    const user = await harness.dataSource.getRepository(UserEntity).findOneByOrFail({ id: subscriber.id });
    expect(user).toMatchObject({ subscriptionTier: 'premium', monthlyTokens: 250_000, tokensLeft: 260_000 });
    expect(user.stripeSubscriptionId).toBe(`sub_demo_${sessionIdOf(first).replace(/^cs_demo_/, '')}`);
    const grants = (
      await harness.dataSource.getRepository(LedgerEntryEntity).find({ where: { userId: subscriber.id } })
    ).filter((entry) => entry.kind === 'grant' && entry.idempotencyKey.startsWith('allowance:'));
    expect(grants).toHaveLength(1);
  });

  it('resumes a cancelling plan from the demo billing portal', async () => {
    const subscriber = await createTestUser(harness.dataSource);
    await demo.confirm(sessionIdOf(await checkoutUrl(subscriber.id, 'req-demo-res-0001')), subscriber.id);
    const cancel = await subscriptions.portal(subscriber.id, undefined, 'req-demo-res-0002', 'cancel');
    await demo.confirm(sessionIdOf(cancel.url), subscriber.id);
    const cancelling = await subscriptions.status(subscriber.id);
    expect(cancelling).toMatchObject({ tier: 'premium', cancelAtPeriodEnd: true });

    const resume = await subscriptions.portal(subscriber.id, undefined, 'req-demo-res-0003', 'resume');
    expect(await demo.get(sessionIdOf(resume.url), subscriber.id)).toMatchObject({
      kind: 'portal',
      portalFlow: 'resume',
      // The labelled demo control to end the period now is on this page too.
      actions: ['confirm', 'end-period-now'],
      title: 'Resume your Premium plan (demo billing portal)',
    });
    await demo.confirm(sessionIdOf(resume.url), subscriber.id);
    await demo.confirm(sessionIdOf(resume.url), subscriber.id);
    expect(await subscriptions.status(subscriber.id)).toMatchObject({
      tier: 'premium',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: cancelling.currentPeriodEnd,
      monthlyTokens: 250_000,
    });
    await expect(
      subscriptions.portal(subscriber.id, undefined, 'req-demo-res-0004', 'resume'),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
