// The capacity search of `npm run bench`: how many concurrent answer streams each system carries
// before its first-token p99 slips, and the goals stated as ratios of the stack to the direct
// baseline. run.ts measures the steps; everything decided from the measurements is here (which
// step to measure next, what passes, the capacities and their ratio, the goal rows, the curve's
// markdown), pure, so scripts/test/bench-capacity.test.ts covers it.
//
// The rule, at each step of the ascending list (answer streams = 3 × users):
// - the stack passes when its first-token p99 is at most the baseline's at the same step plus the
//   margin, and nothing failed, went missing, was duplicated or reordered;
// - the baseline, which has nothing of its own load to compare with, passes when its p99 is at
//   most a reference plus the same margin; the reference is pluggable (BaselineReference) and is by
//   default its own p99 at the lowest step;
// - a system's capacity is the last step it passed before its first failure (a later pass does not
//   count); when it never failed, the capacity is at least its last step.
// A step whose driver loop lagged past DRIVER_LAG_LIMIT_MS is judged for neither system and ends
// the search: its receive times would measure the bench, not the system. A step during which other
// processes kept more than OTHER_LOAD_LIMIT_CORES busy is judged but leaves the goal inconclusive:
// on a shared machine both systems lose cores they would otherwise have had.
import { isSystemUnderTest, systemUnderTestSeconds } from './cpu.ts';
import type { DriverLag, PhaseTarget } from './load.ts';
import { type Row, type Summary, fmt, row } from './stats.ts';

/** The performance goals stated against the baseline (docs/performance.md, "Goals"). */
export const GOALS = {
  /** The stack's CPU per question at most this many times the baseline's, under load. */
  cpuRatio: 2.5,
  /** …and at a few streams, where each question carries more of the processes' fixed costs. */
  cpuRatioFewStreams: 3.0,
  /** Up to this many answer streams is "a few" (one user's question). */
  fewStreams: 3,
  /** The stack's capacity at least this share of the baseline's. */
  capacityRatio: 0.5,
  /** Every token's p50 at the moderate step adds less than this to the baseline's (ms). */
  tokenP50AddedMs: 20,
} as const;

/**
 * The driver's own event-loop lag p99 (ms) above which a step is not judged. The histogram samples
 * every 10 ms and counts that interval in, so 40 means ≈ 30 ms late: more than the margin itself.
 */
export const DRIVER_LAG_LIMIT_MS = 40;

/**
 * Cores lost to anything else during a step (the machine's busy time beyond every measured process,
 * plus steal) before the capacity verdict is withheld. With nothing else running this stays near 0
 * on the 2-core VMs, so the limit lets brief background work pass, not a build or test run beside
 * the bench.
 */
export const OTHER_LOAD_LIMIT_CORES = 0.3;

/** What the rule needs of a measured phase (run.ts's PhaseSummary has all of it). */
export interface PhaseFigures {
  name: string;
  target: PhaseTarget;
  measuredSeconds: number;
  cpuSeconds: Record<string, number> | null;
  /** Cores the whole machine kept busy (and had stolen by the hypervisor) over the window. */
  machineCores: { busy: number; steal: number } | null;
  completedInWindow: number;
  questionsPerSecond: number;
  firstTokenMs: Summary;
  tokenLatencyMs: Summary;
  integrity: { lost: number; duplicated: number; outOfOrder: number; entryOrderViolations: number };
  failures: number;
  unfinished: number;
  errors: number;
  driverLagMs: DriverLag | null;
  speedProbeMs: { before: number; after: number } | null;
}

/** Everything that disqualifies a step, whatever its latencies. */
export interface StepProblems {
  lost: number;
  duplicated: number;
  outOfOrder: number;
  entryOrderViolations: number;
  /** Answers or questions that failed. */
  failed: number;
  /** Questions still unfinished when the step's drain gave up. */
  unfinished: number;
  /** Asks or subscriptions refused. */
  errors: number;
}

