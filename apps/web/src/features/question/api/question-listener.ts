import {
  ASKED_FRAMES_HELD_MAX,
  type AskQuestionResult,
  type StreamEvent,
  isQuestionFinal,
} from '@council/contracts';
import { type QueryClient } from '@tanstack/react-query';
import { type CouncilSocket } from '@/lib/socket';
import { seedQuestionStream } from './get-question-stream';
import { receiveStreamEvents } from './receive-stream-events';

/** The listener of each question on a socket: the ask and the results find the same one by id. */
const listenersBySocket = new WeakMap<CouncilSocket, Map<number, QuestionListener>>();

function listenersOf(socket: CouncilSocket): Map<number, QuestionListener> {
  let listeners = listenersBySocket.get(socket);
  if (!listeners) {
    listeners = new Map();
    listenersBySocket.set(socket, listeners);
  }
  return listeners;
}

/**
 * The one listener of a question's `question:events` on a socket, whoever needs them: the ask, from
 * before the POST names the question (docs/ask-screen.md: the gateway has the socket follow the
 * question before its members start, so its first words can arrive first), and the results area or
 * question page while the question runs. Frames that come before the question is known are held
 * (at most ASKED_FRAMES_HELD_MAX) and folded in once the answer seeds its state; after that every
 * frame is folded into the query cache as it comes. The ask's claim ends when the results hold the
 * listener, when the question ends, or when the ask screen goes; the listener stops when no claim
 * is left.
 */
export class QuestionListener {
  private held: StreamEvent[][] = [];
  /** The ask screen still answers for the question (from forAsk() until the results hold it). */
  private asking: boolean;
  /** The ask screen went away before the results held the question. */
  private abandoned = false;
  private holders = 0;
  private listening = false;
  private readonly onEvents = (events: StreamEvent[]): void => {
    if (this.questionId === null) {
      if (this.held.length < ASKED_FRAMES_HELD_MAX) this.held.push(events);
      return;
    }
    this.fold(events);
  };

  private constructor(
    private readonly queryClient: QueryClient,
    private readonly socket: CouncilSocket,
    private questionId: number | null,
    asking: boolean,
  ) {
    this.asking = asking;
    if (asking) this.listen();
  }

  /** For an ask: listens when the socket is connected (it has an id to name); else null. */
  static forAsk(queryClient: QueryClient, socket: CouncilSocket): QuestionListener | null {
    return socket.connected && socket.id ? new QuestionListener(queryClient, socket, null, true) : null;
  }

  /**
   * The listener of a known question on this socket: the one listening already (the ask's, say),
   * else a new one, which listens once held.
   */
  static of(queryClient: QueryClient, socket: CouncilSocket, questionId: number): QuestionListener {
    return (
      listenersOf(socket).get(questionId) ?? new QuestionListener(queryClient, socket, questionId, false)
    );
  }

  /** The socket id an ask names, so the gateway streams to it from the first entry. */
  get socketId(): string | undefined {
    return this.socket.id;
  }

  /** The POST answered: seed the question's state from it, then fold in what arrived first. */
  seed(asked: AskQuestionResult): void {
    seedQuestionStream(this.queryClient, asked);
    this.questionId = asked.question.id;
    if (this.abandoned) {
      this.unfollow();
      return;
    }
    if (!this.listening) return;
    this.register();
    const held = this.held;
    this.held = [];
    for (const events of held) this.fold(events);
  }

  /**
   * The results area or question page listens while the question runs: the ask's claim, if any,
   * ends here (the results subscribe from the last entry they have). Answers the release.
   */
  hold(): () => void {
    this.asking = false;
    this.holders += 1;
    this.listen();
    this.register();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders -= 1;
      this.stopIfUnclaimed();
    };
  }

  /** The ask failed: nothing will name the question. */
  stop(): void {
    this.asking = false;
    this.held = [];
    this.stopIfUnclaimed();
  }

  /**
   * The ask screen went away before its results held the question: nothing listens to it on this
   * socket, so the gateway must stop relaying it here (now, or once the answer names it). A later
   * subscribe then replays what was missed instead of finding the socket already following.
   */
  abandon(): void {
    if (!this.asking) return;
    this.stop();
    this.abandoned = true;
    if (this.questionId !== null) this.unfollow();
  }

  private register(): void {
    if (this.questionId === null) return;
    const listeners = listenersOf(this.socket);
    if (!listeners.has(this.questionId)) listeners.set(this.questionId, this);
  }

  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    this.socket.on('question:events', this.onEvents);
  }

  private stopIfUnclaimed(): void {
    if (this.asking || this.holders > 0 || !this.listening) return;
    this.listening = false;
    this.socket.off('question:events', this.onEvents);
    this.held = [];
    if (this.questionId === null) return;
    const listeners = listenersOf(this.socket);
    if (listeners.get(this.questionId) === this) listeners.delete(this.questionId);
  }

  private unfollow(): void {
    if (this.questionId !== null && this.socket.connected) {
      this.socket.emit('question:unsubscribe', { questionId: this.questionId });
    }
  }

  private fold(events: StreamEvent[]): void {
    if (this.questionId === null) return;
    const state = receiveStreamEvents(this.queryClient, this.questionId, events);
    // An ended question needs the ask no more; the results release their own hold.
    if (state && isQuestionFinal(state.status) && this.asking) {
      this.asking = false;
      this.stopIfUnclaimed();
    }
  }
}
