// What an answer's phase and token counts read from an entry or a stored row: shared by the members'
// and the consensus's reducers and by the state read over REST, so live and read back agree.

import {
  BALANCE_STOP_TEXTS,
  TOKEN_CAP_TEXTS,
  type TokenUsage,
  capShortenedCouncil,
} from '@council/contracts';
import { type AnswerPhase } from './question-state';

/**
 * A failure the token cap caused is the asker's limit, not a fault (AnswerPhase `capped`); so is
 * a call the balance could not pay to start (DECISIONS 26).
 */
export function failedPhase(error: string): AnswerPhase {
  return error === TOKEN_CAP_TEXTS.notStarted ||
    error === TOKEN_CAP_TEXTS.consensusNotWritten ||
    error === BALANCE_STOP_TEXTS.notStarted
    ? 'capped'
    : 'failed';
}

/** Whether this answer makes capShortened true, told by the contracts' own rule. */
export function shortensCouncil(memberOrder: number, stoppedAtLimit: boolean, error: string | null): boolean {
  return capShortenedCouncil([{ memberOrder, stoppedAtLimit, error }]);
}

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

/** The token counts of an entry, without its other fields. */
export function usageOf(payload: TokenUsage): TokenUsage {
  return {
    promptTokens: payload.promptTokens,
    completionTokens: payload.completionTokens,
    totalTokens: payload.totalTokens,
  };
}
