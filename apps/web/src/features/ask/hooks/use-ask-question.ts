import { type AskQuestionResult, ASK_TOASTS, toastWithMessage } from '@council/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { userKeys } from '@/lib/auth';
import { errorDetail } from '@/lib/error-message';
import { historyKeys } from '@/lib/history-keys';
import { askKeys } from '../api/ask-keys';
import { askQuestion } from '../api/ask-question';

/**
 * Submits a question (spec §4 "Submission"): pending → "Asking..." and the skeleton; success refreshes
 * the user (queries left) and the history, then hands the answer to `onAsked`, which seeds the question's
 * live state; error → "Error" toast with the server's message.
 */
export function useAskQuestion({
  onAsked,
}: {
  onAsked: (questionId: number, result: AskQuestionResult) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: askKeys.ask(),
    mutationFn: askQuestion,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.user() });
      void queryClient.invalidateQueries({ queryKey: historyKeys.lists() });
      onAsked(result.question.id, result);
    },
    onError: (error) => {
      toast(toastWithMessage(ASK_TOASTS.submitFailed, errorDetail(error)));
    },
  });
}
