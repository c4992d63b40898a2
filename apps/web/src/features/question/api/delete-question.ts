import { DELETE_QUESTION_TOASTS, HISTORY_API_PATHS, toastWithMessage } from '@council/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { errorDetail } from '@/lib/error-message';
import { removeCachedQuestion } from '../utils/question-cache';
import { questionKeys } from './question-keys';

/** DELETE /api/questions/{id}: removes the question and all its responses, for good. */
export const deleteQuestion = (questionId: number): Promise<unknown> =>
  api.delete<unknown>(HISTORY_API_PATHS.question(questionId));

/**
 * Delete with the spec §8 toasts; the question leaves every cached list at once. `onDeleted` lets the
 * screen composing this forget it elsewhere too (the Ask screen's shown question).
 */
export function useDeleteQuestion({ onDeleted }: { onDeleted?: (questionId: number) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: questionKeys.delete(),
    mutationFn: deleteQuestion,
    onSuccess: (_reply, questionId) => {
      removeCachedQuestion(queryClient, questionId);
      onDeleted?.(questionId);
      toast(DELETE_QUESTION_TOASTS.deleted);
    },
    onError: (error) => {
      toast(toastWithMessage(DELETE_QUESTION_TOASTS.failed, errorDetail(error)));
    },
  });
}