/** One system measured at one step. */
export interface CapacityPoint {
  streams: number;
  target: PhaseTarget;
  /** The phase that measured it. */
  phase: string;
  measuredSeconds: number;
  questionsPerSecond: number;
  firstTokens: number;
  firstTokenP50Ms: number | null;
  firstTokenP99Ms: number | null;
  tokenP50Ms: number | null;
  /** CPU per completed question of the system under test (no driver, no fake). */
  sutCpuMsPerQuestion: number | null;
  /** Cores the system under test kept busy over the measured window. */
  sutCores: number | null;
  /** Cores every measured process kept busy, the driver and the fake included. */
  measuredCores: number | null;
  /**
   * Cores lost to anything else meanwhile: the machine's busy time beyond every measured process
   * (other work, kernel time no process is charged for) plus what the hypervisor took (steal).
   */
  otherCores: number | null;
  /** Of which stolen by the hypervisor. */
  stealCores: number | null;
  driverLagP99Ms: number | null;
  speedProbeMs: { before: number; after: number } | null;
  problems: StepProblems;
}

/** What the baseline's p99 is held to. */
export type BaselineReference =
  /** Its own p99 at the lowest step: "by the same rule" as the stack, with itself unloaded. */
  | { kind: 'lowest-step' }
  /** A fixed p99, e.g. one measured on a quiet machine. */
  | { kind: 'fixed'; p99Ms: number };

export interface CapacityRule {
  marginMs: number;
  maxDriverLagMs: number;
  maxOtherCores: number;
  baselineReference: BaselineReference;
}

export function capacityRule(
  marginMs: number,
  baselineReference: BaselineReference = { kind: 'lowest-step' },
): CapacityRule {
  return {
    marginMs,
    maxDriverLagMs: DRIVER_LAG_LIMIT_MS,
    maxOtherCores: OTHER_LOAD_LIMIT_CORES,
    baselineReference,
  };
}

/** CPU ms per completed question of the system under test; null when CPU was not measured. */
export function sutCpuMsPerQuestion(phase: {
  cpuSeconds: Record<string, number> | null;
  completedInWindow: number;
}): number | null {
  if (!phase.cpuSeconds || phase.completedInWindow <= 0) return null;
  return (1000 * systemUnderTestSeconds(phase.cpuSeconds)) / phase.completedInWindow;
}

export function pointOf(streams: number, phase: PhaseFigures): CapacityPoint {
  const perSecond = (seconds: number) => (phase.measuredSeconds > 0 ? seconds / phase.measuredSeconds : null);
  const cpu = phase.cpuSeconds;
  const measuredCores = cpu ? perSecond(Object.values(cpu).reduce((sum, seconds) => sum + seconds, 0)) : null;
  return {
    streams,
    target: phase.target,
    phase: phase.name,
    measuredSeconds: phase.measuredSeconds,
    questionsPerSecond: phase.questionsPerSecond,
    firstTokens: phase.firstTokenMs.count,
    firstTokenP50Ms: phase.firstTokenMs.p50,
    firstTokenP99Ms: phase.firstTokenMs.p99,
    tokenP50Ms: phase.tokenLatencyMs.p50,
    sutCpuMsPerQuestion: sutCpuMsPerQuestion(phase),
    sutCores: cpu ? perSecond(systemUnderTestSeconds(cpu)) : null,
    measuredCores,
    otherCores:
      phase.machineCores && measuredCores !== null
        ? Math.max(0, phase.machineCores.busy - measuredCores) + phase.machineCores.steal
        : null,
    stealCores: phase.machineCores?.steal ?? null,
    driverLagP99Ms: phase.driverLagMs?.p99Ms ?? null,
    speedProbeMs: phase.speedProbeMs,
    problems: {
      lost: phase.integrity.lost,
      duplicated: phase.integrity.duplicated,
      outOfOrder: phase.integrity.outOfOrder,
      entryOrderViolations: phase.integrity.entryOrderViolations,
      failed: phase.failures,
      unfinished: phase.unfinished,
      errors: phase.errors,
    },
  };
}

export function problemCount(point: CapacityPoint): number {
  return Object.values(point.problems).reduce((sum, count) => sum + count, 0);
}

export function driverBound(point: CapacityPoint, rule: CapacityRule): boolean {
  return point.driverLagP99Ms !== null && point.driverLagP99Ms > rule.maxDriverLagMs;
}

