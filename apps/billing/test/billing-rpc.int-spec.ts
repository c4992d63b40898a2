import { type ClientProxy } from '@nestjs/microservices';
import {
  BILLING_RPC,
  type BillingDemoConfirmReply,
  type BillingDemoSessionReply,
  type BillingHealthReply,
  type BillingReleaseReply,
  type BillingReserveReply,
  type BillingSubscriptionReply,
  type BillingTopUpReply,
  type BillingWebhookReply,
  SERVER_MESSAGES,
  billingRpcErrorBody,
  isErrorBody,
} from '@council/contracts';
import { createPrefixedRedisClient, redisOptionsFromUrl } from '@council/server-kit';
import {
  createStripeEvent,
  createTestQuestion,
  createTestUser,
  param,
  signStripeEvent,
} from '@council/testing';
import { firstValueFrom, timeout } from 'rxjs';
import {
  type BillingHarness,
  WEBHOOK_SECRET,
  expectLedgerConsistent,
  processed,
  startBilling,
} from './support/billing-harness';

function connect(harness: BillingHarness): ClientProxy {
  const { host, port } = redisOptionsFromUrl(harness.redis.url);
  return createPrefixedRedisClient({ host, port, channelPrefix: harness.redis.prefix });
}

/** What the gateway does: send, and turn a failure into the ErrorBody it answers with. */
async function call<T>(client: ClientProxy, pattern: string, payload: object): Promise<T> {
  return firstValueFrom(client.send<T>(pattern, payload));
}

async function failure(client: ClientProxy, pattern: string, payload: object) {
  const error: unknown = await call(client, pattern, payload).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isErrorBody(error)).toBe(true);
  return billingRpcErrorBody(error);
}

