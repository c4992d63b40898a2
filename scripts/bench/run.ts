// `npm run bench`: the streaming benchmark.
//
// Starts (or, with --url, uses) the stack with every provider pointed at a local fake that speaks
// the OpenAI and Anthropic streaming formats (libs/testing) at a set time to first token and token
// rate, so the real SDK path runs. Simulated users sign in, ask three-member questions and follow
// them on Socket.IO /council. Every token carries its index and the fake's emit time, so the driver
// measures emit → receive latency on one clock and checks each stream for lost, duplicated and
// out-of-order chunks. A direct baseline (one process: same SDK adapters → Socket.IO) runs in the
// same invocation under the same load, and the result table reports ours, the baseline, the added
// milliseconds and the ratio.
//
// Phases: baseline (the direct path), latency (ramp to --streams concurrent answer streams, then
// measure), throughput (more users: questions completed per second), soak (--soak S: the latency
// load for S seconds; memory must stay flat), then the capacity search (--capacity-steps: both
// systems step by step until each one's first-token p99 slips; the rule is in capacity.ts).
// Writes bench-results/latest.json and bench-results/latest.md (or --out). Everything started is
// stopped on exit and on Ctrl-C: the apps, the helpers, the database and the run's Redis keys.
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Socket } from 'socket.io-client';
import { makeRunId } from '../lib/args.mjs';
import { ensureTestPostgres } from '../lib/ensure-postgres.mjs';
import { ensureTestRedis } from '../lib/ensure-redis.mjs';
import { bin, capture, nx, ROOT, run } from '../lib/exec.mjs';
import { exitOnSignals, onCleanup, runCleanups } from '../lib/lifecycle.mjs';
import { banner, error, info, ok, warn } from '../lib/log.mjs';
import { DB_MAINTENANCE_INTERVAL_MS, startDbMaintenance } from './db-maintenance.ts';
import { type Sink, stopAllServices, streamSink } from '../lib/service-process.mjs';
import { SERVER_APPS } from '../lib/stack.mjs';
import { redactUrl } from '../lib/urls.mjs';
import { BENCH_USAGE, type BenchOptions, parseBenchArgs } from './args.ts';
import {
  type CapacityPoint,
  type CapacityResult,
  autoStepSeconds,
  capacityGoalRow,
  capacityMarkdown,
  capacityRule,
  cpuFloorRow,
  cpuGoalRow,
  judgeCapacity,
  nextMeasurement,
  pointOf,
  stackOnlyCpuMsPerQuestion,
  stepText,
  sutCpuMsPerQuestion,
  tokenP50GoalRow,
} from './capacity.ts';
import {
  type CpuScan,
  DRIVER_GROUP,
  FAKE_GROUP,
  type MachineTicks,
  cpuSecondsByGroup,
  machineCores,
  readMachineTicks,
  snapshotCpu,
} from './cpu.ts';
import { type CompareRound, compareRounds, comparisonMarkdown } from './compare.ts';
import { startOtlpSink } from './otlp-sink.ts';
import { probeSpeed } from './speed-probe.ts';
import {
  BaselineUser,
  type DriverLag,
  Load,
  MEMBERS,
  PhaseRecord,
  type PhaseTarget,
  type ResourceSample,
  StackUser,
  now,
  watchDriverLag,
} from './load.ts';
import { configureHelper, createBenchUsers, mapLimit, startHelper } from './setup.ts';
import {
  type CpuProcesses,
  type StackUnderTest,
  knownPids,
  startStackUnderTest,
  withMaintenanceBackend,
} from './stack-under-test.ts';
import {
  cpuTable,
  markdownTable,
  memoryTrend,
  parsePrometheus,
  type MemoryTrend,
  type Row,
  type RssSample,
  type Summary,
  row,
  summarize,
  totalIntegrity,
} from './stats.ts';
import { type DebateLatency, SEQUENTIAL_CALLS, debateRows, measureDebates } from './debate-latency.ts';

const APPS_BUILT = ['gateway', 'billing', 'provider-worker', 'consensus-worker', 'db', 'llm', 'testing'];
const SAMPLE_EVERY_MS = 2000;

type PhaseName = 'baseline' | 'latency' | 'throughput' | 'soak' | 'fewBaseline' | 'few';

/** A user a phase runs: it asks and follows questions until the load stops. */
interface LoadUser {
  loop(load: Load, options: { onError: (cause: unknown) => void }): Promise<void>;
}

interface PhaseSpec {
  name: string;
  target: PhaseTarget;
  users: readonly LoadUser[];
  ramp: number;
  duration: number;
  expectedTokens: number;
  sample: () => Promise<Array<ResourceSample | null>>;
  cpu?: (() => CpuProcesses) | null;
  /** --idle-gap in ms (the latency phase's stack users only). */
  idleGapMs?: number;
}

interface AppSummary {
  rssStartMb: number | null;
  rssEndMb: number | null;
  rssPeakMb: number | null;
  lagP99Ms: Summary;
  lagMaxMs: number | null;
  memoryTrend: MemoryTrend;
}

/** The numbers of one phase (what latest.json holds per phase). */
interface PhaseSummary {
  name: string;
  target: PhaseTarget;
  measuredSeconds: number;
  cpuSeconds: Record<string, number> | null;
  cpuMsPerQuestion: Record<string, number | null> | null;
  /** Cores the whole machine kept busy over the window, whatever ran: with cpuSeconds, what else ran. */
  machineCores: MachineTicks | null;
  speedProbeMs: { before: number; after: number } | null;
  asked: number;
  askErrors: number;
  errors: number;
  completedInWindow: number;
  questionsPerSecond: number;
  unfinished: number;
  openAnswerStreams: Summary;
  firstTokenMs: Summary;
  tokenLatencyMs: Summary;
  completionMs: Summary;
  emitToRedisMs: Summary;
  redisToClientMs: Summary;
  firstTokenEmitToRedisMs: Summary;
  firstTokenRedisToClientMs: Summary;
  firstTokenBeforeSubscribedMs: Summary;
  questionMs: Summary;
  integrity: {
    streams: number;
    lost: number;
    duplicated: number;
    outOfOrder: number;
    entryOrderViolations: number;
  };
  timelineMs: Record<string, Summary>;
  failures: number;
  failureSamples: unknown[];
  resets: number;
  apps: Record<string, AppSummary>;
  driverLagMs: DriverLag | null;
  loadAverage: { before: number[]; after: number[] };
}

type SummaryKey = {
  [K in keyof PhaseSummary]: PhaseSummary[K] extends Summary ? K : never;
}[keyof PhaseSummary];

