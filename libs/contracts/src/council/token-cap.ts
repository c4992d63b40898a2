// "Stop at N tokens": an optional per-question cap. The question's reservation is exactly the cap
// (never more than the balance), billing never charges a capped question beyond it, and the
// workers share it as a budget (questionBudgetKey): every call claims its prompt first, spends
// what it streams, and stops when the budget is gone. What a call wrote before it stopped is kept
// and labelled; the consensus is written from what there is when the budget still allows it.

import { BALANCE_STOP_TEXTS } from '../quote/quote.hold';
import { MAX_RESERVATION_TOKENS } from '../rpc/billing-rpc.constants';

export const TOKEN_CAP = {
  /** The smallest cap: below it not even one short answer fits beside its prompt. */
  min: 100,
  max: MAX_RESERVATION_TOKENS,
  /** A call starts only when the budget leaves at least this much output beside its prompt. */
  minOutputTokens: 32,
  /**
   * With debate on, the members' answers and revisions stop when the budget is down to this share
   * of the cap: the rest is kept for the consensus, whose prompt carries the members' answers again.
   */
  consensusShare: 0.6,
  /** How long a question's budget key outlives its last use (a paused debate included). */
  budgetTtlSeconds: 24 * 60 * 60,
} as const;

export const TOKEN_CAP_TEXTS = {
  label: 'Stop at',
  unit: 'tokens',
  placeholder: 'No limit',
  hint: 'Optional: the question stops spending when it reaches this many tokens, and keeps what it wrote.',
  /** On an answer, a revision or the consensus cut off by the cap. */
  stoppedAtLimit: 'Stopped at your limit',
  /** A member's answer or revision that the cap did not leave room to start. */
  notStarted: 'Stopped at your limit before this answer could start.',
  /** Under a consensus written while some answers were cut or never started. */
  consensusFromWhatThereIs: 'Written from what the council said before your limit was reached.',
  /** In place of a consensus the cap did not leave room for. */
  consensusNotWritten:
    'Your limit left too little for the consensus: what remained of it is less than reading the council’s answers takes.',
  /** The agreement map's note when the cap did not leave room for it. */
  mapNotDrawn: 'Your limit left too little for the agreement map to be drawn.',
  capLine: (cap: number) => `Stops at ${cap.toLocaleString('en-GB')} tokens`,
  /** Under the quote when the cap is below the least the question should use. */
  capBelowQuote: (cap: number, low: number) =>
    `Your limit of ${cap.toLocaleString('en-GB')} tokens is below the least this question should use (about ${low.toLocaleString('en-GB')}): some answers may stop early or not start, and the consensus may not be written.`,
  /** In the quote's detail on the Ask screen while a cap is set. */
  quoteDetail: (cap: number) =>
    `Your limit stops the question at ${cap.toLocaleString('en-GB')} tokens, and it holds only that much while it runs.`,
} as const;

/**
 * The Redis key of a capped question's remaining budget (tokens), shared by every worker process.
 * The question id is its hash tag (like questionStreamKey), so on a Redis Cluster it has one slot.
 */
export function questionBudgetKey(prefix: string, questionId: number): string {
  if (!Number.isSafeInteger(questionId) || questionId < 1) {
    throw new RangeError(`Unusable question id "${questionId}"`);
  }
  return `${prefix}:budget:{${questionId}}`;
}

/** The part of a capped question's budget its members may not spend: kept for the consensus. */
export function consensusReserve(cap: number, showDebate: boolean): number {
  return showDebate ? Math.ceil(cap * TOKEN_CAP.consensusShare) : 0;
}

/** What a cap-aware reader needs of an answer. */
export interface CappedAnswer {
  memberOrder: number | null;
  stoppedAtLimit: boolean;
  error: string | null;
}

/**
 * Whether the cap (or the balance, DECISIONS 26) cut or stopped any member's answer: the consensus
 * then says it worked from what there was.
 */
export function capShortenedCouncil(answers: readonly CappedAnswer[]): boolean {
  return answers.some(
    (answer) =>
      answer.memberOrder !== null &&
      (answer.stoppedAtLimit ||
        answer.error === TOKEN_CAP_TEXTS.notStarted ||
        answer.error === BALANCE_STOP_TEXTS.notStarted),
  );
}
