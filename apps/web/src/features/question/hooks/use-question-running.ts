import { type AskQuestionResult, isQuestionFinal } from '@council/contracts';
import { useQuery } from '@tanstack/react-query';
import { getQuestionStreamQueryOptions } from '../api/get-question-stream';

/**
 * Whether the question the Ask screen shows is still running: read from the live state the results
 * area keeps in the cache (this observer never fetches). Before that state exists, a question just
 * asked counts as running.
 */
export function useQuestionRunning(questionId: number | null, asked?: AskQuestionResult): boolean {
  const { data: status } = useQuery({
    ...getQuestionStreamQueryOptions(questionId ?? 0),
    enabled: false,
    select: (state) => state.status,
  });
  if (questionId === null) return false;
  const current = status ?? (asked?.question.id === questionId ? asked.question.status : undefined);
  return current !== undefined && !isQuestionFinal(current);
}
