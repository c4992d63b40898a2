import { ASK_API_PATHS, type AskQuestionResult, type QuestionDetail } from '@council/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createQuestionStream, questionStreamFromDetail } from '../state/question-seed';
import { type QuestionStreamState } from '../state/question-state';
import { questionKeys } from './question-keys';

/** GET /api/questions/{id}, as a stream state: for a question whose live stream has expired. */
export async function getQuestionStream(
  questionId: number,
  signal?: AbortSignal,
): Promise<QuestionStreamState> {
  const detail = await api.get<QuestionDetail>(ASK_API_PATHS.question(questionId), { signal });
  return questionStreamFromDetail(detail);
}

/**
 * One question's live state. The ask mutation seeds it from the POST answer, socket events update it
 * with setQueryData, and results never go stale, so the fetch runs only for a question we have not seen.
 */
export const getQuestionStreamQueryOptions = (questionId: number) =>
  queryOptions({
    queryKey: questionKeys.stream(questionId),
    queryFn: ({ signal }) => getQuestionStream(questionId, signal),
  });

/** Seeds a question just asked with its POST answer, so its results show before any socket event. */
export function seedQuestionStream(queryClient: QueryClient, asked: AskQuestionResult): void {
  queryClient.setQueryData(questionKeys.stream(asked.question.id), createQuestionStream(asked));
}
