// Pure helpers of the stream relay: entry ids, XREAD replies, handshake checks,
// and turning a stream entry into its Socket.IO event.

import { type ServerToClientEvents, type StreamEntry } from '@council/contracts';

/** The millisecond part of an entry id: when Redis stored it. */
export function entryTimestampMs(id: string): number {
  return Number(id.split('-')[0]);
}

/** XRANGE/XREAD entries: [id, [field, value, ...]]. */
export type RawStreamEntry = [id: string, fields: string[]];
/** XREAD reply: [key, entries] per stream with news, or null on timeout. */
export type XreadReply = Array<[key: string, entries: RawStreamEntry[]]> | null;

/** What can emit our server events: a socket or a room (BroadcastOperator). */
export interface ServerEventTarget {
  emit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): boolean;
}

/** Emits a decoded stream entry as its Socket.IO event, with the question id and the entry id. */
export function emitStreamEntry(
  target: ServerEventTarget,
  questionId: number,
  entryId: string,
  entry: StreamEntry,
): void {
  const meta = { questionId, entryId };
  switch (entry.type) {
    case 'answer:delta': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'answer:completed': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'answer:failed': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'answer:reset': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'debate:round': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'debate:paused': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'debate:note': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'debate:resumed': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'consensus:delta': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'consensus:reset': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'consensus:completed': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'consensus:failed': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'agreement:claim': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'agreement:reset': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'agreement:completed': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'question:completed': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    case 'question:failed': {
      const { type, ...rest } = entry;
      target.emit(type, { ...rest, ...meta });
      return;
    }
    default: {
      // A new entry type must be added here (and to ServerToClientEvents) before it can be relayed.
      const unknown: never = entry;
      void unknown;
    }
  }
}

/**
 * A Socket.IO handshake is refused when the browser says it is cross-site or names an Origin other
 * than ours (WebSockets are not covered by CORS, so this is the only guard against other sites).
 * Without either header it comes from a non-browser client, which carries no ambient cookies.
 */
export function isAllowedSocketOrigin(
  origin: string | undefined,
  secFetchSite: string | undefined,
  allowed: ReadonlySet<string>,
): boolean {
  if (secFetchSite?.trim().toLowerCase() === 'cross-site') return false;
  return origin === undefined || allowed.has(origin.trim().toLowerCase());
}

/** Engine.io requests after the handshake carry the session id (`sid`) in the query string. */
export function isHandshakeRequest(url: string | undefined): boolean {
  return !new URL(url ?? '/', 'http://socket.local').searchParams.has('sid');
}

export type EventBudgetDecision = 'allow' | 'refuse' | 'disconnect';

/**
 * A socket's allowance of incoming events: `limit` per fixed window of `windowMs`. Past it, events
 * are refused; a socket that keeps sending past `refusedBeforeDisconnect` refusals in one window
 * is not a browser waiting politely, and is disconnected.
 */
export class SocketEventBudget {
  private windowStart = 0;
  private used = 0;
  private refused = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly refusedBeforeDisconnect: number,
  ) {}

  take(now: number): EventBudgetDecision {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.used = 0;
      this.refused = 0;
    }
    if (this.used < this.limit) {
      this.used += 1;
      return 'allow';
    }
    this.refused += 1;
    return this.refused > this.refusedBeforeDisconnect ? 'disconnect' : 'refuse';
  }
}
