// Idempotency keys of ledger operations. Each is derived from what caused the operation, so a
// replay (a retried job, a redelivered webhook, a second replica answering the same RPC) finds the
// entries of the first run instead of writing new ones. An operation of several entries stores
// them under `key`, `key#2`, `key#3`…; see operationKeys.

import { usageIdempotencyKey } from '@council/contracts';

/** Written by the database when the users row is inserted (migration BillingAccounts). */
export const accountOpenKey = (userId: number): string => `account-open:${userId}`;

/** Prefix of a reservation's key: the state reads match a hold's first entry by it. */
export const RESERVATION_KEY_PREFIX = 'reservation:';

export const reservationKey = (questionId: number): string => `${RESERVATION_KEY_PREFIX}${questionId}`;

/** A running question's top-up (billing.hold.topUp), named by its caller so a retry adds nothing. */
export const holdTopUpKey = (questionId: number, key: string): string => `hold-top-up:${questionId}:${key}`;

/** A debate's pause after a round keeps only the next round's hold, once per pause. */
export const holdTrimKey = (questionId: number, afterRound: number): string =>
  `hold-trim:${questionId}:${afterRound}`;

/** The same key whether the release comes from the usage queue or from billing.release. */
export const releaseKey = (questionId: number): string =>
  usageIdempotencyKey({ kind: 'release', questionId, memberOrder: null, round: 0 });

/**
 * One settlement per response: its (question, member, round), as the usage job names it. An answer
 * given again (`againResponseId`, its new row) has a key of its own: the replaced answer's is spent.
 */
export const settlementKey = (
  questionId: number,
  memberOrder: number | null,
  round: number,
  againResponseId: number | null = null,
): string =>
  usageIdempotencyKey({
    kind: 'response',
    questionId,
    memberOrder,
    round,
    ...(againResponseId === null ? {} : { answerAgain: true, responseId: againResponseId }),
  });

/** A token pack: one credit per Checkout Session, however many events report it. */
export const purchaseKey = (checkoutSessionId: string): string => `purchase:${checkoutSessionId}`;

/** Prefix of a period's allocation key: an allocation after a hold ends the hold's period. */
export const ALLOWANCE_KEY_PREFIX = 'allowance:';

/** A paid period: one allocation per invoice. */
export const allowanceKey = (invoiceId: string): string => `${ALLOWANCE_KEY_PREFIX}${invoiceId}`;

/** An upgrade mid-period: one top-up per subscription, target tier and period. */
export const upgradeKey = (subscriptionId: string, tier: string, periodEnd: Date): string =>
  `upgrade:${subscriptionId}:${tier}:${Math.floor(periodEnd.getTime() / 1000)}`;

/** Most entries one operation writes (a settlement: three releases and three charges). */
export const MAX_OPERATION_ENTRIES = 8;

/** Every key an operation's entries may carry, in order. */
export function operationKeys(key: string): string[] {
  return [key, ...Array.from({ length: MAX_OPERATION_ENTRIES - 1 }, (_, index) => `${key}#${index + 2}`)];
}
