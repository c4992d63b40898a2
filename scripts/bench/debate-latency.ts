// The debate phase of `npm run bench` (--debate-questions N): one user asks N debate questions, one
// at a time, with nothing else running, and each is timed from the ask to its question:completed.
// The fake answers every revision "Position: unchanged", so each debate runs one round, and draws
// the agreement map with a reply as long as an answer (fake-provider.ts). The calls a one-round
// debate must wait for, one after the other, are three: the first answers, the revisions and the
// synthesis; the map is drawn beside the synthesis, so it adds nothing when it takes no longer.
// The goal (docs/performance.md): question:completed within 0.5 s of the synthesis's last delta.
import type { Socket } from 'socket.io-client';
import { now } from './load.ts';
import { type Row, type Summary, row, summarize } from './stats.ts';

/** question:completed at most this long after the synthesis's last delta (ms). */
export const DEBATE_COMPLETION_GOAL_MS = 500;
/** Calls of a one-round debate that wait for one another: first answers, revisions, synthesis. */
export const SEQUENTIAL_CALLS = 3;

/** One debate question's times, ms from its ask (null: the step never came). */
export interface DebateTiming {
  lastSynthesisDelta: number | null;
  mapCompleted: number | null;
  /** The map came back valid (a malformed reply is asked for again, and takes twice as long). */
  mapDrawn: boolean;
  completed: number | null;
  rounds: number;
  failed: boolean;
}

export interface DebateLatency {
  questions: number;
  /** The fake's time for one call: its first-token delay plus its tokens at its rate (ms). */
  callMs: number;
  /** SEQUENTIAL_CALLS × callMs: what the debate cannot beat. */
  callsMs: number;
  askToCompletedMs: Summary;
  askToLastSynthesisDeltaMs: Summary;
  askToMapCompletedMs: Summary;
  completedAfterSynthesisMs: Summary;
  /** Rounds each debate ran (1 expected). */
  rounds: number[];
  mapsDrawn: number;
  failed: number;
}

/** The user that asks: its session and its /council socket (a StackUser). */
export interface DebateAsker {
  baseUrl: string;
  origin: string;
  cookie: string;
  socket: Socket | null;
}

type Received = [
  event: string,
  payload: { questionId?: unknown; status?: unknown; map?: { status?: unknown } },
  at: number,
];

/** Asks `count` debate questions one after the other and times each. */
export async function measureDebates(
  user: DebateAsker,
  { count, callMs, timeoutMs = 120_000 }: { count: number; callMs: number; timeoutMs?: number },
): Promise<DebateLatency> {
  const socket = user.socket;
  if (!socket) throw new Error('The debate user is not connected');
  const timings: DebateTiming[] = [];
  for (let index = 0; index < count; index += 1) {
    const received: Received[] = [];
    const listener = (events: Array<Received[1] & { type: string }>) => {
      const at = now();
      for (const entry of events) received.push([entry.type, entry, at]);
    };
    socket.on('question:events', listener);
    try {
      timings.push(await askOne(user, socket, received, index, timeoutMs));
    } finally {
      socket.off('question:events', listener);
    }
  }
  return summarizeDebates(timings, callMs);
}

async function askOne(
  user: DebateAsker,
  socket: Socket,
  received: Received[],
  index: number,
  timeoutMs: number,
): Promise<DebateTiming> {
  const askedAt = now();
  const response = await fetch(`${user.baseUrl}/api/questions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: user.cookie, origin: user.origin },
    body: JSON.stringify({
      question: `Benchmark debate #${index + 1}`,
      showDebate: true,
      socketId: socket.id,
    }),
  });
  if (response.status !== 201) {
    throw new Error(
      `POST /api/questions answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
  }
  const { question } = (await response.json()) as { question: { id: number } };
  const ack = (await socket
    .timeout(30_000)
    .emitWithAck('question:subscribe', { questionId: question.id })) as {
    ok?: boolean;
  } | null;
  if (!ack?.ok) throw new Error(`question:subscribe refused: ${JSON.stringify(ack)}`);
  const own = () => received.filter(([, payload]) => payload.questionId === question.id);
  const ended = () => own().some(([event]) => event === 'question:completed' || event === 'question:failed');
  const deadline = Date.now() + timeoutMs;
  while (!ended()) {
    if (Date.now() > deadline)
      throw new Error(`Debate question ${question.id} did not end in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return debateTiming(own(), askedAt);
}

/** A question's times from the events it received (a replayed entry counts at its first receipt). */
export function debateTiming(events: readonly Received[], askedAt: number): DebateTiming {
  const last = (name: string) => events.findLast(([event]) => event === name)?.[2] ?? null;
  const first = (name: string) => events.find(([event]) => event === name)?.[2] ?? null;
  const since = (at: number | null) => (at === null ? null : at - askedAt);
  const completed = first('question:completed');
  const map = events.find(([event]) => event === 'agreement:completed');
  return {
    lastSynthesisDelta: since(last('consensus:delta')),
    mapCompleted: since(map?.[2] ?? null),
    mapDrawn: map?.[1].map?.status === 'mapped',
    completed: since(completed),
    rounds: events.filter(([event, payload]) => event === 'debate:round' && payload.status === 'started')
      .length,
    failed: completed === null || events.some(([event]) => event === 'consensus:failed'),
  };
}

export function summarizeDebates(timings: readonly DebateTiming[], callMs: number): DebateLatency {
  const values = (pick: (timing: DebateTiming) => number | null) =>
    timings.flatMap((timing) => {
      const value = pick(timing);
      return value === null ? [] : [value];
    });
  return {
    questions: timings.length,
    callMs,
    callsMs: SEQUENTIAL_CALLS * callMs,
    askToCompletedMs: summarize(values((timing) => timing.completed)),
    askToLastSynthesisDeltaMs: summarize(values((timing) => timing.lastSynthesisDelta)),
    askToMapCompletedMs: summarize(values((timing) => timing.mapCompleted)),
    completedAfterSynthesisMs: summarize(
      values((timing) =>
        timing.completed === null || timing.lastSynthesisDelta === null
          ? null
          : timing.completed - timing.lastSynthesisDelta,
      ),
    ),
    rounds: timings.map((timing) => timing.rounds),
    mapsDrawn: timings.filter((timing) => timing.mapDrawn).length,
    failed: timings.filter((timing) => timing.failed).length,
  };
}

/** The result rows: the goal, and the whole debate against the calls it waits for. */
export function debateRows(debate: DebateLatency): Row[] {
  const ms = { latency: true };
  const goal = row(
    'Debate, 1 round: question:completed after the synthesis’s last delta, p50 (ms)',
    debate.completedAfterSynthesisMs.p50,
    null,
    { op: '<=', value: DEBATE_COMPLETION_GOAL_MS },
    ms,
  );
  return [
    // A debate that failed, ran more rounds than one or drew no map measured something else.
    debate.failed > 0 || debate.mapsDrawn < debate.questions || debate.rounds.some((rounds) => rounds !== 1)
      ? { ...goal, pass: false }
      : goal,
    row(
      `Debate, 1 round: ask → question:completed p50 (ms), against ${SEQUENTIAL_CALLS} calls of the fake`,
      debate.askToCompletedMs.p50,
      debate.callsMs,
      null,
      ms,
    ),
  ];
}
