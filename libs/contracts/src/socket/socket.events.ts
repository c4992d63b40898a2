// Socket.IO contract of the /council namespace: pass these interfaces as the generics of the
// gateway's Server/Namespace and of the web's socket, so both ends are checked against one source.
// Event names are `domain:action`. Stream events mirror the stream entries (streams/streams.entries.ts)
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

/** A stream entry as relayed to the browser: without `type` (that is the event name), with its place. */
export type StreamEventPayload<T extends StreamEntryType> = Omit<StreamEntryOf<T>, 'type'> & StreamEventMeta;

export type AnswerDeltaEvent = StreamEventPayload<'answer:delta'>;
export type AnswerCompletedEvent = StreamEventPayload<'answer:completed'>;
export type AnswerFailedEvent = StreamEventPayload<'answer:failed'>;
export type AnswerResetEvent = StreamEventPayload<'answer:reset'>;
export type DebateRoundEvent = StreamEventPayload<'debate:round'>;
export type DebatePausedEvent = StreamEventPayload<'debate:paused'>;
export type DebateNoteEvent = StreamEventPayload<'debate:note'>;
export type DebateResumedEvent = StreamEventPayload<'debate:resumed'>;
export type ConsensusDeltaEvent = StreamEventPayload<'consensus:delta'>;
export type ConsensusResetEvent = StreamEventPayload<'consensus:reset'>;
export type ConsensusCompletedEvent = StreamEventPayload<'consensus:completed'>;
export type ConsensusFailedEvent = StreamEventPayload<'consensus:failed'>;
export type AgreementClaimEvent = StreamEventPayload<'agreement:claim'>;
export type AgreementResetEvent = StreamEventPayload<'agreement:reset'>;
export type AgreementCompletedEvent = StreamEventPayload<'agreement:completed'>;
export type QuestionCompletedEvent = StreamEventPayload<'question:completed'>;
export type QuestionFailedEvent = StreamEventPayload<'question:failed'>;

/** Every stream event's payload, by event name (the stream entry's type). */
export interface StreamEventPayloads {
  'answer:delta': AnswerDeltaEvent;
  'answer:completed': AnswerCompletedEvent;
  'answer:failed': AnswerFailedEvent;
  /** A retry of this member and round starts: discard its text and reasoning shown so far. */
  'answer:reset': AnswerResetEvent;
  'debate:round': DebateRoundEvent;
  /** The debate waits for the asker's note until endsAt. */
  'debate:paused': DebatePausedEvent;
  'debate:note': DebateNoteEvent;
  'debate:resumed': DebateResumedEvent;
  'consensus:delta': ConsensusDeltaEvent;
  /** A retry of the consensus starts: discard the consensus text shown so far. */
  'consensus:reset': ConsensusResetEvent;
  'consensus:completed': ConsensusCompletedEvent;
  'consensus:failed': ConsensusFailedEvent;
  /** A claim of the agreement map, written in full (a draft until agreement:completed). */
  'agreement:claim': AgreementClaimEvent;
  /** The map is asked for again: discard the draft claims shown so far. */
  'agreement:reset': AgreementResetEvent;
  'agreement:completed': AgreementCompletedEvent;
  'question:completed': QuestionCompletedEvent;
  'question:failed': QuestionFailedEvent;
}

export type StreamEventName = keyof StreamEventPayloads;

/** One stream event as sent: its name and its payload. */
export type StreamEvent = {
  [K in StreamEventName]: [name: K, payload: StreamEventPayloads[K]];
}[StreamEventName];

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
