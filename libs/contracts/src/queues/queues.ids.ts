// Deterministic job ids: BullMQ ignores an add whose id already exists in the queue, so a retried
// request or a duplicate enqueue can never produce a second answer, settlement or payment.
//
// BullMQ 5 rejects a custom id that is an integer, or that contains ":" unless it has exactly three
// ":"-separated parts (a compatibility rule it plans to tighten). Every id here is either three parts
// or colon-free; isBullMqSafeJobId pins that in the tests.

import { type UsageSettleJobData } from './queues.payloads';

/** `questionId:memberOrder:round`, e.g. a member's first answer or its debate revision. */
export function jobId(questionId: number, memberOrder: number, round: number): string {
  assertId(questionId);
  assertCount('memberOrder', memberOrder);
  assertCount('round', round);
  return `${questionId}:${memberOrder}:${round}`;
}

/** One consensus per question, on the debate leader's provider queue. */
export function synthesisJobId(questionId: number): string {
  assertId(questionId);
  return `${questionId}:synthesis:0`;
}

/** The question's flow parent on the consensus queue. */
export function finaliseJobId(questionId: number): string {
  assertId(questionId);
  return `${questionId}:finalise:0`;
}

/** The job that ends a question whose flow parent failed for good: one per question. */
export function questionFailJobId(questionId: number): string {
  assertId(questionId);
  return `${questionId}:fail:0`;
}

type UsageKey = Pick<UsageSettleJobData, 'kind' | 'questionId' | 'memberOrder' | 'round'> &
  Partial<Pick<UsageSettleJobData, 'responseId' | 'answerAgain'>>;

/**
 * One settlement per response (member or consensus) and one release per question. An answer
 * given again (`answerAgain`) replaces a settled one in a new row: its key also names that row,
 * e.g. `42:1-again-977:0`.
 */
export function usageJobId(usage: UsageKey): string {
  assertId(usage.questionId);
  if (usage.kind === 'release') return `${usage.questionId}:release:0`;
  const member = usage.memberOrder === null ? 'consensus' : String(usage.memberOrder);
  assertCount('round', usage.round);
  if (usage.answerAgain === true) {
    assertId(usage.responseId ?? Number.NaN);
    return `${usage.questionId}:${member}-again-${usage.responseId}:${usage.round}`;
  }
  return `${usage.questionId}:${member}:${usage.round}`;
}

/** The ledger row's idempotency key for a usage job; unique across all ledger writers. */
export function usageIdempotencyKey(usage: UsageKey): string {
  return `usage:${usageJobId(usage)}`;
}

/** One job per payment-provider event. */
export function webhookJobId(eventId: string): string {
  if (!eventId || eventId.includes(':')) throw new RangeError(`Unusable event id "${eventId}"`);
  return `webhook-${eventId}`;
}

/** BullMQ 5's rule for custom job ids (see the header). */
export function isBullMqSafeJobId(id: string): boolean {
  if (id === '' || `${parseInt(id, 10)}` === id) return false;
  return !id.includes(':') || id.split(':').length === 3;
}

function assertId(id: number): void {
  // Ids are positive integers; anything else (NaN, 1.5, 1e21 printed as "1e+21") would make a
  // malformed or colliding job id.
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`Unusable id "${id}" in a job id`);
}

function assertCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
}
