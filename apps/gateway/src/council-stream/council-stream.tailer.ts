import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  type ClientToServerEvents,
  type InterServerEvents,
  type QuestionStatus,
  SOCKET_SUBSCRIPTIONS_MAX,
  STREAM_ENTRY_ID_PART_MAX,
  STREAM_START_ID,
  type ServerToClientEvents,
  type SocketData,
  type StreamEvent,
  decodeStreamEntry,
  questionRoom,
  statusAfterEntry,
  compareEntryIds,
  errorMessage,
} from '@council/contracts';
import {
  MetricsService,
  REDIS_CLIENT,
  type RedisClient,
  isCluster,
  redisOptionsFromUrl,
  streamKeyFor,
} from '@council/server-kit';
import { Redis } from 'ioredis';
import { Histogram } from 'prom-client';
import { type Namespace, type Socket } from 'socket.io';
import { GatewayEnv } from '../config/gateway.env';
import { QuestionTraces } from './question-traces';
import {
  STREAM_CLUSTER_POLL_MS,
  STREAM_REPLAY_BATCH,
  STREAM_TAIL_BLOCK_MS,
  STREAM_TAIL_COUNT,
  STREAM_TAIL_ERROR_PAUSE_MS,
} from './council-stream.constants';
import { type RawStreamEntry, type XreadReply, entryTimestampMs, streamEvent } from './council-stream.util';

export type CouncilNamespace = Namespace<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type CouncilSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** The largest entry id Redis can hold; an exclusive range cannot start after it. */
const LAST_POSSIBLE_ENTRY_ID = `${STREAM_ENTRY_ID_PART_MAX}-${STREAM_ENTRY_ID_PART_MAX}`;

interface Watch {
  questionId: number;
  key: string;
  /** The last entry relayed to the question's room. Only moves forward. */
  cursor: string;
  sockets: Set<string>;
  /**
   * The status the relayed entries tell (statusAfterEntry), or the one known when the watch began;
   * null when neither is known.
   */
  status: QuestionStatus | null;
}

/**
 * Tails the Redis Streams of the questions this gateway's sockets watch (ARCHITECTURE "Streaming"):
 * one XREAD BLOCK loop over all of them on a dedicated connection (on a Redis Cluster, one XREAD
 * per stream each round, since each question has its own slot), relaying each entry to the
 * question's room once (what one read found of a question goes as one `question:events`). A
 * subscriber first gets the entries after its `lastEntryId` (XRANGE), then joins the room exactly
 * where the loop's cursor stands, so nothing is lost or repeated between replay and live. The
 * asker's socket can follow a new question from its first entry, before its members are queued
 * (`followNew`). Gateways share nothing; each reads the streams it needs.
 */