/** One run, as latest.json holds it (with its table and verdict added). */
interface BenchRun {
  runId: string;
  startedAt: string;
  finishedAt: string;
  command: string;
  machine: ReturnType<typeof machine> & { speedProbeMs: { start: number; end: number } };
  options: BenchOptions;
  stack: string;
  phases: Partial<Record<PhaseName, PhaseSummary>>;
  capacity: CapacityResult | null;
  /** --debate-questions: one-round debates timed one at a time (debate-latency.ts). */
  debate?: DebateLatency | null;
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

function loadAverage() {
  return os.loadavg().map((value) => Math.round(value * 100) / 100);
}

/** Scrapes RSS and event-loop lag (prom-client default metrics; its lag histogram resets per scrape). */
async function scrapeApp(app: string, url: string): Promise<ResourceSample | null> {
  try {
    const response = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(1500) });
    const values = parsePrometheus(await response.text());
    return {
      app,
      rss: values.process_resident_memory_bytes ?? null,
      lagP99Ms: (values.nodejs_eventloop_lag_p99_seconds ?? NaN) * 1000,
      lagMaxMs: (values.nodejs_eventloop_lag_max_seconds ?? NaN) * 1000,
    };
  } catch {
    return null;
  }
}

interface BaselineStats {
  rss: number;
  lagP99Ms: number;
  lagMaxMs: number;
}

function baselineStats(socket: Socket | null): Promise<ResourceSample | null> {
  if (!socket) return Promise.resolve(null);
  return socket
    .timeout(1500)
    .emitWithAck('stats', {})
    .then((stats: BaselineStats) => ({
      app: 'baseline',
      rss: stats.rss,
      lagP99Ms: stats.lagP99Ms,
      lagMaxMs: stats.lagMaxMs,
    }))
    .catch(() => null);
}

/**
 * Runs one phase: starts `users` loops spread over `ramp` s, measures for `duration` s (questions
 * asked in that window count for latencies, questions completed in it for throughput), then stops
 * asking and lets what is in flight finish.
 */
async function runPhase({
  name,
  target,
  users,
  ramp,
  duration,
  expectedTokens,
  sample,
  cpu = null,
  idleGapMs = 0,
}: PhaseSpec): Promise<PhaseRecord> {
  banner(`Phase ${name}: ${users.length} users, ramp ${ramp} s, measure ${duration} s`);
  const record = new PhaseRecord(name, target);
  // The VM's speed drifts: probe it around each measured phase so its CPU figures can be compared.
  const speedBefore = cpu ? await probeSpeed() : null;
  const load = new Load(record, { expectedTokens, idleGapMs });
  const start = now();
  const window = { start: start + ramp * 1000, end: start + (ramp + duration) * 1000 };
  record.window = window;
  record.loadAverageBefore = loadAverage();
  // CPU of every process over the measured window (not the ramp), per completed question.
  const cpuStart = cpu
    ? setTimeout(() => {
        const { known, scan } = cpu();
        record.cpuBefore = snapshotCpu(known, scan);
        record.machineBefore = readMachineTicks();
      }, ramp * 1000)
    : undefined;
  const stopLag = watchDriverLag();
  let errors = 0;
  const onError = (cause: unknown) => {
    errors += 1;
    if (errors <= 5) warn(`${name}: ${cause instanceof Error ? cause.message : String(cause)}`);
  };

  const sampler = setInterval(() => {
    const t = now();
    record.streamSamples.push({ t, open: load.openStreams });
  }, 500);
  let sampling = true;
  const resourceLoop = (async () => {
    while (sampling) {
      const t = now();
      const samples = await sample();
      for (const entry of samples) if (entry) record.resources.push({ t, ...entry });
      await sleep(SAMPLE_EVERY_MS);
    }
  })();
  const progress = setInterval(() => {
    const elapsed = Math.round((now() - start) / 1000);
    info(
      `${name} ${elapsed} s: ${load.openStreams} answer streams open, ${record.asked} asked, ` +
        `${record.completedAt.length} completed, load ${loadAverage()[0]}`,
    );
  }, 5000);

  const loops: Array<Promise<void>> = [];
  for (const [i, user] of users.entries()) {
    const due = start + (ramp * 1000 * i) / users.length;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    loops.push(user.loop(load, { onError }));
  }
  const remaining = window.end - now();
  if (remaining > 0) await sleep(remaining);
  if (cpu && record.cpuBefore) {
    const { known, scan } = cpu();
    record.cpuAfter = snapshotCpu(known, scan);
    record.machineAfter = readMachineTicks();
  }
  clearTimeout(cpuStart);
  load.running = false;
  info(`${name}: measured; letting ${load.inFlight.size || 'the'} questions in flight finish`);
  const drainUntil = now() + 60_000;
  await Promise.race([Promise.all(loops), sleep(60_000)]);
  // Loops that were mid-ask add their question after stopping; wait for those too.
  const inFlight = [...load.inFlight].map((question) => question.finishedPromise);
  await Promise.race([Promise.all(inFlight), sleep(Math.max(1000, drainUntil - now()))]);
  record.unfinished = [...load.inFlight].filter((question) => !question.finished).length;
  clearInterval(sampler);
  clearInterval(progress);
  sampling = false;
  await resourceLoop;
  record.driverLag = stopLag();
  record.loadAverageAfter = loadAverage();
  if (speedBefore !== null) record.speedProbeMs = { before: speedBefore, after: await probeSpeed() };
  record.errors = errors;
  return record;
}

