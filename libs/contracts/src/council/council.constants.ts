// The council flow's seams that are not stream entries or job payloads: the token estimate a
// question reserves before it is queued, and the cancel signal the gateway raises for workers.

import { type QuestionStatus, type SubscriptionTier } from '../domain/domain.constants';
import { ANSWER_MAX_OUTPUT_TOKENS, DEBATE_MAX_ROUNDS } from '../limits/limits.constants';
import { AGREEMENT_MAP_LIMITS } from '../agreement/agreement-map';
import { PLANS } from '../plans/plans.constants';

export { ANSWER_MAX_OUTPUT_TOKENS };

/**
 * Ours: per provider call, the default system prompt (about 60 tokens) and the framing around the
 * messages. A role's own prompt is counted from its text on top (QuestionTokenEstimateInput).
 */
export const PROMPT_OVERHEAD_TOKENS = 120;

/** The max output tokens of every provider call of a question asked on this tier (PLANS). */
export function answerMaxOutputTokensFor(tier: SubscriptionTier): number {
  return PLANS[tier].answerMaxOutputTokens;
}

/** Ours: a rough characters-per-token ratio for estimating the question's prompt size. */
export const CHARS_PER_TOKEN_ESTIMATE = 4;

export interface QuestionTokenEstimateInput {
  /** Number of council members. */
  members: number;
  /** Length of the question text in characters. */
  questionLength: number;
  showDebate: boolean;
  /** The max output tokens of each provider call (answerMaxOutputTokensFor the asker's tier). */
  answerMaxOutputTokens?: number;
  /** Characters of the longest role prompt in the council (0 without roles). */
  rolePromptLength?: number;
}

/**
 * The most tokens a question can use, reserved before it is queued (billing holds this, or the
 * whole balance when that is smaller). Every provider call may use its prompt plus the call's max
 * output tokens, which the provider worker sends as the call's limit (answerMaxOutputTokensFor the
 * tier); with debate on, each member also revises in up to DEBATE_MAX_ROUNDS rounds (reading the
 * others' answers) and the leader writes the consensus and its agreement map.
 */
export function estimateQuestionTokens(input: QuestionTokenEstimateInput): number {
  const members = Math.max(0, Math.floor(input.members));
  const output = input.answerMaxOutputTokens ?? ANSWER_MAX_OUTPUT_TOKENS;
  const promptChars = Math.max(0, input.questionLength) + Math.max(0, input.rolePromptLength ?? 0);
  const prompt = Math.ceil(promptChars / CHARS_PER_TOKEN_ESTIMATE) + PROMPT_OVERHEAD_TOKENS;
  const firstAnswers = members * (prompt + output);
  if (!input.showDebate) return firstAnswers;
  // A revision or the synthesis reads every member's latest answer besides the question.
  const readingAll = prompt + members * output + output;
  // The agreement map, drawn beside the consensus, reads the same but for the consensus, and may be
  // asked for twice.
  const agreementMap =
    AGREEMENT_MAP_LIMITS.attempts * (readingAll - output + AGREEMENT_MAP_LIMITS.maxOutputTokens);
  return firstAnswers + members * DEBATE_MAX_ROUNDS * readingAll + readingAll + agreementMap;
}

/**
 * Redis key (under REDIS_PREFIX) the gateway sets when a question is cancelled: `${prefix}:cancel:{<id>}`
 * (the question id is its Redis Cluster hash tag, as for the question's stream),
 * value "1", expiring after QUESTION_CANCEL_TTL_SECONDS. Waiting jobs are removed by the gateway;
 * an active job must check this key (before starting, and between stream batches) and stop: keep the
 * partial answer, mark it with QUESTION_CANCELLED_MESSAGE, and settle what it used.
 */
export function questionCancelKey(prefix: string, questionId: number): string {
  if (!Number.isSafeInteger(questionId) || questionId < 1) {
    throw new RangeError(`Unusable question id "${questionId}"`);
  }
  return `${prefix}:cancel:{${questionId}}`;
}

/** Ours: long enough for any active job to see the cancel signal. */
export const QUESTION_CANCEL_TTL_SECONDS = 24 * 60 * 60;

/**
 * Ours: after Stop, when the client reads the stored rows back for what each stopped answer was
 * charged. The workers store a stopped answer's count within their cancel check (250 ms) of the
 * stop, after the stream has ended; the later read covers a busy worker.
 */
export const STOPPED_USAGE_READ_BACK_MS = [1_000, 4_000] as const;

/** The error of the stream's final `question:failed` entry, and of partial answers, after a cancel. */
export const QUESTION_CANCELLED_MESSAGE = 'Question cancelled';

/** The error of the stream's final `question:failed` entry when the council could not finish the question. */
export const QUESTION_FAILED_MESSAGE = 'The council could not finish this question. Please try again.';

/** The question statuses after which nothing more happens. */
export const FINAL_QUESTION_STATUSES = ['completed', 'failed', 'cancelled'] as const;

export function isQuestionFinal(status: QuestionStatus): boolean {
  return (FINAL_QUESTION_STATUSES as readonly QuestionStatus[]).includes(status);
}

/**
 * Where a provider's answers come from: its live API, the offline demo adapter (a built-in provider
 * without a key, DECISIONS 15), or nowhere (an OpenAI-compatible provider not configured: hidden).
 */
export const PROVIDER_MODES = ['live', 'demo', 'off'] as const;
export type ProviderMode = (typeof PROVIDER_MODES)[number];

/**
 * Redis hash (under REDIS_PREFIX), provider → ProviderMode, that provider workers write at boot for
 * the providers they serve; the gateway reads it so the catalogue can label demo answers.
 */
export function providerModesKey(prefix: string): string {
  return `${prefix}:llm:modes`;
}