@Injectable()
export class CouncilStreamTailer implements OnApplicationShutdown {
  private readonly logger = new Logger(CouncilStreamTailer.name);
  private readonly watches = new Map<number, Watch>();
  private readonly byKey = new Map<string, Watch>();
  private readonly socketQuestions = new Map<string, Set<number>>();
  /** Subscribes of one question run one after another. */
  private readonly locks = new Map<number, Promise<void>>();
  private readonly lag: Histogram;
  private namespace: CouncilNamespace | null = null;
  private blocking: Redis | null = null;
  private blockingClientId: number | null = null;
  private loopRunning = false;
  private stopped = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly env: GatewayEnv,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    metrics: MetricsService,
    private readonly traces: QuestionTraces,
  ) {
    this.lag = new Histogram({
      name: 'council_stream_lag_seconds',
      help: 'Time from a stream entry being appended to its relay to Socket.IO',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [metrics.registry],
    });
  }

  attach(namespace: CouncilNamespace): void {
    this.namespace = namespace;
  }

  /** Replays the question's stream after `after` to this socket, then relays live entries to it. */
  subscribe(socket: CouncilSocket, questionId: number, after: string | undefined): Promise<void> {
    const previous = this.locks.get(questionId) ?? Promise.resolve();
    const run = previous.then(() => this.subscribeNow(socket, questionId, after ?? STREAM_START_ID));
    const settled = run.catch(() => undefined);
    this.locks.set(questionId, settled);
    void settled.then(() => {
      if (this.locks.get(questionId) === settled) this.locks.delete(questionId);
    });
    return run;
  }

  /**
   * Has the asker's socket follow a question just written, before its members are queued: its
   * stream is still empty, so the watch starts at the stream's start and nothing needs replaying.
   * False (nothing done) when the socket is not on this gateway, is another user's, follows as many
   * questions as it may, or the question is already watched.
   */
  followNew(userId: number, socketId: string, questionId: number): boolean {
    const socket = this.namespace?.sockets.get(socketId);
    if (!socket || socket.disconnected || socket.data.userId !== userId) return false;
    if (this.watches.has(questionId) || this.locks.has(questionId)) return false;
    if (this.followedCount(socket) >= SOCKET_SUBSCRIPTIONS_MAX) return false;
    const watch = this.addWatch(questionId, this.keyOf(questionId), STREAM_START_ID);
    watch.status = 'pending';
    this.join(socket, questionId, watch);
    return true;
  }

  /**
   * Undoes followNew for a question that will never stream (it could not be queued): the socket
   * stops watching it, so the watch holds neither a key of the XREAD nor one of its slots.
   */
  unfollowNew(socketId: string, questionId: number): void {
    const socket = this.namespace?.sockets.get(socketId);
    if (socket && this.isFollowing(socket, questionId)) this.unsubscribe(socket, questionId);
  }

  /** Whether this socket already follows the question (a repeated subscribe replays nothing). */
  isFollowing(socket: CouncilSocket, questionId: number): boolean {
    return this.socketQuestions.get(socket.id)?.has(questionId) ?? false;
  }

  /**
   * The question's status as this socket's watch knows it: null when the socket does not follow
   * the question or the watch has seen nothing to tell it.
   */
  followedStatus(socket: CouncilSocket, questionId: number): QuestionStatus | null {
    if (!this.isFollowing(socket, questionId)) return null;
    return this.watches.get(questionId)?.status ?? null;
  }

  /** How many questions this socket follows. */
  followedCount(socket: CouncilSocket): number {
    return this.socketQuestions.get(socket.id)?.size ?? 0;
  }

  unsubscribe(socket: CouncilSocket, questionId: number): void {
    void socket.leave(questionRoom(questionId));
    this.socketQuestions.get(socket.id)?.delete(questionId);
    this.release(socket.id, questionId);
  }

  /** A socket disconnected: it leaves every room by itself; drop its watches. */
  socketGone(socket: CouncilSocket): void {
    const questions = this.socketQuestions.get(socket.id);
    this.socketQuestions.delete(socket.id);
    for (const questionId of questions ?? []) this.release(socket.id, questionId);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.blocking?.disconnect();
    this.blocking = null;
  }

  private async subscribeNow(socket: CouncilSocket, questionId: number, after: string): Promise<void> {
    // Already in the room: it receives every live entry, so a repeat replays nothing (a flood of
    // repeated subscribes would otherwise replay the whole stream each time).
    if (this.isFollowing(socket, questionId)) return;
    const key = this.keyOf(questionId);
    let from = after;
    for (;;) {
      const watch = this.watches.get(questionId);
      // Live entries past the cursor reach the room; replay only up to it.
      const upTo = watch ? watch.cursor : '+';
      if (!watch || compareEntryIds(from, watch.cursor) < 0) {
        from = await this.replay(socket, questionId, key, from, upTo);
      }
      // A new watch never starts past the stream's end: a lastEntryId from the future would make
      // the tail loop skip live entries for every socket of the question.
      if (!watch) from = await this.clampToStreamEnd(key, from);
      if (socket.disconnected) return;
      const current = this.watches.get(questionId);
      if (current && compareEntryIds(from, current.cursor) < 0) continue; // the loop moved on meanwhile
      // No await from here on: joining and registering happen before the loop can relay again.
      this.join(socket, questionId, current ?? this.addWatch(questionId, key, from));
      return;
    }
  }

  /** Puts the socket in the question's room and on its watch (synchronous: no relay in between). */
  private join(socket: CouncilSocket, questionId: number, watch: Watch): void {
    void socket.join(questionRoom(questionId));
    watch.sockets.add(socket.id);
    const questions = this.socketQuestions.get(socket.id) ?? new Set<number>();
    questions.add(questionId);
    this.socketQuestions.set(socket.id, questions);
  }

  private keyOf(questionId: number): string {
    return streamKeyFor(this.env.REDIS_PREFIX, questionId);
  }

  /** Emits the entries in (from, upTo] to the socket; returns the last id sent (or `from`). */
  private async replay(
    socket: CouncilSocket,
    questionId: number,
    key: string,
    from: string,
    upTo: string,
  ): Promise<string> {
    let last = from;
    for (;;) {
      if (compareEntryIds(last, LAST_POSSIBLE_ENTRY_ID) >= 0) return last;
      const entries = (await this.redis.xrange(
        key,
        `(${last}`,
        upTo,
        'COUNT',
        STREAM_REPLAY_BATCH,
      )) as RawStreamEntry[];
      const events: StreamEvent[] = [];
      for (const [id, fields] of entries) {
        const entry = decodeStreamEntry(fields);
        if (entry) events.push(streamEvent(questionId, id, entry));
        last = id;
      }
      if (events.length > 0) {
        this.traces.deliver(questionId, events.length, () => socket.emit('question:events', events));
      }
      if (entries.length < STREAM_REPLAY_BATCH) return last;
    }
  }

  /** `from`, or the stream's last entry id when `from` lies beyond it ("0-0" for no stream). */
  private async clampToStreamEnd(key: string, from: string): Promise<string> {
    const [last] = (await this.redis.xrevrange(key, '+', '-', 'COUNT', 1)) as RawStreamEntry[];
    const end = last ? last[0] : STREAM_START_ID;
    return compareEntryIds(from, end) > 0 ? end : from;
  }

  private addWatch(questionId: number, key: string, cursor: string): Watch {
    const watch: Watch = { questionId, key, cursor, sockets: new Set(), status: null };
    this.watches.set(questionId, watch);
    this.byKey.set(key, watch);
    this.interruptRead();
    // void: loop() catches and logs its own failures and keeps tailing.
    if (!this.loopRunning) void this.loop();
    return watch;
  }

  private release(socketId: string, questionId: number): void {
    const watch = this.watches.get(questionId);
    if (!watch) return;
    watch.sockets.delete(socketId);
    if (watch.sockets.size > 0) return;
    this.watches.delete(questionId);
    this.byKey.delete(watch.key);
  }

  /** A new stream to watch: end the current XREAD BLOCK at once (else it waits out its timeout). */
  private interruptRead(): void {
    this.wake?.();
    if (this.blockingClientId === null) return;
    this.redis.call('CLIENT', 'UNBLOCK', String(this.blockingClientId)).catch(() => undefined);
  }

  private async loop(): Promise<void> {
    this.loopRunning = true;
    try {
      while (!this.stopped) {
        if (this.watches.size === 0) {
          await new Promise<void>((resolve) => {
            this.wake = resolve;
          });
          this.wake = null;
          continue;
        }
        try {
          const watches = [...this.watches.values()];
          const reply = isCluster(this.redis) ? await this.readEach(watches) : await this.readAll(watches);
          for (const [key, entries] of reply ?? []) this.relay(key, entries);
        } catch (error) {
          if (this.stopped) break;
          this.logger.warn(`Stream tail failed: ${errorMessage(error)}`);
          await new Promise((resolve) => setTimeout(resolve, STREAM_TAIL_ERROR_PAUSE_MS));
        }
      }
    } finally {
      this.loopRunning = false;
    }
  }

  /** One blocking XREAD over every watched stream: a single Redis holds them all. */
  private async readAll(watches: readonly Watch[]): Promise<XreadReply> {
    const connection = await this.blockingConnection();
    return (await connection.xread(
      'COUNT',
      STREAM_TAIL_COUNT,
      'BLOCK',
      STREAM_TAIL_BLOCK_MS,
      'STREAMS',
      ...watches.map((watch) => watch.key),
      ...watches.map((watch) => watch.cursor),
    )) as XreadReply;
  }

  /**
   * A Redis Cluster: one non-blocking XREAD per stream (each in its own slot; auto-pipelining sends
   * each node's in one write), then a short pause when none had news.
   */
  private async readEach(watches: readonly Watch[]): Promise<XreadReply> {
    const replies = await Promise.all(
      watches.map(
        (watch) =>
          this.redis.xread(
            'COUNT',
            STREAM_TAIL_COUNT,
            'STREAMS',
            watch.key,
            watch.cursor,
          ) as Promise<XreadReply>,
      ),
    );
    const reply = replies.flatMap((one) => one ?? []);
    if (reply.length === 0) await this.pause(STREAM_CLUSTER_POLL_MS);
    return reply;
  }

  /** Waits `ms`, or less when a new watch arrives (interruptRead) or the app stops. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private relay(key: string, entries: readonly RawStreamEntry[]): void {
    const watch = this.byKey.get(key);
    if (!watch || !this.namespace) return;
    const events: StreamEvent[] = [];
    const now = Date.now();
    for (const [id, fields] of entries) {
      if (compareEntryIds(id, watch.cursor) <= 0) continue;
      watch.cursor = id;
      const entry = decodeStreamEntry(fields);
      if (!entry) continue;
      watch.status = statusAfterEntry(
        entry.type,
        entry.type === 'question:failed' ? entry.reason : undefined,
      );
      events.push(streamEvent(watch.questionId, id, entry));
      this.lag.observe(Math.max(0, now - entryTimestampMs(id)) / 1000);
    }
    // One frame per socket for all of them: encoded once for the room, written once per socket.
    if (events.length === 0) return;
    const room = this.namespace.to(questionRoom(watch.questionId));
    this.traces.deliver(watch.questionId, events.length, () => room.emit('question:events', events));
  }

  private async blockingConnection(): Promise<Redis> {
    if (this.blocking) return this.blocking;
    // Blocking reads need a connection of their own that never gives up on a command.
    const connection = new Redis(redisOptionsFromUrl(this.env.REDIS_URL, { maxRetriesPerRequest: null }));
    connection.on('error', (error: Error) => this.logger.warn(`Stream tail connection: ${error.message}`));
    connection.on('ready', () => {
      connection
        .client('ID')
        .then((id) => {
          this.blockingClientId = Number(id);
        })
        .catch(() => undefined);
    });
    this.blocking = connection;
    return connection;
  }
}
