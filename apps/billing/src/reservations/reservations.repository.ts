// token_reservations as plain SQL: each step reads what it needs in one statement and writes
// together with its ledger entries (billing is on the critical path of every question, and each
// statement is a round trip). Read only once the user's row lock is held: a statement's snapshot
// is taken when it starts, so a read folded into the locking SELECT would miss what the previous
// lock holder committed. The reads of reserve and release are statements of their own sent in the
// lock's round trip (LockedRead), their ids inlined as integer literals.

import { type LedgerEntryKind } from '@council/contracts';
import { type TokenReservationEntity, preparedQuery } from '@council/db';
import { type EntityManager } from 'typeorm';
import { type SqlWrite, updateRow } from '../database/sql-write.util';
import { ALLOWANCE_NOTES } from '../ledger/ledger.arithmetic';
import { ALLOWANCE_KEY_PREFIX, RESERVATION_KEY_PREFIX } from '../ledger/ledger.keys';
import { sqlInteger } from '../ledger/ledger.repository';
import { type LockedRead } from '../ledger/ledger.repository';

export type ReservationRow = Pick<
  TokenReservationEntity,
  | 'id'
  | 'userId'
  | 'reserved'
  | 'heldMonthly'
  | 'heldFree'
  | 'heldPurchased'
  | 'consumed'
  | 'released'
  | 'releasedAt'
  | 'capped'
  | 'pauseHold'
>;

export interface QuestionState {
  reservation: ReservationRow | null;
  /** Null when the question row is gone (deleted meanwhile) or never existed. */
  questionOwnerId: number | null;
}

/** An entry found by the settlement key (byKey) or settling the same response under another key. */
export interface EarlierEntry {
  kind: LedgerEntryKind;
  amount: number;
  byKey: boolean;
}

/** A completed answer of the question that no settlement names yet. */
export interface UnsettledAnswer {
  id: number;
  memberOrder: number | null;
  round: number;
  totalTokens: number;
}

/** Whether a period's allocation was granted after the hold was taken (see HELD_FROM_ENDED_PERIOD). */
interface PeriodState {
  heldFromEndedPeriod: boolean;
}

export interface CloseState extends QuestionState, PeriodState {
  unsettled: UnsettledAnswer[];
  /** Idempotency keys of the question's entries (a settlement may name no response). */
  operationKeys: string[];
}

export interface SettlementState extends QuestionState, PeriodState {
  responseLive: boolean;
  earlier: EarlierEntry[];
}

// The reservation's columns are all NOT NULL, so when its id is null (no row) the rest is too.
type StateRow = Omit<ReservationRow, 'id'> & {
  id: number | null;
  questionOwnerId: number | null;
  responseLive?: boolean;
  earlier?: EarlierEntry[];
  unsettled?: UnsettledAnswer[];
  operationKeys?: string[];
  heldFromEndedPeriod?: boolean;
};

// The one-row FROM keeps a row when neither the reservation nor the question exists.
const SELECT_STATE = `
  SELECT r."id", r."userId", r."reserved", r."heldMonthly", r."heldFree", r."heldPurchased",
         r."consumed", r."released", r."releasedAt", r."capped", r."pauseHold", q."userId" AS "questionOwnerId"`;

/**
 * The hold was taken in a period that has since ended: a renewal's allocation (allowanceKey) was
 * written after the reservation's first entry. Both are written under the user's row lock, so
 * the entries' ids order them. A new plan's first allocation keeps what was left, so it ends
 * nothing.
 */
const HELD_FROM_ENDED_PERIOD = `
       EXISTS (SELECT 1
                 FROM "ledger_entries" h
                 JOIN "ledger_entries" g ON g."userId" = h."userId" AND g."id" > h."id"
                WHERE h."idempotencyKey" = '${RESERVATION_KEY_PREFIX}' || r."questionId"
                  AND g."kind" = 'grant' AND g."bucket" = 'monthly'
                  AND g."idempotencyKey" LIKE '${ALLOWANCE_KEY_PREFIX}%'
                  AND g."note" = '${ALLOWANCE_NOTES.renewal}') AS "heldFromEndedPeriod"`;

/** FROM of the state reads; `question` is the question id's placeholder or literal. */
function fromState(question: string): string {
  return `
  FROM (SELECT 1) AS "one"
  LEFT JOIN "token_reservations" r ON r."questionId" = ${question}
  LEFT JOIN "questions" q ON q."id" = ${question}`;
}