describe('billing RPC over Redis (demo mode)', () => {
  let harness: BillingHarness;
  let client: ClientProxy;

  beforeAll(async () => {
    harness = await startBilling({ rpc: true });
    client = connect(harness);
    await client.connect();
  });

  afterEach(async () => {
    await expectLedgerConsistent(harness);
  });

  afterAll(async () => {
    await client?.close();
    await harness?.close();
  });

  it('never answers callers of another deployment: REDIS_PREFIX keeps RPC channels apart', async () => {
    const { host, port } = redisOptionsFromUrl(harness.redis.url);
    const stranger = createPrefixedRedisClient({
      host,
      port,
      channelPrefix: `${harness.redis.prefix}-other`,
    });
    await stranger.connect();
    try {
      await expect(firstValueFrom(stranger.send(BILLING_RPC.health, {}).pipe(timeout(750)))).rejects.toThrow(
        /timeout/i,
      );
    } finally {
      await stranger.close();
    }
  });

  it('answers the gateway and reports demo mode without a Stripe key', async () => {
    expect(await call<BillingHealthReply>(client, BILLING_RPC.health, {})).toEqual({
      status: 'ok',
      mode: 'demo',
    });
  });

  it('reports a new account', async () => {
    const user = await createTestUser(harness.dataSource);
    expect(
      await call<BillingSubscriptionReply>(client, BILLING_RPC.subscriptionGet, { userId: user.id }),
    ).toEqual({
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

  it('reserves and releases for the question flow, with 402s the gateway passes on', async () => {
    const user = await createTestUser(harness.dataSource);
    const question = await createTestQuestion(harness.dataSource, user.id);
    const reserved = await call<BillingReserveReply>(client, BILLING_RPC.reserve, {
      userId: user.id,
      questionId: question.id,
      maxTokens: 4_000,
    });
    expect(reserved).toEqual({
      questionId: question.id,
      reserved: 4_000,
      tokensLeft: 6_000,
      queriesLeft: 4,
      duplicate: false,
    });
    expect(
      await call<BillingReleaseReply>(client, BILLING_RPC.release, {
        userId: user.id,
        questionId: question.id,
      }),
    ).toEqual({
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
      statusCode: 402,
      code: 'INSUFFICIENT_TOKENS',
      message: SERVER_MESSAGES.insufficientTokens,
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
      statusCode: 402,
      code: 'NO_FREE_QUERIES',
      message: SERVER_MESSAGES.noFreeQueries,
    });
  });

  it('answers 400 to a bad payload and 404 to an unknown user', async () => {
    const user = await createTestUser(harness.dataSource);
    expect(
      await failure(client, BILLING_RPC.topUpCreate, {
        userId: user.id,
        packageId: 'tokens_9m',
        requestId: 'req-rpc-0001',
      }),
    ).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please select a token package',
    });
    expect(
      await failure(client, BILLING_RPC.subscriptionGet, { userId: user.id, admin: true }),
    ).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await failure(client, BILLING_RPC.subscriptionGet, { userId: 999_999 })).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
    expect(
      await failure(client, BILLING_RPC.portalCreate, { userId: user.id, requestId: 'req-rpc-0002' }),
    ).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
  });

  it('runs a demo checkout end to end', async () => {
    const user = await createTestUser(harness.dataSource);
    const topUp = await call<BillingTopUpReply>(client, BILLING_RPC.topUpCreate, {
      userId: user.id,
      packageId: 'tokens_150k',
      requestId: 'req-rpc-0003',
    });
    const view = await call<BillingDemoSessionReply>(client, BILLING_RPC.demoGet, {
      userId: user.id,
      id: topUp.sessionId,
    });
    expect(view).toMatchObject({ demo: true, kind: 'topup', tokens: 150_000, amountPence: 1999 });
    const confirmed = await call<BillingDemoConfirmReply>(client, BILLING_RPC.demoConfirm, {
      userId: user.id,
      id: topUp.sessionId,
    });
    expect(confirmed).toMatchObject({ status: 'complete', tokensLeft: 160_000 });
    expect(
      await failure(client, BILLING_RPC.demoGet, { userId: user.id, id: 'not-a-session' }),
    ).toMatchObject({ statusCode: 400 });
  });
});

describe('billing RPC with Stripe, two replicas', () => {
  let first: BillingHarness;
  let second: BillingHarness;
  let client: ClientProxy;

  beforeAll(async () => {
    first = await startBilling({ stripe: true, rpc: true });
    second = await startBilling({ rpc: true, replicaOf: first });
    client = connect(first);
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await second?.close();
    await first?.close();
  });

  it('creates one checkout although every replica handles the request (Redis pub/sub)', async () => {
    const user = await createTestUser(first.dataSource);
    const reply = await call<BillingTopUpReply>(client, BILLING_RPC.topUpCreate, {
      userId: user.id,
      packageId: 'tokens_50k',
      requestId: 'req-rpc-0004',
    });
    const stripe = first.fakeStripe;
    // Both replicas' calls arrive; the idempotency key makes them one session.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const posts =
      stripe
        ?.requestsTo('POST', '/v1/checkout/sessions')
        .filter((request) => param(request.body, 'metadata', 'userId') === String(user.id)) ?? [];
    expect(posts.length).toBe(2);
    expect(new Set(posts.map((request) => request.idempotencyKey))).toEqual(
      new Set([`checkout:${user.id}:tokens_50k:req-rpc-0004`]),
    );
    expect(
      [...(stripe?.sessions.values() ?? [])].filter((session) => session.metadata.userId === String(user.id)),
    ).toHaveLength(1);
    expect(stripe?.customers.size).toBe(1);
    expect(reply.sessionId).toMatch(/^cs_test_/);
  });

  it('verifies webhooks on the raw body: 400 for a bad signature, a fast ack for a good one', async () => {
    const user = await createTestUser(first.dataSource);
    const { sessionId } = await call<BillingTopUpReply>(client, BILLING_RPC.topUpCreate, {
      userId: user.id,
      packageId: 'tokens_50k',
      requestId: 'req-rpc-0005',
    });
    const { session } = first.fakeStripe?.completeCheckoutSession(sessionId) ?? { session: null };
    const event = createStripeEvent('checkout.session.completed', session ?? {});
    const { body, signature } = signStripeEvent(event, WEBHOOK_SECRET);
    const rawBody = Buffer.from(body).toString('base64');
    expect(
      await failure(client, BILLING_RPC.webhookReceive, {
        rawBody,
        encoding: 'base64',
        signature: 't=1,v1=00',
      }),
    ).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await failure(client, BILLING_RPC.webhookReceive, { rawBody, encoding: 'base64' })).toMatchObject({
      statusCode: 400,
    });
    const ack = await call<BillingWebhookReply>(client, BILLING_RPC.webhookReceive, {
      rawBody,
      encoding: 'base64',
      signature,
    });
    expect(ack).toMatchObject({ received: true, eventId: event.id });
    const utf8 = await call<BillingWebhookReply>(client, BILLING_RPC.webhookReceive, {
      rawBody: body,
      encoding: 'utf8',
      signature,
    });
    expect(utf8).toEqual({ received: true, eventId: event.id, duplicate: true });
    await processed(first, event.id);
    const status = await call<BillingSubscriptionReply>(client, BILLING_RPC.subscriptionGet, {
      userId: user.id,
    });
    expect(status).toMatchObject({
      purchasedTokens: 50_000,
      tokensLeft: 60_000,
      hasBillingAccount: true,
      demoMode: false,
    });
    await expectLedgerConsistent(first);
  });
});
