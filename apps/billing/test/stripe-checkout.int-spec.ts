import { ALREADY_SUBSCRIBED, BILLING_MESSAGES } from '@council/contracts';
import { LedgerEntryEntity, UserEntity } from '@council/db';
import { FakeStripeServer, createStripeEvent, createTestUser, param } from '@council/testing';
import { loadConfig } from '@council/server-kit';
import Stripe from 'stripe';
import { CheckoutService } from '../src/checkout/checkout.service';
import { BillingEnv } from '../src/config/billing.env';
import { setUpStripeCatalog } from '../src/stripe/stripe-catalog.setup';
import { StripePricesService } from '../src/stripe/stripe-prices.service';
import { StripeSdkService, stripeClientOptions } from '../src/stripe/stripe-sdk.service';
import { PRICE_LOOKUP_KEYS } from '../src/stripe/stripe.constants';
import { SubscriptionsService } from '../src/subscriptions/subscriptions.service';
import {
  type BillingHarness,
  PUBLIC_URL,
  deliver,
  expectLedgerConsistent,
  processed,
  startBilling,
} from './support/billing-harness';

describe('Stripe checkout, subscriptions and the portal', () => {
  let harness: BillingHarness;
  let stripe: FakeStripeServer;
  let checkout: CheckoutService;
  let subscriptions: SubscriptionsService;

  beforeAll(async () => {
    harness = await startBilling({ stripe: true });
    stripe = harness.fakeStripe as FakeStripeServer;
    checkout = harness.get(CheckoutService);
    subscriptions = harness.get(SubscriptionsService);
  });

  afterEach(async () => {
    await expectLedgerConsistent(harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  const user = (fields: Partial<UserEntity> = {}) => createTestUser(harness.dataSource, fields);
  const reload = (id: number) => harness.dataSource.getRepository(UserEntity).findOneByOrFail({ id });

  /** A premium subscriber, as the webhooks leave them after a paid Checkout. */
  async function premiumSubscriber() {
    const subscriber = await user();
    const reply = await subscriptions.getOrCreate(subscriber.id, 'premium', `req-${subscriber.id}-premium`);
    const session = [...stripe.sessions.values()].find(
      (candidate) => 'url' in reply && candidate.url === reply.url,
    );
    const { subscription, invoice } = stripe.completeCheckoutSession(session?.id ?? '');
    if (!subscription || !invoice) throw new Error('no subscription');
    const paid = createStripeEvent('invoice.paid', invoice);
    await deliver(harness, paid);
    await processed(harness, paid.id);
    return { subscriber, subscription };
  }

  describe('token packs', () => {
    it('creates a one-time GBP Checkout priced from TOKEN_PACKS, for a customer created once', async () => {
      const buyer = await user({ name: 'Ada' });
      const replies = await Promise.all([
        checkout.createTopUp(buyer.id, 'tokens_300k', 'req-aaaaaaaa'),
        checkout.createTopUp(buyer.id, 'tokens_300k', 'req-aaaaaaaa'),
      ]);
      expect(replies[0]).toEqual(replies[1]);
      expect(replies[0]).toEqual({
        url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//),
        sessionId: expect.stringMatching(/^cs_/),
      });

      const customers = stripe
        .requestsTo('POST', '/v1/customers')
        .filter((request) => param(request.body, 'metadata', 'userId') === String(buyer.id));
      expect(customers).toHaveLength(1);
      expect(customers[0]?.idempotencyKey).toBe(`customer:${buyer.id}`);
      const customerId = (await reload(buyer.id)).stripeCustomerId;
      expect(customerId).toMatch(/^cus_/);

      const sessions = stripe
        .requestsTo('POST', '/v1/checkout/sessions')
        .filter((request) => request.idempotencyKey === `checkout:${buyer.id}:tokens_300k:req-aaaaaaaa`);
      expect(sessions).toHaveLength(2);
      expect(sessions[0]?.body).toMatchObject({
        mode: 'payment',
        customer: customerId,
        client_reference_id: String(buyer.id),
        line_items: [
          {
            quantity: '1',
            price_data: {
              currency: 'gbp',
              unit_amount: '2999',
              product_data: { name: 'Plus Pack — 300,000 tokens' },
            },
          },
        ],
        metadata: { userId: String(buyer.id), kind: 'topup', packId: 'tokens_300k' },
        success_url: `${PUBLIC_URL}/subscription?checkout=success&kind=topup&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${PUBLIC_URL}/subscription?checkout=cancelled&kind=topup`,
      });
      expect(stripe.sessions.get(replies[0].sessionId)?.amount_total).toBe(2999);
      // The SDK's own API version, pinned by the installed package.
      expect(sessions[0]?.stripeVersion).toBe(Stripe.API_VERSION);
    });

    it('refuses an unknown pack as a validation error', async () => {
      const buyer = await user();
      await expect(checkout.createTopUp(buyer.id, 'tokens_9m', 'req-bbbbbbbb')).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe('subscriptions', () => {
    it('sends a free user to a subscription Checkout with the plan price found by lookup key', async () => {
      const buyer = await user();
      const reply = await subscriptions.getOrCreate(buyer.id, 'max', 'req-cccccccc');
      expect(reply).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//) });
      const [request] = stripe
        .requestsTo('POST', '/v1/checkout/sessions')
        .filter((candidate) => candidate.idempotencyKey === `checkout:${buyer.id}:max:req-cccccccc`);
      expect(request?.body).toMatchObject({
        mode: 'subscription',
        line_items: [{ price: harness.priceIds?.max, quantity: '1' }],
        subscription_data: { metadata: { userId: String(buyer.id), tier: 'max' } },
      });
      const lookups = stripe.requestsTo('GET', '/v1/prices');
      expect(lookups.length).toBeGreaterThan(0);
      expect(lookups[0]?.query).toMatchObject({
        lookup_keys: [PRICE_LOOKUP_KEYS.premium, PRICE_LOOKUP_KEYS.max],
      });
      // Cached: the next checkout looks nothing up.
      await subscriptions.getOrCreate(buyer.id, 'premium', 'req-dddddddd');
      expect(stripe.requestsTo('GET', '/v1/prices')).toHaveLength(lookups.length);
    });

    it('answers "Already subscribed" for the plan in force, and for a downgrade', async () => {
      const { subscriber } = await premiumSubscriber();
      expect(await subscriptions.getOrCreate(subscriber.id, 'premium', 'req-eeeeeeee')).toEqual({
        message: ALREADY_SUBSCRIBED,
      });
      const max = await user({ subscriptionTier: 'max', subscriptionStatus: 'active' });
      expect(await subscriptions.getOrCreate(max.id, 'premium', 'req-ffffffff')).toEqual({
        message: ALREADY_SUBSCRIBED,
      });
    });

    it('upgrades premium to max in place, with proration, and tops the allowance up', async () => {
      const { subscriber, subscription } = await premiumSubscriber();
      const reply = await subscriptions.getOrCreate(subscriber.id, 'max', 'req-gggggggg');
      expect(reply).toEqual({
        url: `${PUBLIC_URL}/subscription?checkout=success&kind=upgrade`,
        upgraded: true,
      });
      const [update] = stripe.requestsTo('POST', `/v1/subscriptions/${subscription.id}`);
      expect(update?.idempotencyKey).toBe(`upgrade:${subscription.id}:max:req-gggggggg`);
      expect(update?.body).toMatchObject({
        items: [{ id: subscription.items.data[0]?.id, price: harness.priceIds?.max }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
      });
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'max',
        monthlyTokens: 1_000_000,
      });
      // The events that follow (updated, and the proration invoice) change nothing more.
      const updated = createStripeEvent(
        'customer.subscription.updated',
        stripe.subscriptions.get(subscription.id) ?? {},
      );
      const proration = createStripeEvent(
        'invoice.paid',
        stripe.invoices.get(stripe.subscriptions.get(subscription.id)?.latest_invoice ?? '') ?? {},
      );
      for (const event of [updated, proration]) {
        await deliver(harness, event);
        await processed(harness, event.id);
      }
      expect(await reload(subscriber.id)).toMatchObject({
        subscriptionTier: 'max',
        monthlyTokens: 1_000_000,
      });
      const grants = await harness.dataSource
        .getRepository(LedgerEntryEntity)
        .findBy({ userId: subscriber.id, kind: 'grant', bucket: 'monthly' });
      expect(grants.map((grant) => grant.amount).sort()).toEqual([250_000, 750_000]);
    });

    it("grants an upgrade on the period's last day a thirtieth of the difference, as it is prorated", async () => {
      const { subscriber, subscription } = await premiumSubscriber();
      const item = stripe.subscriptions.get(subscription.id)?.items.data[0];
      if (!item) throw new Error('no item');
      const nowSeconds = Math.floor(Date.now() / 1000);
      item.current_period_start = nowSeconds - Math.round(29.5 * 86_400);
      item.current_period_end = nowSeconds + Math.round(0.5 * 86_400);
      await subscriptions.getOrCreate(subscriber.id, 'max', 'req-late-upgrade');
      expect(await reload(subscriber.id)).toMatchObject({ subscriptionTier: 'max', monthlyTokens: 275_000 });
      const grants = await harness.dataSource
        .getRepository(LedgerEntryEntity)
        .findBy({ userId: subscriber.id, kind: 'grant', bucket: 'monthly' });
      expect(grants.map((grant) => grant.amount).sort((a, b) => a - b)).toEqual([25_000, 250_000]);
    });

    it('reports the subscription with the real renewal date and the balance', async () => {
      const { subscriber, subscription } = await premiumSubscriber();
      const renewal = new Date((subscription.items.data[0]?.current_period_end ?? 0) * 1000).toISOString();
      expect(await subscriptions.status(subscriber.id)).toEqual({
        tier: 'premium',
        status: 'active',
        currentPeriodEnd: renewal,
        cancelAtPeriodEnd: false,
        tokensLeft: 260_000,
        monthlyTokens: 250_000,
        purchasedTokens: 0,
        freeTokens: 10_000,
        tokenAllowance: 250_000,
        queriesLeft: 5,
        nextTokenReset: renewal,
        hasBillingAccount: true,
        demoMode: false,
      });
    });
  });

  describe('the customer portal', () => {
    it('opens for a customer, returning to our own page', async () => {
      const { subscriber } = await premiumSubscriber();
      const reply = await subscriptions.portal(subscriber.id, `${PUBLIC_URL}/subscription`, 'req-hhhhhhhh');
      expect(reply).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//) });
      const [request] = stripe.requestsTo('POST', '/v1/billing_portal/sessions').slice(-1);
      expect(request?.body).toEqual({
        customer: (await reload(subscriber.id)).stripeCustomerId,
        return_url: `${PUBLIC_URL}/subscription`,
      });
      expect(request?.idempotencyKey).toBe(`portal:${subscriber.id}:req-hhhhhhhh`);
    });

    it("opens Stripe's card flow for Manage Payment Method and its cancel flow for Cancel Subscription", async () => {
      const { subscriber } = await premiumSubscriber();
      const { stripeSubscriptionId } = await reload(subscriber.id);
      await subscriptions.portal(subscriber.id, undefined, 'req-pm-00001', 'payment_method');
      const [card] = stripe.requestsTo('POST', '/v1/billing_portal/sessions').slice(-1);
      expect(card?.body).toMatchObject({ flow_data: { type: 'payment_method_update' } });
      expect(card?.idempotencyKey).toBe(`portal:${subscriber.id}:payment_method:req-pm-00001`);
      await subscriptions.portal(subscriber.id, undefined, 'req-cancel-01', 'cancel');
      const [cancel] = stripe.requestsTo('POST', '/v1/billing_portal/sessions').slice(-1);
      expect(cancel?.body).toMatchObject({
        flow_data: {
          type: 'subscription_cancel',
          subscription_cancel: { subscription: stripeSubscriptionId },
        },
      });
    });

    it('is a 400 without a Stripe customer, or with a return URL elsewhere', async () => {
      const stranger = await user();
      await expect(subscriptions.portal(stranger.id, undefined, 'req-iiiiiiii')).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: BILLING_MESSAGES.noBillingAccount,
      });
      const { subscriber } = await premiumSubscriber();
      await expect(
        subscriptions.portal(subscriber.id, 'https://evil.example/phish', 'req-jjjjjjjj'),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: BILLING_MESSAGES.returnUrlForeign,
      });
    });
  });

  describe('when Stripe is unavailable', () => {
    it('answers SERVICE_UNAVAILABLE and creates nothing', async () => {
      const buyer = await user();
      stripe.failRequests('POST', '/v1/customers', 1, 503);
      await expect(checkout.createTopUp(buyer.id, 'tokens_50k', 'req-kkkkkkkk')).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
      expect((await reload(buyer.id)).stripeCustomerId).toBeNull();
    });
  });
});

describe('plan prices', () => {
  let stripe: FakeStripeServer;

  beforeAll(async () => {
    stripe = await FakeStripeServer.start();
  });

  afterAll(async () => {
    await stripe?.stop();
  });

  it('stripe:setup creates the products and monthly GBP prices once, under the lookup keys', async () => {
    const client = new Stripe('sk_test_setup', stripeClientOptions(stripe.url));
    const first = await setUpStripeCatalog(client);
    expect(first).toEqual([
      {
        tier: 'premium',
        productId: 'council_premium',
        priceId: expect.stringMatching(/^price_/),
        lookupKey: PRICE_LOOKUP_KEYS.premium,
        created: true,
      },
      {
        tier: 'max',
        productId: 'council_max',
        priceId: expect.stringMatching(/^price_/),
        lookupKey: PRICE_LOOKUP_KEYS.max,
        created: true,
      },
    ]);
    const premium = stripe.prices.get(first[0]?.priceId ?? '');
    expect(premium).toMatchObject({
      currency: 'gbp',
      unit_amount: 2999,
      recurring: { interval: 'month' },
      product: 'council_premium',
    });
    expect(stripe.prices.get(first[1]?.priceId ?? '')).toMatchObject({ unit_amount: 9999 });

    const second = await setUpStripeCatalog(client);
    expect(second.map(({ priceId, created }) => ({ priceId, created }))).toEqual(
      first.map(({ priceId }) => ({ priceId, created: false })),
    );
    expect(stripe.products.size).toBe(2);
    expect(stripe.prices.size).toBe(2);
    expect(
      stripe.requestsTo('POST', '/v1/').every((request) => request.idempotencyKey?.startsWith('setup:')),
    ).toBe(true);
  });

  it('billing takes configured price ids without asking Stripe, else finds them by lookup key', async () => {
    const [premium, max] = await setUpStripeCatalog(
      new Stripe('sk_test_setup', stripeClientOptions(stripe.url)),
    );
    const config = (env: Record<string, string>) =>
      loadConfig(BillingEnv, 'billing', {
        DATABASE_URL: 'postgres://unused/unused',
        REDIS_URL: 'redis://unused',
        STRIPE_SECRET_KEY: 'sk_test_prices',
        STRIPE_WEBHOOK_SECRET: 'whsec_prices',
        STRIPE_API_BASE: stripe.url,
        ...env,
      });
    const pricesWith = (env: Record<string, string>) => {
      const loaded = config(env);
      return new StripePricesService(loaded, new StripeSdkService(loaded));
    };
    const lookups = () => stripe.requestsTo('GET', '/v1/prices').length;

    const before = lookups();
    const configured = pricesWith({
      STRIPE_PRICE_PREMIUM: 'price_configured_premium',
      STRIPE_PRICE_MAX: 'price_configured_max',
    });
    expect(await configured.catalog()).toEqual({
      premium: 'price_configured_premium',
      max: 'price_configured_max',
    });
    expect(lookups()).toBe(before);

    const lookedUp = pricesWith({});
    expect(await lookedUp.catalog()).toEqual({ premium: premium?.priceId, max: max?.priceId });
    expect(await lookedUp.catalog()).toEqual({ premium: premium?.priceId, max: max?.priceId });
    expect(lookups()).toBe(before + 1);
  });
});
