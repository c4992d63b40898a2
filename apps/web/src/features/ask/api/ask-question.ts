import { ASK_API_PATHS, type AskQuestionDto, type AskQuestionResult } from '@council/contracts';
import { api } from '@/lib/api-client';

/**
 * The request body: the DTO's fields, without the class around them; `weighIn` only when on,
 * `tokenCap` only with a limit, `socketId` only while the socket is connected.
 */
export type AskQuestionInput = Pick<
  AskQuestionDto,
  'question' | 'showDebate' | 'showReasoning' | 'debateLeaderId' | 'agents'
> &
  Partial<Pick<AskQuestionDto, 'weighIn' | 'tokenCap' | 'socketId'>>;

/** POST /api/questions: 201 at once with the question and its agents; answers stream over the socket. */
export const askQuestion = (input: AskQuestionInput): Promise<AskQuestionResult> =>
  api.post<AskQuestionResult>(ASK_API_PATHS.questions, input);
