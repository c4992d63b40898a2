// The simulated users of `npm run bench` and what they record. A stack user asks a three-member
// question over REST, subscribes to it on Socket.IO /council and, once its three answers are
// complete, asks the next (the consensus finishes meanwhile), so each user keeps three answer
// streams open. A baseline user does the same against the direct baseline server.
//
// Every token of a fake answer carries its index and its emit time (stats.ts), so each delta
// received yields per-token latencies and feeds the stream's loss / duplicate / order check.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { CpuSnapshot, MachineTicks } from './cpu.ts';
import { StreamCheck, compareEntryIds, parseStampedTokens } from './stats.ts';

export const MEMBERS = 3;

/** Epoch ms with sub-ms precision: the clock the fake provider stamps with. */
export const now = () => performance.timeOrigin + performance.now();

export type PhaseTarget = 'stack' | 'baseline';

/** One scrape of an app's (or the baseline's) memory and event-loop lag. */
export interface ResourceSample {
  app: string;
  rss: number | null;
  lagP99Ms: number;
  lagMaxMs: number;
}

export interface DriverLag {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** What one phase records. Questions belong to the phase during which they were asked. */
export class PhaseRecord {
  firstToken: number[] = [];
  tokenLatency: number[] = [];
  // Where the time goes (stack only): provider emit → Redis XADD (the entry id's ms) and
  // XADD → client receipt, per delta (its first token).
  toRedis: number[] = [];
  fromRedis: number[] = [];
  // The same split for the deltas that carry an answer's first token.
  firstToRedis: number[] = [];
  firstFromRedis: number[] = [];
  // First tokens stored before the client's subscribe was acknowledged: they reach it through the
  // socket named in the ask (held until the POST answers), or else by replay.
  firstBeforeSubscribed: number[] = [];
  completion: number[] = [];
  questionTotal: number[] = [];
  checks: StreamCheck[] = [];
  entryOrderViolations = 0;
  failures = 0;
  // A question's life, measured questions only (ms): see Question.mark.
  timeline: Record<string, number[]> = {};
  failureSamples: unknown[] = [];
  resets = 0;
  asked = 0;
  askErrors = 0;
  /** Receive times of completed questions (all of them, for qps windows). */
  completedAt: number[] = [];
  /** Open answer streams, sampled. */
  streamSamples: Array<{ t: number; open: number }> = [];
  /** The measured hold (epoch ms). */
  window: { start: number; end: number } | null = null;
  resources: Array<ResourceSample & { t: number }> = [];
  driverLag: DriverLag | null = null;
  // Filled in by the phase runner (bench/run.ts).
  loadAverageBefore: number[] = [];
  loadAverageAfter: number[] = [];
  cpuBefore: CpuSnapshot | null = null;
  cpuAfter: CpuSnapshot | null = null;
  machineBefore: MachineTicks | null = null;
  machineAfter: MachineTicks | null = null;
  speedProbeMs: { before: number; after: number } | null = null;
  unfinished = 0;
  errors = 0;

  constructor(
    readonly name: string,
    readonly target: PhaseTarget,
  ) {}

  inWindow(time: number): boolean {
    return this.window !== null && time >= this.window.start && time <= this.window.end;
  }
}

/** One answer stream (a member answer or the consensus) of one question. */
class Stream {
  readonly check: StreamCheck;
  carry = '';
  firstSeen = false;
  lastEmittedAt: number | null = null;
  done = false;

  constructor(expected: number) {
    this.check = new StreamCheck(expected);
  }
}

/** A member answer by its order, or the consensus. */
type StreamKey = number | 'consensus';

/** One question a user asked: its streams and how its events arrived. */
class Question {
  readonly streams = new Map<StreamKey, Stream>();
  lastEntryId: string | null = null;
  answersDone = 0;
  finished = false;
  private resolveAnswers: () => void = () => {};
  readonly answersDonePromise = new Promise<void>((resolve) => (this.resolveAnswers = resolve));
  private resolveFinished: () => void = () => {};
  readonly finishedPromise = new Promise<void>((resolve) => (this.resolveFinished = resolve));
  readonly marks: Record<string, number>;
  /** Set for a question asked after an idle gap, or right after one (--idle-gap): its steps are also recorded under this tag. */
  tag: string | null = null;

  constructor(
    readonly id: number | string,
    readonly record: PhaseRecord,
    readonly askedAt: number,
    readonly expected: number,
    readonly measured: boolean,
  ) {
    this.marks = { asked: askedAt };
  }