/** Other processes took enough of the machine during the step to change its outcome. */
export function disturbed(point: CapacityPoint, rule: CapacityRule): boolean {
  return point.otherCores !== null && point.otherCores > rule.maxOtherCores;
}

export function stackPasses(stack: CapacityPoint, baseline: CapacityPoint, rule: CapacityRule): boolean {
  return (
    problemCount(stack) === 0 &&
    stack.firstTokenP99Ms !== null &&
    baseline.firstTokenP99Ms !== null &&
    stack.firstTokenP99Ms <= baseline.firstTokenP99Ms + rule.marginMs
  );
}

export function baselinePasses(
  baseline: CapacityPoint,
  referenceMs: number | null,
  rule: CapacityRule,
): boolean {
  return (
    problemCount(baseline) === 0 &&
    baseline.firstTokenP99Ms !== null &&
    referenceMs !== null &&
    baseline.firstTokenP99Ms <= referenceMs + rule.marginMs
  );
}

/** The p99 the baseline is held to (before the margin), or null while it is not measured yet. */
export function baselineReferenceMs(points: readonly CapacityPoint[], rule: CapacityRule): number | null {
  const reference = rule.baselineReference;
  if (reference.kind === 'fixed') return reference.p99Ms;
  const baselines = points.filter((point) => point.target === 'baseline');
  if (baselines.length === 0) return null;
  const lowest = baselines.reduce((low, point) => (point.streams < low.streams ? point : low));
  return lowest.firstTokenP99Ms;
}

/** One step of the curve, as the table shows it. Passes are null where not judged or not measured. */
export interface CurveRow {
  streams: number;
  baselineP99Ms: number | null;
  stackP99Ms: number | null;
  /** Stack p99 − baseline p99 at this step. */
  addedMs: number | null;
  baselinePass: boolean | null;
  stackPass: boolean | null;
  baselineCpuMs: number | null;
  stackCpuMs: number | null;
  cpuRatio: number | null;
  /** Stack every-token p50 − baseline's at this step. */
  tokenP50AddedMs: number | null;
  /** The driver lagged past the limit at this step: neither system is judged here. */
  driverBound: boolean;
}

export type CapacityEnd = 'both-failed' | 'steps-exhausted' | 'driver-bound';

interface Walk {
  curve: CurveRow[];
  /** The measurement the search needs next, or null when it is over. */
  next: { streams: number; target: PhaseTarget } | null;
  ended: CapacityEnd | null;
}

const difference = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined ? null : a - b;
const quotient = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined || b === 0 ? null : a / b;

function curveRow(streams: number, baseline: CapacityPoint, stack: CapacityPoint | null): CurveRow {
  return {
    streams,
    baselineP99Ms: baseline.firstTokenP99Ms,
    stackP99Ms: stack?.firstTokenP99Ms ?? null,
    addedMs: difference(stack?.firstTokenP99Ms, baseline.firstTokenP99Ms),
    baselinePass: null,
    stackPass: null,
    baselineCpuMs: baseline.sutCpuMsPerQuestion,
    stackCpuMs: stack?.sutCpuMsPerQuestion ?? null,
    cpuRatio: quotient(stack?.sutCpuMsPerQuestion, baseline.sutCpuMsPerQuestion),
    tokenP50AddedMs: difference(stack?.tokenP50Ms, baseline.tokenP50Ms),
    driverBound: false,
  };
}

/**
 * Replays the search over what has been measured: judges each step in order and says what to
 * measure next. The baseline runs at every step the stack still needs (the stack's rule reads it)
 * and beyond, while it passes; the stack runs until its first failure.
 */
