import { LedgerEntryEntity, PaymentGrantEntity, UserEntity } from '@council/db';
import { type FakeStripeServer, createStripeEvent, createTestUser } from '@council/testing';
import { CheckoutService } from '../src/checkout/checkout.service';
import { LedgerService } from '../src/ledger/ledger.service';
import {
  type BillingHarness,
  deliver,
  expectLedgerConsistent,
  processed,
  startBilling,
} from './support/billing-harness';

/**
 * Refunds and disputes of token packs (DECISIONS 27), against the fake Stripe with signed events.
 * Every scenario delivers each event twice and out of order: billing re-reads the charge, so what
 * it ends with depends only on what Stripe says last.
 */
describe('Refunds and disputes of token packs', () => {
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

  const reload = (id: number) => harness.dataSource.getRepository(UserEntity).findOneByOrFail({ id });
  const grantOf = (sessionId: string) =>
    harness.dataSource.getRepository(PaymentGrantEntity).findOneByOrFail({ checkoutSessionId: sessionId });
  const entries = (userId: number) =>
    harness.dataSource.getRepository(LedgerEntryEntity).find({ where: { userId }, order: { id: 'ASC' } });

  /** Delivers each event in order, one at a time, waiting until billing has processed it. */
  async function deliverInOrder(events: readonly { id: string }[]): Promise<void> {
    for (const event of events) {
      await deliver(harness, event);
      await processed(harness, event.id);
    }
  }

  /** A user with no free tokens who paid for a pack; the completion event is returned, not delivered. */
  async function paidPack(buyerId?: number, packageId = 'tokens_50k') {
    const buyer = buyerId ?? (await createTestUser(harness.dataSource, { tokensLeft: 0 })).id;
    const { sessionId } = await harness
      .get(CheckoutService)
      .createTopUp(buyer, packageId, `req-${buyer}-${packageId}-${Date.now()}`);
    const { session } = stripe.completeCheckoutSession(sessionId);
    const charge = stripe.chargeOf(sessionId);
    return { buyer, session, charge, completed: createStripeEvent('checkout.session.completed', session) };
  }

  /** Spends tokens from the purchased bucket, as a settled question would. */
  async function spend(userId: number, tokens: number): Promise<void> {
    await harness.get(LedgerService).runOnce(userId, `test-spend:${userId}:${tokens}`, () => ({
      movements: [{ kind: 'settlement', bucket: 'purchased', amount: -tokens, note: 'test usage' }],
    }));
  }

  it('takes back a fully refunded, unspent pack, even when the refund arrives before the purchase', async () => {
    const { buyer, session, charge, completed } = await paidPack();
    stripe.refundCharge(charge.id);
    const refunded = createStripeEvent('charge.refunded', charge);
    await deliverInOrder([refunded, refunded, completed, completed]);
    expect(await reload(buyer)).toMatchObject({ tokensLeft: 0, purchasedTokens: 0, tokenDebt: 0 });
    expect(await grantOf(session.id)).toMatchObject({
      chargeId: charge.id,
      grantedTokens: 50_000,
      amountRefunded: charge.amount,
      revokedTokens: 50_000,
      debtTokens: 0,
    });
    const taken = (await entries(buyer)).filter((entry) => entry.idempotencyKey.startsWith('charge:'));
    expect(taken).toEqual([
      expect.objectContaining({ kind: 'adjustment', bucket: 'purchased', amount: -50_000, debt: 0 }),
    ]);
  });

  it('turns the spent half of a refunded pack into a debt that the next pack pays first', async () => {
    const { buyer, charge, completed } = await paidPack();
    await deliverInOrder([completed]);
    await spend(buyer, 25_000);
    stripe.refundCharge(charge.id);
    const refunded = createStripeEvent('charge.refunded', charge);
    await deliverInOrder([refunded, completed, refunded]);
    expect(await reload(buyer)).toMatchObject({ tokensLeft: 0, purchasedTokens: 0, tokenDebt: 25_000 });

    const next = await paidPack(buyer);
    await deliverInOrder([next.completed, next.completed]);
    expect(await reload(buyer)).toMatchObject({ tokensLeft: 25_000, purchasedTokens: 25_000, tokenDebt: 0 });
    const debts = (await entries(buyer)).filter((entry) => entry.debt !== 0).map((entry) => entry.debt);
    expect(debts).toEqual([25_000, -25_000]);
  });

  it('takes back a partial refund in proportion, whatever order the two refunds are reported in', async () => {
    const { buyer, session, charge, completed } = await paidPack();
    await deliverInOrder([completed]);
    const quarter = Math.floor(charge.amount / 4);
    stripe.refundCharge(charge.id, quarter);
    const first = createStripeEvent('charge.refunded', charge);
    stripe.refundCharge(charge.id, quarter);
    const second = createStripeEvent('charge.refunded', charge);
    await deliverInOrder([second, first, second, first]);
    const expected = Math.round((50_000 * 2 * quarter) / charge.amount);
    expect(await reload(buyer)).toMatchObject({ purchasedTokens: 50_000 - expected, tokenDebt: 0 });
    expect(await grantOf(session.id)).toMatchObject({ amountRefunded: 2 * quarter, revokedTokens: expected });
  });

  it('freezes a disputed pack and restores it when the dispute is won', async () => {
    const { buyer, session, charge, completed } = await paidPack();
    await deliverInOrder([completed]);
    await spend(buyer, 10_000);
    const dispute = stripe.disputeCharge(charge.id);
    const created = createStripeEvent('charge.dispute.created', dispute);
    await deliverInOrder([created, completed, created]);
    expect(await reload(buyer)).toMatchObject({ tokensLeft: 0, purchasedTokens: 0 });
    expect(await grantOf(session.id)).toMatchObject({ disputeStatus: 'open', frozenTokens: 40_000 });

    stripe.closeDispute(dispute.id, 'won');
    const closed = createStripeEvent('charge.dispute.closed', dispute);
    await deliverInOrder([closed, created, closed]);
    expect(await reload(buyer)).toMatchObject({ tokensLeft: 40_000, purchasedTokens: 40_000, tokenDebt: 0 });
    expect(await grantOf(session.id)).toMatchObject({
      disputeStatus: 'won',
      frozenTokens: 0,
      revokedTokens: 0,
    });
  });

  it('removes a disputed pack as a refund would when the dispute is lost, the spent part as a debt', async () => {
    const { buyer, session, charge, completed } = await paidPack();
    await deliverInOrder([completed]);
    await spend(buyer, 10_000);
    const dispute = stripe.disputeCharge(charge.id);
    const created = createStripeEvent('charge.dispute.created', dispute);
    stripe.closeDispute(dispute.id, 'lost');
    const closed = createStripeEvent('charge.dispute.closed', dispute);
    // The closing event first: billing reads the dispute as lost and never freezes.
    await deliverInOrder([closed, created, closed, created]);
    expect(await reload(buyer)).toMatchObject({ tokensLeft: 0, purchasedTokens: 0, tokenDebt: 10_000 });
    expect(await grantOf(session.id)).toMatchObject({
      disputeStatus: 'lost',
      frozenTokens: 0,
      revokedTokens: 50_000,
      debtTokens: 10_000,
    });
  });

  it('ignores a refund of a charge that paid for nothing billing granted', async () => {
    const buyer = await createTestUser(harness.dataSource, { tokensLeft: 0 });
    const { charge } = await paidPack();
    // A charge of some other PaymentIntent (an invoice's, or another integration's).
    const stranger = {
      ...charge,
      id: 'ch_stranger',
      payment_intent: 'pi_stranger',
      amount_refunded: charge.amount,
    };
    stripe.charges.set(stranger.id, stranger);
    await deliverInOrder([createStripeEvent('charge.refunded', stranger)]);
    expect(await reload(buyer.id)).toMatchObject({ tokensLeft: 0, tokenDebt: 0 });
  });
});
