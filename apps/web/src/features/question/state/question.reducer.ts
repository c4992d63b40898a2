// The question as a whole: its end (`question:completed`, `question:failed`, Stop), a replay from
// the stream's first entry, and the counts a stopped question stores after its stream has ended.

import { type TokenUsage, isQuestionFinal, statusAfterEntry } from '@council/contracts';
import {
  type AnswerPhase,
  type FamilyEvent,
  type QuestionStreamState,
  emptyConsensus,
  emptyMember,
} from './question-state';

/** Folds one `question:*` entry (the combining reducer has checked its question and entry id). */
export function questionReducer(
  state: QuestionStreamState,
  event: FamilyEvent<'question'>,
): QuestionStreamState {
  switch (event.type) {
    case 'question:completed':
      return {
        ...state,
        status: statusAfterEntry(event.type),
        debateRound: null,
        pause: null,
        totalTokensUsed: event.totalTokensUsed,
      };
    case 'question:failed': {
      const { error, reason } = event;
      const status = statusAfterEntry(event.type, reason);
      // Stop is not a failure: the answers so far stay as they are (DECISIONS 18).
      if (status === 'cancelled') return markCancelled(state);
      return {
        ...state,
        status,
        debateRound: null,
        pause: null,
        error,
        members: state.members.map((member) =>
          member.phase === 'completed' || member.phase === 'failed' || member.phase === 'capped'
            ? member
            : { ...member, phase: 'failed', error },
        ),
      };
    }
  }
}

/** After POST …/cancel: unfinished answers are kept as they are and marked stopped. */
export function markCancelled(state: QuestionStreamState): QuestionStreamState {
  const stop = <T extends { phase: AnswerPhase }>(answer: T): T =>
    answer.phase === 'pending' || answer.phase === 'active' ? { ...answer, phase: 'cancelled' } : answer;
  return {
    ...state,
    status: 'cancelled',
    debateRound: null,
    pause: null,
    members: state.members.map(stop),
    consensus: state.consensus ? stop(state.consensus) : null,
  };
}

/**
 * Before a subscription from the stream's first entry (no lastEntryId yet, e.g. a question read over
 * REST after a reload): the replay rebuilds every answer, so the stored partial texts, phases and
 * counts are dropped first; keeping them would show each replayed answer twice. The pause and the
 * notes stay: the replay sets and ends pauses in order and replaces notes by round, so it arrives
 * at the same place without the panel flickering away meanwhile.
 */
export function clearForReplay(state: QuestionStreamState): QuestionStreamState {
  if (state.lastEntryId !== null || isQuestionFinal(state.status)) return state;
  return {
    ...state,
    members: state.members.map((member) =>
      emptyMember(member.order, member.agent, member.model, member.role),
    ),
    consensus: state.consensus ? emptyConsensus() : null,
    debateRound: null,
    debateRounds: [],
    capShortened: false,
  };
}

/**
 * The token counts a stopped question's stored rows know and the stream did not carry: only the
 * counts are taken, so nothing shown (text, states) is replaced by an older read.
 */
export function withStoredUsage(
  state: QuestionStreamState,
  stored: QuestionStreamState,
): QuestionStreamState {
  const more = (shown: TokenUsage, read: TokenUsage | undefined): TokenUsage =>
    read && read.totalTokens > shown.totalTokens ? read : shown;
  return {
    ...state,
    members: state.members.map((member) => ({
      ...member,
      usage: more(member.usage, stored.members.find((other) => other.order === member.order)?.usage),
    })),
    consensus: state.consensus
      ? { ...state.consensus, usage: more(state.consensus.usage, stored.consensus?.usage) }
      : state.consensus,
    totalTokensUsed: Math.max(state.totalTokensUsed, stored.totalTokensUsed),
  };
}
