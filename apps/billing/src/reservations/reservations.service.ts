import { Injectable } from '@nestjs/common';
import {
  BILLING_MESSAGES,
  type BillingReleaseReply,
  type BillingReserveReply,
  SERVER_MESSAGES,
  freeTierAsk,
} from '@council/contracts';
import { type QuestionEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import { updateRow } from '../database/sql-write.util';
import {
  type Buckets,
  NO_TOKENS,
  applyMovements,
  spendableBucketsOf,
  planRelease,
  planReservation,
  planSettlement,
  type SettlementPlan,
} from '../ledger/ledger.arithmetic';
import { operationKeys, releaseKey, reservationKey, settlementKey } from '../ledger/ledger.keys';
import { type EntryRefs, type KeyedOperation, LedgerService } from '../ledger/ledger.service';
import {
  type QuestionState,
  type ReservationRow,
  type UnsettledAnswer,
  closeStateRead,
  findSettlementState,
  questionStateRead,
  insertReservation,
  updateReservation,
} from './reservations.repository';

export interface SettleInput {
  userId: number;
  questionId: number;
  /** Null when the response row is gone (or was never written). */
  responseId: number | null;
  /** Null for the consensus answer. */
  memberOrder: number | null;
  round: number;
  totalTokens: number;
  /** An answer given again: settled under its own row's key (settlementKey), never the replaced one's. */
  answerAgain?: boolean;
}

export interface SettleResult {
  duplicate: boolean;
  /** Tokens spent from the balance (including what the reservation held for it). */
  charged: number;
  /** Usage nothing could pay for: the balance was already at zero. */
  uncovered: number;
  tokensLeft: number;
}

/**
 * Holds tokens for a question before it is queued, settles each response's actual usage against
 * the hold, and gives back the rest (ARCHITECTURE "Money and tokens"). All three are idempotent
 * and run under the user's row lock, so under any concurrency the balance never goes below zero
 * and no settlement is applied twice.
 */
@Injectable()
export class ReservationsService {
  constructor(private readonly ledger: LedgerService) {}

  /**
   * Holds up to maxTokens (the whole balance when that is smaller). Refused with 402 when the
   * balance is empty, or on the free tier when no free query is left and no purchased tokens are
   * held (DECISIONS 17); a free query is taken in the same transaction. A repeated call for the question returns the first reservation.
   * `capped`: maxTokens is the asker's own limit (TOKEN_CAP), held in full or refused, and the
   * question is never charged beyond it.
   */
  reserve(
    userId: number,
    questionId: number,
    maxTokens: number,
    capped = false,
    pauseHold: number | null = null,
  ): Promise<BillingReserveReply> {
    return this.ledger.withAccountReading(userId, questionStateRead(questionId), async (account, state) => {
      const { user } = account;
      const { reservation, questionOwnerId } = state;
      if (reservation) {
        assertOwner(reservation, userId);
        return {
          questionId,
          reserved: reservation.reserved,
          tokensLeft: user.tokensLeft,
          queriesLeft: user.queriesLeft,
          duplicate: true,
        };
      }
      if (questionOwnerId !== userId) {
        throw new DomainException('NOT_FOUND', BILLING_MESSAGES.questionNotFound);
      }
      // DECISIONS 17: past its free queries, a free account asks on purchased tokens.
      const freeAsk = freeTierAsk(user.subscriptionTier, user.queriesLeft, user.purchasedTokens);
      if (freeAsk === 'refused') {
        throw new DomainException('NO_FREE_QUERIES', SERVER_MESSAGES.noFreeQueries);
      }
      const takesFreeQuery = freeAsk === 'free-query';
      const plan = planReservation(maxTokens, spendableBucketsOf(user));
      if (plan.reserved === 0) {
        throw new DomainException('INSUFFICIENT_TOKENS', SERVER_MESSAGES.insufficientTokens);
      }
      if (capped && plan.reserved < maxTokens) {
        throw new DomainException('INSUFFICIENT_TOKENS', SERVER_MESSAGES.tokenCapAboveBalance);
      }
      await this.ledger.append(
        account,
        reservationKey(questionId),
        plan.movements,
        { questionId },
        {
          ...(takesFreeQuery ? { queriesLeft: user.queriesLeft - 1 } : {}),
          alongside: [
            insertReservation({
              userId,
              questionId,
              reserved: plan.reserved,
              heldMonthly: plan.held.monthly,
              heldFree: plan.held.free,
              heldPurchased: plan.held.purchased,
              capped,
              pauseHold: capped ? null : pauseHold,
            }),
            // Informational copy on the question (its owner, the council, reads it).
            updateRow<QuestionEntity>('questions', questionId, { reservedTokens: plan.reserved }),
          ],
        },
      );
      return {
        questionId,
        reserved: plan.reserved,
        tokensLeft: user.tokensLeft,
        queriesLeft: user.queriesLeft,
        duplicate: false,
      };
    });
  }

  /**
   * Settles one response's usage (planSettlement): from the question's hold first, any overuse from
   * the rest of the balance, capped at zero. Once per response, whatever the number of deliveries.
   */
  settle(input: SettleInput): Promise<SettleResult> {
    const key = settlementKey(
      input.questionId,
      input.memberOrder,
      input.round,
      input.answerAgain === true ? input.responseId : null,
    );
    return this.ledger.withAccount(input.userId, async (account) => {
      const { manager, user } = account;
      const state = await findSettlementState(
        manager,
        input.questionId,
        input.responseId,
        operationKeys(key),
      );
      // Entries under this key win; else a settlement of the same response under another key.
      const byKey = state.earlier.filter((entry) => entry.byKey);
      const entries = byKey.length > 0 ? byKey : state.earlier;
      if (entries.length > 0) {
        const charged = -entries
          .filter((entry) => entry.kind === 'settlement')
          .reduce((sum, entry) => sum + entry.amount, 0);
        return { duplicate: true, charged, uncovered: 0, tokensLeft: user.tokensLeft };
      }
      const { reservation } = state;
      if (reservation) assertOwner(reservation, input.userId);
      const held = reservation ? heldOf(reservation) : NO_TOKENS;
      const plan = planSettlement(
        input.totalTokens,
        held,
        spendableBucketsOf(user),
        reservation ? holdOptions(reservation, reservation.released, state.heldFromEndedPeriod) : {},
      );
      const refs = liveRefs(input.questionId, input.responseId, state);
      await this.ledger.append(account, key, plan.movements, refs, {
        alongside: reservation
          ? [
              updateReservation(reservation.id, {
                heldMonthly: plan.heldAfter.monthly,
                heldFree: plan.heldAfter.free,
                heldPurchased: plan.heldAfter.purchased,
                ...afterSettlement(reservation, plan, reservation.consumed, reservation.released),
              }),
            ]
          : [],
      });
      return {
        duplicate: false,
        charged: plan.charged,
        uncovered: plan.uncovered,
        tokensLeft: user.tokensLeft,
      };
    });
  }

  /**
   * Closes the question's account: settles each completed answer no settlement names yet (its
   * stored usage, as settle() would, in answer order), then gives back what the hold still has,
   * all in one transaction. The workers leave the answers of a running question to this call, so a
   * question costs two ledger transactions instead of one per answer. The release happens once
   * (later calls report it as a duplicate); answers completed after it are still settled here, from
   * the balance. Without the owner's question or reservation there is nothing to settle.
   */
  release(userId: number, questionId: number): Promise<BillingReleaseReply> {
    return this.ledger.withAccountReading(userId, closeStateRead(questionId), async (account, state) => {
      const { user } = account;
      const { reservation } = state;
      if (reservation) assertOwner(reservation, userId);
      const owned = reservation !== null || state.questionOwnerId === userId;
      const keys = new Set(state.operationKeys);
      const answers = owned
        ? state.unsettled.filter((answer) => !keys.has(settlementKeyOf(questionId, answer)))
        : [];
      let held = reservation ? heldOf(reservation) : NO_TOKENS;
      let consumed = reservation?.consumed ?? 0;
      let given = reservation?.released ?? 0;
      let balance = spendableBucketsOf(user);
      const operations: KeyedOperation[] = answers.map((answer) => {
        const plan = planSettlement(
          answer.totalTokens,
          held,
          balance,
          reservation ? holdOptions(reservation, given, state.heldFromEndedPeriod) : {},
        );
        held = plan.heldAfter;
        if (reservation)
          ({ consumed, released: given } = afterSettlement(reservation, plan, consumed, given));
        balance = applyMovements(balance, plan.movements);
        return {
          key: settlementKeyOf(questionId, answer),
          movements: plan.movements,
          refs: liveRefs(questionId, answer.id, { ...state, responseLive: true }),
        };
      });
      const releasing = reservation !== null && reservation.releasedAt === null;
      const released = releasing ? planRelease(held, state.heldFromEndedPeriod) : null;
      if (released) {
        operations.push({
          key: releaseKey(questionId),
          movements: released.movements,
          refs: liveRefs(questionId, null, state),
        });
      }
      if (reservation && (answers.length > 0 || released)) {
        await this.ledger.appendAll(account, operations, {
          alongside: [
            updateReservation(reservation.id, {
              ...(released
                ? {
                    heldMonthly: 0,
                    heldFree: 0,
                    heldPurchased: 0,
                    // The hold's accounts close: what expired with its period was released too,
                    // after what a weigh-in pause gave back (HoldSizeService.trim).
                    released: given + released.released + released.expired,
                    releasedAt: new Date(),
                  }
                : {
                    heldMonthly: held.monthly,
                    heldFree: held.free,
                    heldPurchased: held.purchased,
                    released: given,
                  }),
              consumed,
            }),
          ],
        });
      } else if (operations.length > 0) {
        await this.ledger.appendAll(account, operations);
      }
      return {
        questionId,
        released: released?.released ?? reservation?.released ?? 0,
        tokensLeft: user.tokensLeft,
        duplicate: reservation !== null && !releasing,
      };
    });
  }
}

export function settlementKeyOf(
  questionId: number,
  answer: Pick<UnsettledAnswer, 'memberOrder' | 'round'>,
): string {
  return settlementKey(questionId, answer.memberOrder, answer.round);
}

/**
 * A reservation's settlement options. A capped one's capRoom is what its cap still allows beyond
 * the hold: while the hold lasts that is nothing; after the release it is what the release gave
 * back (an answer completed late, or retried, is charged from the balance up to the cap and no
 * further). A hold taken before the monthly reset pays from its own buckets (planSettlement).
 */
function holdOptions(
  reservation: ReservationRow,
  released: number,
  heldFromEndedPeriod: boolean,
): { capRoom?: number; heldFromEndedPeriod: boolean } {
  return { ...(reservation.capped ? { capRoom: released } : {}), heldFromEndedPeriod };
}

/**
 * The reservation's accounts after a settlement (held + consumed + released = reserved): usage
 * from the hold is consumed; a capped question's usage charged after its release is consumed out
 * of what the release gave back.
 */
function afterSettlement(
  reservation: ReservationRow,
  plan: SettlementPlan,
  consumed: number,
  released: number,
): { consumed: number; released: number } {
  const fromRelease = reservation.capped ? plan.overuse : 0;
  return { consumed: consumed + plan.covered + fromRelease, released: released - fromRelease };
}

export function heldOf(reservation: ReservationRow): Buckets {
  return {
    monthly: reservation.heldMonthly,
    free: reservation.heldFree,
    purchased: reservation.heldPurchased,
  };
}

export function assertOwner(reservation: ReservationRow, userId: number): void {
  if (reservation.userId !== userId)
    throw new DomainException('FORBIDDEN', BILLING_MESSAGES.questionNotFound);
}

/**
 * Entry references are foreign keys: a question deleted meanwhile (its responses with it) is left
 * out, and the entry is written unlinked, like the ones the deletion itself unlinks.
 */
export function liveRefs(
  questionId: number,
  responseId: number | null,
  state: QuestionState & { responseLive?: boolean },
): EntryRefs {
  const question = state.questionOwnerId !== null;
  const response = responseId !== null && question && state.responseLive === true;
  return { questionId: question ? questionId : null, responseId: response ? responseId : null };
}
