import {
  BILLING_MESSAGES,
  BILLING_RPC,
  type BillingRpcCalls,
  type BillingRpcPattern,
  type BillingRpcReply,
  type BillingRpcRequest,
  billingRpcReplyError,
} from '@council/contracts';
import { PaymentGrantEntity, UserEntity } from '@council/db';
import { DEVELOPMENT_RPC_SECRET, type HttpRpcClient, createBillingRpcClient } from '@council/server-kit';
import { createTestUser } from '@council/testing';
import { LedgerService } from '../src/ledger/ledger.service';
import { WebhookEventsService } from '../src/webhooks/webhook-events.service';
import { type BillingHarness, expectLedgerConsistent, startBilling } from './support/billing-harness';

type Client = HttpRpcClient<BillingRpcCalls>;

/**
 * The demo refund and dispute controls (DECISIONS 27) over the billing RPC, as the gateway calls
 * them: each changes the demo charge and runs the handler a verified Stripe charge event runs.
 */
describe('demo purchases: refunds and disputes over the billing RPC', () => {
  let harness: BillingHarness;
  let client: Client;

  beforeAll(async () => {
    harness = await startBilling({ listen: true });
    client = createBillingRpcClient({
      baseUrl: harness.url ?? '',
      secret: DEVELOPMENT_RPC_SECRET,
      timeoutMs: 10_000,
    });
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await expectLedgerConsistent(harness);
  });

  afterAll(async () => {
    await client?.close();
    await harness?.close();
  });

  async function call<P extends BillingRpcPattern>(
    pattern: P,
    request: BillingRpcRequest<P>,
  ): Promise<BillingRpcReply<P>> {
    const answer = await client.call(pattern, request);
    if (!answer.ok) throw new Error(`${pattern} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.reply;
  }

  async function failure(pattern: BillingRpcPattern, request: object) {
    const answer = await client.call(pattern, request as BillingRpcRequest<typeof pattern>);
    if (answer.ok) throw new Error(`${pattern} succeeded: ${JSON.stringify(answer.reply)}`);
    return { status: answer.status, body: billingRpcReplyError(answer.status, answer.body) };
  }

  const reload = (id: number) => harness.dataSource.getRepository(UserEntity).findOneByOrFail({ id });

  /** A user with no free tokens who bought a pack through the demo checkout; returns the purchase id. */
  async function demoPack(userId?: number, packageId = 'tokens_50k') {
    const buyer = userId ?? (await createTestUser(harness.dataSource, { tokensLeft: 0 })).id;
    const { sessionId } = await call(BILLING_RPC.topUpCreate, {
      userId: buyer,
      packageId: packageId as 'tokens_50k',
      requestId: `req-${buyer}-${Date.now()}`,
    });
    await call(BILLING_RPC.demoConfirm, { userId: buyer, id: sessionId });
    const { purchases } = await call(BILLING_RPC.demoPurchases, { userId: buyer });
    const purchase = purchases.find((each) => each.id.endsWith(sessionId.replace(/^cs_demo_/, '')));
    if (!purchase) throw new Error('the demo purchase is not listed');
    return { buyer, purchase, sessionId };
  }

  async function spend(userId: number, tokens: number): Promise<void> {
    await harness.get(LedgerService).runOnce(userId, `test-spend:${userId}:${tokens}`, () => ({
      movements: [{ kind: 'settlement', bucket: 'purchased', amount: -tokens, note: 'test usage' }],
    }));
  }

  it('lists the account’s demo packs, newest first, with their state', async () => {
    const { buyer, purchase } = await demoPack();
    const second = await demoPack(buyer, 'tokens_150k');
    const { purchases } = await call(BILLING_RPC.demoPurchases, { userId: buyer });
    expect(purchases.map((each) => each.id)).toEqual([second.purchase.id, purchase.id]);
    expect(purchase).toEqual({
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
    });
    const stranger = await createTestUser(harness.dataSource);
    expect(await call(BILLING_RPC.demoPurchases, { userId: stranger.id })).toEqual({ purchases: [] });
  });

  it('refunds a half-spent pack through the charge.refunded handler: the spent half becomes a debt, once', async () => {
    const { buyer, purchase } = await demoPack();
    await spend(buyer, 25_000);
    const apply = jest.spyOn(WebhookEventsService.prototype, 'apply');

    const refunded = await call(BILLING_RPC.demoRefund, { userId: buyer, id: purchase.id });
    expect(refunded).toEqual({
      purchase: expect.objectContaining({ refundedPence: 999, revokedTokens: 50_000, debtTokens: 25_000 }),
      changed: true,
      tokensLeft: 0,
      tokenDebt: 25_000,
    });
    expect(apply).toHaveBeenCalledWith(
      { id: expect.stringMatching(/^evt_demo_/), type: 'charge.refunded', chargeId: purchase.id },
      expect.objectContaining({ mode: 'demo' }),
    );

    // A second full refund (and a partial one) changes nothing.
    const again = await call(BILLING_RPC.demoRefund, { userId: buyer, id: purchase.id });
    expect(again).toMatchObject({ changed: false, tokensLeft: 0, tokenDebt: 25_000 });
    expect(
      await call(BILLING_RPC.demoRefund, { userId: buyer, id: purchase.id, amountPence: 5 }),
    ).toMatchObject({ changed: false, tokenDebt: 25_000 });
    expect(await reload(buyer)).toMatchObject({ tokensLeft: 0, purchasedTokens: 0, tokenDebt: 25_000 });

    // The next pack pays the debt first.
    await demoPack(buyer);
    expect(await reload(buyer)).toMatchObject({ tokensLeft: 25_000, purchasedTokens: 25_000, tokenDebt: 0 });
  });

  it('takes back a partial refund in proportion, and concurrent partial refunds all count', async () => {
    const { buyer, purchase } = await demoPack();
    const replies = await Promise.all(
      [100, 100, 100].map((amountPence) =>
        call(BILLING_RPC.demoRefund, { userId: buyer, id: purchase.id, amountPence }),
      ),
    );
    expect(replies.every((reply) => reply.changed)).toBe(true);
    const expected = Math.round((50_000 * 300) / 999);
    expect(await reload(buyer)).toMatchObject({ purchasedTokens: 50_000 - expected, tokenDebt: 0 });
    const grant = await harness.dataSource
      .getRepository(PaymentGrantEntity)
      .findOneByOrFail({ chargeId: purchase.id });
    expect(grant).toMatchObject({ amountRefunded: 300, revokedTokens: expected });
  });

  it('freezes a disputed pack, and a won dispute restores it', async () => {
    const { buyer, purchase } = await demoPack();
    await spend(buyer, 10_000);
    const opened = await call(BILLING_RPC.demoDispute, { userId: buyer, id: purchase.id });
    expect(opened).toMatchObject({
      purchase: { dispute: 'open', frozenTokens: 40_000 },
      changed: true,
      tokensLeft: 0,
    });
    expect(await call(BILLING_RPC.demoDispute, { userId: buyer, id: purchase.id })).toMatchObject({
      changed: false,
      tokensLeft: 0,
    });
    // Stripe refuses to refund a disputed charge; so does the demo.
    expect(await failure(BILLING_RPC.demoRefund, { userId: buyer, id: purchase.id })).toEqual({
      status: 409,
      body: { statusCode: 409, code: 'CONFLICT', message: BILLING_MESSAGES.demoPurchaseDisputed },
    });

    const won = await call(BILLING_RPC.demoDispute, { userId: buyer, id: purchase.id, outcome: 'won' });
    expect(won).toMatchObject({
      purchase: { dispute: 'won', frozenTokens: 0 },
      changed: true,
      tokensLeft: 40_000,
    });
    expect(
      await call(BILLING_RPC.demoDispute, { userId: buyer, id: purchase.id, outcome: 'won' }),
    ).toMatchObject({ changed: false, tokensLeft: 40_000 });
    expect(
      (await failure(BILLING_RPC.demoDispute, { userId: buyer, id: purchase.id, outcome: 'lost' })).body,
    ).toMatchObject({ code: 'CONFLICT', message: BILLING_MESSAGES.demoDisputeClosed });
    expect(await reload(buyer)).toMatchObject({ tokensLeft: 40_000, purchasedTokens: 40_000, tokenDebt: 0 });
  });

  it('removes a pack whose dispute was lost, the spent part as a debt', async () => {
    const { buyer, purchase } = await demoPack();
    await spend(buyer, 10_000);
    expect(
      (await failure(BILLING_RPC.demoDispute, { userId: buyer, id: purchase.id, outcome: 'lost' })).body,
    ).toMatchObject({ code: 'CONFLICT', message: BILLING_MESSAGES.demoNoDispute });
    await call(BILLING_RPC.demoDispute, { userId: buyer, id: purchase.id });
    const lost = await call(BILLING_RPC.demoDispute, { userId: buyer, id: purchase.id, outcome: 'lost' });
    expect(lost).toMatchObject({
      purchase: { dispute: 'lost', revokedTokens: 50_000, debtTokens: 10_000, frozenTokens: 0 },
      changed: true,
      tokensLeft: 0,
      tokenDebt: 10_000,
    });
    expect(
      await call(BILLING_RPC.demoDispute, { userId: buyer, id: purchase.id, outcome: 'lost' }),
    ).toMatchObject({ changed: false, tokenDebt: 10_000 });
    expect(await reload(buyer)).toMatchObject({ tokensLeft: 0, purchasedTokens: 0, tokenDebt: 10_000 });
  });

  it('hides a purchase from everyone but its buyer, and refuses made-up or malformed ids', async () => {
    const { buyer, purchase } = await demoPack();
    const other = await createTestUser(harness.dataSource);
    const notFound = { statusCode: 404, code: 'NOT_FOUND', message: BILLING_MESSAGES.demoPurchaseNotFound };
    expect(await failure(BILLING_RPC.demoRefund, { userId: other.id, id: purchase.id })).toEqual({
      status: 404,
      body: notFound,
    });
    expect((await failure(BILLING_RPC.demoDispute, { userId: other.id, id: purchase.id })).body).toEqual(
      notFound,
    );
    expect(
      (await failure(BILLING_RPC.demoRefund, { userId: buyer, id: 'ch_demo_madeupmadeupmadeupmadeup' })).body,
    ).toEqual(notFound);
    for (const request of [
      { userId: buyer, id: 'ch_test_123' },
      { userId: buyer, id: purchase.id, amountPence: 0 },
      { userId: buyer, id: purchase.id, amountPence: 1.5 },
      { userId: buyer, id: purchase.id, amountPence: '100' },
      { userId: buyer, id: purchase.id, extra: true },
    ]) {
      expect((await failure(BILLING_RPC.demoRefund, request)).status).toBe(400);
    }
    expect(
      (await failure(BILLING_RPC.demoDispute, { userId: buyer, id: purchase.id, outcome: 'draw' })).status,
    ).toBe(400);
    expect(await reload(buyer)).toMatchObject({ purchasedTokens: 50_000, tokenDebt: 0 });
  });
});
