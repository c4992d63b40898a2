import { type AskQuestionResult } from '@council/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { type CouncilSocket, getCouncilSocket } from '@/lib/socket';
import { seedQuestionStream } from '../api/get-question-stream';
import { QuestionListener } from '../api/question-listener';

export interface AskedStreamControls {
  /** Before the POST: listens on the socket and answers its id for the ask (none if offline). */
  start: () => string | undefined;
  /** The POST answered: the question's state, with any frames that came first. */
  seed: (asked: AskQuestionResult) => void;
  /** The POST failed. */
  stop: () => void;
}

/**
 * The ask screen's side of streaming a question from its first words (QuestionListener.forAsk):
 * opens the socket while the screen shows, so an ask can name it, and abandons the question's
 * stream when the screen goes before its results held it.
 */
export function useAskedStream(socketFactory: () => CouncilSocket = getCouncilSocket): AskedStreamControls {
  const queryClient = useQueryClient();
  const current = useRef<QuestionListener | null>(null);

  useEffect(() => {
    const socket = socketFactory();
    if (!socket.connected) socket.connect();
    // Kept after the screen goes: an answer that comes later still tells the gateway to unfollow.
    return () => current.current?.abandon();
  }, [socketFactory]);

  return useMemo(
    () => ({
      start: () => {
        current.current?.abandon();
        current.current = QuestionListener.forAsk(queryClient, socketFactory());
        return current.current?.socketId;
      },
      seed: (asked) => {
        if (current.current) current.current.seed(asked);
        else seedQuestionStream(queryClient, asked);
      },
      stop: () => {
        current.current?.stop();
        current.current = null;
      },
    }),
    [queryClient, socketFactory],
  );
}