function walk(steps: readonly number[], points: readonly CapacityPoint[], rule: CapacityRule): Walk {
  const at = (streams: number, target: PhaseTarget) =>
    points.find((point) => point.streams === streams && point.target === target) ?? null;
  const reference = baselineReferenceMs(points, rule);
  const curve: CurveRow[] = [];
  let stackOn = true;
  let baselineOn = true;
  for (const streams of steps) {
    if (!stackOn && !baselineOn) return { curve, next: null, ended: 'both-failed' };
    const baseline = at(streams, 'baseline');
    if (!baseline) return { curve, next: { streams, target: 'baseline' }, ended: null };
    const stack = stackOn ? at(streams, 'stack') : null;
    const current = curveRow(streams, baseline, stack);
    curve.push(current);
    if (driverBound(baseline, rule)) {
      current.driverBound = true;
      return { curve, next: null, ended: 'driver-bound' };
    }
    current.baselinePass = baselinePasses(baseline, reference, rule);
    if (!current.baselinePass) baselineOn = false;
    if (!stackOn) continue;
    if (!stack) return { curve, next: { streams, target: 'stack' }, ended: null };
    if (driverBound(stack, rule)) {
      current.driverBound = true;
      return { curve, next: null, ended: 'driver-bound' };
    }
    current.stackPass = stackPasses(stack, baseline, rule);
    if (!current.stackPass) stackOn = false;
  }
  return { curve, next: null, ended: !stackOn && !baselineOn ? 'both-failed' : 'steps-exhausted' };
}

/** The next system and step to measure, or null when the search is over. */
export function nextMeasurement(
  steps: readonly number[],
  points: readonly CapacityPoint[],
  rule: CapacityRule,
): { streams: number; target: PhaseTarget } | null {
  return walk(steps, points, rule).next;
}

/** A capacity in answer streams; 0 when the lowest step failed. */
export interface Capacity {
  streams: number;
  /** No failure was seen (the steps ran out, or the driver became the bottleneck): a lower bound. */
  atLeast: boolean;
}

/** The last step passed before the first failure of an ascending series (null: not judged there). */
export function capacityOf(series: ReadonlyArray<{ streams: number; pass: boolean | null }>): Capacity {
  let streams = 0;
  for (const step of series) {
    if (step.pass === false) return { streams, atLeast: false };
    if (step.pass === null) break;
    streams = step.streams;
  }
  return { streams, atLeast: true };
}

/**
 * Whether the stack's capacity reaches `goal` × the baseline's, knowing that a capacity with
 * `atLeast` may be higher: null when that leaves the answer open (or the baseline has none).
 */
export function capacityGoalMet(stack: Capacity, baseline: Capacity, goal: number): boolean | null {
  if (baseline.streams === 0) return null;
  const ratio = stack.streams / baseline.streams;
  if (ratio >= goal) return baseline.atLeast ? null : true;
  return stack.atLeast ? null : false;
}

export interface CapacityResult {
  rule: CapacityRule;
  steps: number[];
  /** The p99 the baseline was held to (before the margin). */
  baselineReferenceMs: number | null;
  curve: CurveRow[];
  points: CapacityPoint[];
  stack: Capacity;
  baseline: Capacity;
  /** stack / baseline capacity; null when the baseline has none. */
  ratio: number | null;
  /** Against GOALS.capacityRatio; null when a lower bound leaves it open or a step was disturbed. */
  pass: boolean | null;
  /** Steps judged while other processes kept more than rule.maxOtherCores busy. */
  disturbedAt: number[];
  ended: CapacityEnd;
  /** The step at which the driver became the bottleneck. */
  driverBoundAt: number | null;
}

export function judgeCapacity(
  steps: readonly number[],
  points: readonly CapacityPoint[],
  rule: CapacityRule,
): CapacityResult {
  const { curve, ended } = walk(steps, points, rule);
  const stack = capacityOf(curve.map((step) => ({ streams: step.streams, pass: step.stackPass })));
  const baseline = capacityOf(curve.map((step) => ({ streams: step.streams, pass: step.baselinePass })));
  const judged = new Set(curve.map((step) => step.streams));
  const disturbedAt = [
    ...new Set(points.filter((p) => judged.has(p.streams) && disturbed(p, rule)).map((p) => p.streams)),
  ];
  return {
    rule,
    steps: [...steps],
    baselineReferenceMs: baselineReferenceMs(points, rule),
    curve,
    points: [...points],
    stack,
    baseline,
    ratio: baseline.streams > 0 ? stack.streams / baseline.streams : null,
    pass: disturbedAt.length ? null : capacityGoalMet(stack, baseline, GOALS.capacityRatio),
    disturbedAt,
    // An unfinished search (a step still to measure) reads as one whose steps ran out.
    ended: ended ?? 'steps-exhausted',
    driverBoundAt: curve.find((step) => step.driverBound)?.streams ?? null,
  };
}

