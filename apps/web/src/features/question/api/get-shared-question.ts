import { HISTORY_API_PATHS, type SharedQuestionResponse } from '@council/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionKeys } from './question-keys';

/** GET /api/shared/{shareId}: public, no session needed; 404 once revoked or expired. */
export const getSharedQuestion = (shareId: string, signal?: AbortSignal): Promise<SharedQuestionResponse> =>
  api.get<SharedQuestionResponse>(HISTORY_API_PATHS.shared(shareId), { signal });

export const getSharedQuestionQueryOptions = (shareId: string) =>
  queryOptions({
    queryKey: questionKeys.shared(shareId),
    queryFn: ({ signal }) => getSharedQuestion(shareId, signal),
  });

/** Loads only when a shareId is present (spec §2). */
export function useSharedQuestion(shareId: string | undefined) {
  return useQuery({ ...getSharedQuestionQueryOptions(shareId ?? ''), enabled: Boolean(shareId) });
}