/** The numbers of one phase (what latest.json holds per phase). */
function summarizePhase(record: PhaseRecord): PhaseSummary {
  const { window } = record;
  if (!window) throw new Error(`Phase ${record.name} was never measured`);
  const seconds = (window.end - window.start) / 1000;
  const completedInWindow = record.completedAt.filter((t) => t >= window.start && t <= window.end).length;
  const open = record.streamSamples
    .filter((sample) => record.inWindow(sample.t))
    .map((sample) => sample.open);
  const integrity = totalIntegrity(record.checks);
  const resources: Record<
    string,
    { rss: number[]; lagP99: number[]; lagMax: number[]; samples: RssSample[] }
  > = {};
  for (const sample of record.resources) {
    const entry = (resources[sample.app] ??= { rss: [], lagP99: [], lagMax: [], samples: [] });
    if (sample.rss !== null) {
      entry.rss.push(sample.rss);
      entry.samples.push({ t: (sample.t - window.start) / 1000, rss: sample.rss });
    }
    if (Number.isFinite(sample.lagP99Ms)) entry.lagP99.push(sample.lagP99Ms);
    if (Number.isFinite(sample.lagMaxMs)) entry.lagMax.push(sample.lagMaxMs);
  }
  const apps: Record<string, AppSummary> = {};
  for (const [app, entry] of Object.entries(resources)) {
    const mb = (bytes: number | undefined) => (bytes === undefined ? null : bytes / 2 ** 20);
    apps[app] = {
      rssStartMb: mb(entry.rss[0]),
      rssEndMb: mb(entry.rss.at(-1)),
      rssPeakMb: entry.rss.length ? mb(Math.max(...entry.rss)) : null,
      lagP99Ms: summarize(entry.lagP99),
      lagMaxMs: entry.lagMax.length ? Math.max(...entry.lagMax) : null,
      memoryTrend: memoryTrend(entry.samples),
    };
  }
  const cpuSeconds =
    record.cpuBefore && record.cpuAfter ? cpuSecondsByGroup(record.cpuBefore, record.cpuAfter) : null;
  const cpuMsPerQuestion = cpuSeconds
    ? Object.fromEntries(
        Object.entries(cpuSeconds).map(([group, spent]) => [
          group,
          completedInWindow ? (1000 * spent) / completedInWindow : null,
        ]),
      )
    : null;
  return {
    name: record.name,
    target: record.target,
    measuredSeconds: seconds,
    cpuSeconds,
    cpuMsPerQuestion,
    machineCores:
      record.machineBefore && record.machineAfter
        ? machineCores(record.machineBefore, record.machineAfter, seconds)
        : null,
    speedProbeMs: record.speedProbeMs,
    asked: record.asked,
    askErrors: record.askErrors,
    errors: record.errors,
    completedInWindow,
    questionsPerSecond: completedInWindow / seconds,
    unfinished: record.unfinished,
    openAnswerStreams: summarize(open),
    firstTokenMs: summarize(record.firstToken),
    tokenLatencyMs: summarize(record.tokenLatency),
    completionMs: summarize(record.completion),
    emitToRedisMs: summarize(record.toRedis),
    redisToClientMs: summarize(record.fromRedis),
    firstTokenEmitToRedisMs: summarize(record.firstToRedis),
    firstTokenRedisToClientMs: summarize(record.firstFromRedis),
    firstTokenBeforeSubscribedMs: summarize(record.firstBeforeSubscribed),
    questionMs: summarize(record.questionTotal),
    integrity: { ...integrity, entryOrderViolations: record.entryOrderViolations },
    timelineMs: Object.fromEntries(
      Object.entries(record.timeline).map(([step, values]) => [step, summarize(values)]),
    ),
    failures: record.failures,
    failureSamples: record.failureSamples,
    resets: record.resets,
    apps,
    driverLagMs: record.driverLag,
    loadAverage: { before: record.loadAverageBefore, after: record.loadAverageAfter },
  };
}

