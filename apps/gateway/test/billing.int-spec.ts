// The gateway's billing calls end to end: the in-process gateway, the REAL billing app as a process
// (built dist, RPC over HTTP), real PostgreSQL and Redis, and the real Stripe SDK (inside billing)
// against the fake Stripe server of @council/testing. Webhooks are signed with the SDK's own helper.

import { type Server } from 'node:http';
import {
  BILLING_MESSAGES,
  DEMO_CHECKOUT_PATH,
  SERVER_MESSAGES,
  type SubscriptionStatusResponse,
} from '@council/contracts';
import {
  FakeStripeServer,
  type TestDatabase,
  createMigratedDatabase,
  freePort,
  createStripeEvent,
  param,
  signStripePayload,
} from '@council/testing';
import request from 'supertest';
import { type TestGateway, signUpThroughApi, startTestGateway } from './accounts.helpers';
import {
  type BillingProcess,
  type IsolatedRedis,
  buildBilling,
  isolatedRedis,
  startBillingProcess,
  unusualJson,
} from './billing.helpers';

const PUBLIC_URL = 'http://council.test';
const WEBHOOK_SECRET = 'whsec_test_gateway_billing';
const RPC_TIMEOUT_MS = 3000;
const UNAVAILABLE = {
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: BILLING_MESSAGES.billingUnavailable,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Buyer {
  id: number;
  cookie: string;
}

interface Balance {
  tokensLeft: number;
  monthlyTokens: number;
  purchasedTokens: number;
  subscriptionTier: string;
}

describe('billing through the gateway (billing process, PostgreSQL, Redis, fake Stripe)', () => {
  let db: TestDatabase;
  let redis: IsolatedRedis;
  let gw: TestGateway;
  let server: Server;
  let stripe: FakeStripeServer;
  let prices: { premium: string; max: string };
  let billing: BillingProcess | null = null;
  /** Billing runs here whenever it runs: the gateway's BILLING_URL. */
  let billingPort = 0;

  const billingEnv = (mode: 'stripe' | 'demo'): Record<string, string> => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    ...redis.env,
    PUBLIC_URL,
    ...(mode === 'stripe'
      ? {
          STRIPE_SECRET_KEY: 'sk_test_gateway',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: stripe.url,
          STRIPE_PRICE_PREMIUM: prices.premium,
          STRIPE_PRICE_MAX: prices.max,
        }
      : {}),
  });

  const startBilling = async (mode: 'stripe' | 'demo') => {
    billing = await startBillingProcess(billingEnv(mode), billingPort);
  };

  const stopBilling = async () => {
    await billing?.stop();
    billing = null;
  };

  beforeAll(async () => {
    buildBilling();
    billingPort = await freePort();
    db = await createMigratedDatabase('gwbilling', { seed: false });
    redis = await isolatedRedis('gwbilling');
    gw = await startTestGateway(
      'gwbilling',
      {
        PUBLIC_URL,
        TRUST_PROXY: 'loopback',
        BILLING_RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
        BILLING_URL: `http://127.0.0.1:${billingPort}`,
      },
      { db, redis },
    );
    server = gw.app.getHttpServer() as Server;
    stripe = await FakeStripeServer.start();
    prices = {
      premium: stripe.addPrice({ unitAmount: 2999, metadata: { tier: 'premium' } }).id,
      max: stripe.addPrice({ unitAmount: 9999, metadata: { tier: 'max' } }).id,
    };
  }, 300_000);

  afterAll(async () => {
    await stopBilling();
    await gw?.close();
    await stripe?.stop();
    await redis?.cleanup();
    await db?.drop();
  });

  /** Registers a new account through the gateway; its opening balance comes from the database. */
  const signUp = async (): Promise<Buyer> => {
    const { id, cookie } = await signUpThroughApi(gw, 'buyer');
    return { id, cookie };
  };

  const balanceOf = async (userId: number): Promise<Balance> => {
    const [row] = await gw.sql<Balance>(
      'SELECT "tokensLeft", "monthlyTokens", "purchasedTokens", "subscriptionTier" FROM "users" WHERE "id" = $1',
      [userId],
    );
    if (!row) throw new Error(`no user ${userId}`);
    return row;
  };

  const purchasesOf = async (userId: number): Promise<number> => {
    const [row] = await gw.sql<{ count: string }>(
      `SELECT count(*) AS "count" FROM "ledger_entries" WHERE "userId" = $1 AND "kind" = 'purchase'`,
      [userId],
    );
    return Number(row?.count ?? 0);
  };

  /** Billing's invariant, read straight from the database: cached balances equal the entries. */
  const expectLedgerConsistent = async () => {
    const rows = await gw.sql<{ id: number; cached: string; derived: string }>(
      `SELECT u."id",
              concat_ws(',', u."tokensLeft", u."monthlyTokens", u."purchasedTokens") AS "cached",
              concat_ws(',', coalesce(sum(e."amount"), 0),
                             coalesce(sum(e."amount") FILTER (WHERE e."bucket" = 'monthly'), 0),
                             coalesce(sum(e."amount") FILTER (WHERE e."bucket" = 'purchased'), 0)) AS "derived"
         FROM "users" u LEFT JOIN "ledger_entries" e ON e."userId" = u."id"
        GROUP BY u."id"`,
    );
    for (const row of rows)
      expect({ user: row.id, balance: row.cached }).toEqual({ user: row.id, balance: row.derived });
  };

  const waitUntilProcessed = async (eventId: string, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await gw.sql<{ processedAt: Date | null }>(
        'SELECT "processedAt" FROM "stripe_events" WHERE "id" = $1',
        [eventId],
      );
      if (row?.processedAt) return;
      if (Date.now() > deadline) throw new Error(`event ${eventId} not processed within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const eventRecorded = async (eventId: string): Promise<boolean> =>
    (await gw.sql('SELECT 1 FROM "stripe_events" WHERE "id" = $1', [eventId])).length > 0;

  const getAs = (path: string, buyer?: Buyer) => {
    const req = request(server).get(path);
    if (buyer) req.set('Cookie', buyer.cookie);
    return req;
  };

  const postAs = (path: string, body: object, buyer?: Buyer) => {
    const req = request(server).post(path);
    if (buyer) req.set('Cookie', buyer.cookie);
    return req.send(body);
  };

  const deliver = (body: string, signature?: string) => {
    const req = request(server).post('/api/stripe/webhook').set('Content-Type', 'application/json');
    if (signature !== undefined) req.set('Stripe-Signature', signature);
    return req.send(body);
  };

  /** A pack bought at the fake Stripe: the checkout made through the gateway, then paid. */
  const paidTopUp = async (buyer: Buyer, packageId = 'tokens_50k') => {
    const res = await postAs('/api/top-up-tokens', { packageId }, buyer).expect(200);
    const { sessionId } = res.body as { sessionId: string };
    const { session } = stripe.completeCheckoutSession(sessionId);
    return { sessionId, event: createStripeEvent('checkout.session.completed', session) };
  };

  describe('signed out', () => {
    it('answers 401 to every billing call, without asking billing', async () => {
      const demoId = 'cs_demo_AbCdEfGhIjKlMnOpQrStUvWx';
      const purchaseId = 'ch_demo_AbCdEfGhIjKlMnOpQrStUvWx';
      const calls = {
        'GET /api/subscription': getAs('/api/subscription'),
        'POST /api/get-or-create-subscription': postAs('/api/get-or-create-subscription', {
          tier: 'premium',
        }),
        'POST /api/create-customer-portal-session': postAs('/api/create-customer-portal-session', {
          returnUrl: `${PUBLIC_URL}/subscription`,
        }),
        'POST /api/top-up-tokens': postAs('/api/top-up-tokens', { packageId: 'tokens_50k' }),
        'GET /api/billing/demo/:id': getAs(`/api/billing/demo/${demoId}`),
        'POST /api/billing/demo/:id/confirm': postAs(`/api/billing/demo/${demoId}/confirm`, {}),
        'GET /api/billing/demo/purchases': getAs('/api/billing/demo/purchases'),
        'POST /api/billing/demo/purchases/:id/refund': postAs(
          `/api/billing/demo/purchases/${purchaseId}/refund`,
          {},
        ),
        'POST /api/billing/demo/purchases/:id/dispute': postAs(
          `/api/billing/demo/purchases/${purchaseId}/dispute`,
          { outcome: 'won' },
        ),
      };
      for (const [call, pending] of Object.entries(calls)) {
        const res = await pending;
        expect({ call, status: res.status, body: res.body as unknown }).toEqual({
          call,
          status: 401,
          body: { statusCode: 401, code: 'UNAUTHENTICATED', message: SERVER_MESSAGES.authRequired },
        });
      }
    });

    it('documents every call under the billing tag in OpenAPI', async () => {
      const res = await request(server).get('/api/docs-json').expect(200);
      const paths = (res.body as { paths: Record<string, Record<string, { tags?: string[] }>> }).paths;
      const expected = {
        '/api/subscription': 'get',
        '/api/get-or-create-subscription': 'post',
        '/api/create-customer-portal-session': 'post',
        '/api/top-up-tokens': 'post',
        '/api/stripe/webhook': 'post',
        '/api/billing/demo/{id}': 'get',
        '/api/billing/demo/{id}/confirm': 'post',
        '/api/billing/demo/purchases': 'get',
        '/api/billing/demo/purchases/{id}/refund': 'post',
        '/api/billing/demo/purchases/{id}/dispute': 'post',
      };
      for (const [path, method] of Object.entries(expected)) {
        expect({ path, tags: paths[path]?.[method]?.tags }).toEqual({ path, tags: ['billing'] });
      }
    });
  });

  describe('with Stripe (billing in stripe mode)', () => {
    beforeAll(async () => {
      await startBilling('stripe');
    }, 60_000);

    afterAll(async () => {
      await expectLedgerConsistent();
      await stopBilling();
    });

    it('reports a new account: free tier, 10,000 tokens, 5 free queries', async () => {
      const buyer = await signUp();
      const res = await getAs('/api/subscription', buyer).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body as SubscriptionStatusResponse).toEqual({
        tier: 'free',
        status: 'none',
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        tokensLeft: 10_000,
        monthlyTokens: 0,
        purchasedTokens: 0,
        freeTokens: 10_000,
        tokenAllowance: 10_000,
        queriesLeft: 5,
        nextTokenReset: null,
        hasBillingAccount: false,
        demoMode: false,
      });
    });

    it('starts a token-pack checkout at Stripe for the session user, a new one per request', async () => {
      const buyer = await signUp();
      const first = await postAs('/api/top-up-tokens', { packageId: 'tokens_150k' }, buyer).expect(200);
      const second = await postAs('/api/top-up-tokens', { packageId: 'tokens_150k' }, buyer).expect(200);
      const replies = [first.body, second.body] as Array<{ url: string; sessionId: string }>;
      for (const reply of replies) {
        expect(reply.sessionId).toMatch(/^cs_test_/);
        expect(reply.url).toBe(stripe.sessions.get(reply.sessionId)?.url);
        expect(reply.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
        expect(stripe.sessions.get(reply.sessionId)?.metadata.userId).toBe(String(buyer.id));
      }
      expect(replies[0]?.sessionId).not.toBe(replies[1]?.sessionId);
      // A fresh requestId (UUID) per HTTP request derives each Stripe idempotency key.
      const keys = stripe
        .requestsTo('POST', '/v1/checkout/sessions')
        .filter((req) => param(req.body, 'metadata', 'userId') === String(buyer.id))
        .map((req) => req.idempotencyKey ?? '');
      expect(keys).toHaveLength(2);
      for (const key of keys) {
        const prefix = `checkout:${buyer.id}:tokens_150k:`;
        expect(key.startsWith(prefix)).toBe(true);
        expect(key.slice(prefix.length)).toMatch(UUID);
      }
      expect(new Set(keys).size).toBe(2);
    });

    it('refuses an unknown pack, and any user id in the body', async () => {
      const buyer = await signUp();
      const other = await signUp();
      const unknown = await postAs('/api/top-up-tokens', { packageId: 'tokens_9m' }, buyer).expect(400);
      expect(unknown.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Please select a token package',
      });
      await postAs('/api/top-up-tokens', {}, buyer).expect(400);
      await postAs('/api/top-up-tokens', { packageId: 'tokens_50k', userId: other.id }, buyer).expect(400);
      await postAs('/api/get-or-create-subscription', { tier: 'max', userId: other.id }, buyer).expect(400);
      const sessionsOf = (id: number) =>
        [...stripe.sessions.values()].filter((session) => session.metadata.userId === String(id));
      expect(sessionsOf(buyer.id)).toHaveLength(0);
      expect(sessionsOf(other.id)).toHaveLength(0);
    });

    it('has no demo purchases outside demo mode (404)', async () => {
      const buyer = await signUp();
      const notFound = { statusCode: 404, code: 'NOT_FOUND', message: BILLING_MESSAGES.demoOnly };
      expect((await getAs('/api/billing/demo/purchases', buyer).expect(404)).body).toEqual(notFound);
      const id = 'ch_demo_AbCdEfGhIjKlMnOpQrStUvWx';
      expect((await postAs(`/api/billing/demo/purchases/${id}/refund`, {}, buyer).expect(404)).body).toEqual(
        notFound,
      );
      expect(
        (await postAs(`/api/billing/demo/purchases/${id}/dispute`, { outcome: 'lost' }, buyer).expect(404))
          .body,
      ).toEqual(notFound);
    });

    it('starts a subscription checkout, and refuses an unknown tier', async () => {
      const buyer = await signUp();
      const res = await postAs('/api/get-or-create-subscription', { tier: 'premium' }, buyer).expect(200);
      const { url } = res.body as { url: string };
      const session = [...stripe.sessions.values()].find((candidate) => candidate.url === url);
      expect(session).toMatchObject({ mode: 'subscription', metadata: { userId: String(buyer.id) } });
      expect(param(session?.line_items_requested[0] ?? {}, 'price')).toBe(prices.premium);
      const bad = await postAs('/api/get-or-create-subscription', { tier: 'enterprise' }, buyer).expect(400);
      expect(bad.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Please choose the Premium or Max plan',
      });
    });

    it('opens the customer portal only with a customer, and only back to our own origin', async () => {
      const buyer = await signUp();
      const none = await postAs('/api/create-customer-portal-session', {}, buyer).expect(400);
      expect(none.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: BILLING_MESSAGES.noBillingAccount,
      });

      await postAs('/api/top-up-tokens', { packageId: 'tokens_50k' }, buyer).expect(200); // makes the customer
      const portalCalls = () => stripe.requestsTo('POST', '/v1/billing_portal/sessions').length;
      const before = portalCalls();
      for (const returnUrl of [
        'https://evil.example/subscription',
        `${PUBLIC_URL}.evil.example/subscription`,
        `https://council.test/subscription`,
        'javascript:alert(1)',
      ]) {
        const foreign = await postAs('/api/create-customer-portal-session', { returnUrl }, buyer);
        expect({ returnUrl, status: foreign.status, code: (foreign.body as { code: string }).code }).toEqual({
          returnUrl,
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      }
      expect(portalCalls()).toBe(before);

      const returnUrl = `${PUBLIC_URL}/subscription?from=portal`;
      const res = await postAs('/api/create-customer-portal-session', { returnUrl }, buyer).expect(200);
      expect((res.body as { url: string }).url).toMatch(/^https:\/\/billing\.stripe\.test\//);
      const [call] = stripe.requestsTo('POST', '/v1/billing_portal/sessions').slice(-1);
      expect(param(call?.body ?? {}, 'return_url')).toBe(returnUrl);
      expect(call?.idempotencyKey).toMatch(new RegExp(`^portal:${buyer.id}:[0-9a-f-]{36}$`));

      // Manage Payment Method asks for the card flow; an unknown flow is refused.
      await postAs('/api/create-customer-portal-session', { flow: 'payment_method' }, buyer).expect(200);
      const [card] = stripe.requestsTo('POST', '/v1/billing_portal/sessions').slice(-1);
      expect(card?.idempotencyKey).toMatch(new RegExp(`^portal:${buyer.id}:payment_method:`));
      await postAs('/api/create-customer-portal-session', { flow: 'delete_everything' }, buyer).expect(400);
    });

    it('limits the checkouts one user can start (30 per 15 minutes), not other users', async () => {
      const buyer = await signUp();
      const other = await signUp();
      for (let attempt = 0; attempt < 30; attempt += 1) {
        await postAs('/api/top-up-tokens', { packageId: 'tokens_50k' }, buyer).expect(200);
      }
      const limited = await postAs('/api/top-up-tokens', { packageId: 'tokens_50k' }, buyer).expect(429);
      expect(limited.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await postAs('/api/get-or-create-subscription', { tier: 'max' }, buyer).expect(429);
      await getAs('/api/subscription', buyer).expect(200);
      await postAs('/api/top-up-tokens', { packageId: 'tokens_50k' }, other).expect(200);
    });

    it('passes the exact webhook bytes on: three concurrent deliveries credit the pack once', async () => {
      const buyer = await signUp();
      const { event } = await paidTopUp(buyer);
      (event.data.object as { metadata: Record<string, string> }).metadata.note = 'café ☕ — “quoted”';
      const body = unusualJson(event);
      // Re-serialising the parsed body would change the bytes, and with them the signature.
      expect(JSON.stringify(JSON.parse(body))).not.toBe(body);
      const { signature } = signStripePayload(body, WEBHOOK_SECRET);

      const started = Date.now();
      const replies = await Promise.all(
        [0, 1, 2].map((index) =>
          // A cross-site header must not matter: the webhook is exempt from the origin check.
          index === 0
            ? deliver(body, signature)
                .set('Sec-Fetch-Site', 'cross-site')
                .set('Origin', 'https://stripe.example')
            : deliver(body, signature),
        ),
      );
      expect(Date.now() - started).toBeLessThan(5000);
      for (const reply of replies) {
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({ received: true, eventId: event.id });
      }
      expect(
        replies.filter((reply) => (reply.body as { duplicate: boolean }).duplicate === false),
      ).toHaveLength(1);

      await waitUntilProcessed(event.id);
      expect(await balanceOf(buyer.id)).toMatchObject({ tokensLeft: 60_000, purchasedTokens: 50_000 });
      expect(await purchasesOf(buyer.id)).toBe(1);

      // Stripe delivering it again later changes nothing.
      const again = await deliver(body, signature).expect(200);
      expect(again.body).toEqual({ received: true, eventId: event.id, duplicate: true });
      const status = await getAs('/api/subscription', buyer).expect(200);
      expect(status.body).toMatchObject({
        tokensLeft: 60_000,
        purchasedTokens: 50_000,
        hasBillingAccount: true,
      });
      expect(await purchasesOf(buyer.id)).toBe(1);
    });

    it('answers 400 to a tampered body or a missing or wrong signature, and changes nothing', async () => {
      const buyer = await signUp();
      const thief = await signUp();
      const { event } = await paidTopUp(buyer);
      const body = unusualJson(event);
      const { signature } = signStripePayload(body, WEBHOOK_SECRET);
      const tampered = body.replace(`"userId": "${buyer.id}"`, `"userId": "${thief.id}"`);
      expect(tampered).not.toBe(body);

      for (const [label, res] of [
        ['tampered', await deliver(tampered, signature)],
        ['one extra space', await deliver(`${body} `, signature)],
        ['wrong secret', await deliver(body, signStripePayload(body, 'whsec_not_ours').signature)],
        [
          'stale',
          await deliver(body, signStripePayload(body, WEBHOOK_SECRET, { timestamp: 1_000_000 }).signature),
        ],
      ] as const) {
        expect({ label, status: res.status, code: (res.body as { code: string }).code }).toEqual({
          label,
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      }
      const missing = await deliver(body).expect(400);
      expect(missing.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: BILLING_MESSAGES.webhookSignatureMissing,
      });
      await request(server).post('/api/stripe/webhook').set('Stripe-Signature', signature).expect(400);

      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await eventRecorded(event.id)).toBe(false);
      expect(await balanceOf(buyer.id)).toMatchObject({ tokensLeft: 10_000, purchasedTokens: 0 });
      expect(await balanceOf(thief.id)).toMatchObject({ tokensLeft: 10_000, purchasedTokens: 0 });
    });

    it('answers 503 while billing is down (so Stripe retries), and the retry is credited', async () => {
      const buyer = await signUp();
      const { event } = await paidTopUp(buyer, 'tokens_300k');
      const body = unusualJson(event);
      const { signature } = signStripePayload(body, WEBHOOK_SECRET);

      await stopBilling();
      const started = Date.now();
      const down = await deliver(body, signature).expect(503);
      expect(down.body).toEqual({ ...UNAVAILABLE, requestId: expect.any(String) });
      expect(Date.now() - started).toBeLessThan(RPC_TIMEOUT_MS + 2000);
      expect((await getAs('/api/subscription', buyer).expect(503)).body).toEqual({
        ...UNAVAILABLE,
        requestId: expect.any(String),
      });
      expect(await eventRecorded(event.id)).toBe(false);

      await startBilling('stripe');
      const retried = await deliver(body, signature).expect(200);
      expect(retried.body).toEqual({ received: true, eventId: event.id, duplicate: false });
      await waitUntilProcessed(event.id);
      expect(await balanceOf(buyer.id)).toMatchObject({ tokensLeft: 310_000, purchasedTokens: 300_000 });
    }, 60_000);
  });

  describe('demo mode (billing without STRIPE_SECRET_KEY)', () => {
    beforeAll(async () => {
      await startBilling('demo');
    }, 60_000);

    afterAll(async () => {
      await expectLedgerConsistent();
      await stopBilling();
    });

    const demoApi = (id: string) => `/api/billing/demo/${id}`;

    it('sends a top-up to the demo checkout page, which shows the pack and credits it once', async () => {
      const buyer = await signUp();
      const status = await getAs('/api/subscription', buyer).expect(200);
      expect(status.body).toMatchObject({ demoMode: true, tokensLeft: 10_000 });

      const topUp = await postAs('/api/top-up-tokens', { packageId: 'tokens_150k' }, buyer).expect(200);
      const { url, sessionId } = topUp.body as { url: string; sessionId: string };
      expect(sessionId).toMatch(/^cs_demo_/);
      expect(url).toBe(`${PUBLIC_URL}${DEMO_CHECKOUT_PATH}/${sessionId}`);

      const view = await getAs(demoApi(sessionId), buyer).expect(200);
      expect(view.headers['cache-control']).toBe('no-store');
      expect(view.body).toMatchObject({
        id: sessionId,
        demo: true,
        mode: 'demo',
        kind: 'topup',
        status: 'open',
        amountPence: 1999,
        currency: 'gbp',
        tokens: 150_000,
        tier: null,
        successUrl: `${PUBLIC_URL}/subscription?checkout=success&kind=topup`,
        cancelUrl: `${PUBLIC_URL}/subscription?checkout=cancelled&kind=topup`,
      });
      expect((view.body as { description: string }).description).toContain('no payment is taken');

      const confirmed = await postAs(`${demoApi(sessionId)}/confirm`, {}, buyer).expect(200);
      expect(confirmed.body).toEqual({
        id: sessionId,
        status: 'complete',
        duplicate: false,
        redirectUrl: `${PUBLIC_URL}/subscription?checkout=success&kind=topup`,
        tier: 'free',
        tokensLeft: 160_000,
      });
      const again = await postAs(`${demoApi(sessionId)}/confirm`, {}, buyer).expect(200);
      expect(again.body).toMatchObject({ duplicate: true, tokensLeft: 160_000 });
      expect(await balanceOf(buyer.id)).toMatchObject({ tokensLeft: 160_000, purchasedTokens: 150_000 });
      expect(await purchasesOf(buyer.id)).toBe(1);
      expect((await getAs(demoApi(sessionId), buyer).expect(200)).body).toMatchObject({ status: 'complete' });
    });

    it('hides a demo checkout from everyone but its owner, and refuses unknown ids', async () => {
      const buyer = await signUp();
      const other = await signUp();
      const topUp = await postAs('/api/top-up-tokens', { packageId: 'tokens_50k' }, buyer).expect(200);
      const { sessionId } = topUp.body as { sessionId: string };
      const notFound = { statusCode: 404, code: 'NOT_FOUND', message: BILLING_MESSAGES.demoSessionNotFound };

      expect((await getAs(demoApi(sessionId), other).expect(404)).body).toEqual(notFound);
      expect((await postAs(`${demoApi(sessionId)}/confirm`, {}, other).expect(404)).body).toEqual(notFound);
      expect((await getAs(demoApi('cs_demo_AbCdEfGhIjKlMnOpQrStUvWx'), buyer).expect(404)).body).toEqual(
        notFound,
      );
      expect((await getAs(demoApi('not-a-demo-id'), buyer).expect(404)).body).toEqual(notFound);
      expect(await balanceOf(other.id)).toMatchObject({ tokensLeft: 10_000, purchasedTokens: 0 });
      expect(await balanceOf(buyer.id)).toMatchObject({ tokensLeft: 10_000, purchasedTokens: 0 });

      // Confirming changes state: another site's page cannot do it with the user's cookie.
      await postAs(`${demoApi(sessionId)}/confirm`, {}, buyer)
        .set('Origin', 'https://evil.example')
        .expect(403);
      expect(await purchasesOf(buyer.id)).toBe(0);
    });

    it('subscribes through the demo page, then opens the demo portal', async () => {
      const buyer = await signUp();
      const subscribe = await postAs('/api/get-or-create-subscription', { tier: 'premium' }, buyer).expect(
        200,
      );
      const { url } = subscribe.body as { url: string };
      expect(url.startsWith(`${PUBLIC_URL}${DEMO_CHECKOUT_PATH}/cs_demo_`)).toBe(true);
      const id = url.slice(url.lastIndexOf('/') + 1);
      expect((await getAs(demoApi(id), buyer).expect(200)).body).toMatchObject({
        kind: 'subscription',
        tier: 'premium',
      });
      const confirmed = await postAs(`${demoApi(id)}/confirm`, {}, buyer).expect(200);
      expect(confirmed.body).toMatchObject({
        tier: 'premium',
        redirectUrl: `${PUBLIC_URL}/subscription?checkout=success&kind=subscription`,
      });
      const status = await getAs('/api/subscription', buyer).expect(200);
      expect(status.body).toMatchObject({ tier: 'premium', status: 'active', hasBillingAccount: true });

      const again = await postAs('/api/get-or-create-subscription', { tier: 'premium' }, buyer).expect(200);
      expect(again.body).toEqual({ message: 'Already subscribed' });
      const portal = await postAs('/api/create-customer-portal-session', {}, buyer).expect(200);
      expect(
        (portal.body as { url: string }).url.startsWith(`${PUBLIC_URL}${DEMO_CHECKOUT_PATH}/cs_demo_`),
      ).toBe(true);
    });

    it('refunds and disputes a demo purchase through the labelled demo controls (DECISIONS 27)', async () => {
      const buyer = await signUp();
      const other = await signUp();
      const topUp = await postAs('/api/top-up-tokens', { packageId: 'tokens_50k' }, buyer).expect(200);
      const { sessionId } = topUp.body as { sessionId: string };
      await postAs(`${demoApi(sessionId)}/confirm`, {}, buyer).expect(200);

      const listed = await getAs('/api/billing/demo/purchases', buyer).expect(200);
      expect(listed.headers['cache-control']).toBe('no-store');
      const { purchases } = listed.body as { purchases: Array<{ id: string }> };
      expect(purchases).toEqual([
        {
          id: expect.stringMatching(/^ch_demo_/),
          packId: 'tokens_50k',
          title: 'Basic Pack — 50,000 tokens',
          tokens: 50_000,
          amountPence: 999,
          currency: 'gbp',
          createdAt: expect.any(String),
          refundedPence: 0,
          dispute: null,
          revokedTokens: 0,
          debtTokens: 0,
          frozenTokens: 0,
        },
      ]);
      const id = purchases[0]?.id ?? '';
      const purchaseApi = `/api/billing/demo/purchases/${id}`;
      expect((await getAs('/api/billing/demo/purchases', other).expect(200)).body).toEqual({ purchases: [] });

      // A dispute freezes the pack; won gives it back.
      const opened = await postAs(`${purchaseApi}/dispute`, {}, buyer).expect(200);
      expect(opened.body).toMatchObject({
        purchase: { dispute: 'open', frozenTokens: 50_000 },
        changed: true,
      });
      expect((await getAs('/api/subscription', buyer).expect(200)).body).toMatchObject({
        tokensLeft: 10_000,
      });
      const refusedRefund = await postAs(`${purchaseApi}/refund`, {}, buyer).expect(409);
      expect(refusedRefund.body).toEqual({
        statusCode: 409,
        code: 'CONFLICT',
        message: BILLING_MESSAGES.demoPurchaseDisputed,
      });
      await postAs(`${purchaseApi}/dispute`, { outcome: 'won' }, buyer).expect(200);
      expect((await getAs('/api/subscription', buyer).expect(200)).body).toMatchObject({
        tokensLeft: 60_000,
      });

      // A partial refund takes back its share; a full one the rest; a second full one changes nothing.
      const partial = await postAs(`${purchaseApi}/refund`, { amountPence: 333 }, buyer).expect(200);
      expect(partial.body).toMatchObject({
        purchase: { refundedPence: 333 },
        changed: true,
        tokensLeft: 43_333,
      });
      const full = await postAs(`${purchaseApi}/refund`, {}, buyer).expect(200);
      expect(full.body).toMatchObject({
        purchase: { refundedPence: 999 },
        changed: true,
        tokensLeft: 10_000,
      });
      const again = await postAs(`${purchaseApi}/refund`, {}, buyer).expect(200);
      expect(again.body).toMatchObject({ changed: false, tokensLeft: 10_000, tokenDebt: 0 });
      expect(await balanceOf(buyer.id)).toMatchObject({ tokensLeft: 10_000, purchasedTokens: 0 });

      // Another user's, a made-up or malformed id is 404; a hostile body 400; another site 403.
      const notFound = { statusCode: 404, code: 'NOT_FOUND', message: BILLING_MESSAGES.demoPurchaseNotFound };
      expect((await postAs(`${purchaseApi}/refund`, {}, other).expect(404)).body).toEqual(notFound);
      expect((await postAs(`${purchaseApi}/dispute`, {}, other).expect(404)).body).toEqual(notFound);
      expect(
        (
          await postAs(
            '/api/billing/demo/purchases/ch_demo_AbCdEfGhIjKlMnOpQrStUvWx/refund',
            {},
            buyer,
          ).expect(404)
        ).body,
      ).toEqual(notFound);
      expect(
        (await postAs('/api/billing/demo/purchases/not-an-id/refund', {}, buyer).expect(404)).body,
      ).toEqual(notFound);
      for (const body of [
        { amountPence: 0 },
        { amountPence: -5 },
        { amountPence: 'all' },
        { userId: other.id },
      ]) {
        expect((await postAs(`${purchaseApi}/refund`, body, other).expect(400)).body).toMatchObject({
          code: 'VALIDATION_FAILED',
        });
      }
      expect(
        (await postAs(`${purchaseApi}/dispute`, { outcome: 'draw' }, buyer).expect(400)).body,
      ).toMatchObject({ code: 'VALIDATION_FAILED' });
      await postAs(`${purchaseApi}/dispute`, {}, buyer).set('Origin', 'https://evil.example').expect(403);
      expect(await balanceOf(other.id)).toMatchObject({ tokensLeft: 10_000, purchasedTokens: 0 });
    });

    it('refuses Stripe webhooks in demo mode (400)', async () => {
      const body = unusualJson(createStripeEvent('checkout.session.completed', { id: 'cs_test_x' }));
      const res = await deliver(body, signStripePayload(body, WEBHOOK_SECRET).signature).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });
});
