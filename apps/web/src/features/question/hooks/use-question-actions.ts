import { ASK_TOASTS, toastWithMessage } from '@council/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { userKeys } from '@/lib/auth';
import { errorDetail } from '@/lib/error-message';
import { historyKeys } from '@/lib/history-keys';
import { cancelQuestion, retryResponse } from '../api/question-actions';
import { questionKeys } from '../api/question-keys';
import { markRetrying } from '../state/answer.reducer';
import { type QuestionStreamState } from '../state/question-state';
import { markCancelled } from '../state/question.reducer';

/** The Stop button: POST …/cancel, then the unfinished answers are marked stopped. */
export function useCancelQuestion(questionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: questionKeys.cancel(),
    mutationFn: () => cancelQuestion(questionId),
    onSuccess: () => {
      queryClient.setQueryData<QuestionStreamState>(questionKeys.stream(questionId), (state) =>
        state ? markCancelled(state) : state,
      );
      // The unused reservation came back before the reply: show the balance and history as they are.
      void queryClient.invalidateQueries({ queryKey: userKeys.user() });
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      void queryClient.invalidateQueries({ queryKey: questionKeys.details() });
    },
    onError: (error) => toast(toastWithMessage(ASK_TOASTS.submitFailed, errorDetail(error))),
  });
}

/**
 * Retry on a failed card, and Answer again on a finished one: POST …/retry; the new attempt streams
 * into the same card (an answer given again from the stream entry the reply names).
 */
export function useRetryResponse(questionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: questionKeys.retry(),
    mutationFn: ({ responseId }: { responseId: number; memberOrder: number }) =>
      retryResponse({ questionId, responseId }),
    onSuccess: (reply, { memberOrder }) => {
      queryClient.setQueryData<QuestionStreamState>(questionKeys.stream(questionId), (state) =>
        state ? markRetrying(state, memberOrder, reply.streamEntryId) : state,
      );
    },
    onError: (error) => toast(toastWithMessage(ASK_TOASTS.submitFailed, errorDetail(error))),
  });
}