/** The table: the latency phase against the baseline, throughput, integrity, resources, soak. */
function buildRows(result: BenchRun): Row[] {
  const latency = result.phases.latency;
  if (!latency) throw new Error('The latency phase did not run');
  const base = result.phases.baseline ?? null;
  const throughput = result.phases.throughput ?? null;
  const soak = result.phases.soak ?? null;
  const capacity = result.capacity;
  const rows: Row[] = [];
  const ms = { latency: true };
  // The goals stated against the baseline first: CPU per question, capacity, token p50 added.
  const baseCpuMs = base ? sutCpuMsPerQuestion(base) : null;
  const streams = result.options.users * MEMBERS;
  rows.push(cpuGoalRow(sutCpuMsPerQuestion(latency), baseCpuMs, streams));
  rows.push(cpuFloorRow(stackOnlyCpuMsPerQuestion(latency), baseCpuMs, streams));
  const few = result.phases.few ?? null;
  const fewBase = result.phases.fewBaseline ?? null;
  if (few && fewBase) rows.push(cpuGoalRow(sutCpuMsPerQuestion(few), sutCpuMsPerQuestion(fewBase), MEMBERS));
  if (capacity) {
    rows.push(capacityGoalRow(capacity));
    const tokenRow = tokenP50GoalRow(capacity, result.options.moderateStreams);
    if (tokenRow) rows.push(tokenRow);
  }
  if (result.debate) rows.push(...debateRows(result.debate));
  const pick = (phase: PhaseSummary | null, key: SummaryKey, stat: keyof Summary) =>
    phase?.[key][stat] ?? null;
  rows.push(
    row(
      'First-token latency p50 (ms)',
      pick(latency, 'firstTokenMs', 'p50'),
      pick(base, 'firstTokenMs', 'p50'),
      { op: '<=', value: 10 },
      ms,
    ),
  );
  rows.push(
    row(
      'First-token latency p95 (ms)',
      pick(latency, 'firstTokenMs', 'p95'),
      pick(base, 'firstTokenMs', 'p95'),
      null,
      ms,
    ),
  );
  rows.push(
    row(
      'First-token latency p99 (ms)',
      pick(latency, 'firstTokenMs', 'p99'),
      pick(base, 'firstTokenMs', 'p99'),
      { op: '<=', value: 50 },
      ms,
    ),
  );
  rows.push(
    row(
      'Token latency, every token, p50 (ms)',
      pick(latency, 'tokenLatencyMs', 'p50'),
      pick(base, 'tokenLatencyMs', 'p50'),
      null,
      ms,
    ),
  );
  rows.push(
    row(
      'Token latency, every token, p99 (ms)',
      pick(latency, 'tokenLatencyMs', 'p99'),
      pick(base, 'tokenLatencyMs', 'p99'),
      null,
      ms,
    ),
  );
  rows.push(
    row(
      'Completion latency p50 (ms)',
      pick(latency, 'completionMs', 'p50'),
      pick(base, 'completionMs', 'p50'),
      null,
      ms,
    ),
  );
  rows.push(
    row(
      'Completion latency p95 (ms)',
      pick(latency, 'completionMs', 'p95'),
      pick(base, 'completionMs', 'p95'),
      null,
      ms,
    ),
  );
  rows.push(
    row(
      'Completion latency p99 (ms)',
      pick(latency, 'completionMs', 'p99'),
      pick(base, 'completionMs', 'p99'),
      null,
      ms,
    ),
  );
  // Where the stack's time goes: provider emit → XADD (worker) and XADD → client (gateway).
  const splits: Array<[string, SummaryKey]> = [
    ['… of which emit → Redis XADD, p50 / p99 (ms)', 'emitToRedisMs'],
    ['… of which Redis XADD → client, p50 / p99 (ms)', 'redisToClientMs'],
    ['… first token only: emit → Redis XADD, p50 / p99 (ms)', 'firstTokenEmitToRedisMs'],
    ['… first token only: Redis XADD → client, p50 / p99 (ms)', 'firstTokenRedisToClientMs'],
  ];
  for (const [label, key] of splits) {
    const split = row(label, null, null, null, ms);
    split.ours = fmtPair(latency[key]);
    rows.push(split);
  }
  // First tokens the client could only get by replay: stored before its subscribe was acknowledged.
  const early = latency.firstTokenBeforeSubscribedMs;
  const firstTokens = latency.firstTokenMs.count;
  if (early && firstTokens > 0) {
    const share = row(
      '… first tokens stored before the client had subscribed: share, p50 / p99 (ms)',
      null,
      null,
      null,
      ms,
    );
    share.ours = `${((100 * early.count) / firstTokens).toFixed(1)} %${early.count ? `, ${fmtPair(early)}` : ''}`;
    rows.push(share);
  }
  rows.push(
    row('Question, ask → question:completed, p50 (ms)', pick(latency, 'questionMs', 'p50'), null, null, ms),
  );
  rows.push(
    row('Question, ask → question:completed, p99 (ms)', pick(latency, 'questionMs', 'p99'), null, null, ms),
  );
  rows.push(
    row(
      'Concurrent answer streams (mean, latency phase)',
      latency.openAnswerStreams.mean,
      base?.openAnswerStreams.mean ?? null,
      null,
      { digits: 0 },
    ),
  );
  rows.push(
    row(
      'Questions/s completed (latency phase)',
      latency.questionsPerSecond,
      base?.questionsPerSecond ?? null,
      null,
    ),
  );
  if (throughput) {
    rows.push(
      row(
        `Questions/s completed (throughput phase, ${result.options.throughputUsers} users)`,
        throughput.questionsPerSecond,
        null,
        { op: '>=', value: 50 },
      ),
    );
  }
  const phases = Object.values(result.phases).filter((phase) => phase.target === 'stack');
  // The capacity steps count too: nothing may be lost at any load.
  const steps = (target: PhaseTarget) => (capacity?.points ?? []).filter((point) => point.target === target);
  const stepSum = (points: CapacityPoint[], count: (point: CapacityPoint) => number) =>
    points.reduce((total, point) => total + count(point), 0);
  type IntegrityKey = 'lost' | 'duplicated' | 'outOfOrder' | 'entryOrderViolations';
  const sum = (key: IntegrityKey) =>
    phases.reduce((total, phase) => total + phase.integrity[key], 0) +
    stepSum(steps('stack'), (point) => point.problems[key]);
  const baseSum = (key: IntegrityKey) =>
    base || steps('baseline').length
      ? (base?.integrity[key] ?? 0) + stepSum(steps('baseline'), (point) => point.problems[key])
      : null;
  rows.push(row('Chunks lost', sum('lost'), baseSum('lost'), { op: '==', value: 0 }, { digits: 0 }));
  rows.push(
    row('Chunks duplicated', sum('duplicated'), baseSum('duplicated'), { op: '==', value: 0 }, { digits: 0 }),
  );
  rows.push(
    row(
      'Chunks out of order',
      sum('outOfOrder'),
      baseSum('outOfOrder'),
      { op: '==', value: 0 },
      { digits: 0 },
    ),
  );
  rows.push(
    row(
      'Stream entries out of order or repeated',
      sum('entryOrderViolations'),
      null,
      { op: '==', value: 0 },
      { digits: 0 },
    ),
  );
  const failedSteps = (target: PhaseTarget) =>
    stepSum(steps(target), (point) => point.problems.failed + point.problems.unfinished);
  rows.push(
    row(
      'Failed answers / questions',
      phases.reduce((t, p) => t + p.failures + p.unfinished, 0) + failedSteps('stack'),
      base || steps('baseline').length
        ? (base ? base.failures + base.unfinished : 0) + failedSteps('baseline')
        : null,
      { op: '==', value: 0 },
      { digits: 0 },
    ),
  );
  const all = [latency, throughput, soak].filter((phase): phase is PhaseSummary => phase !== null);
  const peak = (app: string) => {
    const values = all.map((phase) => phase.apps[app]?.rssPeakMb).filter((v) => typeof v === 'number');
    return values.length ? Math.max(...values) : null;
  };
  const lag = (app: string) => {
    const values = all.map((phase) => phase.apps[app]?.lagP99Ms.p50).filter((v) => typeof v === 'number');
    return values.length ? Math.max(...values) : null;
  };
  const baseRss = base?.apps.baseline?.rssPeakMb ?? null;
  const baseLag = base?.apps.baseline?.lagP99Ms.p50 ?? null;
  rows.push(row('Gateway RSS, peak (MB)', peak('gateway'), baseRss, null, { digits: 0 }));
  rows.push(row('Provider-worker RSS, peak (MB)', peak('provider-worker'), baseRss, null, { digits: 0 }));
  rows.push(row('Consensus-worker RSS, peak (MB)', peak('consensus-worker'), null, null, { digits: 0 }));
  rows.push(row('Gateway event-loop lag p99 (ms, median of 2 s samples)', lag('gateway'), baseLag, null, ms));
  rows.push(
    row(
      'Provider-worker event-loop lag p99 (ms, median of 2 s samples)',
      lag('provider-worker'),
      baseLag,
      null,
      ms,
    ),
  );
  rows.push(
    row(
      'Bench client (driver) event-loop lag p99 (ms)',
      latency.driverLagMs?.p99Ms ?? null,
      base?.driverLagMs?.p99Ms ?? null,
      null,
      ms,
    ),
  );
  if (soak) {
    for (const app of ['gateway', 'provider-worker']) {
      const trend = soak.apps[app]?.memoryTrend;
      if (!trend) continue;
      const r = row(
        `${app} RSS growth over the ${result.options.soak} s soak (MB)`,
        trend.growthMb,
        null,
        null,
      );
      r.pass = trend.flat;
      r.targetText = 'flat (≤ 10% or 16 MB)';
      rows.push(r);
    }
  }
  return rows;
}

function fmtPair(stats: Summary): string | null {
  return stats.count && stats.p50 !== null && stats.p99 !== null
    ? `${stats.p50.toFixed(1)} / ${stats.p99.toFixed(1)}`
    : null;
}

/** Users a step needs: each keeps one question's answers streaming. */
function usersFor(streams: number): number {
  return Math.ceil(streams / MEMBERS);
}

/** The direct baseline, started once; its users connect as the phases first need them. */
interface BaselineTarget {
  users(count: number): Promise<BaselineUser[]>;
  sample: () => Promise<Array<ResourceSample | null>>;
  cpu: () => CpuProcesses;
  stop(): Promise<void>;
}

