import { JOBS, QUEUES, SERVER_MESSAGES, type UsageSettleJobData, usageJobId } from '@council/contracts';
import {
  LedgerEntryEntity,
  QuestionEntity,
  ResponseEntity,
  TokenReservationEntity,
  UserEntity,
} from '@council/db';
import { DomainException } from '@council/server-kit';
import { createTestQuestion, createTestResponse, createTestUser } from '@council/testing';
import { LedgerService } from '../src/ledger/ledger.service';
import { ReservationsService } from '../src/reservations/reservations.service';
import { UsageProcessor } from '../src/usage/usage.processor';
import {
  type BillingHarness,
  expectLedgerConsistent,
  finished,
  startBilling,
} from './support/billing-harness';

describe('token ledger: reservations, settlements, releases', () => {
  let harness: BillingHarness;
  let reservations: ReservationsService;

  beforeAll(async () => {
    harness = await startBilling();
    reservations = harness.get(ReservationsService);
  });

  afterEach(async () => {
    await expectLedgerConsistent(harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  const user = (fields: Partial<UserEntity> = {}) => createTestUser(harness.dataSource, fields);
  const question = (userId: number) => createTestQuestion(harness.dataSource, userId);
  const reload = (id: number) => harness.dataSource.getRepository(UserEntity).findOneByOrFail({ id });
  const entries = (userId: number) =>
    harness.dataSource.getRepository(LedgerEntryEntity).find({ where: { userId }, order: { id: 'ASC' } });
  /** Resolves once some statement waits for a lock (an operation queued on a user's row lock). */
  const waitForLockWaiter = async () => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const [{ waiting }] = (await harness.dataSource.query(
        `SELECT count(*)::int AS "waiting" FROM pg_locks WHERE NOT granted`,
      )) as Array<{ waiting: number }>;
      if (waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('No statement waited for a lock');
  };
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: unknown) => (error instanceof DomainException ? error.code : String(error)),
    );

  describe('a new account', () => {
    it('starts with the spec defaults, recorded as its opening ledger entry', async () => {
      const created = await user();
      expect(await reload(created.id)).toMatchObject({
        tokensLeft: 10_000,
        monthlyTokens: 0,
        purchasedTokens: 0,
        queriesLeft: 5,
      });
      expect(await entries(created.id)).toEqual([
        expect.objectContaining({
          kind: 'grant',
          bucket: 'free',
          amount: 10_000,
          idempotencyKey: `account-open:${created.id}`,
        }),
      ]);
    });

    it('records any other starting balance the same way', async () => {
      const created = await user({ tokensLeft: 70_000, monthlyTokens: 20_000, purchasedTokens: 50_000 });
      expect((await entries(created.id)).map(({ bucket, amount }) => ({ bucket, amount }))).toEqual([
        { bucket: 'monthly', amount: 20_000 },
        { bucket: 'purchased', amount: 50_000 },
      ]);
    });
  });

  describe('reserve', () => {
    it('holds maxTokens and takes a free query, once per question', async () => {
      const owner = await user();
      const asked = await question(owner.id);
      const first = await reservations.reserve(owner.id, asked.id, 4_000);
      expect(first).toEqual({
        questionId: asked.id,
        reserved: 4_000,
        tokensLeft: 6_000,
        queriesLeft: 4,
        duplicate: false,
      });
      const again = await reservations.reserve(owner.id, asked.id, 4_000);
      expect(again).toEqual({ ...first, duplicate: true });
      expect(await reload(owner.id)).toMatchObject({ tokensLeft: 6_000, queriesLeft: 4 });
      expect(
        await harness.dataSource.getRepository(QuestionEntity).findOneByOrFail({ id: asked.id }),
      ).toMatchObject({
        reservedTokens: 4_000,
      });
    });

    it('holds the whole balance when it is smaller than maxTokens', async () => {
      const owner = await user({ tokensLeft: 700 });
      expect((await reservations.reserve(owner.id, (await question(owner.id)).id, 4_000)).reserved).toBe(700);
    });

    it('refuses with 402 INSUFFICIENT_TOKENS on an empty balance, taking no free query', async () => {
      const owner = await user({ tokensLeft: 0 });
      const refusal = reservations.reserve(owner.id, (await question(owner.id)).id, 100);
      await expect(refusal).rejects.toMatchObject({
        code: 'INSUFFICIENT_TOKENS',
        message: SERVER_MESSAGES.insufficientTokens,
      });
      expect(await reload(owner.id)).toMatchObject({ queriesLeft: 5 });
    });

    it('refuses a free user without free queries with NO_FREE_QUERIES, but not a paying one', async () => {
      const free = await user({ queriesLeft: 0 });
      await expect(reservations.reserve(free.id, (await question(free.id)).id, 100)).rejects.toMatchObject({
        code: 'NO_FREE_QUERIES',
        message: SERVER_MESSAGES.noFreeQueries,
      });
      const paying = await user({
        queriesLeft: 0,
        subscriptionTier: 'premium',
        subscriptionStatus: 'active',
      });
      expect((await reservations.reserve(paying.id, (await question(paying.id)).id, 100)).queriesLeft).toBe(
        0,
      );
    });

    it('lets a free account past its free queries keep asking on purchased tokens (DECISIONS 17, 24)', async () => {
      // 5 free queries used, 7,000 of the free allowance left, a Basic Pack bought.
      const free = await user({ queriesLeft: 0, tokensLeft: 57_000, purchasedTokens: 50_000 });
      const reply = await reservations.reserve(free.id, (await question(free.id)).id, 9_000);
      // The trial's tokens ended with it: the hold comes from the pack alone, and no free query is
      // taken or goes negative.
      expect(reply).toMatchObject({ reserved: 9_000, tokensLeft: 48_000, queriesLeft: 0 });
      expect(await reload(free.id)).toMatchObject({ purchasedTokens: 41_000, queriesLeft: 0 });
      const spentOut = await user({ queriesLeft: 0, tokensLeft: 7_000, purchasedTokens: 0 });
      await expect(
        reservations.reserve(spentOut.id, (await question(spentOut.id)).id, 100),
      ).rejects.toMatchObject({ code: 'NO_FREE_QUERIES' });
    });

    it("refuses someone else's question", async () => {
      const owner = await user();
      const other = await user();
      await expect(reservations.reserve(other.id, (await question(owner.id)).id, 100)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    });

    it('lets exactly 10 of 50 concurrent reservations through a balance that covers 10', async () => {
      const owner = await user({
        tokensLeft: 1_000,
        subscriptionTier: 'premium',
        subscriptionStatus: 'active',
      });
      const questions = await Promise.all(Array.from({ length: 50 }, () => question(owner.id)));
      const outcomes = await Promise.all(
        questions.map((asked) => codeOf(reservations.reserve(owner.id, asked.id, 100))),
      );
      expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(10);
      expect(outcomes.filter((outcome) => outcome === 'INSUFFICIENT_TOKENS')).toHaveLength(40);
      expect(await reload(owner.id)).toMatchObject({ tokensLeft: 0 });
      expect(
        await harness.dataSource.getRepository(TokenReservationEntity).countBy({ userId: owner.id }),
      ).toBe(10);
    });

    it('takes each of the 5 free queries exactly once under concurrency', async () => {
      const owner = await user();
      const questions = await Promise.all(Array.from({ length: 20 }, () => question(owner.id)));
      const outcomes = await Promise.all(
        questions.map((asked) => codeOf(reservations.reserve(owner.id, asked.id, 10))),
      );
      expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(5);
      expect(outcomes.filter((outcome) => outcome === 'NO_FREE_QUERIES')).toHaveLength(15);
      expect(await reload(owner.id)).toMatchObject({ queriesLeft: 0, tokensLeft: 10_000 - 50 });
    });
  });

  describe('settle and release', () => {
    const settle = (
      userId: number,
      questionId: number,
      responseId: number | null,
      totalTokens: number,
      memberOrder = 0,
    ) => reservations.settle({ userId, questionId, responseId, memberOrder, round: 0, totalTokens });

    it('charges usage from the hold and releases the rest', async () => {
      const owner = await user();
      const asked = await question(owner.id);
      const answer = await createTestResponse(harness.dataSource, asked.id);
      await reservations.reserve(owner.id, asked.id, 4_000);
      expect(await settle(owner.id, asked.id, answer.id, 1_200)).toMatchObject({
        duplicate: false,
        charged: 1_200,
        tokensLeft: 6_000,
      });
      expect(await reservations.release(owner.id, asked.id)).toEqual({
        questionId: asked.id,
        released: 2_800,
        tokensLeft: 8_800,
        duplicate: false,
      });
      const ledger = await entries(owner.id);
      expect(ledger.filter((entry) => entry.kind === 'settlement')).toEqual([
        expect.objectContaining({ amount: -1_200, questionId: asked.id, responseId: answer.id }),
      ]);
    });

    it('applies a settlement once, however often it is delivered', async () => {
      const owner = await user();
      const asked = await question(owner.id);
      const answer = await createTestResponse(harness.dataSource, asked.id);
      await reservations.reserve(owner.id, asked.id, 4_000);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => settle(owner.id, asked.id, answer.id, 1_000)),
      );
      expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
      expect(results.every((result) => result.charged === 1_000)).toBe(true);
      // The same response under another key (a different job) is still the same response.
      expect((await settle(owner.id, asked.id, answer.id, 1_000, 1)).duplicate).toBe(true);
      await reservations.release(owner.id, asked.id);
      expect(await reload(owner.id)).toMatchObject({ tokensLeft: 9_000 });
    });

    it('takes overuse from the balance but never below zero', async () => {
      const owner = await user({ tokensLeft: 1_500 });
      const asked = await question(owner.id);
      await reservations.reserve(owner.id, asked.id, 1_000);
      expect(await settle(owner.id, asked.id, null, 5_000)).toMatchObject({
        charged: 1_500,
        uncovered: 3_500,
        tokensLeft: 0,
      });
      expect(await reservations.release(owner.id, asked.id)).toMatchObject({ released: 0, tokensLeft: 0 });
      // Nothing was left to give back, yet the release is on record: a replay is a duplicate.
      expect(await reservations.release(owner.id, asked.id)).toMatchObject({ released: 0, duplicate: true });
    });

    it('releases once: a second release gives nothing more back', async () => {
      const owner = await user();
      const asked = await question(owner.id);
      await reservations.reserve(owner.id, asked.id, 3_000);
      const [first, second] = await Promise.all([
        reservations.release(owner.id, asked.id),
        reservations.release(owner.id, asked.id),
      ]);
      expect([first.released, second.released].sort()).toEqual([3_000, 3_000]);
      expect([first.duplicate, second.duplicate].sort()).toEqual([false, true]);
      expect(await reload(owner.id)).toMatchObject({ tokensLeft: 10_000 });
    });

    it("refuses to settle, release or re-reserve someone else's reservation", async () => {
      const owner = await user();
      const other = await user();
      const asked = await question(owner.id);
      await reservations.reserve(owner.id, asked.id, 2_000);
      expect(await codeOf(settle(other.id, asked.id, null, 500))).toBe('FORBIDDEN');
      expect(await codeOf(reservations.release(other.id, asked.id))).toBe('FORBIDDEN');
      expect(await codeOf(reservations.reserve(other.id, asked.id, 100))).toBe('FORBIDDEN');
      expect(await reload(other.id)).toMatchObject({ tokensLeft: 10_000, queriesLeft: 5 });
      expect(await reservations.release(owner.id, asked.id)).toMatchObject({ released: 2_000 });
    });

    it('answers a repeated key with its own entries, not those of the response it now names', async () => {
      const owner = await user();
      const asked = await question(owner.id);
      const [first, second] = await Promise.all(
        [0, 1].map((memberOrder) => createTestResponse(harness.dataSource, asked.id, { memberOrder })),
      );
      await reservations.reserve(owner.id, asked.id, 4_000);
      await settle(owner.id, asked.id, first?.id ?? 0, 1_000, 0);
      await settle(owner.id, asked.id, second?.id ?? 0, 300, 1);
      expect(await settle(owner.id, asked.id, second?.id ?? 0, 999, 0)).toEqual({
        duplicate: true,
        charged: 1_000,
        uncovered: 0,
        tokensLeft: 6_000,
      });
      await reservations.release(owner.id, asked.id);
    });

    it('leaves out the response when only it was deleted meanwhile', async () => {
      const owner = await user();
      const asked = await question(owner.id);
      const answer = await createTestResponse(harness.dataSource, asked.id);
      await reservations.reserve(owner.id, asked.id, 2_000);
      await harness.dataSource.getRepository(ResponseEntity).delete(answer.id);
      expect(await settle(owner.id, asked.id, answer.id, 500)).toMatchObject({ charged: 500 });
      const settled = (await entries(owner.id)).filter((entry) => entry.kind === 'settlement');
      expect(settled).toEqual([expect.objectContaining({ questionId: asked.id, responseId: null })]);
      await reservations.release(owner.id, asked.id);
    });

    it('still settles and releases after the question was deleted', async () => {
      const owner = await user();
      const asked = await question(owner.id);
      await reservations.reserve(owner.id, asked.id, 2_000);
      await harness.dataSource.getRepository(QuestionEntity).delete(asked.id);
      expect(await settle(owner.id, asked.id, 999_999, 500)).toMatchObject({ charged: 500 });
      expect(await reservations.release(owner.id, asked.id)).toMatchObject({
        released: 1_500,
        tokensLeft: 9_500,
      });
      const written = (await entries(owner.id)).filter((entry) => entry.kind !== 'grant');
      expect(written.map(({ kind, questionId, responseId }) => ({ kind, questionId, responseId }))).toEqual(
        expect.arrayContaining([
          { kind: 'settlement', questionId: null, responseId: null },
          { kind: 'release', questionId: null, responseId: null },
        ]),
      );
    });

    it('settles each completed answer no settlement names when the question is released', async () => {
      const owner = await user();
      const asked = await question(owner.id);
      const completed = (memberOrder: number | null, totalTokens: number) =>
        createTestResponse(harness.dataSource, asked.id, {
          memberOrder,
          status: 'completed',
          totalTokens,
          ...(memberOrder === null ? { provider: 'consensus' } : {}),
        });
      const first = await completed(0, 1_000);
      const second = await completed(1, 700);
      const third = await completed(2, 500);
      const consensus = await completed(null, 300);
      const unfinished = await createTestResponse(harness.dataSource, asked.id, {
        memberOrder: 3,
        totalTokens: 900,
      });
      await reservations.reserve(owner.id, asked.id, 4_000);
      // Settled before under its key alone (no response named): not charged again.
      await settle(owner.id, asked.id, null, 500, 2);
      expect(await reservations.release(owner.id, asked.id)).toEqual({
        questionId: asked.id,
        released: 1_500,
        tokensLeft: 7_500,
        duplicate: false,
      });
      const settlementsOf = async (responseId: number) =>
        (await entries(owner.id)).filter(
          (entry) => entry.kind === 'settlement' && entry.responseId === responseId,
        );
      expect(await settlementsOf(first.id)).toEqual([expect.objectContaining({ amount: -1_000 })]);
      expect(await settlementsOf(second.id)).toEqual([expect.objectContaining({ amount: -700 })]);
      expect(await settlementsOf(consensus.id)).toEqual([expect.objectContaining({ amount: -300 })]);
      expect(await settlementsOf(third.id)).toEqual([]);
      expect(await settlementsOf(unfinished.id)).toEqual([]);
      expect(
        await harness.dataSource
          .getRepository(TokenReservationEntity)
          .findOneByOrFail({ questionId: asked.id }),
      ).toMatchObject({ consumed: 2_500, released: 1_500, heldMonthly: 0, heldFree: 0, heldPurchased: 0 });

      // Completed after the release (it raced a cancel): a later release settles it from the balance.
      await harness.dataSource.getRepository(ResponseEntity).update(unfinished.id, { status: 'completed' });
      expect(await reservations.release(owner.id, asked.id)).toEqual({
        questionId: asked.id,
        released: 1_500,
        tokensLeft: 6_600,
        duplicate: true,
      });
      expect(await settlementsOf(unfinished.id)).toHaveLength(1);
      expect(await reservations.release(owner.id, asked.id)).toMatchObject({
        tokensLeft: 6_600,
        duplicate: true,
      });
    });

    it('reads the question once the lock is granted: an answer completed while it waited is settled', async () => {
      const owner = await user();
      const asked = await question(owner.id);
      const answer = await createTestResponse(harness.dataSource, asked.id, { totalTokens: 600 });
      await reservations.reserve(owner.id, asked.id, 2_000);
      const holder = harness.dataSource.createQueryRunner();
      await holder.connect();
      try {
        await holder.startTransaction();
        await holder.query('SELECT 1 FROM "users" WHERE "id" = $1 FOR UPDATE', [owner.id]);
        const releasing = reservations.release(owner.id, asked.id);
        await waitForLockWaiter();
        // Committed after the release began and before it got the lock.
        await harness.dataSource
          .getRepository(ResponseEntity)
          .update({ id: answer.id }, { status: 'completed' });
        await holder.commitTransaction();
        expect(await releasing).toMatchObject({ released: 1_400, tokensLeft: 9_400 });
      } finally {
        await holder.release();
      }
      const settled = (await entries(owner.id)).filter((entry) => entry.kind === 'settlement');
      expect(settled).toEqual([expect.objectContaining({ amount: -600, responseId: answer.id })]);
    });

    it('lets the user ask while an operation holds the account: a question does not wait for it', async () => {
      const owner = await user();
      const outcome = await harness.get(LedgerService).withAccount(owner.id, async () => {
        // The question's foreign key check on the user row must not queue behind the lock.
        const asked = question(owner.id).then(() => 'inserted');
        const late = new Promise<string>((resolve) => setTimeout(() => resolve('waited'), 3_000));
        return Promise.race([asked, late]);
      });
      expect(outcome).toBe('inserted');
    });

    it("settles an answer once when the release races the answer's own settlement", async () => {
      const owner = await user();
      const asked = await question(owner.id);
      const answer = await createTestResponse(harness.dataSource, asked.id, {
        status: 'completed',
        totalTokens: 800,
      });
      await reservations.reserve(owner.id, asked.id, 2_000);
      await Promise.all([
        settle(owner.id, asked.id, answer.id, 800),
        reservations.release(owner.id, asked.id),
        reservations.release(owner.id, asked.id),
      ]);
      const settled = (await entries(owner.id)).filter((entry) => entry.kind === 'settlement');
      expect(settled).toEqual([expect.objectContaining({ amount: -800, responseId: answer.id })]);
      expect(await reload(owner.id)).toMatchObject({ tokensLeft: 9_200 });
    });

    it("settles nothing of someone else's question without a reservation", async () => {
      const owner = await user();
      const other = await user();
      const asked = await question(owner.id);
      await createTestResponse(harness.dataSource, asked.id, { status: 'completed', totalTokens: 800 });
      expect(await reservations.release(other.id, asked.id)).toEqual({
        questionId: asked.id,
        released: 0,
        tokensLeft: 10_000,
        duplicate: false,
      });
      expect((await entries(other.id)).filter((entry) => entry.kind === 'settlement')).toEqual([]);
    });

    it('holds a capped question’s cap in full or refuses it, writing nothing', async () => {
      const owner = await user({ tokensLeft: 2_000 });
      const asked = await question(owner.id);
      await expect(reservations.reserve(owner.id, asked.id, 2_500, true)).rejects.toMatchObject({
        code: 'INSUFFICIENT_TOKENS',
        message: SERVER_MESSAGES.tokenCapAboveBalance,
      });
      expect(await reload(owner.id)).toMatchObject({ tokensLeft: 2_000, queriesLeft: 5 });
      expect(await reservations.reserve(owner.id, asked.id, 2_000, true)).toMatchObject({ reserved: 2_000 });
      const [row] = await harness.dataSource
        .getRepository(TokenReservationEntity)
        .findBy({ questionId: asked.id });
      expect(row).toMatchObject({ reserved: 2_000, capped: true });
    });

    it('never charges a capped question past its cap, however its answers race', async () => {
      const owner = await user({ tokensLeft: 50_000, subscriptionTier: 'max', subscriptionStatus: 'active' });
      const cap = 1_000;
      const capped = await Promise.all(Array.from({ length: 8 }, () => question(owner.id)));
      await Promise.all(
        capped.map(async (asked, index) => {
          await reservations.reserve(owner.id, asked.id, cap, true);
          // Usage reported past the cap (the calls' last tokens in flight when the budget ran out).
          const answers = await Promise.all(
            [0, 1, 2].map((memberOrder) =>
              createTestResponse(harness.dataSource, asked.id, {
                memberOrder,
                status: 'completed',
                totalTokens: 300 + index * 20,
              }),
            ),
          );
          await Promise.all([
            settle(owner.id, asked.id, answers[0]!.id, 300 + index * 20, 0),
            settle(owner.id, asked.id, answers[1]!.id, 300 + index * 20, 1),
            reservations.release(owner.id, asked.id),
          ]);
          await reservations.release(owner.id, asked.id);
        }),
      );
      let charged = 0;
      for (const [index, asked] of capped.entries()) {
        const own = (await entries(owner.id)).filter(
          (entry) => entry.questionId === asked.id && entry.kind === 'settlement',
        );
        const spent = -own.reduce((sum, entry) => sum + entry.amount, 0);
        expect(spent).toBe(Math.min(cap, 3 * (300 + index * 20)));
        charged += spent;
      }
      expect(await reload(owner.id)).toMatchObject({ tokensLeft: 50_000 - charged });
    });

    it('charges an answer settled after a capped release from the balance, up to the cap and no further', async () => {
      const owner = await user({ tokensLeft: 10_000 });
      const asked = await question(owner.id);
      const answer = (memberOrder: number) =>
        createTestResponse(harness.dataSource, asked.id, {
          memberOrder,
          status: 'completed',
          totalTokens: 0,
        });
      const first = await answer(0);
      await reservations.reserve(owner.id, asked.id, 1_000, true);
      expect(await settle(owner.id, asked.id, first.id, 600, 0)).toMatchObject({ charged: 600 });
      expect(await reservations.release(owner.id, asked.id)).toMatchObject({ released: 400 });
      // Answers finished after the release (a retried member): 400 of the cap are left.
      const late = await answer(1);
      const later = await answer(2);
      expect(await settle(owner.id, asked.id, late.id, 300, 1)).toMatchObject({
        charged: 300,
        uncovered: 0,
      });
      expect(await settle(owner.id, asked.id, later.id, 300, 2)).toMatchObject({
        charged: 100,
        uncovered: 200,
      });
      expect(await reload(owner.id)).toMatchObject({ tokensLeft: 9_000 });
    });

    it('keeps the balance right while reservations, settlements and releases race', async () => {
      const owner = await user({ tokensLeft: 50_000, subscriptionTier: 'max', subscriptionStatus: 'active' });
      const questions = await Promise.all(Array.from({ length: 12 }, () => question(owner.id)));
      await Promise.all(
        questions.map(async (asked, index) => {
          await reservations.reserve(owner.id, asked.id, 3_000);
          await Promise.all([
            settle(owner.id, asked.id, null, 1_000 + index * 100),
            settle(owner.id, asked.id, null, 500, 1),
          ]);
          await reservations.release(owner.id, asked.id);
        }),
      );
      const used = questions.reduce((sum, _asked, index) => sum + 1_000 + index * 100 + 500, 0);
      expect(await reload(owner.id)).toMatchObject({ tokensLeft: 50_000 - used });
    });
  });

  // Each round trip is on billing's critical path (a question makes one reserve and one release,
  // which settles its answers). The transaction's start, the user's lock and reserve's or
  // release's read go in one; COMMIT is one of its own.
  describe('round trips per operation', () => {
    async function roundTrips(run: () => Promise<unknown>): Promise<number> {
      const spy = jest.spyOn(harness.dataSource.logger, 'logQuery');
      try {
        await run();
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    }

    it('reserves and releases in three round trips, settles in four, and answers a replay in one fewer', async () => {
      const owner = await user();
      const asked = await question(owner.id);
      const answer = await createTestResponse(harness.dataSource, asked.id);
      // Two more completed answers: the release settles them in the same three round trips.
      for (const memberOrder of [1, 2]) {
        await createTestResponse(harness.dataSource, asked.id, {
          memberOrder,
          status: 'completed',
          totalTokens: 10,
        });
      }
      const usage = {
        userId: owner.id,
        questionId: asked.id,
        responseId: answer.id,
        memberOrder: 0,
        round: 0,
      };
      expect(await roundTrips(() => reservations.reserve(owner.id, asked.id, 4_000))).toBe(3);
      expect(await roundTrips(() => reservations.reserve(owner.id, asked.id, 4_000))).toBe(2);
      expect(await roundTrips(() => reservations.settle({ ...usage, totalTokens: 1_000 }))).toBe(4);
      expect(await roundTrips(() => reservations.settle({ ...usage, totalTokens: 1_000 }))).toBe(3);
      expect(await roundTrips(() => reservations.settle({ ...usage, memberOrder: 1, totalTokens: 1 }))).toBe(
        3,
      );
      expect(await roundTrips(() => reservations.release(owner.id, asked.id))).toBe(3);
      expect(await roundTrips(() => reservations.release(owner.id, asked.id))).toBe(2);
    });
  });

  describe('the usage queue', () => {
    const job = (data: UsageSettleJobData, jobId = usageJobId(data)) =>
      harness.queue(QUEUES.usage).add(JOBS.usageSettle, data, { jobId, attempts: 3 });

    it('settles responses and releases the question, once each, from BullMQ jobs', async () => {
      const owner = await user();
      const asked = await question(owner.id);
      const answers = await Promise.all(
        [0, 1, 2].map((memberOrder) => createTestResponse(harness.dataSource, asked.id, { memberOrder })),
      );
      await reservations.reserve(owner.id, asked.id, 6_000);
      const usage = (memberOrder: number, responseId: number): UsageSettleJobData => ({
        kind: 'response',
        questionId: asked.id,
        userId: owner.id,
        responseId,
        memberOrder,
        round: 0,
        provider: 'openai',
        promptTokens: 200,
        completionTokens: 800,
        totalTokens: 1_000,
      });
      const settleJobs = await Promise.all(answers.map((answer, index) => job(usage(index, answer.id))));
      // A duplicate enqueue with the same id is dropped by BullMQ; one under another id by the ledger.
      const duplicates = [
        await job(usage(0, answers[0]?.id ?? 0)),
        await job(usage(0, answers[0]?.id ?? 0), 'retry-0'),
      ];
      const results = await finished(harness, QUEUES.usage, [...settleJobs, ...duplicates]);
      expect(results.filter((result) => result.status !== 'fulfilled')).toEqual([]);
      const release: UsageSettleJobData = {
        kind: 'release',
        questionId: asked.id,
        userId: owner.id,
        responseId: null,
        memberOrder: null,
        round: 0,
        provider: null,
        promptTokens: 0,
        completionTokens: 0,
        totalTokens: 0,
      };
      await finished(harness, QUEUES.usage, [await job(release), await job(release, 'release-again')]);
      expect(await reload(owner.id)).toMatchObject({ tokensLeft: 7_000 });
    });

    it('runs USAGE_CONCURRENCY jobs at once (8 by default)', () => {
      expect(harness.get(UsageProcessor).worker.concurrency).toBe(8);
    });

    it('fails a malformed job at once instead of retrying it', async () => {
      const bad = await harness
        .queue(QUEUES.usage)
        .add(JOBS.usageSettle, { kind: 'response', questionId: -1 }, { attempts: 5 });
      const [result] = await finished(harness, QUEUES.usage, [bad]);
      expect(result?.status).toBe('rejected');
      const failed = await harness.queue(QUEUES.usage).getJob(bad.id ?? '');
      expect(failed?.attemptsMade).toBe(1);
      expect(failed?.failedReason).toContain('Invalid payload');
    });
  });
});
