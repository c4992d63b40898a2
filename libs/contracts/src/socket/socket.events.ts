// Socket.IO contract of the /council namespace: pass these interfaces as the generics of the
// gateway's Server/Namespace and of the web's socket, so both ends are checked against one source.
// Event names are `domain:action`. Stream events are the stream entries (streams/streams.entries.ts)
// plus the question they belong to and the stream entry id, which a reconnecting client sends back
// as `lastEntryId` to receive exactly what it missed; they travel in `question:events` batches.

import { type QuestionStatus } from '../domain/domain.constants';
import { type ErrorCode } from '../errors/errors.codes';
import { type StreamEntryOf, type StreamEntryType } from '../streams/streams.entries';

export const SOCKET_NAMESPACE = '/council';
/** Socket.IO's default path; the web's dev proxy forwards it to the gateway. */
export const SOCKET_PATH = '/socket.io';

/** The room a gateway joins a socket to while it watches a question. */
export function questionRoom(questionId: number): string {
  return `question:${questionId}`;
}

interface StreamEventMeta {
  questionId: number;
  /** Redis stream entry id ("<ms>-<seq>"); strictly increasing within a question. */
  entryId: string;
}

/**
 * A stream entry as relayed to the browser: the entry itself as the worker appended it (its `type`
 * and its own fields, streams/streams.entries.ts), with its question and its place in the stream.
 * The same object goes from the worker's entry to the card, with nothing renamed on the way.
 */
export type StreamEventOf<T extends StreamEntryType> = StreamEntryOf<T> & StreamEventMeta;

/** One stream event as sent, of any entry type. */
export type StreamEvent = { [T in StreamEntryType]: StreamEventOf<T> }[StreamEntryType];

export interface ServerToClientEvents {
  /**
   * Stream events of one question, oldest first: the entries one read of its stream found, in one
   * WebSocket frame (an answer's members write at about the same moments, and one frame per entry
   * would cost the gateway a socket write each).
   */
  'question:events': (events: StreamEvent[]) => void;
}

export interface QuestionSubscribePayload {
  questionId: number;
  /** The last entry id the client saw; the gateway replays everything after it. Absent: from the start. */
  lastEntryId?: string;
}

export interface QuestionUnsubscribePayload {
  questionId: number;
}

/**
 * Reply to question:subscribe. `status` tells a client whether to expect more events: for a
 * finished question whose stream has expired, it reads the answers over REST instead.
 */
export type QuestionSubscribeAck =
  { ok: true; status: QuestionStatus } | { ok: false; code: ErrorCode; message: string };

export interface ClientToServerEvents {
  /** Only the question's owner may subscribe (FORBIDDEN / NOT_FOUND otherwise). */
  'question:subscribe': (
    payload: QuestionSubscribePayload,
    ack: (reply: QuestionSubscribeAck) => void,
  ) => void;
  'question:unsubscribe': (payload: QuestionUnsubscribePayload) => void;
}

/** Gateways share nothing: each tails the streams its own sockets watch (ARCHITECTURE "Streaming"). */
export type InterServerEvents = Record<never, never>;

/** What the gateway stores on a socket after authenticating its session cookie. */
export interface SocketData {
  userId: number;
  username: string;
  /** The session the handshake's cookie named: the socket ends with it (logout, password reset). */
  sessionId: string;
}
