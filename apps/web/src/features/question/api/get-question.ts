import { HISTORY_API_PATHS, type QuestionDetail } from '@council/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionKeys } from './question-keys';

/** GET /api/questions/{id}: the question with its members, and its stored answers. */
export const getQuestion = (questionId: number, signal?: AbortSignal): Promise<QuestionDetail> =>
  api.get<QuestionDetail>(HISTORY_API_PATHS.question(questionId), { signal });

export const getQuestionQueryOptions = (questionId: number) =>
  queryOptions({
    queryKey: questionKeys.detail(questionId),
    queryFn: ({ signal }) => getQuestion(questionId, signal),
  });

/** The detail screen's read; `questionId` null (not a number) reads nothing. */
export function useQuestion(questionId: number | null) {
  return useQuery({ ...getQuestionQueryOptions(questionId ?? 0), enabled: questionId !== null });
}
