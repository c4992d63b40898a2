import {
  WEBHOOK_REDRIVE_AFTER_MS,
  WEBHOOK_REDRIVE_EVERY_MS,
  WEBHOOK_REDRIVE_SCHEDULER_ID,
} from '@council/contracts';
import { LedgerEntryEntity, StripeEventEntity, UserEntity } from '@council/db';
import { DomainException, MetricsService } from '@council/server-kit';
import {
  type FakeStripeServer,
  createStripeEvent,
  createTestQuestion,
  createTestUser,
  signStripeEvent,
  stripeEventId,
} from '@council/testing';
import { CheckoutService } from '../src/checkout/checkout.service';
import { ReservationsService } from '../src/reservations/reservations.service';
import { SubscriptionsService } from '../src/subscriptions/subscriptions.service';
import { WebhookIngressService } from '../src/webhooks/webhook-ingress.service';
import { REDRIVE_EVENTS_METRIC, WebhookRedriveService } from '../src/webhooks/webhook-redrive.service';
import {
  type BillingHarness,
  WEBHOOK_SECRET,
  deliver,
  expectLedgerConsistent,
  processed,
  startBilling,
} from './support/billing-harness';

const DAY = 24 * 3600;

describe('Stripe webhooks', () => {
  let harness: BillingHarness;
  let stripe: FakeStripeServer;

  beforeAll(async () => {
    harness = await startBilling({ stripe: true });
    stripe = harness.fakeStripe as FakeStripeServer;
  });

  afterEach(async () => {
    await expectLedgerConsistent(harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  const user = (fields: Partial<UserEntity> = {}) => createTestUser(harness.dataSource, fields);
  const reload = (id: number) => harness.dataSource.getRepository(UserEntity).findOneByOrFail({ id });
  const ledger = (userId: number) =>
    harness.dataSource.getRepository(LedgerEntryEntity).find({ where: { userId }, order: { id: 'ASC' } });
  const recordedEvents = () => harness.dataSource.getRepository(StripeEventEntity).count();

  /** A user who went through Checkout for a pack and paid. */
  async function paidTopUp(packageId = 'tokens_50k') {
    const buyer = await user();
    const { sessionId } = await harness
      .get(CheckoutService)
      .createTopUp(buyer.id, packageId, `req-${buyer.id}-topup`);
    const { session } = stripe.completeCheckoutSession(sessionId);
    return { buyer, session };
  }

  /** A user who went through Checkout for a plan and paid: Stripe now has the subscription and its first invoice. */
  async function paidSubscription(tier: 'premium' | 'max' = 'premium') {
    const subscriber = await user();
    const reply = await harness
      .get(SubscriptionsService)
      .getOrCreate(subscriber.id, tier, `req-${subscriber.id}-sub`);
    if (!('url' in reply)) throw new Error('expected a checkout url');
    const session = [...stripe.sessions.values()].find((candidate) => candidate.url === reply.url);
    if (!session) throw new Error('no session');
    const { subscription, invoice } = stripe.completeCheckoutSession(session.id);
    if (!subscription || !invoice) throw new Error('no subscription');
    return { subscriber, session, subscription, invoice };
  }

  describe('checkout.session.completed for a token pack', () => {
    it('credits the pack exactly once when five deliveries of the event race', async () => {
      const { buyer, session } = await paidTopUp();
      const event = createStripeEvent('checkout.session.completed', session);
      const replies = await Promise.all(Array.from({ length: 5 }, () => deliver(harness, event)));
      expect(replies.filter((reply) => !reply.duplicate)).toHaveLength(1);
      expect(replies.every((reply) => reply.received && reply.eventId === event.id)).toBe(true);
      await processed(harness, event.id);
      expect(await reload(buyer.id)).toMatchObject({ tokensLeft: 60_000, purchasedTokens: 50_000 });
      expect((await ledger(buyer.id)).filter((entry) => entry.kind === 'purchase')).toEqual([
        expect.objectContaining({
          amount: 50_000,
          bucket: 'purchased',
          idempotencyKey: `purchase:${session.id}`,
          stripeEventId: event.id,
        }),
      ]);
    });

    it('credits once even when the session is reported by several different events', async () => {
      const { buyer, session } = await paidTopUp('tokens_150k');
      const events = [
        createStripeEvent('checkout.session.completed', session),
        createStripeEvent('checkout.session.completed', session),
        createStripeEvent('checkout.session.async_payment_succeeded', session),
      ];
      await Promise.all(events.map((event) => deliver(harness, event)));
      for (const event of events) await processed(harness, event.id);
      expect(await reload(buyer.id)).toMatchObject({ purchasedTokens: 150_000 });
    });

    it('waits for the money when the session completed unpaid (asynchronous payment)', async () => {
      const buyer = await user();
      const { sessionId } = await harness
        .get(CheckoutService)
        .createTopUp(buyer.id, 'tokens_50k', `req-${buyer.id}-async`);
      const { session } = stripe.completeCheckoutSession(sessionId, { paid: false });
      const completed = createStripeEvent('checkout.session.completed', session);
      await deliver(harness, completed);
      await processed(harness, completed.id);
      expect(await reload(buyer.id)).toMatchObject({ purchasedTokens: 0 });
      stripe.completeCheckoutSession(sessionId);
      const succeeded = createStripeEvent(
        'checkout.session.async_payment_succeeded',
        stripe.sessions.get(sessionId) ?? {},
      );
      await deliver(harness, succeeded);
      await processed(harness, succeeded.id);
      expect(await reload(buyer.id)).toMatchObject({ purchasedTokens: 50_000 });
    });
  });

  describe('signatures', () => {
    it('rejects a tampered body, a stale timestamp, a wrong secret and a missing signature, changing nothing', async () => {
      const { buyer, session } = await paidTopUp();
      const before = await recordedEvents();
      const event = createStripeEvent('checkout.session.completed', session);
      const rejected = async (attempt: () => Promise<unknown>) => {
        const error: unknown = await attempt().then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(DomainException);
        expect(error).toMatchObject({ code: 'VALIDATION_FAILED' });
      };

      const ingress = harness.get(WebhookIngressService);
      const base64 = (body: string) => Buffer.from(body).toString('base64');
      const { body, signature } = signStripeEvent(event, WEBHOOK_SECRET);
      // Signed for one body, delivered with another (a bigger pack on the way).
      await rejected(() =>
        ingress.receive(base64(body.replace('tokens_50k', 'tokens_1m')), 'base64', signature),
      );
      await rejected(() => deliver(harness, event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
      await rejected(() => deliver(harness, event, { secret: 'whsec_someone_else' }));
      await rejected(() => ingress.receive(base64(body), 'base64', undefined));
      await rejected(() => ingress.receive(base64(body), 'base64', 't=1,v1=deadbeef'));

      expect(await recordedEvents()).toBe(before);
      expect(await reload(buyer.id)).toMatchObject({ tokensLeft: 10_000, purchasedTokens: 0 });
    });
  });

  describe('subscriptions converge whatever the order of events', () => {
    it('invoice.paid before checkout.session.completed: premium with its allowance, granted once', async () => {
      const { subscriber, session, subscription, invoice } = await paidSubscription('premium');
      const paid = createStripeEvent('invoice.paid', invoice);
      await deliver(harness, paid);
      await processed(harness, paid.id);
      const periodEnd = new Date((subscription.items.data[0]?.current_period_end ?? 0) * 1000);
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'premium',
        subscriptionStatus: 'active',
        stripeSubscriptionId: subscription.id,
        subscriptionPeriodEnd: periodEnd,
        nextTokenReset: periodEnd,
        monthlyTokens: 250_000,
        tokensLeft: 260_000,
      });

      const completed = createStripeEvent(
        'checkout.session.completed',
        stripe.sessions.get(session.id) ?? {},
      );
      await deliver(harness, completed);
      await processed(harness, completed.id);
      // Redelivered invoice.paid under a new event id: still one allocation.
      const again = createStripeEvent('invoice.paid', invoice);
      await deliver(harness, again);
      await processed(harness, again.id);
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'premium',
        monthlyTokens: 250_000,
        tokensLeft: 260_000,
      });
    });

    it('checkout.session.completed before invoice.paid: the same final state', async () => {
      const { subscriber, session, invoice } = await paidSubscription('max');
      for (const event of [
        createStripeEvent('checkout.session.completed', stripe.sessions.get(session.id) ?? {}),
        createStripeEvent('invoice.paid', invoice),
      ]) {
        await deliver(harness, event);
        await processed(harness, event.id);
      }
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'max',
        monthlyTokens: 1_000_000,
      });
    });

    it('customer.subscription.deleted before customer.subscription.updated: free in the end', async () => {
      const { subscriber, subscription, invoice } = await paidSubscription('premium');
      const paid = createStripeEvent('invoice.paid', invoice);
      await deliver(harness, paid);
      await processed(harness, paid.id);
      // Cancelled at period end (updated), then the period ended (deleted); delivered the other way round.
      const updated = createStripeEvent(
        'customer.subscription.updated',
        stripe.updateSubscription(subscription.id, { cancelAtPeriodEnd: true }),
      );
      const deleted = createStripeEvent(
        'customer.subscription.deleted',
        stripe.updateSubscription(subscription.id, { status: 'canceled' }),
      );
      for (const event of [deleted, updated]) {
        await deliver(harness, event);
        await processed(harness, event.id);
      }
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'free',
        subscriptionStatus: 'canceled',
        subscriptionPeriodEnd: null,
        subscriptionCancelAtPeriodEnd: false,
        // Tokens already granted stay.
        monthlyTokens: 250_000,
      });
    });

    it('a new subscription adds its allowance to what the ended plan left, until its first renewal', async () => {
      const { subscriber, subscription, invoice } = await paidSubscription('max');
      const paid = createStripeEvent('invoice.paid', invoice);
      await deliver(harness, paid);
      await processed(harness, paid.id);
      const ended = createStripeEvent(
        'customer.subscription.deleted',
        stripe.updateSubscription(subscription.id, { status: 'canceled' }),
      );
      await deliver(harness, ended);
      await processed(harness, ended.id);
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'free',
        monthlyTokens: 1_000_000,
      });

      // The fake's clock counts seconds: the new period must end after the old one.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const reply = await harness
        .get(SubscriptionsService)
        .getOrCreate(subscriber.id, 'premium', `req-${subscriber.id}-again`);
      if (!('url' in reply)) throw new Error('expected a checkout url');
      const session = [...stripe.sessions.values()].find((candidate) => candidate.url === reply.url);
      const again = stripe.completeCheckoutSession(session?.id ?? '');
      if (!again.subscription || !again.invoice) throw new Error('no subscription');
      const first = createStripeEvent('invoice.paid', again.invoice);
      await deliver(harness, first);
      await processed(harness, first.id);
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'premium',
        monthlyTokens: 1_250_000,
      });

      const item = again.subscription.items.data[0];
      const renewal = stripe.createInvoice(again.subscription.id, {
        billingReason: 'subscription_cycle',
        periodStart: item?.current_period_end,
        periodEnd: (item?.current_period_end ?? 0) + 30 * 86_400,
      });
      const renewed = createStripeEvent('invoice.paid', renewal);
      await deliver(harness, renewed);
      await processed(harness, renewed.id);
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'premium',
        monthlyTokens: 250_000,
      });
    });

    it('a cancellation at period end keeps the plan until Stripe ends it', async () => {
      const { subscriber, subscription } = await paidSubscription('premium');
      const updated = createStripeEvent(
        'customer.subscription.updated',
        stripe.updateSubscription(subscription.id, { cancelAtPeriodEnd: true }),
      );
      await deliver(harness, updated);
      await processed(harness, updated.id);
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'premium',
        subscriptionCancelAtPeriodEnd: true,
      });
      expect(await harness.get(SubscriptionsService).status(subscriber.id)).toMatchObject({
        tier: 'premium',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: new Date(
          (subscription.items.data[0]?.current_period_end ?? 0) * 1000,
        ).toISOString(),
      });
      const deleted = createStripeEvent(
        'customer.subscription.deleted',
        stripe.updateSubscription(subscription.id, { status: 'canceled' }),
      );
      await deliver(harness, deleted);
      await processed(harness, deleted.id);
      expect(await harness.get(SubscriptionsService).status(subscriber.id)).toMatchObject({
        tier: 'free',
        currentPeriodEnd: null,
      });
    });

    it('invoice.payment_failed marks the plan past due (still in force while Stripe retries)', async () => {
      const { subscriber, subscription } = await paidSubscription('premium');
      stripe.updateSubscription(subscription.id, { status: 'past_due' });
      const failed = createStripeEvent(
        'invoice.payment_failed',
        stripe.createInvoice(subscription.id, { status: 'open' }),
      );
      await deliver(harness, failed);
      await processed(harness, failed.id);
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'premium',
        subscriptionStatus: 'past_due',
      });
    });

    it('a renewal resets the monthly allocation; an older invoice arriving late changes nothing', async () => {
      const { subscriber, subscription, invoice } = await paidSubscription('premium');
      const first = createStripeEvent('invoice.paid', invoice);
      await deliver(harness, first);
      await processed(harness, first.id);
      const end = subscription.items.data[0]?.current_period_end ?? 0;
      stripe.updateSubscription(subscription.id, { periodEnd: end + 30 * DAY });
      const renewal = stripe.createInvoice(subscription.id, { periodStart: end, periodEnd: end + 30 * DAY });
      // 50,000 of the first period's allocation are spent; the rest ends with the period.
      const asked = await createTestQuestion(harness.dataSource, subscriber.id);
      const reservations = harness.get(ReservationsService);
      await reservations.reserve(subscriber.id, asked.id, 50_000);
      await reservations.settle({
        userId: subscriber.id,
        questionId: asked.id,
        responseId: null,
        memberOrder: 0,
        round: 0,
        totalTokens: 50_000,
      });
      expect(await reload(subscriber.id)).toMatchObject({ monthlyTokens: 200_000 });
      const renewed = createStripeEvent('invoice.paid', renewal);
      await deliver(harness, renewed);
      await processed(harness, renewed.id);
      expect(await reload(subscriber.id)).toMatchObject({
        monthlyTokens: 250_000,
        tokensLeft: 260_000,
        nextTokenReset: new Date((end + 30 * DAY) * 1000),
      });
      const late = createStripeEvent(
        'invoice.paid',
        stripe.createInvoice(subscription.id, { periodStart: end - 30 * DAY, periodEnd: end }),
      );
      await deliver(harness, late);
      await processed(harness, late.id);
      expect(await reload(subscriber.id)).toMatchObject({
        monthlyTokens: 250_000,
        nextTokenReset: new Date((end + 30 * DAY) * 1000),
      });
    });
  });

  describe('recording', () => {
    it('records an event id once and acknowledges the duplicate without doing anything', async () => {
      const { buyer, session } = await paidTopUp();
      const event = createStripeEvent('checkout.session.completed', session);
      expect(await deliver(harness, event)).toEqual({ received: true, eventId: event.id, duplicate: false });
      await processed(harness, event.id);
      expect(await deliver(harness, event)).toEqual({ received: true, eventId: event.id, duplicate: true });
      expect(await reload(buyer.id)).toMatchObject({ purchasedTokens: 50_000 });
    });

    it('acknowledges and ignores event types it does not handle', async () => {
      const event = createStripeEvent(
        'charge.refunded',
        { id: 'ch_1', object: 'charge' },
        { id: stripeEventId() },
      );
      await deliver(harness, event);
      await processed(harness, event.id);
    });

    it('queues again an event that was recorded but never queued (a crash in between)', async () => {
      const { buyer, session } = await paidTopUp();
      const event = createStripeEvent('checkout.session.completed', session);
      await harness.dataSource
        .getRepository(StripeEventEntity)
        .insert({ id: event.id, type: event.type, payload: { ...event } });
      expect(await deliver(harness, event)).toMatchObject({ duplicate: true });
      await processed(harness, event.id);
      expect(await reload(buyer.id)).toMatchObject({ purchasedTokens: 50_000 });
    });

    it('re-drives an event whose job was lost after the 2xx, and leaves a recent one to its job', async () => {
      const { buyer, session } = await paidTopUp();
      const event = createStripeEvent('checkout.session.completed', session);
      // Recorded and acknowledged an hour ago; its job went with Redis. Stripe will not deliver it again.
      await harness.dataSource.getRepository(StripeEventEntity).insert({
        id: event.id,
        type: event.type,
        payload: { ...event },
        receivedAt: new Date(Date.now() - 60 * 60 * 1000),
      });
      const recent = createStripeEvent(
        'charge.refunded',
        { id: 'ch_2', object: 'charge' },
        { id: stripeEventId() },
      );
      await harness.dataSource
        .getRepository(StripeEventEntity)
        .insert({ id: recent.id, type: recent.type, payload: { ...recent } });

      const foundBefore = await redriveFound();
      expect(await harness.get(WebhookRedriveService).redrive(WEBHOOK_REDRIVE_AFTER_MS)).toBe(1);
      expect(await redriveFound()).toBe(foundBefore + 1);
      await processed(harness, event.id);
      expect(await reload(buyer.id)).toMatchObject({ purchasedTokens: 50_000 });
      expect(await harness.queue('billing-webhooks').getJob(`webhook-${recent.id}`)).toBeUndefined();
      // Processed now: the next re-drive finds nothing of it.
      expect(await harness.get(WebhookRedriveService).redrive(WEBHOOK_REDRIVE_AFTER_MS)).toBe(0);
      expect(await redriveFound()).toBe(foundBefore + 1);
      await harness.dataSource.getRepository(StripeEventEntity).delete({ id: recent.id });
    });

    /** What the re-drive has found so far, as billing's metrics report it. */
    async function redriveFound(): Promise<number> {
      const metric = await harness.get(MetricsService).registry.getSingleMetric(REDRIVE_EVENTS_METRIC)?.get();
      return metric?.values[0]?.value ?? 0;
    }

    it('has one re-drive schedule, on the webhook queue', async () => {
      const schedulers = await harness.queue('billing-webhooks').getJobSchedulers();
      expect(schedulers).toEqual([
        expect.objectContaining({
          key: WEBHOOK_REDRIVE_SCHEDULER_ID,
          name: 'webhook-redrive',
          every: WEBHOOK_REDRIVE_EVERY_MS,
        }),
      ]);
    });

    it('retries processing while Stripe is unavailable, then converges', async () => {
      const { subscriber, subscription } = await paidSubscription('premium');
      stripe.failRequests('GET', `/v1/subscriptions/${subscription.id}`, 1);
      const updated = createStripeEvent('customer.subscription.updated', subscription);
      await deliver(harness, updated);
      await processed(harness, updated.id);
      const job = await harness.queue('billing-webhooks').getJob(`webhook-${updated.id}`);
      expect(job?.attemptsMade).toBe(2);
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'premium',
        subscriptionStatus: 'active',
      });
    });
  });
});