/**
 * Seconds to measure a step so that it sees about 1,500 first tokens (its p99 is then the 15th
 * worst): each stream starts an answer every `questionSeconds`. Between 15 and 30 s.
 */
export function autoStepSeconds(streams: number, questionSeconds: number): number {
  const firstTokensPerSecond = streams / Math.max(questionSeconds, 0.1);
  return Math.min(30, Math.max(15, Math.ceil(1500 / firstTokensPerSecond)));
}

// ---- result rows -------------------------------------------------------------------------------

/** The CPU ratio goal of a phase with this many answer streams. */
export function cpuRatioGoal(streams: number): number {
  return streams <= GOALS.fewStreams ? GOALS.cpuRatioFewStreams : GOALS.cpuRatio;
}

/** The stack's CPU per question against the baseline's, both without the driver and the fake. */
export function cpuGoalRow(stackMs: number | null, baselineMs: number | null, streams: number): Row {
  const goal = cpuRatioGoal(streams);
  const r = row('CPU per question, system under test (ms; driver and fake excluded)', stackMs, baselineMs);
  r.targetText = `ratio ≤ ${goal}× (at ${streams} streams)`;
  r.pass = r.ratio === null ? null : r.ratio <= goal;
  return r;
}

/**
 * The processes that do the baseline's own work besides their hop through Redis: the provider
 * worker parses the provider's stream through the SDK, the gateway writes to Socket.IO.
 */
function repeatsBaselineWork(group: string): boolean {
  return group === 'gateway' || group.startsWith('provider-worker');
}

/**
 * CPU ms per question of the rest of the system under test: PostgreSQL, Redis, billing and the
 * consensus worker, which the baseline has nothing like. Null when CPU was not measured.
 */
export function stackOnlyCpuMsPerQuestion(phase: {
  cpuSeconds: Record<string, number> | null;
  completedInWindow: number;
}): number | null {
  if (!phase.cpuSeconds || phase.completedInWindow <= 0) return null;
  const groups = Object.entries(phase.cpuSeconds).filter(
    ([group]) => isSystemUnderTest(group) && !repeatsBaselineWork(group),
  );
  return (1000 * groups.reduce((sum, [, seconds]) => sum + seconds, 0)) / phase.completedInWindow;
}

/**
 * A floor under the CPU ratio: what storage, queues and billing alone cost against the baseline's
 * whole process, and what the goal then leaves the provider worker and the gateway, which repeat
 * the baseline's work (docs/performance.md, "How far the CPU goal is").
 */
export function cpuFloorRow(stackOnlyMs: number | null, baselineMs: number | null, streams: number): Row {
  const r = row(
    '… of which PostgreSQL, Redis, billing and consensus worker (against the whole baseline)',
    stackOnlyMs,
    baselineMs,
  );
  if (stackOnlyMs !== null && baselineMs !== null) {
    const left = cpuRatioGoal(streams) * baselineMs - stackOnlyMs;
    r.targetText = `the goal leaves ${left.toFixed(1)} ms for provider worker + gateway (baseline: ${baselineMs.toFixed(1)})`;
  }
  return r;
}

const bound = (capacity: Capacity) => `${capacity.atLeast ? '≥ ' : ''}${capacity.streams}`;

export function capacityGoalRow(result: CapacityResult): Row {
  const r = row(
    `Capacity, answer streams (first-token p99 ≤ the baseline's + ${result.rule.marginMs} ms)`,
    result.stack.atLeast ? bound(result.stack) : result.stack.streams,
    result.baseline.streams,
    null,
    { digits: 0 },
  );
  r.ratio = result.ratio;
  const notes = [];
  if (result.baseline.atLeast) notes.push(`baseline ${bound(result.baseline)}: it never failed`);
  if (result.disturbedAt.length)
    notes.push(`other processes busy at ${result.disturbedAt.join(', ')} streams`);
  if (result.pass === null) notes.push('inconclusive');
  r.targetText = `ratio ≥ ${GOALS.capacityRatio}×${notes.length ? ` (${notes.join('; ')})` : ''}`;
  r.pass = result.pass;
  return r;
}

