// Pure helpers of the stream relay: entry ids, XREAD replies, handshake checks,
// and turning a stream entry into its Socket.IO event.

import { type StreamEntry, type StreamEvent } from '@council/contracts';

/** The millisecond part of an entry id: when Redis stored it. */
export function entryTimestampMs(id: string): number {
  return Number(id.split('-')[0]);
}

/** XRANGE/XREAD entries: [id, [field, value, ...]]. */
export type RawStreamEntry = [id: string, fields: string[]];
/** XREAD reply: [key, entries] per stream with news, or null on timeout. */
export type XreadReply = Array<[key: string, entries: RawStreamEntry[]]> | null;

/**
 * A decoded stream entry as its socket event: the entry as the worker wrote it, with the question
 * and entry ids, so the browser folds the same object the worker appended.
 */
export function streamEvent(questionId: number, entryId: string, entry: StreamEntry): StreamEvent {
  return { ...entry, questionId, entryId };
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

/** Yes at most once per `windowMs` (fixed from the last yes): one log line for a burst of the same event. */
export class OncePerWindow {
  private lastAt: number | null = null;

  constructor(private readonly windowMs: number) {}

  take(now: number): boolean {
    if (this.lastAt !== null && now - this.lastAt < this.windowMs) return false;
    this.lastAt = now;
    return true;
  }
}
