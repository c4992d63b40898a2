import {
  BILLING_RPC,
  type BillingRpcCalls,
  type BillingRpcPattern,
  type BillingRpcReply,
  type BillingRpcRequest,
  SERVER_MESSAGES,
  billingRpcPath,
  billingRpcReplyError,
} from '@council/contracts';
import { LedgerEntryEntity } from '@council/db';
import {
  DEVELOPMENT_RPC_SECRET,
  type HttpRpcClient,
  MetricsService,
  createBillingRpcClient,
} from '@council/server-kit';
import {
  createStripeEvent,
  createTestQuestion,
  createTestUser,
  freePort,
  param,
  signStripeEvent,
} from '@council/testing';
import {
  type BillingHarness,
  WEBHOOK_SECRET,
  expectLedgerConsistent,
  processed,
  startBilling,
} from './support/billing-harness';
import { type RoundRobinProxy, startRoundRobinProxy } from './support/round-robin-proxy';

type Client = HttpRpcClient<BillingRpcCalls>;

/** The gateway's client (same factory and settings) on `url`. */
function connect(url: string): Client {
  return createBillingRpcClient({ baseUrl: url, secret: DEVELOPMENT_RPC_SECRET, timeoutMs: 10_000 });
}

async function call<P extends BillingRpcPattern>(
  client: Client,
  pattern: P,
  request: BillingRpcRequest<P>,
): Promise<BillingRpcReply<P>> {
  const answer = await client.call(pattern, request);
  if (!answer.ok) throw new Error(`${pattern} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.reply;
}

/** What the gateway answers the user when billing refuses (the call map's types are bypassed on purpose). */
async function failure(client: Client, pattern: BillingRpcPattern, request: object) {
  const answer = await client.call(pattern, request as BillingRpcRequest<typeof pattern>);
  if (answer.ok) throw new Error(`${pattern} succeeded: ${JSON.stringify(answer.reply)}`);
  return { status: answer.status, body: billingRpcReplyError(answer.status, answer.body) };
}

describe('billing RPC over HTTP (demo mode)', () => {
  let harness: BillingHarness;
  let client: Client;

  beforeAll(async () => {
    harness = await startBilling({ listen: true });
    client = connect(harness.url ?? '');
  });

  afterEach(async () => {
    await expectLedgerConsistent(harness);
  });

  afterAll(async () => {
    await client?.close();
    await harness?.close();
  });

  it('refuses callers without the RPC secret (401)', async () => {
    const url = `${harness.url}${billingRpcPath(BILLING_RPC.reserve)}`;
    const post = (authorization?: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ userId: 1, questionId: 1, maxTokens: 1 }),
      });
    for (const response of [await post(), await post('Bearer wrong'), await post(DEVELOPMENT_RPC_SECRET)]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    }
    const stranger = createBillingRpcClient({
      baseUrl: harness.url ?? '',
      secret: 'x'.repeat(40),
      timeoutMs: 5000,
    });
    try {
      expect(await failure(stranger, BILLING_RPC.health, {})).toEqual({
        status: 401,
        body: expect.objectContaining({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' }),
      });
    } finally {
      await stranger.close();
    }
  });

  it('answers the gateway and reports demo mode without a Stripe key', async () => {
    expect(await call(client, BILLING_RPC.health, {})).toEqual({ status: 'ok', mode: 'demo' });
  });

  it('reports a new account', async () => {
    const user = await createTestUser(harness.dataSource);
    expect(await call(client, BILLING_RPC.subscriptionGet, { userId: user.id })).toEqual({
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
      demoMode: true,
    });
  });

  it('reserves and releases for the question flow, with the 402s the gateway passes on', async () => {
    const user = await createTestUser(harness.dataSource);
    const question = await createTestQuestion(harness.dataSource, user.id);
    expect(
      await call(client, BILLING_RPC.reserve, { userId: user.id, questionId: question.id, maxTokens: 4_000 }),
    ).toEqual({
      questionId: question.id,
      reserved: 4_000,
      tokensLeft: 6_000,
      queriesLeft: 4,
      duplicate: false,
    });
    expect(await call(client, BILLING_RPC.release, { userId: user.id, questionId: question.id })).toEqual({
      questionId: question.id,
      released: 4_000,
      tokensLeft: 10_000,
      duplicate: false,
    });

    const broke = await createTestUser(harness.dataSource, { tokensLeft: 0 });
    const unpaid = await createTestQuestion(harness.dataSource, broke.id);
    expect(
      await failure(client, BILLING_RPC.reserve, { userId: broke.id, questionId: unpaid.id, maxTokens: 100 }),
    ).toEqual({
      status: 402,
      body: { statusCode: 402, code: 'INSUFFICIENT_TOKENS', message: SERVER_MESSAGES.insufficientTokens },
    });
    const trialOver = await createTestUser(harness.dataSource, { queriesLeft: 0 });
    const tooMany = await createTestQuestion(harness.dataSource, trialOver.id);
    expect(
      await failure(client, BILLING_RPC.reserve, {
        userId: trialOver.id,
        questionId: tooMany.id,
        maxTokens: 100,
      }),
    ).toEqual({
      status: 402,
      body: { statusCode: 402, code: 'NO_FREE_QUERIES', message: SERVER_MESSAGES.noFreeQueries },
    });
  });

  it('answers 400 to a bad payload and 404 to an unknown user, never 500', async () => {
    const user = await createTestUser(harness.dataSource);
    expect(
      await failure(client, BILLING_RPC.topUpCreate, {
        userId: user.id,
        packageId: 'tokens_9m',
        requestId: 'req-rpc-0001',
      }),
    ).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Please select a token package' },
    });
    for (const request of [
      { userId: user.id, admin: true },
      { userId: String(user.id) },
      { userId: 1e300 },
      {
        userId: user.id,
        nested: { deep: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] },
      },
      { userId: `${user.id}\u0000` },
    ]) {
      expect((await failure(client, BILLING_RPC.subscriptionGet, request)).status).toBe(400);
    }
    expect(await failure(client, BILLING_RPC.subscriptionGet, { userId: 999_999 })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(
      await failure(client, BILLING_RPC.portalCreate, { userId: user.id, requestId: 'req-rpc-0002' }),
    ).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('runs a demo checkout end to end', async () => {
    const user = await createTestUser(harness.dataSource);
    const topUp = await call(client, BILLING_RPC.topUpCreate, {
      userId: user.id,
      packageId: 'tokens_150k',
      requestId: 'req-rpc-0003',
    });
    const view = await call(client, BILLING_RPC.demoGet, { userId: user.id, id: topUp.sessionId });
    expect(view).toMatchObject({ demo: true, kind: 'topup', tokens: 150_000, amountPence: 1999 });
    const confirmed = await call(client, BILLING_RPC.demoConfirm, { userId: user.id, id: topUp.sessionId });
    expect(confirmed).toMatchObject({ status: 'complete', tokensLeft: 160_000 });
    expect(
      await failure(client, BILLING_RPC.demoGet, { userId: user.id, id: 'not-a-session' }),
    ).toMatchObject({
      status: 400,
    });
  });
});

/** Requests each replica handled per RPC route, from its own metrics registry. */
async function handledByRoute(harness: BillingHarness): Promise<Map<string, number>> {
  const metric = await harness.get(MetricsService).httpDuration.get();
  const counts = new Map<string, number>();
  for (const value of metric.values) {
    if (value.metricName !== 'council_http_request_duration_seconds_count') continue;
    const route = String(value.labels.route);
    if (!route.startsWith('/rpc/')) continue;
    counts.set(route, (counts.get(route) ?? 0) + value.value);
  }
  return counts;
}

describe('two billing replicas behind one address (Stripe mode)', () => {
  let first: BillingHarness;
  let second: BillingHarness;
  let proxy: RoundRobinProxy;
  let client: Client;

  beforeAll(async () => {
    first = await startBilling({ stripe: true, listen: true });
    second = await startBilling({ listen: true, replicaOf: first });
    const portOf = (harness: BillingHarness) => Number(new URL(harness.url ?? '').port);
    proxy = await startRoundRobinProxy([portOf(first), portOf(second)]);
    client = connect(proxy.url);
  });

  afterAll(async () => {
    await client?.close();
    await proxy?.close();
    await second?.close();
    await first?.close();
  });

  it('handles every call exactly once: one replica each, nothing doubled at Stripe or in the ledger', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createTestUser(first.dataSource)));
    const questions = await Promise.all(users.map((user) => createTestQuestion(first.dataSource, user.id)));
    const made = new Map<string, number>();
    const count = (pattern: BillingRpcPattern) =>
      made.set(billingRpcPath(pattern), (made.get(billingRpcPath(pattern)) ?? 0) + 1);
    // Each step runs for every user at once, so the client opens several connections (both replicas).
    const everyone = <T>(step: (index: number) => Promise<T>) =>
      Promise.all(users.map((_user, index) => step(index)));

    const reserved = await everyone((i) => {
      count(BILLING_RPC.reserve);
      return call(client, BILLING_RPC.reserve, {
        userId: users[i].id,
        questionId: questions[i].id,
        maxTokens: 3_000,
      });
    });
    expect(reserved.every((reply) => reply.reserved === 3_000 && !reply.duplicate)).toBe(true);
    const released = await everyone((i) => {
      count(BILLING_RPC.release);
      return call(client, BILLING_RPC.release, { userId: users[i].id, questionId: questions[i].id });
    });
    expect(released.map((reply) => reply.released)).toEqual(users.map(() => 3_000));
    const topUps = await everyone((i) => {
      count(BILLING_RPC.topUpCreate);
      return call(client, BILLING_RPC.topUpCreate, {
        userId: users[i].id,
        packageId: 'tokens_50k',
        requestId: `req-two-replicas-${i}`,
      });
    });
    const events = topUps.map(({ sessionId }) => {
      const { session } = first.fakeStripe?.completeCheckoutSession(sessionId) ?? { session: null };
      return createStripeEvent('checkout.session.completed', session ?? {});
    });
    const acks = await everyone((i) => {
      count(BILLING_RPC.webhookReceive);
      const { body, signature } = signStripeEvent(events[i], WEBHOOK_SECRET);
      return call(client, BILLING_RPC.webhookReceive, {
        rawBody: Buffer.from(body).toString('base64'),
        encoding: 'base64',
        signature,
      });
    });
    expect(acks.every((ack) => ack.received && !ack.duplicate)).toBe(true);
    await Promise.all(events.map((event) => processed(first, event.id)));
    const portals = await everyone((i) => {
      count(BILLING_RPC.portalCreate);
      return call(client, BILLING_RPC.portalCreate, { userId: users[i].id, requestId: `req-portal-${i}` });
    });
    expect(portals.every((reply) => typeof reply.url === 'string')).toBe(true);
    const statuses = await everyone((i) => {
      count(BILLING_RPC.subscriptionGet);
      return call(client, BILLING_RPC.subscriptionGet, { userId: users[i].id });
    });
    expect(statuses.map((status) => status.purchasedTokens)).toEqual(users.map(() => 50_000));

    // Each replica handled a share, and together exactly the calls made: none handled twice.
    const [byFirst, bySecond] = [await handledByRoute(first), await handledByRoute(second)];
    const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);
    expect(total(byFirst)).toBeGreaterThan(0);
    expect(total(bySecond)).toBeGreaterThan(0);
    const routes = [...made.keys()].sort();
    expect(routes.map((route) => [route, (byFirst.get(route) ?? 0) + (bySecond.get(route) ?? 0)])).toEqual(
      routes.map((route) => [route, made.get(route)]),
    );
    expect(proxy.connections.every((connections) => connections > 0)).toBe(true);

    // Stripe saw one checkout and one portal session per call, each under its own key.
    const stripe = first.fakeStripe;
    const mine = (path: string, field: string[]) =>
      (stripe?.requestsTo('POST', path) ?? []).filter((request) =>
        users.some((user) => param(request.body, ...field) === String(user.id)),
      );
    const checkouts = mine('/v1/checkout/sessions', ['metadata', 'userId']);
    expect(checkouts).toHaveLength(users.length);
    expect(new Set(checkouts.map((request) => request.idempotencyKey)).size).toBe(users.length);
    expect(stripe?.requestsTo('POST', '/v1/billing_portal/sessions')).toHaveLength(users.length);

    // The ledger holds each operation once: one reservation, one release, one purchase per user.
    const entries = await first.dataSource.getRepository(LedgerEntryEntity).find();
    for (const user of users) {
      const own = entries.filter((entry) => entry.userId === user.id);
      expect(own.filter((entry) => entry.kind === 'reservation')).toHaveLength(1);
      expect(own.filter((entry) => entry.kind === 'release')).toHaveLength(1);
      expect(own.filter((entry) => entry.kind === 'purchase')).toHaveLength(1);
    }
    await expectLedgerConsistent(first);
  });

  it('retries a call whose connection a stopped replica refused, once, on the next replica', async () => {
    const stopped = await freePort();
    const halfDown = await startRoundRobinProxy([stopped, Number(new URL(first.url ?? '').port)]);
    try {
      const user = await createTestUser(first.dataSource);
      const questions = await Promise.all([1, 2, 3].map(() => createTestQuestion(first.dataSource, user.id)));
      for (const question of questions) {
        // A new client each time: its first connection goes to the stopped replica.
        const fresh = connect(halfDown.url);
        try {
          const reply = await call(fresh, BILLING_RPC.reserve, {
            userId: user.id,
            questionId: question.id,
            maxTokens: 1_000,
          });
          expect(reply).toMatchObject({ reserved: 1_000, duplicate: false });
        } finally {
          await fresh.close();
        }
      }
      expect(halfDown.connections).toEqual([3, 3]);
      await expectLedgerConsistent(first);
    } finally {
      await halfDown.close();
    }
  });

  it('gives the same reply when a call is repeated (a retry after a lost connection)', async () => {
    const user = await createTestUser(first.dataSource);
    const question = await createTestQuestion(first.dataSource, user.id);
    const request = { userId: user.id, questionId: question.id, maxTokens: 2_000 };
    const [once, again] = await Promise.all([
      call(client, BILLING_RPC.reserve, request),
      call(client, BILLING_RPC.reserve, request),
    ]);
    expect([once.duplicate, again.duplicate].sort()).toEqual([false, true]);
    expect(once.tokensLeft).toBe(8_000);
    expect(again.tokensLeft).toBe(8_000);
    await expectLedgerConsistent(first);
  });
});
