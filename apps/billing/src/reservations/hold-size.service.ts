// The size of a running question's hold (DECISIONS 26): a call that needs more than the hold
// tops it up from the balance, and a debate waiting for the asker's note keeps only what its next
// round needs. Both run under the user's row lock and once per key, like every ledger operation.

import { Injectable } from '@nestjs/common';
import { type BillingHoldReply } from '@council/contracts';
import { type QuestionEntity } from '@council/db';
import { updateRow } from '../database/sql-write.util';
import { planReservation, planTrim, spendableBucketsOf, total } from '../ledger/ledger.arithmetic';
import { holdTopUpKey, holdTrimKey } from '../ledger/ledger.keys';
import { LedgerService } from '../ledger/ledger.service';
import { closeStateRead, questionStateRead, updateReservation } from './reservations.repository';
import { assertOwner, heldOf, liveRefs, settlementKeyOf } from './reservations.service';

@Injectable()
export class HoldSizeService {
  constructor(private readonly ledger: LedgerService) {}

  /**
   * Adds up to `tokens` of the balance to the question's hold; what a smaller balance has, or
   * nothing when it is empty (the call then stops). A capped question holds its cap and is never
   * topped up; a released one is over. A repeated key adds nothing more.
   */
  topUp(userId: number, questionId: number, tokens: number, key: string): Promise<BillingHoldReply> {
    return this.ledger.withAccountReading(userId, questionStateRead(questionId), async (account, state) => {
      const { reservation } = state;
      const reply = { questionId, added: 0, released: 0, kept: 0, duplicate: false };
      if (!reservation) return { ...reply, held: 0 };
      assertOwner(reservation, userId);
      const held = total(heldOf(reservation));
      const operationKey = holdTopUpKey(questionId, key);
      const earlier = await this.ledger.findOperation(account.manager, operationKey);
      if (earlier.length > 0) {
        const added = -earlier.reduce((sum, entry) => sum + entry.amount, 0);
        return { ...reply, added, held, duplicate: true };
      }
      if (reservation.capped || reservation.releasedAt !== null) return { ...reply, held };
      const plan = planReservation(tokens, spendableBucketsOf(account.user));
      if (plan.reserved === 0) return { ...reply, held };
      await this.ledger.append(account, operationKey, plan.movements, liveRefs(questionId, null, state), {
        alongside: [
          updateReservation(reservation.id, {
            reserved: reservation.reserved + plan.reserved,
            heldMonthly: reservation.heldMonthly + plan.held.monthly,
            heldFree: reservation.heldFree + plan.held.free,
            heldPurchased: reservation.heldPurchased + plan.held.purchased,
          }),
          // Informational copy on the question, as the reservation writes it.
          updateRow<QuestionEntity>('questions', questionId, {
            reservedTokens: reservation.reserved + plan.reserved,
          }),
        ],
      });
      return { ...reply, added: plan.reserved, held: held + plan.reserved };
    });
  }

  /**
   * A debate paused after `afterRound`: the hold keeps the reservation's pauseHold for the next
   * round, besides what its answers not settled yet will take, and gives back the rest. Once per
   * pause; nothing for a capped question (it holds its cap) or a released one.
   */
  trim(userId: number, questionId: number, afterRound: number): Promise<BillingHoldReply> {
    return this.ledger.withAccountReading(userId, closeStateRead(questionId), async (account, state) => {
      const { reservation } = state;
      const reply = { questionId, added: 0, released: 0, kept: 0, duplicate: false };
      if (!reservation) return { ...reply, held: 0 };
      assertOwner(reservation, userId);
      const held = heldOf(reservation);
      const operationKey = holdTrimKey(questionId, afterRound);
      const keys = new Set(state.operationKeys);
      const owed = state.unsettled
        .filter((answer) => !keys.has(settlementKeyOf(questionId, answer)))
        .reduce((sum, answer) => sum + answer.totalTokens, 0);
      const kept = (heldNow: number) => Math.max(0, heldNow - owed);
      if (keys.has(operationKey)) {
        return { ...reply, held: total(held), kept: kept(total(held)), duplicate: true };
      }
      if (reservation.capped || reservation.releasedAt !== null || reservation.pauseHold === null) {
        return { ...reply, held: total(held), kept: kept(total(held)) };
      }
      const plan = planTrim(
        held,
        Math.min(total(held), reservation.pauseHold + owed),
        state.heldFromEndedPeriod,
      );
      if (plan.movements.length === 0) return { ...reply, held: total(held), kept: kept(total(held)) };
      await this.ledger.append(account, operationKey, plan.movements, liveRefs(questionId, null, state), {
        alongside: [
          updateReservation(reservation.id, {
            heldMonthly: plan.heldAfter.monthly,
            heldFree: plan.heldAfter.free,
            heldPurchased: plan.heldAfter.purchased,
            released: reservation.released + plan.released + plan.expired,
          }),
        ],
      });
      const after = total(plan.heldAfter);
      return { ...reply, released: plan.released, held: after, kept: kept(after) };
    });
  }
}
