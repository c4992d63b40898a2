import { type AskQuestionResult, ASK_TOASTS, toastWithMessage } from '@council/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { historyKeys } from '@/features/history/api/history-keys';
import { userKeys } from '@/lib/auth';
import { errorDetail } from '@/lib/error-message';
import { askKeys } from '../api/ask-keys';
import { askQuestion } from '../api/ask-question';
import { createQuestionStream } from '../utils/question-stream';

/**
 * Submits a question (spec §4 "Submission"): pending → "Asking..." and the skeleton; success seeds the
 * question's stream state in the cache and refreshes the user (queries left); error → "Error" toast
 * with the server's message.
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
      queryClient.setQueryData(askKeys.stream(result.question.id), createQuestionStream(result));
      void queryClient.invalidateQueries({ queryKey: userKeys.user() });
      void queryClient.invalidateQueries({ queryKey: historyKeys.lists() });
      onAsked(result.question.id, result);
    },
    onError: (error) => {
      toast(toastWithMessage(ASK_TOASTS.submitFailed, errorDetail(error)));
    },
  });
}
