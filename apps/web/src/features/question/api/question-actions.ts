import { ASK_API_PATHS, type RetryResponseResult } from '@council/contracts';
import { api } from '@/lib/api-client';

/** POST /api/questions/{id}/cancel: stops a running question; partial answers are kept. */
export const cancelQuestion = (questionId: number): Promise<unknown> =>
  api.post<unknown>(ASK_API_PATHS.cancel(questionId));

/**
 * POST /api/questions/{id}/responses/{responseId}/retry: re-runs one failed member, or answers a
 * completed member's answer again (a finished turn without a debate).
 */
export const retryResponse = ({ questionId, responseId }: { questionId: number; responseId: number }) =>
  api.post<RetryResponseResult>(ASK_API_PATHS.retry(questionId, responseId));
