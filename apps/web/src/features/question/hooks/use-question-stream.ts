import {
  ASK_TOASTS,
  STOPPED_USAGE_READ_BACK_MS,
  type QuestionSubscribeAck,
  isQuestionFinal,
  toastWithMessage,
} from '@council/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '@/components/ui/use-toast';
import { userKeys } from '@/lib/auth';
import { type CouncilSocket, getCouncilSocket } from '@/lib/socket';
import { getQuestionStream, getQuestionStreamQueryOptions } from '../api/get-question-stream';
import { questionKeys } from '../api/question-keys';
import { QuestionListener } from '../api/question-listener';
import { createQuestionStream } from '../state/question-seed';
import { type QuestionSeed, type QuestionStreamState } from '../state/question-state';
import { clearForReplay, withStoredUsage } from '../state/question.reducer';

/**
 * Subscribes to a question's events while it runs (spec §2 results area, ARCHITECTURE "Streaming"). On every
 * (re)connect it subscribes again with the last entry id it applied, so the gateway replays exactly
 * what was missed; replays already applied are ignored by entry id. A retry puts the question back
 * to running, which subscribes again.
 */
export function useQuestionStream(
  questionId: number | null,
  socketFactory: () => CouncilSocket = getCouncilSocket,
  asked?: QuestionSeed,
) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...getQuestionStreamQueryOptions(questionId ?? 0),
    enabled: questionId !== null,
    // After a reload the cache is empty: start from the POST answer kept in the tab and replay the
    // stream from its first entry, rather than wait on a REST read.
    initialData: () => (asked && asked.question.id === questionId ? createQuestionStream(asked) : undefined),
  });
  const status = query.data?.status;
  const live = questionId !== null && status !== undefined && !isQuestionFinal(status);

  const subscribe = useCallback(
    (socket: CouncilSocket) => {
      if (questionId === null) return;
      const state = queryClient.getQueryData<QuestionStreamState>(questionKeys.stream(questionId));
      const lastEntryId = state?.lastEntryId ?? undefined;
      // From the first entry, the replay rebuilds the answers: drop what the REST read stored.
      if (state && !lastEntryId) {
        queryClient.setQueryData<QuestionStreamState>(questionKeys.stream(questionId), clearForReplay(state));
      }
      socket.emit(
        'question:subscribe',
        lastEntryId ? { questionId, lastEntryId } : { questionId },
        (ack: QuestionSubscribeAck) => {
          if (!ack.ok) {
            // The session has ended (signed out elsewhere, a password reset): re-reading the user
            // sends the visitor to sign in, which says more than a toast would.
            if (ack.code === 'UNAUTHENTICATED')
              void queryClient.invalidateQueries({ queryKey: userKeys.user() });
            else toast(toastWithMessage(ASK_TOASTS.submitFailed, ack.message));
            return;
          }
          // A finished question whose stream has expired: read the stored answers instead.
          if (isQuestionFinal(ack.status)) {
            const current = queryClient.getQueryData<QuestionStreamState>(questionKeys.stream(questionId));
            if (current && !isQuestionFinal(current.status)) {
              void queryClient.invalidateQueries({ queryKey: questionKeys.stream(questionId) });
              void queryClient.invalidateQueries({ queryKey: userKeys.user() });
            }
          }
        },
      );
    },
    [queryClient, questionId],
  );

  // Stop ends the stream before the stopped answers' token counts are stored; the rows get them
  // (what each was charged) a moment later, so a question seen stopping live reads its counts back.
  const seenLive = useRef(false);
  useEffect(() => {
    if (live) {
      seenLive.current = true;
      return;
    }
    if (!seenLive.current || status !== 'cancelled' || questionId === null) return;
    seenLive.current = false;
    const key = questionKeys.stream(questionId);
    const timers = STOPPED_USAGE_READ_BACK_MS.map((delay) =>
      setTimeout(() => {
        void getQuestionStream(questionId)
          .then((stored) =>
            queryClient.setQueryData<QuestionStreamState>(key, (shown) =>
              shown ? withStoredUsage(shown, stored) : shown,
            ),
          )
          .catch(() => undefined);
      }, delay),
    );
    return () => timers.forEach(clearTimeout);
  }, [live, status, questionId, queryClient]);

  useEffect(() => {
    if (!live || questionId === null) return;
    const socket = socketFactory();
    // The question's one listener: the ask's, already folding its first entries, or a new one.
    const release = QuestionListener.of(queryClient, socket, questionId).hold();
    const onConnect = () => subscribe(socket);
    // The gateway ends a socket when its session ends: find out whether the user is still signed in.
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect')
        void queryClient.invalidateQueries({ queryKey: userKeys.user() });
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    if (socket.connected) subscribe(socket);
    else socket.connect();

    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      release();
      if (socket.connected) socket.emit('question:unsubscribe', { questionId });
    };
  }, [live, questionId, queryClient, socketFactory, subscribe]);

  return query;
}
