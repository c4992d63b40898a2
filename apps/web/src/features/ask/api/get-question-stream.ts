import { ASK_API_PATHS, type QuestionDetail } from '@council/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type QuestionStreamState, questionStreamFromDetail } from '../utils/question-stream';
import { askKeys } from './ask-keys';

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
    queryKey: askKeys.stream(questionId),
    queryFn: ({ signal }) => getQuestionStream(questionId, signal),
  });