  /** Notes when a step happened (first time only) and records its time since `since`. */
  mark(name: string, at: number, since: string): void {
    if (name in this.marks) return;
    this.marks[name] = at;
    const from = this.marks[since];
    if (!this.measured || from === undefined) return;
    (this.record.timeline[`${since} → ${name}`] ??= []).push(at - from);
    if (this.tag) (this.record.timeline[`${since} → ${name} (${this.tag})`] ??= []).push(at - from);
  }

  /** Records the time from the ask to a step already marked, under the question's tag only. */
  private sinceAsked(name: string): void {
    const at = this.marks[name];
    if (!this.measured || !this.tag || at === undefined) return;
    (this.record.timeline[`asked → ${name} (${this.tag})`] ??= []).push(at - this.askedAt);
  }

  stream(key: StreamKey): Stream {
    let stream = this.streams.get(key);
    if (!stream) {
      stream = new Stream(this.expected);
      this.streams.set(key, stream);
      this.record.checks.push(stream.check);
    }
    return stream;
  }

  entry(entryId: string | undefined): void {
    if (entryId === undefined) return;
    if (this.lastEntryId !== null && compareEntryIds(entryId, this.lastEntryId) <= 0) {
      this.record.entryOrderViolations += 1;
    }
    this.lastEntryId = entryId;
  }

  delta(key: StreamKey, text: string, receivedAt: number, entryId: string | undefined): void {
    if (key === 'consensus') this.mark('first consensus delta', receivedAt, 'answers completed');
    else if (!('first answer delta' in this.marks)) {
      this.mark('first answer delta', receivedAt, 'subscribed');
      this.sinceAsked('first answer delta');
    }
    const stream = this.stream(key);
    const { tokens, rest } = parseStampedTokens(text, stream.carry);
    stream.carry = rest;
    const first = tokens[0];
    if (this.measured && entryId && first) {
      const storedAt = Number(entryId.split('-')[0]);
      this.record.toRedis.push(storedAt - first.emittedAt);
      this.record.fromRedis.push(receivedAt - storedAt);
      if (first.index === 0 && key !== 'consensus') {
        this.record.firstToRedis.push(storedAt - first.emittedAt);
        this.record.firstFromRedis.push(receivedAt - storedAt);
        if (this.marks.subscribed === undefined || storedAt < this.marks.subscribed) {
          this.record.firstBeforeSubscribed.push(receivedAt - first.emittedAt);
        }
      }
    }
    for (const token of tokens) {
      stream.check.see(token.index);
      if (!this.measured) continue;
      const latency = receivedAt - token.emittedAt;
      this.record.tokenLatency.push(latency);
      if (token.index === 0 && !stream.firstSeen && key !== 'consensus') {
        stream.firstSeen = true;
        this.record.firstToken.push(latency);
      }
      if (token.index === this.expected - 1) stream.lastEmittedAt = token.emittedAt;
    }
  }

  streamDone(key: StreamKey, receivedAt: number, failed = false): void {
    const stream = this.stream(key);
    if (stream.done) return;
    stream.done = true;
    stream.check.finish();
    if (failed) this.record.failures += 1;
    if (this.measured && !failed && stream.lastEmittedAt !== null && key !== 'consensus') {
      this.record.completion.push(receivedAt - stream.lastEmittedAt);
    }
    if (key === 'consensus') this.mark('consensus completed', receivedAt, 'first consensus delta');
    else {
      this.answersDone += 1;
      if (this.answersDone === MEMBERS) {
        this.mark('answers completed', receivedAt, 'first answer delta');
        this.resolveAnswers();
      }
    }
  }

  finish(receivedAt: number, failed = false): void {
    if (this.finished) return;
    this.finished = true;
    if (failed) this.record.failures += 1;
    else {
      this.mark('question completed', receivedAt, 'consensus completed');
      this.record.completedAt.push(receivedAt);
      if (this.measured) this.record.questionTotal.push(receivedAt - this.askedAt);
    }
    this.resolveAnswers();
    this.resolveFinished();
  }
}

/** Shared state of a load phase: running flag, open streams, the record. */
export class Load {
  readonly expectedTokens: number;
  running = true;
  openStreams = 0;
  readonly inFlight = new Set<Question>();

  /** --idle-gap: every other question of a user waits this long after the one before (0: none). */
  readonly idleGapMs: number;

