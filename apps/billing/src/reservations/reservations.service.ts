import { Injectable } from '@nestjs/common';
import {
  BILLING_MESSAGES,
  type BillingReleaseReply,
  type BillingReserveReply,
  SERVER_MESSAGES,
} from '@council/contracts';
import {
  LedgerEntryEntity,
  QuestionEntity,
  ResponseEntity,
  TokenReservationEntity,
  UserEntity,
} from '@council/db';
import { DomainException } from '@council/server-kit';
import { EntityManager } from 'typeorm';
import {
  type Buckets,
  NO_TOKENS,
  bucketsOf,
  planRelease,
  planReservation,
  planSettlement,
} from '../ledger/ledger.arithmetic';
import { releaseKey, reservationKey, settlementKey } from '../ledger/ledger.keys';
import { type EntryRefs, LedgerService } from '../ledger/ledger.service';

export interface SettleInput {
  userId: number;
  questionId: number;
  /** Null when the response row is gone (or was never written). */
  responseId: number | null;
  /** Null for the consensus answer. */
  memberOrder: number | null;
  round: number;
  totalTokens: number;
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
   * balance is empty, or on the free tier when no free query is left; the free query is taken in
   * the same transaction. A repeated call for the question returns the first reservation.
   */
  reserve(userId: number, questionId: number, maxTokens: number): Promise<BillingReserveReply> {
    return this.ledger.withAccount(userId, async (account) => {
      const { manager, user } = account;
      const reservations = manager.getRepository(TokenReservationEntity);
      const existing = await reservations.findOneBy({ questionId });
      if (existing) {
        assertOwner(existing, userId);
        return {
          questionId,
          reserved: existing.reserved,
          tokensLeft: user.tokensLeft,
          queriesLeft: user.queriesLeft,
          duplicate: true,
        };
      }
      const question = await manager
        .getRepository(QuestionEntity)
        .findOne({ where: { id: questionId }, select: { id: true, userId: true } });
      if (!question || question.userId !== userId) {
        throw new DomainException('NOT_FOUND', BILLING_MESSAGES.questionNotFound);
      }
      const freeTier = user.subscriptionTier === 'free';
      if (freeTier && user.queriesLeft <= 0) {
        throw new DomainException('NO_FREE_QUERIES', SERVER_MESSAGES.noFreeQueries);
      }
      const plan = planReservation(maxTokens, bucketsOf(user));
      if (plan.reserved === 0) {
        throw new DomainException('INSUFFICIENT_TOKENS', SERVER_MESSAGES.insufficientTokens);
      }
      await this.ledger.append(account, reservationKey(questionId), plan.movements, { questionId });
      await reservations.insert({
        userId,
        questionId,
        reserved: plan.reserved,
        heldMonthly: plan.held.monthly,
        heldFree: plan.held.free,
        heldPurchased: plan.held.purchased,
      });
      if (freeTier) {
        user.queriesLeft -= 1;
        await manager.getRepository(UserEntity).update(user.id, { queriesLeft: user.queriesLeft });
      }
      // Informational copy on the question (its owner, the council, reads it).
      await manager.getRepository(QuestionEntity).update(questionId, { reservedTokens: plan.reserved });
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
    const key = settlementKey(input.questionId, input.memberOrder, input.round);
    return this.ledger.withAccount(input.userId, async (account) => {
      const { manager, user } = account;
      const earlier = await this.ledger.findOperation(manager, key);
      const sameResponse =
        earlier.length === 0 && input.responseId !== null
          ? await manager
              .getRepository(LedgerEntryEntity)
              .findBy({ responseId: input.responseId, kind: 'settlement' })
          : [];
      if (earlier.length > 0 || sameResponse.length > 0) {
        const entries = earlier.length > 0 ? earlier : sameResponse;
        const charged = -entries
          .filter((entry) => entry.kind === 'settlement')
          .reduce((sum, entry) => sum + entry.amount, 0);
        return { duplicate: true, charged, uncovered: 0, tokensLeft: user.tokensLeft };
      }
      const reservations = manager.getRepository(TokenReservationEntity);
      const reservation = await reservations.findOneBy({ questionId: input.questionId });
      if (reservation) assertOwner(reservation, input.userId);
      const plan = planSettlement(
        input.totalTokens,
        reservation ? heldOf(reservation) : NO_TOKENS,
        bucketsOf(user),
      );
      const refs = await liveRefs(manager, input.questionId, input.responseId);
      await this.ledger.append(account, key, plan.movements, refs);
      if (reservation) {
        await reservations.update(reservation.id, {
          heldMonthly: plan.heldAfter.monthly,
          heldFree: plan.heldAfter.free,
          heldPurchased: plan.heldAfter.purchased,
          consumed: reservation.consumed + plan.covered,
        });
      }
      return {
        duplicate: false,
        charged: plan.charged,
        uncovered: plan.uncovered,
        tokensLeft: user.tokensLeft,
      };
    });
  }

  /** Gives back what the question still holds; once per question (later calls are no-ops). */
  release(userId: number, questionId: number): Promise<BillingReleaseReply> {
    return this.ledger.withAccount(userId, async (account) => {
      const { manager, user } = account;
      const reservations = manager.getRepository(TokenReservationEntity);
      const reservation = await reservations.findOneBy({ questionId });
      if (!reservation) return { questionId, released: 0, tokensLeft: user.tokensLeft, duplicate: false };
      assertOwner(reservation, userId);
      if (reservation.releasedAt) {
        return { questionId, released: reservation.released, tokensLeft: user.tokensLeft, duplicate: true };
      }
      const plan = planRelease(heldOf(reservation));
      await this.ledger.append(
        account,
        releaseKey(questionId),
        plan.movements,
        await liveRefs(manager, questionId, null),
      );
      await reservations.update(reservation.id, {
        heldMonthly: 0,
        heldFree: 0,
        heldPurchased: 0,
        released: plan.released,
        releasedAt: new Date(),
      });
      return { questionId, released: plan.released, tokensLeft: user.tokensLeft, duplicate: false };
    });
  }
}

function heldOf(reservation: TokenReservationEntity): Buckets {
  return {
    monthly: reservation.heldMonthly,
    free: reservation.heldFree,
    purchased: reservation.heldPurchased,
  };
}

function assertOwner(reservation: TokenReservationEntity, userId: number): void {
  if (reservation.userId !== userId)
    throw new DomainException('FORBIDDEN', BILLING_MESSAGES.questionNotFound);
}

/**
 * Entry references are foreign keys: a question deleted meanwhile (its responses with it) is left
 * out, and the entry is written unlinked, like the ones the deletion itself unlinks.
 */
async function liveRefs(
  manager: EntityManager,
  questionId: number,
  responseId: number | null,
): Promise<EntryRefs> {
  const question = await manager.getRepository(QuestionEntity).exists({ where: { id: questionId } });
  const response =
    responseId !== null && question
      ? await manager.getRepository(ResponseEntity).exists({ where: { id: responseId } })
      : false;
  return { questionId: question ? questionId : null, responseId: response ? responseId : null };
}