/** Every token's p50 added at the moderate step; null when no such row is wanted. */
export function tokenP50GoalRow(result: CapacityResult | null, moderateStreams: number): Row | null {
  if (!moderateStreams) return null;
  const at = (target: PhaseTarget) =>
    result?.points.find((point) => point.streams === moderateStreams && point.target === target) ?? null;
  const r = row(
    `Token latency, every token, p50 at ${moderateStreams} streams (ms)`,
    at('stack')?.tokenP50Ms ?? null,
    at('baseline')?.tokenP50Ms ?? null,
    null,
    { latency: true },
  );
  r.targetText = `added < ${GOALS.tokenP50AddedMs} ms`;
  r.pass = r.added === null ? null : r.added < GOALS.tokenP50AddedMs;
  if (r.added === null) {
    const why = !result
      ? 'no capacity search'
      : !result.steps.includes(moderateStreams)
        ? 'not a capacity step'
        : 'the search stopped below it';
    r.targetText += ` (not measured: ${why})`;
  }
  return r;
}

// ---- markdown ----------------------------------------------------------------------------------

const verdict = (pass: boolean | null) => (pass === null ? '–' : pass ? 'pass' : '**FAIL**');
const ratioText = (ratio: number | null) => (ratio === null ? '–' : `${ratio.toFixed(2)}×`);

/** The ratio with what its bounds allow: "= 0.50×", "≤ 0.22×" (the baseline may carry more), … */
export function capacityRatioText(result: CapacityResult): string {
  if (result.ratio === null) return '– (the baseline failed its lowest step)';
  const { stack, baseline } = result;
  if (stack.atLeast && baseline.atLeast)
    return `unknown (neither failed; ${ratioText(result.ratio)} at the last step)`;
  const sign = baseline.atLeast ? '≤' : stack.atLeast ? '≥' : '=';
  return `${sign} ${ratioText(result.ratio)}`;
}

function endText(result: CapacityResult): string {
  const lastStack = result.curve.filter((step) => step.stackPass !== null).at(-1)?.streams;
  switch (result.ended) {
    case 'both-failed':
      return 'both systems failed a step.';
    case 'steps-exhausted':
      return `the steps ran out (${result.steps.join(', ')})${lastStack === result.steps.at(-1) ? '' : '; the stack had failed before'}.`;
    case 'driver-bound': {
      const lag = result.points
        .filter((point) => point.streams === result.driverBoundAt)
        .map((point) => point.driverLagP99Ms ?? 0);
      return (
        `the bench driver became the bottleneck at ${result.driverBoundAt} streams (its event-loop lag p99 ` +
        `${fmt(Math.max(...lag), 1)} ms > ${result.rule.maxDriverLagMs} ms): beyond that the bench measures itself, ` +
        'so neither system is judged there.'
      );
    }
  }
}