  constructor(
    readonly record: PhaseRecord,
    { expectedTokens, idleGapMs = 0 }: { expectedTokens: number; idleGapMs?: number },
  ) {
    this.expectedTokens = expectedTokens;
    this.idleGapMs = idleGapMs;
  }

  measuredNow(): boolean {
    const t = now();
    return this.record.window !== null && t >= this.record.window.start && t <= this.record.window.end;
  }
}

function connectSocket(url: string, options: Partial<ManagerOptions & SocketOptions>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, ...options });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The fields of the stream events the load reads (gateway and baseline send the same shape). */
interface StreamEvent {
  questionId: number | string;
  memberOrder: number;
  text: string;
  round?: number;
  entryId?: string;
  error?: unknown;
}

type EventHandler = (question: Question, payload: StreamEvent, receivedAt: number) => void;

const EVENT_HANDLERS: Readonly<Record<string, EventHandler>> = {
  'answer:delta': (q, e, t) => {
    if (e.round === undefined || e.round === 0) q.delta(e.memberOrder, e.text, t, e.entryId);
  },
  'answer:completed': (q, e, t) => q.streamDone(e.memberOrder, t),
  'answer:failed': (q, e, t) => {
    if (q.record.failureSamples.length < 5) q.record.failureSamples.push(e.error);
    q.streamDone(e.memberOrder, t, true);
  },
  'answer:reset': (q) => (q.record.resets += 1),
  'consensus:delta': (q, e, t) => q.delta('consensus', e.text, t, e.entryId),
  'consensus:completed': (q, _e, t) => q.streamDone('consensus', t),
  'consensus:failed': (q, _e, t) => q.streamDone('consensus', t, true),
  'consensus:reset': (q) => (q.record.resets += 1),
  'question:completed': (q, _e, t) => q.finish(t),
  'question:failed': (q, _e, t) => q.finish(t, true),
};

/** One received event: its name, payload and receipt time. */
type Received = [event: string, payload: StreamEvent, receivedAt: number];

function deliver(question: Question, [event, payload, receivedAt]: Received): void {
  const handler = EVENT_HANDLERS[event];
  if (!handler) return;
  question.entry(payload.entryId);
  handler(question, payload, receivedAt);
}

/**
 * Routes a socket's stream events to the questions it asked: the gateway sends them in
 * `question:events` frames of stream entries (each with its `type`), the baseline one event per
 * token. Events of a question not (yet) known go to `unknown`.
 */
function routeEvents(
  socket: Socket,
  questions: Map<number | string, Question>,
  unknown: (received: Received) => void = () => {},
): void {
  const receive = (received: Received) => {
    const question = questions.get(received[1].questionId);
    if (question) deliver(question, received);
    else unknown(received);
  };
  socket.on('question:events', (events: Array<StreamEvent & { type: string }>) => {
    const receivedAt = now();
    for (const entry of events) receive([entry.type, entry, receivedAt]);
  });
  for (const event of Object.keys(EVENT_HANDLERS)) {
    socket.on(event, (payload: StreamEvent) => receive([event, payload, now()]));
  }
}

/**
 * A signed-in user of our stack: a session cookie and one /council socket. Like the web client, it
 * names its socket in the ask (when the stack takes `socketId`), holds what arrives before the POST
 * answers, and then subscribes from the start as the web client does.
 */
export class StackUser {
  readonly baseUrl: string;
  readonly origin: string;
  readonly cookie: string;
  readonly username: string;
  readonly namesSocket: boolean;
  readonly questions = new Map<number | string, Question>();
  socket: Socket | null = null;
  counter = 0;
  /** Events received during an ask for a question not yet known; null between asks. */
  private held: Received[] | null = null;

  constructor({
    baseUrl,
    origin,
    cookie,
    username,
    namesSocket = true,
  }: {
    baseUrl: string;
    origin: string;
    cookie: string;
    username: string;
    namesSocket?: boolean;
  }) {
    this.baseUrl = baseUrl;
    this.origin = origin;
    this.cookie = cookie;
    this.username = username;
    this.namesSocket = namesSocket;
  }

  async connect(): Promise<void> {
    this.socket = await connectSocket(`${this.baseUrl}/council`, {
      extraHeaders: { Cookie: this.cookie, Origin: this.origin },
    });
    routeEvents(this.socket, this.questions, (received) => this.held?.push(received));
  }

  close(): void {
    this.socket?.close();
  }

