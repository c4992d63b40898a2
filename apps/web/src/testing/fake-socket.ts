import {
  type QuestionSubscribeAck,
  type QuestionSubscribePayload,
  type QuestionStatus,
} from '@council/contracts';
import { type CouncilSocket } from '@/lib/socket';

type Listener = (...args: never[]) => void;

/**
 * A stand-in for the /council socket: records what the client emits, answers question:subscribe with
 * `ackStatus`, and lets a test play server events or a reconnect.
 */
export class FakeCouncilSocket {
  connected = false;
  /** Socket.IO gives a connected socket an id; a test sets one to have the ask name it. */
  id: string | undefined = undefined;
  ackStatus: QuestionStatus = 'running';
  /** Replaces the ok reply, e.g. with a refusal. */
  ackReply: QuestionSubscribeAck | null = null;
  readonly subscriptions: QuestionSubscribePayload[] = [];
  readonly unsubscriptions: number[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, payload: unknown, ack?: (reply: QuestionSubscribeAck) => void): this {
    if (event === 'question:subscribe') {
      this.subscriptions.push(payload as QuestionSubscribePayload);
      ack?.(this.ackReply ?? { ok: true, status: this.ackStatus });
    }
    if (event === 'question:unsubscribe')
      this.unsubscriptions.push((payload as { questionId: number }).questionId);
    return this;
  }

  connect(): this {
    this.connected = true;
    this.fire('connect');
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.fire('disconnect');
    return this;
  }

  /** A dropped connection that socket.io-client re-establishes. */
  reconnect(): void {
    this.connected = false;
    this.connect();
  }

  /** Plays a server event to every listener. */
  fire(event: string, payload?: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])])
      (listener as (value: unknown) => void)(payload);
  }

  /** Plays stream events as the gateway sends them: one `question:events` frame of entry objects. */
  stream(...events: Array<{ type: string } & Record<string, unknown>>): void {
    this.fire('question:events', events);
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  asSocket(): CouncilSocket {
    return this as unknown as CouncilSocket;
  }
}
