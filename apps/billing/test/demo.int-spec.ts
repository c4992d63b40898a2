import { ALREADY_SUBSCRIBED, BILLING_MESSAGES } from '@council/contracts';
import { LedgerEntryEntity, UserEntity } from '@council/db';
import { createStripeEvent, createTestUser } from '@council/testing';
import { CheckoutService } from '../src/checkout/checkout.service';
import { DemoCheckoutService } from '../src/demo/demo-checkout.service';
import { SubscriptionsService } from '../src/subscriptions/subscriptions.service';
import { WebhookEventsService } from '../src/webhooks/webhook-events.service';
import {
  type BillingHarness,
  PUBLIC_URL,
  deliver,
  expectLedgerConsistent,
  startBilling,
} from './support/billing-harness';

describe('demo mode (no STRIPE_SECRET_KEY)', () => {
  let harness: BillingHarness;
  let demo: DemoCheckoutService;
  let subscriptions: SubscriptionsService;

  beforeAll(async () => {
    harness = await startBilling();
    demo = harness.get(DemoCheckoutService);
    subscriptions = harness.get(SubscriptionsService);
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await expectLedgerConsistent(harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  const user = (fields: Partial<UserEntity> = {}) => createTestUser(harness.dataSource, fields);
  const reload = (id: number) => harness.dataSource.getRepository(UserEntity).findOneByOrFail({ id });
  const sessionIdOf = (url: string) => url.slice(`${PUBLIC_URL}/demo-checkout/`.length);

  describe('a token pack', () => {
    it('leads to the labelled demo page on our own origin', async () => {
      const buyer = await user();
      const reply = await harness.get(CheckoutService).createTopUp(buyer.id, 'tokens_50k', 'req-demo-0001');
      expect(reply.url).toBe(`${PUBLIC_URL}/demo-checkout/${reply.sessionId}`);
      expect(reply.sessionId).toMatch(/^cs_demo_[A-Za-z0-9_-]{24}$/);
      expect(await demo.get(reply.sessionId, buyer.id)).toEqual({
        id: reply.sessionId,
        demo: true,
        mode: 'demo',
        kind: 'topup',
        portalFlow: null,
        actions: ['confirm'],
        periodEnd: null,
        status: 'open',
        title: 'Basic Pack — 50,000 tokens',
        description: expect.stringContaining('no payment is taken'),
        amountPence: 999,
        currency: 'gbp',
        tokens: 50_000,
        tier: null,
        successUrl: `${PUBLIC_URL}/subscription?checkout=success&kind=topup`,
        cancelUrl: `${PUBLIC_URL}/subscription?checkout=cancelled&kind=topup`,
        expiresAt: expect.any(String),
      });
    });

    it('is credited on confirmation by the webhook fulfilment code, exactly once', async () => {
      const buyer = await user();
      const apply = jest.spyOn(WebhookEventsService.prototype, 'apply');
      const { sessionId } = await harness
        .get(CheckoutService)
        .createTopUp(buyer.id, 'tokens_50k', 'req-demo-0002');
      const confirmations = await Promise.all(
        Array.from({ length: 5 }, () => demo.confirm(sessionId, buyer.id)),
      );
      // Concurrent confirmations credit once, and exactly one of them says so.
      expect(confirmations.map((reply) => reply.duplicate).sort()).toEqual([false, true, true, true, true]);
      expect(confirmations.find((reply) => !reply.duplicate)).toMatchObject({
        id: sessionId,
        status: 'complete',
        redirectUrl: `${PUBLIC_URL}/subscription?checkout=success&kind=topup`,
        tier: 'free',
      });
      expect(await demo.confirm(sessionId, buyer.id)).toMatchObject({ duplicate: true, tokensLeft: 60_000 });
      expect(apply).toHaveBeenCalledWith(
        { id: expect.stringMatching(/^evt_demo_/), type: 'checkout.session.completed', sessionId },
        expect.objectContaining({ mode: 'demo' }),
      );
      expect(await reload(buyer.id)).toMatchObject({
        tokensLeft: 60_000,
        purchasedTokens: 50_000,
        stripeCustomerId: `cus_demo_${buyer.id}`,
      });
      // The same entry a verified checkout.session.completed writes (see stripe-webhooks.int-spec.ts).
      const purchases = await harness.dataSource
        .getRepository(LedgerEntryEntity)
        .findBy({ userId: buyer.id, kind: 'purchase' });
      expect(purchases).toEqual([
        expect.objectContaining({
          bucket: 'purchased',
          amount: 50_000,
          idempotencyKey: `purchase:${sessionId}`,
          stripeEventId: expect.stringMatching(/^evt_demo_/),
        }),
      ]);
      expect(await demo.get(sessionId, buyer.id)).toMatchObject({ status: 'complete' });
    });

    it('is unknown to anyone but its buyer, and unknown when made up', async () => {
      const buyer = await user();
      const other = await user();
      const { sessionId } = await harness
        .get(CheckoutService)
        .createTopUp(buyer.id, 'tokens_1m', 'req-demo-0003');
      await expect(demo.get(sessionId, other.id)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: BILLING_MESSAGES.demoSessionNotFound,
      });
      await expect(demo.confirm(sessionId, other.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(demo.confirm('cs_demo_madeupmadeupmadeupmadeup', buyer.id)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      expect(await reload(other.id)).toMatchObject({ purchasedTokens: 0 });
    });
  });

  describe('plans', () => {
    it('subscribe, upgrade and cancel through demo pages, as the Stripe events would', async () => {
      const subscriber = await user();
      const subscribe = await subscriptions.getOrCreate(subscriber.id, 'premium', 'req-demo-0004');
      if (!('url' in subscribe)) throw new Error('expected a url');
      expect(await demo.get(sessionIdOf(subscribe.url), subscriber.id)).toMatchObject({
        kind: 'subscription',
        title: 'Premium plan — £29.99 per month',
        amountPence: 2999,
        tokens: 250_000,
        tier: 'premium',
      });
      await demo.confirm(sessionIdOf(subscribe.url), subscriber.id);
      const premium = await subscriptions.status(subscriber.id);
      expect(premium).toMatchObject({
        tier: 'premium',
        status: 'active',
        monthlyTokens: 250_000,
        tokensLeft: 260_000,
        tokenAllowance: 250_000,
        hasBillingAccount: true,
        demoMode: true,
        cancelAtPeriodEnd: false,
      });
      expect(premium.currentPeriodEnd).not.toBeNull();
      expect(premium.nextTokenReset).toBe(premium.currentPeriodEnd);
      expect(await subscriptions.getOrCreate(subscriber.id, 'premium', 'req-demo-0005')).toEqual({
        message: ALREADY_SUBSCRIBED,
      });

      const upgrade = await subscriptions.getOrCreate(subscriber.id, 'max', 'req-demo-0006');
      if (!('url' in upgrade)) throw new Error('expected a url');
      expect(await demo.get(sessionIdOf(upgrade.url), subscriber.id)).toMatchObject({
        kind: 'upgrade',
        tier: 'max',
      });
      await demo.confirm(sessionIdOf(upgrade.url), subscriber.id);
      expect(await subscriptions.status(subscriber.id)).toMatchObject({
        tier: 'max',
        monthlyTokens: 1_000_000,
        currentPeriodEnd: premium.currentPeriodEnd,
      });
      // A checkout is paid once: the Premium one, confirmed again, leaves the upgrade in place.
      expect(await demo.confirm(sessionIdOf(subscribe.url), subscriber.id)).toMatchObject({
        duplicate: true,
        tier: 'max',
      });
      expect(await subscriptions.status(subscriber.id)).toMatchObject({
        tier: 'max',
        monthlyTokens: 1_000_000,
        tokenAllowance: 1_000_000,
      });

      // Manage Payment Method manages the card and never cancels (DECISIONS 21).
      const card = await subscriptions.portal(subscriber.id, undefined, 'req-demo-0007', 'payment_method');
      expect(await demo.get(sessionIdOf(card.url), subscriber.id)).toMatchObject({
        kind: 'portal',
        portalFlow: 'payment_method',
        amountPence: null,
        actions: ['confirm'],
      });
      await demo.confirm(sessionIdOf(card.url), subscriber.id);
      expect(await subscriptions.status(subscriber.id)).toMatchObject({
        tier: 'max',
        status: 'active',
        cancelAtPeriodEnd: false,
      });
      await expect(
        demo.confirm(sessionIdOf(card.url), subscriber.id, 'end-period-now'),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });

      // Cancel Subscription cancels at the end of the paid period: tier and allowance stay.
      const cancel = await subscriptions.portal(subscriber.id, undefined, 'req-demo-0009', 'cancel');
      expect(await demo.get(sessionIdOf(cancel.url), subscriber.id)).toMatchObject({
        portalFlow: 'cancel',
        actions: ['confirm', 'end-period-now'],
        periodEnd: premium.currentPeriodEnd,
      });
      await demo.confirm(sessionIdOf(cancel.url), subscriber.id);
      await demo.confirm(sessionIdOf(cancel.url), subscriber.id);
      expect(await subscriptions.status(subscriber.id)).toMatchObject({
        tier: 'max',
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: premium.currentPeriodEnd,
        monthlyTokens: 1_000_000,
      });

      // The demo portal's labelled control ends the period now: the plan ends, the tokens stay.
      const again = await subscriptions.portal(subscriber.id, undefined, 'req-demo-0010', 'cancel');
      expect(await demo.get(sessionIdOf(again.url), subscriber.id)).toMatchObject({
        actions: ['end-period-now'],
      });
      await demo.confirm(sessionIdOf(again.url), subscriber.id, 'end-period-now');
      await demo.confirm(sessionIdOf(again.url), subscriber.id, 'confirm');
      expect(await subscriptions.status(subscriber.id)).toMatchObject({
        tier: 'free',
        status: 'canceled',
        currentPeriodEnd: null,
        monthlyTokens: 1_000_000,
      });
      // The ended plan's checkouts, confirmed again, bring back neither plan.
      for (const url of [subscribe.url, upgrade.url]) {
        expect(await demo.confirm(sessionIdOf(url), subscriber.id)).toMatchObject({
          duplicate: true,
          tier: 'free',
        });
      }
      expect(await subscriptions.status(subscriber.id)).toMatchObject({
        tier: 'free',
        status: 'canceled',
        currentPeriodEnd: null,
      });
    });

    it('has no portal for a user who never bought anything', async () => {
      const stranger = await user();
      await expect(subscriptions.portal(stranger.id, undefined, 'req-demo-0008')).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    });
  });

  it('refuses Stripe webhooks: there is no secret to verify them with', async () => {
    await expect(
      deliver(harness, createStripeEvent('checkout.session.completed', { id: 'cs_1' })),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: BILLING_MESSAGES.webhooksDisabled,
    });
  });
});
