import {
  ASKED_FRAMES_HELD_MAX,
  type AskQuestionResult,
  type StreamEvent as WireStreamEvent,
  isQuestionFinal,
} from '@council/contracts';
import { type QueryClient } from '@tanstack/react-query';
import { type CouncilSocket } from '@/lib/socket';
import { seedQuestionStream } from './get-question-stream';
import { receiveStreamEvents } from './receive-stream-events';

/** Asked streams whose question is known, until the results' own listener takes over. */
const awaitingTakeOver = new Map<number, AskedStream>();

/**
 * The frames of a question just asked, from the moment its ask names this socket: the gateway has
 * the socket follow the question before its members start (docs/ask-screen.md), so its first words
 * can arrive before the POST answers. They are held until the answer seeds the question's state,
 * folded into it, and later frames are folded in as they come, until the results area's listener
 * takes over (`takeOverAskedStream`) or the question ends.
 */
export class AskedStream {
  private questionId: number | null = null;
  private held: WireStreamEvent[][] = [];
  private takenOver = false;
  private abandoned = false;
  private readonly onEvents = (events: WireStreamEvent[]): void => {
    if (this.questionId === null) {
      if (this.held.length < ASKED_FRAMES_HELD_MAX) this.held.push(events);
      return;
    }
    this.fold(events);
  };

  private constructor(
    private readonly queryClient: QueryClient,
    private readonly socket: CouncilSocket,
    readonly socketId: string,
  ) {
    socket.on('question:events', this.onEvents);
  }

  /** Starts listening when the socket is connected (it has an id to name); else null. */
  static start(queryClient: QueryClient, socket: CouncilSocket): AskedStream | null {
    return socket.connected && socket.id ? new AskedStream(queryClient, socket, socket.id) : null;
  }

  /** The POST answered: seed the question's state from it, then fold in what arrived first. */
  seed(asked: AskQuestionResult): void {
    seedQuestionStream(this.queryClient, asked);
    this.questionId = asked.question.id;
    if (this.abandoned) {
      this.unfollow();
      return;
    }
    awaitingTakeOver.set(this.questionId, this);
    const held = this.held;
    this.held = [];
    for (const events of held) this.fold(events);
  }

  /** Stops listening (the results took over, the question ended, or the ask failed). */
  stop(): void {
    this.socket.off('question:events', this.onEvents);
    this.held = [];
    if (this.questionId !== null && awaitingTakeOver.get(this.questionId) === this) {
      awaitingTakeOver.delete(this.questionId);
    }
  }

  /**
   * The ask screen went away before its results took over: nothing listens to the question on this
   * socket, so the gateway must stop relaying it here (now, or once the answer names it). A later
   * subscribe then replays what was missed instead of finding the socket already following.
   */
  abandon(): void {
    this.stop();
    if (this.takenOver || this.abandoned) return;
    this.abandoned = true;
    if (this.questionId !== null) this.unfollow();
  }

  /** The results area listens to the question itself now. */
  takeOver(): void {
    this.takenOver = true;
    this.stop();
  }

  private unfollow(): void {
    if (this.questionId !== null && this.socket.connected) {
      this.socket.emit('question:unsubscribe', { questionId: this.questionId });
    }
  }

  private fold(events: WireStreamEvent[]): void {
    if (this.questionId === null) return;
    const state = receiveStreamEvents(this.queryClient, this.questionId, events);
    // An ended question has no results listener to hand over to.
    if (state && isQuestionFinal(state.status)) this.takeOver();
  }
}

/**
 * The results area listens to the question itself now: the asked stream stops. Both fold by entry
 * id, so a frame both saw is applied once.
 */
export function takeOverAskedStream(questionId: number): void {
  awaitingTakeOver.get(questionId)?.takeOver();
}