/** The curve and the verdict, as markdown lines for latest.md and the console. */
export function capacityMarkdown(result: CapacityResult): string[] {
  const point = (streams: number, target: PhaseTarget) =>
    result.points.find((p) => p.streams === streams && p.target === target) ?? null;
  const pair = (streams: number, value: (p: CapacityPoint) => number | null, digits: number) => {
    const [baseline, stack] = [point(streams, 'baseline'), point(streams, 'stack')];
    return `${fmt(baseline && value(baseline), digits)} / ${fmt(stack && value(stack), digits)}`;
  };
  const lines = [
    '| streams | baseline p99 (ms) | stack p99 (ms) | added (ms) | pass stack / baseline | baseline CPU ms/q | stack CPU ms/q | CPU ratio | token p50 added (ms) | SUT cores baseline / stack | other load (cores) baseline / stack | driver lag p99 (ms) baseline / stack |',
    '| ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const step of result.curve) {
    const pass = step.driverBound
      ? 'driver-bound'
      : `${verdict(step.stackPass)} / ${verdict(step.baselinePass)}`;
    lines.push(
      `| ${step.streams} | ${fmt(step.baselineP99Ms, 1)} | ${fmt(step.stackP99Ms, 1)} | ` +
        `${fmt(step.addedMs, 1)} | ${pass} | ${fmt(step.baselineCpuMs, 1)} | ${fmt(step.stackCpuMs, 1)} | ` +
        `${ratioText(step.cpuRatio)} | ${fmt(step.tokenP50AddedMs, 1)} | ${pair(step.streams, (p) => p.sutCores, 2)} | ` +
        `${pair(step.streams, (p) => p.otherCores, 2)} | ${pair(step.streams, (p) => p.driverLagP99Ms, 1)} |`,
    );
  }
  const { rule } = result;
  const reference =
    rule.baselineReference.kind === 'fixed'
      ? `a fixed ${fmt(rule.baselineReference.p99Ms, 1)} ms`
      : `its own p99 at the lowest step (${fmt(result.baselineReferenceMs, 1)} ms at ${result.steps[0]} streams)`;
  const probes = result.points.flatMap((p) =>
    p.speedProbeMs ? [p.speedProbeMs.before, p.speedProbeMs.after] : [],
  );
  const verdictText = result.pass === null ? 'inconclusive' : result.pass ? 'pass' : 'FAIL';
  const stackText = result.stack.atLeast
    ? `≥ ${result.stack.streams} (it never failed)`
    : `${result.stack.streams}`;
  const baselineText = result.baseline.atLeast
    ? `≥ ${result.baseline.streams} (it never failed)`
    : `${result.baseline.streams}`;
  return [
    ...lines,
    '',
    `**Capacity: stack ${stackText}, baseline ${baselineText} answer streams; ratio ${capacityRatioText(result)} ` +
      `(goal ≥ ${GOALS.capacityRatio}×): ${verdictText}.** The search ended when ${endText(result)}`,
    ...(result.disturbedAt.length
      ? [
          '',
          `Other processes kept more than ${rule.maxOtherCores} cores busy at ${result.disturbedAt.join(', ')} ` +
            'streams (the "other load" column: the machine’s busy time beyond every measured process, plus what ' +
            'the hypervisor took): the machine ' +
            'was shared, both systems lost cores to it, and the verdict is withheld. Run again on a quiet machine.',
        ]
      : []),
    '',
    `Rule: the stack passes a step when its first-token p99 is at most the baseline's at the same step + ` +
      `${rule.marginMs} ms and no answer failed and no chunk was lost, duplicated or reordered; the baseline ` +
      `passes when its p99 is at most ${reference} + ${rule.marginMs} ms. A capacity is the last step passed ` +
      'before the first failure. The stack stops at its first failure, the baseline at its own. CPU and cores ' +
      'are those of the system under test: the stack’s apps, its PostgreSQL backends and Redis; the baseline’s ' +
      'one process; never the bench driver or the fake provider. ' +
      `Speed probe over the search: ${probes.length ? `${fmt(Math.min(...probes), 0)}–${fmt(Math.max(...probes), 0)} ms` : 'not run'}.`,
  ];
}

const signed = (ms: number | null) => (ms === null ? '–' : `${ms < 0 ? '−' : '+'}${fmt(Math.abs(ms), 1)} ms`);

/** One line per judged step for the console while the search runs. */
export function stepText(step: CurveRow): string {
  if (step.driverBound) return `${step.streams} streams: driver-bound, not judged`;
  const stack =
    step.stackPass === null
      ? 'stack –'
      : `stack p99 ${fmt(step.stackP99Ms, 1)} ms (${signed(step.addedMs)}) ${step.stackPass ? 'pass' : 'FAIL'}`;
  return (
    `${step.streams} streams: baseline p99 ${fmt(step.baselineP99Ms, 1)} ms ${verdict(step.baselinePass).replaceAll('*', '')}, ` +
    `${stack}; CPU ms/question ${fmt(step.baselineCpuMs, 1)} / ${fmt(step.stackCpuMs, 1)}`
  );
}
