import { ASK_API_PATHS, type AskQuestionDto, type AskQuestionResult } from '@council/contracts';
import { api } from '@/lib/api-client';

/** The request body: the DTO's fields, without the class around them. */
export type AskQuestionInput = Pick<
  AskQuestionDto,
  'question' | 'showDebate' | 'showReasoning' | 'debateLeaderId' | 'agents'
>;

/** POST /api/questions: 201 at once with the question and its agents; answers stream over the socket. */
export const askQuestion = (input: AskQuestionInput): Promise<AskQuestionResult> =>
  api.post<AskQuestionResult>(ASK_API_PATHS.questions, input);

/** POST /api/questions/{id}/cancel: stops a running question; partial answers are kept. */
export const cancelQuestion = (questionId: number): Promise<unknown> =>
  api.post<unknown>(ASK_API_PATHS.cancel(questionId));

/** POST /api/questions/{id}/responses/{responseId}/retry: re-runs one failed member. */
export const retryResponse = ({ questionId, responseId }: { questionId: number; responseId: number }) =>
  api.post<unknown>(ASK_API_PATHS.retry(questionId, responseId));