async function startBaseline(
  fakeUrl: string,
  fakePid: number | undefined,
  sink: Sink,
): Promise<BaselineTarget> {
  const helper = await startHelper('baseline', 'baseline-server.ts', { fakeUrl }, { sink });
  const url = `http://127.0.0.1:${helper.port}`;
  const connected: BaselineUser[] = [];
  const statsUser = new BaselineUser({ url, id: 0 });
  await statsUser.connect();
  const known = knownPids([
    [process.pid, DRIVER_GROUP],
    [fakePid, FAKE_GROUP],
    [helper.service.pid, 'baseline process'],
  ]);
  let stopped = false;
  return {
    async users(count) {
      const added = Array.from(
        { length: Math.max(0, count - connected.length) },
        (_, i) => new BaselineUser({ url, id: connected.length + i + 1 }),
      );
      await mapLimit(added, 16, (user) => user.connect());
      connected.push(...added);
      return connected.slice(0, count);
    },
    sample: async () => [await baselineStats(statsUser.socket)],
    cpu: () => ({ known, scan: {} }),
    async stop() {
      if (stopped) return;
      stopped = true;
      connected.forEach((user) => user.close());
      statsUser.close();
      await helper.service.stop(5000);
    },
  };
}

/**
 * The capacity search (capacity.ts decides, this measures): at each step the baseline, then the
 * stack, each a phase of its own with `--capacity-ramp` and `--capacity-duration`. No step reuses
 * the baseline or latency phase of the same load: that latency phase is the stack's coldest
 * (first after a short warm-up), its ramp and length differ, and the baseline phase ran minutes
 * before it, so the pair would not be measured alike.
 */
async function runCapacitySearch({
  options,
  stackUsers,
  baseline,
  sampleStack,
  cpuProcesses,
}: {
  options: BenchOptions;
  stackUsers: readonly StackUser[];
  baseline: BaselineTarget;
  sampleStack: () => Promise<Array<ResourceSample | null>>;
  cpuProcesses: () => CpuProcesses;
}): Promise<CapacityResult> {
  const rule = capacityRule(options.capacityMargin);
  const steps = options.capacitySteps;
  // A question lasts the wait for its first token plus its tokens at the fake's rate, and a little.
  const questionSeconds = options.ttft / 1000 + options.tokens / Math.max(options.tps, 1) + 0.1;
  banner(
    `Capacity search: ${steps.join(', ')} answer streams, baseline then stack at each step, ` +
      `first-token p99 margin ${rule.marginMs} ms`,
  );
  const points: CapacityPoint[] = [];
  for (let next = nextMeasurement(steps, points, rule); next; next = nextMeasurement(steps, points, rule)) {
    const { streams, target } = next;
    const users = usersFor(streams);
    const spec = {
      name: `capacity ${target} ${streams}`,
      target,
      ramp: options.capacityRamp,
      duration: options.capacityDuration || autoStepSeconds(streams, questionSeconds),
      expectedTokens: options.tokens,
    };
    const record =
      target === 'baseline'
        ? await runPhase({
            ...spec,
            users: await baseline.users(users),
            sample: baseline.sample,
            cpu: baseline.cpu,
          })
        : await runPhase({
            ...spec,
            users: stackUsers.slice(0, users),
            sample: sampleStack,
            cpu: cpuProcesses,
          });
    points.push(pointOf(streams, summarizePhase(record)));
    const step = judgeCapacity(steps, points, rule).curve.find((row) => row.streams === streams);
    if (step) info(`Capacity ${stepText(step)}`);
  }
  const result = judgeCapacity(steps, points, rule);
  if (result.ended === 'driver-bound') {
    warn(`Capacity search stopped at ${result.driverBoundAt} streams: the bench driver is the bottleneck`);
  }
  return result;
}

