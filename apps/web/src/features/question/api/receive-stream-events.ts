import { type StreamEvent, isQuestionFinal } from '@council/contracts';
import { type QueryClient } from '@tanstack/react-query';
import { userKeys } from '@/lib/auth';
import { historyKeys } from '@/lib/history-keys';
import { type QuestionStreamState } from '../state/question-state';
import { applyStreamEvent } from '../state/stream.reducer';
import { questionKeys } from './question-keys';

/**
 * Folds one `question:events` frame into the question's cached state, in order and in one update
 * (one render for a frame's events); events of other questions, and entries already applied, change
 * nothing. A final event refreshes the user and the history. Answers the state after the frame.
 */
export function receiveStreamEvents(
  queryClient: QueryClient,
  questionId: number,
  events: readonly StreamEvent[],
): QuestionStreamState | undefined {
  let finished = false;
  const state = queryClient.setQueryData<QuestionStreamState>(questionKeys.stream(questionId), (current) => {
    if (!current) return current;
    const next = events.reduce(applyStreamEvent, current);
    finished = next !== current && isQuestionFinal(next.status) && !isQuestionFinal(current.status);
    return next;
  });
  if (finished) {
    void queryClient.invalidateQueries({ queryKey: userKeys.user() });
    // The history and the detail screen pick up the final status and token count.
    void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    void queryClient.invalidateQueries({ queryKey: questionKeys.details() });
  }
  return state;
}
