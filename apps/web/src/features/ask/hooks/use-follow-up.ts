import { type AskQuestionResult, ASK_TOASTS, toastWithMessage } from '@council/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { userKeys } from '@/lib/auth';
import { errorDetail } from '@/lib/error-message';
import { historyKeys } from '@/lib/history-keys';
import { askKeys } from '../api/ask-keys';
import { type FollowUpInput, followUp } from '../api/follow-up';

/**
 * Follows a finished question up (docs/decisions.md, "25. Follow-ups"): like an ask, success
 * refreshes the user and the history and hands the new turn to `onFollowedUp`; an error is a toast
 * with the server's message.
 */
export function useFollowUp({
  questionId,
  onFollowedUp,
}: {
  questionId: number;
  onFollowedUp: (result: AskQuestionResult) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: askKeys.followUp(),
    mutationFn: (input: FollowUpInput) => followUp(questionId, input),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.user() });
      void queryClient.invalidateQueries({ queryKey: historyKeys.lists() });
      onFollowedUp(result);
    },
    onError: (error) => {
      toast(toastWithMessage(ASK_TOASTS.submitFailed, errorDetail(error)));
    },
  });
}
