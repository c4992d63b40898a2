import { ASK_TOASTS, ERROR_CODES, toastWithMessage } from '@council/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorDetail } from '@/lib/error-message';
import { questionKeys } from '../api/question-keys';
import { continueDebate, sendDebateNote } from '../api/weigh-in';
import { withNoteSent, withoutPause } from '../state/debate.reducer';
import { type QuestionStreamState } from '../state/question-state';

export interface ResumeDebateInput {
  /** The round the debate is paused after. */
  round: number;
  /** The asker's note; null for Continue. */
  note: string | null;
}

/**
 * The pause panel's two buttons: POST …/notes with the note, or …/continue without one. Either way
 * the pause ends in the cache at once (the stream's debate:resumed follows). A conflict means the
 * debate had already moved on: the pause goes too, and `onConflict` gets the server's message.
 */
export function useResumeDebate(questionId: number, onConflict: (message: string) => void) {
  const queryClient = useQueryClient();
  const update = (change: (state: QuestionStreamState) => QuestionStreamState) =>
    queryClient.setQueryData<QuestionStreamState>(questionKeys.stream(questionId), (state) =>
      state ? change(state) : state,
    );
  return useMutation({
    mutationKey: questionKeys.resume(),
    mutationFn: ({ note }: ResumeDebateInput) =>
      note === null ? continueDebate(questionId) : sendDebateNote({ questionId, note }),
    onSuccess: (_question, { round, note }) =>
      update((state) => (note === null ? withoutPause(state, round) : withNoteSent(state, round, note))),
    onError: (error, { round }) => {
      if (error instanceof ApiError && error.code === ERROR_CODES.CONFLICT) {
        update((state) => withoutPause(state, round));
        onConflict(errorDetail(error));
        return;
      }
      toast(toastWithMessage(ASK_TOASTS.submitFailed, errorDetail(error)));
    },
  });
}
