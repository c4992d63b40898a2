// A running question's hold the size of its quote (DECISIONS 26): topped up from the balance when
// a call needs more, trimmed to the next round while a debate waits for the asker's note, and
// every step once per key.

import { TokenReservationEntity, UserEntity } from '@council/db';
import { createTestQuestion, createTestResponse, createTestUser } from '@council/testing';
import { HoldSizeService } from '../src/reservations/hold-size.service';
import { ReservationsService } from '../src/reservations/reservations.service';
import { type BillingHarness, expectLedgerConsistent, startBilling } from './support/billing-harness';

describe('the size of a running question hold', () => {
  let harness: BillingHarness;
  let reservations: ReservationsService;
  let holds: HoldSizeService;

  beforeAll(async () => {
    harness = await startBilling();
    reservations = harness.get(ReservationsService);
    holds = harness.get(HoldSizeService);
  });

  afterEach(async () => {
    await expectLedgerConsistent(harness);
  });

  afterAll(async () => {
    await harness?.close();
  });

  const reload = (id: number) => harness.dataSource.getRepository(UserEntity).findOneByOrFail({ id });
  const reservationOf = (questionId: number) =>
    harness.dataSource.getRepository(TokenReservationEntity).findOneByOrFail({ questionId });

  /** A user with 10,000 free tokens whose question holds 2,000 (a debate keeps 600 while paused). */
  async function running(capped = false) {
    const asker = await createTestUser(harness.dataSource);
    const asked = await createTestQuestion(harness.dataSource, asker.id);
    await reservations.reserve(asker.id, asked.id, 2_000, capped, 600);
    return { asker, asked };
  }

  describe('a top-up', () => {
    it('moves more of the balance into the hold, once per key', async () => {
      const { asker, asked } = await running();
      expect(await holds.topUp(asker.id, asked.id, 1_500, 'call-0001')).toMatchObject({
        added: 1_500,
        held: 3_500,
        duplicate: false,
      });
      expect(await holds.topUp(asker.id, asked.id, 1_500, 'call-0001')).toMatchObject({
        added: 1_500,
        duplicate: true,
      });
      expect(await reload(asker.id)).toMatchObject({ tokensLeft: 6_500 });
      expect(await reservationOf(asked.id)).toMatchObject({ reserved: 3_500, heldFree: 3_500 });

      // The release gives all of it back, nothing counted twice.
      expect(await reservations.release(asker.id, asked.id)).toMatchObject({ released: 3_500 });
      expect(await reload(asker.id)).toMatchObject({ tokensLeft: 10_000 });
    });

    it('adds what the balance has, then nothing: the call stops there', async () => {
      const { asker, asked } = await running();
      expect(await holds.topUp(asker.id, asked.id, 9_000, 'call-0001')).toMatchObject({ added: 8_000 });
      expect(await holds.topUp(asker.id, asked.id, 100, 'call-0002')).toMatchObject({
        added: 0,
        held: 10_000,
      });
      expect(await reload(asker.id)).toMatchObject({ tokensLeft: 0 });
    });

    it('never tops up a capped question, a released one, or another user’s', async () => {
      const capped = await running(true);
      expect(await holds.topUp(capped.asker.id, capped.asked.id, 500, 'call-0001')).toMatchObject({
        added: 0,
      });
      const ended = await running();
      await reservations.release(ended.asker.id, ended.asked.id);
      expect(await holds.topUp(ended.asker.id, ended.asked.id, 500, 'call-0001')).toMatchObject({
        added: 0,
        held: 0,
      });
      const stranger = await createTestUser(harness.dataSource);
      await expect(holds.topUp(stranger.id, capped.asked.id, 500, 'call-0002')).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      expect(await reload(capped.asker.id)).toMatchObject({ tokensLeft: 8_000 });
      expect(await reload(stranger.id)).toMatchObject({ tokensLeft: 10_000 });
    });
  });

  describe('a weigh-in pause', () => {
    it('keeps the next round and what its unsettled answers take, gives back the rest, once', async () => {
      const { asker, asked } = await running();
      // Round 0 answered 700 tokens, not settled yet (a debate's answers settle at its release).
      await createTestResponse(harness.dataSource, asked.id, { status: 'completed', totalTokens: 700 });
      expect(await holds.trim(asker.id, asked.id, 0)).toMatchObject({
        released: 700,
        held: 1_300,
        kept: 600,
        duplicate: false,
      });
      expect(await holds.trim(asker.id, asked.id, 0)).toMatchObject({ held: 1_300, duplicate: true });
      expect(await reload(asker.id)).toMatchObject({ tokensLeft: 8_700 });

      // The release settles the 700 from the hold and gives back the 600 kept.
      expect(await reservations.release(asker.id, asked.id)).toMatchObject({ released: 600 });
      expect(await reload(asker.id)).toMatchObject({ tokensLeft: 9_300 });
    });

    it('leaves a capped question its cap', async () => {
      const { asker, asked } = await running(true);
      expect(await holds.trim(asker.id, asked.id, 0)).toMatchObject({ released: 0, held: 2_000 });
      expect(await reload(asker.id)).toMatchObject({ tokensLeft: 8_000 });
    });
  });
});
