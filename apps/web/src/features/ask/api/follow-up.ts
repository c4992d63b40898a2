import {
  ASK_API_PATHS,
  type AskQuestionResult,
  type FollowUpDto,
  type QuestionDetail,
} from '@council/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { askKeys } from './ask-keys';

/** The request body: FollowUpDto's fields; `weighIn` only when on, `tokenCap` only with a limit. */
export type FollowUpInput = Pick<FollowUpDto, 'question' | 'showDebate' | 'showReasoning'> &
  Partial<Pick<FollowUpDto, 'weighIn' | 'tokenCap'>>;

/** POST /api/questions/{id}/follow-ups: 201 with the new turn, which then streams like any question. */
export const followUp = (questionId: number, input: FollowUpInput): Promise<AskQuestionResult> =>
  api.post<AskQuestionResult>(ASK_API_PATHS.followUps(questionId), input);

/**
 * What a follow-up's calls would carry of the conversation (for the quote): read from the
 * question once it has finished, so it counts the answers just written.
 */
export function useFollowUpThreadLength(questionId: number) {
  return useQuery({
    queryKey: askKeys.followUpThread(questionId),
    queryFn: async () =>
      (await api.get<QuestionDetail>(ASK_API_PATHS.question(questionId))).followUpThreadLength,
    staleTime: Infinity,
  });
}