  async ask(load: Load, tag: string | null = null): Promise<Question> {
    const socket = this.socket;
    if (!socket) throw new Error(`${this.username} is not connected`);
    const askedAt = now();
    const measured = load.measuredNow();
    const question = `Benchmark question ${this.username} #${(this.counter += 1)}`;
    const socketId = this.namesSocket ? socket.id : undefined;
    this.held = socketId ? [] : null;
    const response = await fetch(`${this.baseUrl}/api/questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookie, origin: this.origin },
      body: JSON.stringify(socketId ? { question, socketId } : { question }),
    });
    if (response.status !== 201) {
      this.held = null;
      load.record.askErrors += 1;
      const body = await response.text();
      throw new Error(`POST /api/questions answered ${response.status}: ${body.slice(0, 200)}`);
    }
    const { question: asked } = (await response.json()) as {
      question: { id: number };
    };
    const held = this.held ?? [];
    this.held = null;
    const created = new Question(asked.id, load.record, askedAt, load.expectedTokens, measured);
    created.tag = tag;
    created.mark('created', now(), 'asked');
    this.questions.set(asked.id, created);
    for (const received of held) if (received[1].questionId === asked.id) deliver(created, received);
    load.record.asked += 1;
    const ack = (await socket
      .timeout(30_000)
      .emitWithAck(
        'question:subscribe',
        created.lastEntryId
          ? { questionId: asked.id, lastEntryId: created.lastEntryId }
          : { questionId: asked.id },
      )) as {
      ok?: boolean;
    } | null;
    if (!ack?.ok) throw new Error(`question:subscribe refused: ${JSON.stringify(ack)}`);
    created.mark('subscribed', now(), 'created');
    return created;
  }

  /**
   * Asks, waits for the three answers, asks again, until the load stops. With an idle gap, every
   * other question waits that long first: those are tagged "after a gap", the others "warm".
   */
  async loop(load: Load, { onError }: { onError: (error: unknown) => void }): Promise<void> {
    let afterGap = false;
    while (load.running) {
      let tag: string | null = null;
      if (load.idleGapMs > 0) {
        afterGap = !afterGap;
        tag = afterGap ? `after a ${load.idleGapMs / 1000} s gap` : 'warm';
        if (afterGap) await sleep(load.idleGapMs);
        if (!load.running) break;
      }
      let question: Question;
      try {
        load.openStreams += MEMBERS;
        question = await this.ask(load, tag);
      } catch (error) {
        load.openStreams -= MEMBERS;
        onError(error);
        await sleep(1000);
        continue;
      }
      load.inFlight.add(question);
      const streamsOpen = MEMBERS;
      void question.finishedPromise.then(() => {
        load.inFlight.delete(question);
        this.questions.delete(question.id);
        this.socket?.emit('question:unsubscribe', { questionId: question.id });
      });
      await withTimeout(question.answersDonePromise, 120_000);
      load.openStreams -= streamsOpen;
    }
  }
}

/** A user of the direct baseline: one socket to the baseline server. */
export class BaselineUser {
  readonly url: string;
  readonly id: number;
  readonly questions = new Map<number | string, Question>();
  socket: Socket | null = null;
  counter = 0;

  constructor({ url, id }: { url: string; id: number }) {
    this.url = url;
    this.id = id;
  }

  async connect(): Promise<void> {
    this.socket = await connectSocket(this.url, {});
    routeEvents(this.socket, this.questions);
  }

  close(): void {
    this.socket?.close();
  }

  async loop(load: Load): Promise<void> {
    while (load.running) {
      const questionId = this.id * 1_000_000 + (this.counter += 1);
      const question = new Question(questionId, load.record, now(), load.expectedTokens, load.measuredNow());
      this.questions.set(questionId, question);
      load.record.asked += 1;
      load.openStreams += MEMBERS;
      this.socket?.emit('ask', { questionId });
      await withTimeout(question.answersDonePromise, 120_000);
      // The baseline has no consensus: its "question" is done with its three answers.
      question.finish(now(), false);
      this.questions.delete(questionId);
      load.openStreams -= MEMBERS;
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  const timer = sleep(ms, 'timeout' as const, { ref: false });
  return Promise.race([promise, timer]);
}

/** Event-loop delay of the driver itself (its receive times are only as good as its loop). */
export function watchDriverLag(): () => DriverLag {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return () => {
    const stats = {
      p50Ms: histogram.percentile(50) / 1e6,
      p99Ms: histogram.percentile(99) / 1e6,
      maxMs: histogram.max / 1e6,
    };
    histogram.disable();
    return stats;
  };
}