async function main(): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseBenchArgs(process.argv.slice(2));
  } catch (cause) {
    error(cause instanceof Error ? cause.message : String(cause));
    return 2;
  }
  if (options.help) {
    console.log(BENCH_USAGE);
    return 0;
  }
  if (options.compare !== null) {
    const missing = unbuiltPart(path.resolve(process.cwd(), options.compare));
    if (missing) {
      error(`${options.compare} has no ${missing}: build it there first (npx nx run-many -t build)`);
      return 2;
    }
  }
  exitOnSignals();
  onCleanup(() => stopAllServices());
  const runId = makeRunId();
  const startedAt = new Date().toISOString();
  info(`Bench run ${runId}: ${JSON.stringify(options)}`);

  const logDir = path.join(ROOT, '.data', 'logs');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `bench-${runId}.log`);
  const log = createWriteStream(logFile);
  onCleanup(() => new Promise<void>((resolve) => log.end(resolve)));
  const sink = streamSink(log);

  // Build first: the fake provider and the baseline run from libs/*/dist too.
  if (!options.skipBuild) {
    banner('Build');
    await nx(['run-many', '-t', 'build', '-p', ...APPS_BUILT.map((name) => `@council/${name}`)]);
  }

  const speedAtStart = await probeSpeed();
  info(`CPU speed probe: ${speedAtStart.toFixed(0)} ms (fixed workload; lower is faster)`);

  const fake = await startHelper(
    'fake-provider',
    'fake-provider.ts',
    { port: options.fakePort, ttftMs: options.ttft, tokensPerSecond: options.tps, tokens: options.tokens },
    { sink, ipc: true },
  );
  const fakeUrl = `http://127.0.0.1:${fake.port}`;
  ok(
    `Fake provider on ${fakeUrl}: first token after ${options.ttft} ms, ${options.tps} tokens/s, ${options.tokens} tokens`,
  );

  if (options.compare !== null) {
    return runComparison({
      options,
      runId,
      startedAt,
      speedAtStart,
      fakeUrl,
      fakePid: fake.service.pid,
      sink,
      logFile,
    });
  }

  let target: StackUnderTest;
  if (options.url) {
    const baseUrl = options.url.replace(/\/$/, '');
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) throw new Error('--url needs DATABASE_URL (the stack database, for the bench users)');
    // Processes whose CPU the stack phases account: the driver, the fake, and by scanning, the
    // stack database's PostgreSQL backends (the apps run elsewhere).
    const known = knownPids([
      [process.pid, DRIVER_GROUP],
      [fake.service.pid, FAKE_GROUP],
    ]);
    const scan: CpuScan = { database: new URL(databaseUrl).pathname.slice(1) };
    target = {
      baseUrl,
      databaseUrl,
      // The gateway's metrics are on its METRICS_PORT, not on the public URL: GATEWAY_METRICS_URL
      // (e.g. http://127.0.0.1:9464) says where; without it the gateway's RSS and lag stay unknown.
      appUrls: { gateway: process.env.GATEWAY_METRICS_URL ?? baseUrl },
      cpu: () => ({ known, scan }),
    };
    info(`Using the running stack at ${baseUrl}`);
  } else {
    banner('Stack');
    const pgService = await ensureTestPostgres();
    if (pgService.stop) onCleanup(pgService.stop);
    ok(`PostgreSQL: ${redactUrl(pgService.url)} (${pgService.description})`);
    const redis = await ensureTestRedis();
    ok(`Redis:      ${redactUrl(redis.url)} (${redis.description})`);
    target = await startStackUnderTest({
      id: runId,
      root: ROOT,
      postgresUrl: pgService.url,
      redisUrl: redis.url,
      fakeUrl,
      fakePid: fake.service.pid,
      providerWorkers: options.providerWorkers,
      profile: options.profile,
      sink,
      logFile,
    });
    const maintenance = await startDbMaintenance(target.databaseUrl);
    if (maintenance) {
      onCleanup(() => maintenance.stop());
      target = withMaintenanceBackend(target, maintenance.backendPid);
      info(
        `PostgreSQL runs with autovacuum off: VACUUM (ANALYZE) of the bench database's tables every ${DB_MAINTENANCE_INTERVAL_MS / 1000} s in its place`,
      );
    }
  }
  const { baseUrl, databaseUrl, appUrls } = target;
  const cpuProcesses = target.cpu;
  const origin = new URL(baseUrl).origin;
  const sampleStack = () => Promise.all(Object.entries(appUrls).map(([app, url]) => scrapeApp(app, url)));

  banner('Users');
  const userCount = Math.max(
    options.users,
    options.throughputUsers,
    usersFor(Math.max(0, ...options.capacitySteps)),
  );
  const accounts = await createBenchUsers({
    baseUrl,
    origin,
    databaseUrl,
    count: userCount,
    tag: `bench${runId}`,
  });
  const stackUsers = accounts.map((account) => new StackUser({ baseUrl, origin, ...account }));
  await mapLimit(stackUsers, 16, (user) => user.connect());
  onCleanup(() => stackUsers.forEach((user) => user.close()));
  ok(`${stackUsers.length} users signed in, each with a /council socket`);

  const phases: BenchRun['phases'] = {};
  const common = { expectedTokens: options.tokens };

  // The baseline process lives until the capacity search is over (it idles meanwhile): its steps
  // then run on the same warm process as the baseline phase.
  const baseline =
    options.baseline > 0 || options.capacitySteps.length > 0
      ? await startBaseline(fakeUrl, fake.service.pid, sink)
      : null;
  if (baseline && options.baseline > 0) {
    const record = await runPhase({
      name: 'baseline',
      target: 'baseline',
      users: await baseline.users(options.users),
      ramp: Math.min(options.ramp, 5),
      duration: options.baseline,
      sample: baseline.sample,
      cpu: baseline.cpu,
      ...common,
    });
    phases.baseline = summarizePhase(record);
  }

  // Warm-up: JIT, connection pools, BullMQ workers (not measured).
  const warm = await runPhase({
    name: 'warm-up',
    target: 'stack',
    users: stackUsers.slice(0, Math.min(10, stackUsers.length)),
    ramp: 1,
    duration: 4,
    sample: async () => [],
    ...common,
  });
  void warm;

  phases.latency = summarizePhase(
    await runPhase({
      name: 'latency',
      target: 'stack',
      users: stackUsers.slice(0, options.users),
      ramp: options.ramp,
      duration: options.duration,
      sample: sampleStack,
      cpu: cpuProcesses,
      idleGapMs: options.idleGap * 1000,
      ...common,
    }),
  );
  if (options.throughputUsers > 0) {
    phases.throughput = summarizePhase(
      await runPhase({
        name: 'throughput',
        target: 'stack',
        users: stackUsers.slice(0, options.throughputUsers),
        ramp: options.ramp,
        duration: options.duration,
        sample: sampleStack,
        cpu: cpuProcesses,
        ...common,
      }),
    );
  }
  if (options.soak > 0) {
    phases.soak = summarizePhase(
      await runPhase({
        name: 'soak',
        target: 'stack',
        users: stackUsers.slice(0, options.users),
        ramp: options.ramp,
        duration: options.soak,
        sample: sampleStack,
        cpu: cpuProcesses,
        ...common,
      }),
    );
  }

  // One user's question, where each question carries more of the processes' fixed costs: the CPU
  // goal at a few streams (docs/performance.md, "Targets"), baseline and stack back to back.
  if (baseline && options.fewStreams > 0 && stackUsers[0]) {
    await configureHelper(fake.service, { ttftMs: options.fewTtft, tokens: options.fewTokens });
    info(
      `Fake provider for one user's question: first token after ${options.fewTtft} ms, ${options.fewTokens} tokens`,
    );
    const few = {
      ramp: Math.min(options.ramp, 5),
      duration: options.fewStreams,
      expectedTokens: options.fewTokens,
    };
    phases.fewBaseline = summarizePhase(
      await runPhase({
        name: 'baseline, 3 streams',
        target: 'baseline',
        users: await baseline.users(1),
        sample: baseline.sample,
        cpu: baseline.cpu,
        ...few,
      }),
    );
    phases.few = summarizePhase(
      await runPhase({
        name: 'latency, 3 streams',
        target: 'stack',
        users: stackUsers.slice(0, 1),
        sample: sampleStack,
        cpu: cpuProcesses,
        ...few,
      }),
    );
    await configureHelper(fake.service, { ttftMs: options.ttft, tokens: options.tokens });
  }

  let debate: DebateLatency | null = null;
  if (options.debateQuestions > 0 && stackUsers[0]) {
    banner('Debate');
    debate = await measureDebates(stackUsers[0], {
      count: options.debateQuestions,
      callMs: options.ttft + (options.tps > 0 ? (options.tokens / options.tps) * 1000 : 0),
    });
    ok(
      `${debate.questions} one-round debates: ask → question:completed p50 ${debate.askToCompletedMs.p50?.toFixed(0)} ms ` +
        `(${SEQUENTIAL_CALLS} calls of the fake: ${debate.callsMs.toFixed(0)} ms); ` +
        `question:completed ${debate.completedAfterSynthesisMs.p50?.toFixed(0)} ms after the synthesis's last delta`,
    );
  }

  let capacity: CapacityResult | null = null;
  if (baseline && options.capacitySteps.length > 0) {
    capacity = await runCapacitySearch({
      options,
      stackUsers,
      baseline,
      sampleStack,
      cpuProcesses,
    });
  }
  await baseline?.stop();

  const speedAtEnd = await probeSpeed();
  const result: BenchRun = {
    runId,
    startedAt,
    finishedAt: new Date().toISOString(),
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    machine: { ...machine(), speedProbeMs: { start: speedAtStart, end: speedAtEnd } },
    options,
    stack: options.url
      ? `running stack at ${options.url}`
      : 'started by the bench (NODE_ENV=test, LOG_LEVEL=warn)',
    phases,
    capacity,
    debate,
  };
  const rows = buildRows(result);
  const report = {
    ...result,
    table: rows.map(({ metric, ours, baseline, added, ratio, target, targetText, pass }) => ({
      metric,
      ours,
      baseline,
      addedMs: added,
      ratio,
      target: targetText ?? target,
      pass,
    })),
    passed: rows.every((r) => r.pass !== false),
  };
  const markdown = renderMarkdown(result, rows);

  const outFile = path.resolve(ROOT, options.out ?? path.join('bench-results', 'latest.json'));
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  const mdFile = `${outFile.replace(/\.json$/, '')}.md`;
  writeFileSync(mdFile, markdown);
  // The repository's format check covers bench-results/ too.
  await run(bin('prettier'), ['--write', '--log-level', 'warn', outFile, mdFile]).catch((cause: unknown) =>
    warn(`prettier could not format the results: ${cause instanceof Error ? cause.message : String(cause)}`),
  );
  banner('Result');
  console.log(markdown);
  ok(`Wrote ${path.relative(ROOT, outFile)} and its .md`);
  return report.passed ? 0 : 1;
}

