import {
  HISTORY_API_PATHS,
  REVOKE_SHARE_TOASTS,
  SHARE_TOASTS,
  type ShareExpiry,
  type ShareReply,
  toastWithMessage,
} from '@council/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { errorDetail } from '@/lib/error-message';
import { patchCachedQuestion } from '../utils/question-cache';
import { questionKeys } from './question-keys';

export interface ShareQuestionInput {
  questionId: number;
  title?: string;
  description?: string;
  expiry?: ShareExpiry;
}

/** POST /api/questions/{id}/share: makes (or updates) the public link. */
export const shareQuestion = ({ questionId, ...body }: ShareQuestionInput): Promise<ShareReply> =>
  api.post<ShareReply>(HISTORY_API_PATHS.share(questionId), body);

/** DELETE /api/questions/{id}/share: the old link stops working (DECISIONS 8). */
export const revokeShare = (questionId: number): Promise<unknown> =>
  api.delete<unknown>(HISTORY_API_PATHS.share(questionId));

/** Share with the spec §8 toasts; the question shows as Shared wherever it is cached. */
export function useShareQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: questionKeys.share(),
    mutationFn: shareQuestion,
    onSuccess: (reply, { questionId }) => {
      patchCachedQuestion(queryClient, questionId, {
        isShared: true,
        shareId: reply.shareId,
        shareTitle: reply.shareTitle,
        shareDescription: reply.shareDescription,
        shareExpiresAt: reply.shareExpiresAt,
      });
      void queryClient.invalidateQueries({ queryKey: questionKeys.shared(reply.shareId) });
      toast(SHARE_TOASTS.shared);
    },
    onError: (error) => {
      toast(toastWithMessage(SHARE_TOASTS.failed, errorDetail(error)));
    },
  });
}

/** Revoke with its toasts; the question shows as not shared wherever it is cached. */
export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: questionKeys.revoke(),
    mutationFn: ({ questionId }: { questionId: number; shareId: string | null }) => revokeShare(questionId),
    onSuccess: (_reply, { questionId, shareId }) => {
      patchCachedQuestion(queryClient, questionId, { isShared: false, shareId: null, shareExpiresAt: null });
      if (shareId) queryClient.removeQueries({ queryKey: questionKeys.shared(shareId) });
      toast(REVOKE_SHARE_TOASTS.revoked);
    },
    onError: (error) => {
      toast(toastWithMessage(REVOKE_SHARE_TOASTS.failed, errorDetail(error)));
    },
  });
}
