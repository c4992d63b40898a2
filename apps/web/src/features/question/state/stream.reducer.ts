// The combining reducer: one socket event checked against the question and its last applied entry,
// then handed to the reducer of its entry family by the part of its type before the colon.

import { type StreamEvent, compareEntryIds, isQuestionFinal } from '@council/contracts';
import { agreementReducer } from './agreement.reducer';
import { answerReducer } from './answer.reducer';
import { consensusReducer } from './consensus.reducer';
import { debateReducer } from './debate.reducer';
import { questionReducer } from './question.reducer';
import { type EntryFamily, type FamilyEvent, type QuestionStreamState } from './question-state';

function inFamily<F extends EntryFamily>(event: StreamEvent, family: F): event is FamilyEvent<F> {
  return event.type.startsWith(`${family}:`);
}

/**
 * Applies one socket event, the stream entry as the worker wrote it. Events of another question, and replays at or before lastEntryId, leave
 * the state untouched (the same object, so React does not re-render).
 */
export function applyStreamEvent(state: QuestionStreamState, event: StreamEvent): QuestionStreamState {
  if (event.questionId !== state.questionId) return state;
  if (state.lastEntryId !== null && compareEntryIds(event.entryId, state.lastEntryId) <= 0) return state;
  const next: QuestionStreamState = {
    ...state,
    lastEntryId: event.entryId,
    status: isQuestionFinal(state.status) ? state.status : 'running',
  };
  if (inFamily(event, 'answer')) return answerReducer(next, event);
  if (inFamily(event, 'debate')) return debateReducer(next, event);
  if (inFamily(event, 'consensus')) return consensusReducer(next, event);
  if (inFamily(event, 'agreement')) return agreementReducer(next, event);
  return questionReducer(next, event);
}