interface ComparisonSpec {
  options: BenchOptions;
  runId: string;
  startedAt: string;
  speedAtStart: number;
  fakeUrl: string;
  fakePid: number | undefined;
  sink: Sink;
  logFile: string;
}

/** A stack of the comparison: where it runs from, and its signed-in users. */
interface ComparedStack {
  label: string;
  tree: string;
  target: StackUnderTest;
  users: StackUser[];
}

/** The first file a checkout lacks to run its stack, or null when it is built. */
function unbuiltPart(root: string): string | null {
  const needed = [
    ...SERVER_APPS.map((app) => path.join('apps', app.name, 'dist', 'main.js')),
    path.join('libs', 'db', 'dist', 'cli', 'migrate.js'),
  ];
  return needed.find((file) => !existsSync(path.join(root, file))) ?? null;
}

/** The commit of a checkout, and whether it has changes on top. */
async function describeTree(root: string): Promise<string> {
  const head = await capture('git', ['rev-parse', '--short', 'HEAD'], { cwd: root });
  const status = await capture('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root });
  const commit = head.code === 0 ? head.stdout.trim() : 'no git commit';
  return `${path.relative(ROOT, root) || '.'} at ${commit}${status.stdout.trim() ? ' with uncommitted changes' : ''}`;
}

/**
 * --compare: both stacks side by side on the same PostgreSQL and Redis, each with its own database
 * and prefix, then --rounds rounds of a baseline phase and the two stacks' latency phases (the
 * order flips each round, so neither always runs first). Only one system is under load at a time;
 * the idle one costs the machine about 2 % of a core.
 */
/** Whether a tree's ask takes the asker's socket id (an older tree refuses the unknown field). */
function askNamesSocket(root: string): boolean {
  const dto = path.join(root, 'libs/contracts/src/dto/question.dto.ts');
  return existsSync(dto) && readFileSync(dto, 'utf8').includes('socketId');
}

async function runComparison(spec: ComparisonSpec): Promise<number> {
  const { options, runId, sink, logFile } = spec;
  const compareRoot = path.resolve(process.cwd(), options.compare ?? '');
  banner('Stacks');
  const pgService = await ensureTestPostgres();
  if (pgService.stop) onCleanup(pgService.stop);
  ok(`PostgreSQL: ${redactUrl(pgService.url)} (${pgService.description})`);
  const redis = await ensureTestRedis();
  ok(`Redis:      ${redactUrl(redis.url)} (${redis.description})`);
  const stacks: ComparedStack[] = [];
  const tracingSink = options.compareTracing ? await startOtlpSink() : null;
  if (tracingSink) onCleanup(() => tracingSink.stop());
  for (const [label, root, id] of [
    ['this', ROOT, runId],
    ['compare', compareRoot, `${runId}b`],
  ] as const) {
    const traced = label === 'compare' && tracingSink !== null;
    let target = await startStackUnderTest({
      env: traced ? { OTEL_EXPORTER_OTLP_ENDPOINT: tracingSink.url } : {},
      id,
      root,
      postgresUrl: pgService.url,
      redisUrl: redis.url,
      fakeUrl: spec.fakeUrl,
      fakePid: spec.fakePid,
      providerWorkers: options.providerWorkers,
      profile: options.profile,
      sink,
      logFile,
    });
    const maintenance = await startDbMaintenance(target.databaseUrl);
    if (maintenance) {
      onCleanup(() => maintenance.stop());
      target = withMaintenanceBackend(target, maintenance.backendPid);
    }
    const origin = new URL(target.baseUrl).origin;
    const accounts = await createBenchUsers({
      baseUrl: target.baseUrl,
      origin,
      databaseUrl: target.databaseUrl,
      count: options.users,
      tag: `bench${id}`,
    });
    const namesSocket = askNamesSocket(root);
    const users = accounts.map(
      (account) => new StackUser({ baseUrl: target.baseUrl, origin, namesSocket, ...account }),
    );
    await mapLimit(users, 16, (user) => user.connect());
    onCleanup(() => users.forEach((user) => user.close()));
    const tree = `${await describeTree(root)}${traced ? ', tracing on (OTLP to a local sink)' : ''}`;
    stacks.push({ label, tree, target, users });
    ok(`${label}: ${tree}, ${users.length} users signed in`);
  }
  const common = { expectedTokens: options.tokens };
  const sampleOf = (stack: ComparedStack) => () =>
    Promise.all(Object.entries(stack.target.appUrls).map(([app, url]) => scrapeApp(app, url)));
  for (const stack of stacks) {
    // Warm-up: JIT, connection pools, BullMQ workers (not measured).
    await runPhase({
      name: `warm-up ${stack.label}`,
      target: 'stack',
      users: stack.users.slice(0, Math.min(10, stack.users.length)),
      ramp: 1,
      duration: 4,
      sample: async () => [],
      ...common,
    });
  }
  const baseline = options.baseline > 0 ? await startBaseline(spec.fakeUrl, spec.fakePid, sink) : null;
  const rounds: CompareRound[] = [];
  for (let round = 1; round <= options.rounds; round += 1) {
    const baselinePhase = baseline
      ? summarizePhase(
          await runPhase({
            name: `baseline, round ${round}`,
            target: 'baseline',
            users: await baseline.users(options.users),
            ramp: Math.min(options.ramp, 5),
            duration: options.baseline,
            sample: baseline.sample,
            cpu: baseline.cpu,
            ...common,
          }),
        )
      : null;
    const order = round % 2 === 1 ? stacks : [...stacks].reverse();
    const measured: Record<string, PhaseSummary> = {};
    for (const stack of order) {
      measured[stack.label] = summarizePhase(
        await runPhase({
          name: `${stack.label}, round ${round}`,
          target: 'stack',
          users: stack.users,
          ramp: options.ramp,
          duration: options.duration,
          sample: sampleOf(stack),
          cpu: stack.target.cpu,
          ...common,
        }),
      );
    }
    rounds.push({ order: order.map((stack) => stack.label), baseline: baselinePhase, stacks: measured });
  }
  await baseline?.stop();
  const speedAtEnd = await probeSpeed();
  const comparison = compareRounds(['this', 'compare'], rounds);
  const exported = tracingSink?.received();
  if (exported)
    info(`Spans exported by the traced stack: ${exported.exports} exports, ${exported.bytes} bytes`);
  const m = { ...machine(), speedProbeMs: { start: spec.speedAtStart, end: speedAtEnd } };
  const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`;
  const markdown = [
    `Streaming benchmark, A/B in one run, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: \`${command}\``,
    '',
    `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB RAM, Node ${m.node}, ${m.platform}; ` +
      `CPU speed probe ${speedProbeText(m.speedProbeMs)}.`,
    `Stacks: **this** is ${stacks[0]?.tree}; **compare** is ${stacks[1]?.tree}.` +
      (exported
        ? ` The traced stack exported ${exported.exports} batches of spans (${exported.bytes} bytes).`
        : ''),
    `Load: fake provider first token after ${options.ttft} ms, ${options.tps} tokens/s, ${options.tokens} tokens per answer; ` +
      `${options.users} users (≈ ${options.users * MEMBERS} answer streams), ${options.duration} s measured per phase after a ` +
      `${options.ramp} s ramp; ${options.rounds} rounds, each a ${options.baseline} s baseline phase and both stacks' phases.`,
    '',
    comparisonMarkdown(comparison, rounds),
  ].join('\n');
  const outFile = path.resolve(ROOT, options.out ?? path.join('bench-results', 'compare.json'));
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(
    outFile,
    `${JSON.stringify({ runId, startedAt: spec.startedAt, finishedAt: new Date().toISOString(), command, machine: m, options, trees: Object.fromEntries(stacks.map((stack) => [stack.label, stack.tree])), comparison, rounds }, null, 2)}\n`,
  );
  const mdFile = `${outFile.replace(/\.json$/, '')}.md`;
  writeFileSync(mdFile, markdown);
  await run(bin('prettier'), ['--write', '--log-level', 'warn', outFile, mdFile]).catch((cause: unknown) =>
    warn(`prettier could not format the results: ${cause instanceof Error ? cause.message : String(cause)}`),
  );
  banner('Result');
  console.log(markdown);
  ok(`Wrote ${path.relative(ROOT, outFile)} and its .md`);
  return 0;
}