/** The question's reservation and owner, read once the user's lock is held. */
export function questionStateRead(questionId: number): LockedRead<QuestionState> {
  return {
    sql: `${SELECT_STATE} ${fromState(sqlInteger(questionId))}`,
    parse: (rows) => stateOf(rows[0] as StateRow | undefined),
  };
}

/**
 * The question's state (questionStateRead) plus what a settlement checks: whether the response still exists, and the
 * entries of an earlier settlement, by its ledger keys or by the same response under another key.
 */
export async function findSettlementState(
  manager: EntityManager,
  questionId: number,
  responseId: number | null,
  keys: readonly string[],
): Promise<SettlementState> {
  const {
    rows: [row],
  } = await preparedQuery<StateRow>(
    manager,
    `${SELECT_STATE}, ${HELD_FROM_ENDED_PERIOD},
       EXISTS (SELECT 1 FROM "responses" WHERE "id" = $2) AS "responseLive",
       (SELECT COALESCE(json_agg(json_build_object(
                 'kind', e."kind", 'amount', e."amount", 'byKey', e."idempotencyKey" = ANY($3::varchar[]))),
               '[]'::json)
          FROM "ledger_entries" e
         WHERE e."idempotencyKey" = ANY($3::varchar[])
            OR (e."responseId" = $2 AND e."kind" = 'settlement')) AS "earlier"
     ${fromState('$1')}`,
    [questionId, responseId, keys],
  );
  return {
    ...stateOf(row),
    responseLive: row?.responseLive ?? false,
    earlier: row?.earlier ?? [],
    heldFromEndedPeriod: row?.heldFromEndedPeriod ?? false,
  };
}

/**
 * The question's state (questionStateRead) plus what closing the question settles: its completed
 * answers that no settlement entry names, and the keys of its entries (an answer settled without
 * naming its row is found by its settlement key instead). Read once the user's lock is held.
 */
export function closeStateRead(questionId: number): LockedRead<CloseState> {
  const question = sqlInteger(questionId);
  return {
    sql: `${SELECT_STATE}, ${HELD_FROM_ENDED_PERIOD},
       (SELECT COALESCE(json_agg(json_build_object(
                 'id', a."id", 'memberOrder', a."memberOrder", 'round', a."round", 'totalTokens', a."totalTokens")
               ORDER BY a."id"), '[]'::json)
          FROM "responses" a
         WHERE a."questionId" = ${question} AND a."status" = 'completed'
           AND NOT EXISTS (SELECT 1 FROM "ledger_entries" s
                            WHERE s."responseId" = a."id" AND s."kind" = 'settlement')) AS "unsettled",
       (SELECT COALESCE(json_agg(e."idempotencyKey"), '[]'::json)
          FROM "ledger_entries" e
         WHERE e."questionId" = ${question}) AS "operationKeys"
     ${fromState(question)}`,
    parse: (rows) => {
      const row = rows[0] as StateRow | undefined;
      return {
        ...stateOf(row),
        unsettled: row?.unsettled ?? [],
        operationKeys: row?.operationKeys ?? [],
        heldFromEndedPeriod: row?.heldFromEndedPeriod ?? false,
      };
    },
  };
}

/** INSERT of a new reservation, for LedgerService.append's `alongside`. */
export function insertReservation(
  row: Pick<
    TokenReservationEntity,
    | 'userId'
    | 'questionId'
    | 'reserved'
    | 'heldMonthly'
    | 'heldFree'
    | 'heldPurchased'
    | 'capped'
    | 'pauseHold'
  >,
): SqlWrite {
  return (param) =>
    `INSERT INTO "token_reservations"
       ("userId", "questionId", "reserved", "heldMonthly", "heldFree", "heldPurchased", "capped", "pauseHold")
     VALUES (${[
       row.userId,
       row.questionId,
       row.reserved,
       row.heldMonthly,
       row.heldFree,
       row.heldPurchased,
       row.capped,
       row.pauseHold,
     ]
       .map(param)
       .join(', ')})`;
}

export function updateReservation(
  id: number,
  patch: Partial<Omit<ReservationRow, 'id' | 'userId' | 'capped' | 'pauseHold'>>,
): SqlWrite {
  return updateRow<TokenReservationEntity>('token_reservations', id, patch);
}

function stateOf(row: StateRow | undefined): QuestionState {
  if (!row) return { reservation: null, questionOwnerId: null };
  const {
    id,
    questionOwnerId,
    responseLive: _live,
    earlier: _earlier,
    unsettled: _unsettled,
    operationKeys: _keys,
    heldFromEndedPeriod: _ended,
    ...columns
  } = row;
  return { reservation: id === null ? null : { id, ...columns }, questionOwnerId };
}
