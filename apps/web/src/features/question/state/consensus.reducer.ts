// The consensus's prose: `consensus:delta`, `consensus:completed`, `consensus:failed` and
// `consensus:reset`. The agreement map drawn beside it has its own reducer (agreement.reducer.ts).

import { failedPhase, usageOf } from './answer-phase';
import { type FamilyEvent, type QuestionStreamState, emptyConsensus } from './question-state';

/** Folds one `consensus:*` entry (the combining reducer has checked its question and entry id). */
export function consensusReducer(
  state: QuestionStreamState,
  event: FamilyEvent<'consensus'>,
): QuestionStreamState {
  const consensus = state.consensus ?? emptyConsensus();
  switch (event.type) {
    case 'consensus:reset':
      return {
        ...state,
        consensus: {
          ...consensus,
          text: '',
          reasoning: '',
          phase: 'pending',
          hasText: false,
          error: null,
          stoppedAtLimit: false,
          // The map is drawn beside the synthesis and keeps its own state: a new attempt of the
          // prose leaves it alone (an attempt of the map itself starts with agreement:reset).
        },
      };
    case 'consensus:delta': {
      const { kind, text } = event;
      return {
        ...state,
        debateRound: null,
        pause: null,
        consensus: {
          ...consensus,
          text: kind === 'text' ? consensus.text + text : consensus.text,
          reasoning: kind === 'reasoning' ? consensus.reasoning + text : consensus.reasoning,
          phase: 'active',
          hasText: consensus.hasText || kind === 'text',
        },
      };
    }
    case 'consensus:completed':
      return {
        ...state,
        consensus: {
          ...consensus,
          phase: 'completed',
          responseId: event.responseId,
          error: null,
          stoppedAtLimit: event.stoppedAtLimit,
          usage: usageOf(event),
        },
      };
    case 'consensus:failed':
      return {
        ...state,
        debateRound: null,
        consensus: {
          ...consensus,
          phase: failedPhase(event.error),
          responseId: event.responseId ?? consensus.responseId,
          error: event.error,
        },
      };
  }
}