function renderMarkdown(result: BenchRun, rows: readonly Row[]): string {
  const { machine: m, options: o, phases } = result;
  const loads = Object.values(phases).map((phase) => `${phase.name} ${phase.loadAverage.after[0]}`);
  const table = markdownTable(rows);
  const timeline = Object.entries(phases.latency?.timelineMs ?? {})
    .map(([step, stats]) => `| ${step} | ${stats.p50?.toFixed(1) ?? '–'} | ${stats.p99?.toFixed(1) ?? '–'} |`)
    .join('\n');
  return [
    `Streaming benchmark, ${result.finishedAt.slice(0, 16).replace('T', ' ')} UTC: \`${result.command}\``,
    '',
    `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB RAM, Node ${m.node}, ${m.platform}; ` +
      `load average (1 min) after each phase: ${loads.join(', ')}; ` +
      `CPU speed probe ${speedProbeText(m.speedProbeMs)}.`,
    `Load: fake provider first token after ${o.ttft} ms, ${o.tps} tokens/s, ${o.tokens} tokens per answer; ` +
      `latency phase ${o.users} users (≈ ${o.users * 3} answer streams), throughput phase ${o.throughputUsers} users, ` +
      `${o.duration} s measured each after a ${o.ramp} s ramp; baseline ${o.baseline} s with ${o.users} users` +
      `${o.providerWorkers > 1 ? `; ${o.providerWorkers} provider-worker processes` : ''}` +
      `${o.capacityOnly ? '; --capacity-only (no throughput or soak phase)' : ''}` +
      `${phases.few ? `; one user's question (3 streams), ${o.fewStreams} s each on the baseline and the stack, first token after ${o.fewTtft} ms, ${o.fewTokens} tokens per answer` : ''}.`,
    '',
    table,
    '',
    'ours: the stack (gateway → BullMQ → provider-worker → Redis Stream → gateway → Socket.IO), latency phase ' +
      'unless named. baseline: one process streaming the same fake with the same SDK adapters straight to ' +
      'Socket.IO. Latencies run from the fake provider emitting a token to the client receiving it (one clock); ' +
      'completion from the last token’s emit to answer:completed.',
    '',
    'Where a question’s time goes (latency phase, ms; the baseline has no such steps):',
    '',
    '| step | p50 | p99 |',
    '| --- | ---: | ---: |',
    timeline,
    '',
    ...cpuSection(Object.values(phases), m.cores),
    ...(result.capacity ? capacitySection(result.capacity, o) : []),
  ].join('\n');
}

/** The capacity curve: both systems step by step, with the verdict and the rule. */
function capacitySection(capacity: CapacityResult, o: BenchOptions): string[] {
  return [
    `Capacity search (answer streams = 3 × users; each step ${o.capacityRamp} s ramp, ` +
      `${o.capacityDuration ? `${o.capacityDuration} s` : '15–30 s (≈ 1,500 first tokens)'} measured; ` +
      'first-token latencies in ms, CPU in ms per completed question):',
    '',
    ...capacityMarkdown(capacity),
    '',
  ];
}

/** The probe's timings (a fixed workload, lower is faster), for comparing runs on a drifting VM. */
function speedProbeText(probe: { start: number; end: number } | undefined): string {
  if (!probe) return 'not run';
  return `${probe.start.toFixed(0)} ms at the start, ${probe.end.toFixed(0)} ms at the end (a fixed JSON and SHA-256 workload; lower is faster)`;
}

/** Where the machine's CPU goes per completed question (from /proc; empty elsewhere). */
function cpuSection(phases: readonly PhaseSummary[], cores: number): string[] {
  const table = cpuTable(phases);
  if (!table) return [];
  return [
    `CPU per completed question by process (measured windows, from /proc; the machine has ${cores} cores, ` +
      'so a total of T ms per question allows at most 1000 × cores / T questions per second):',
    '',
    table,
    '',
  ];
}

let code = 1;
try {
  code = await main();
} catch (cause) {
  error(cause instanceof Error ? (cause.stack ?? cause.message) : String(cause));
  code = 1;
} finally {
  await runCleanups();
}
process.exit(code);
