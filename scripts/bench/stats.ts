// Pure helpers of the streaming benchmark: percentiles, the stamped token text, the per-stream
// loss / duplicate / order check, the memory trend and the result table. No I/O here, so
// scripts/test/bench-stats.test.ts covers all of it.
import { isSystemUnderTest } from './cpu.ts';

/** The marker the fake provider replaces with its emit time (FakeProviderServerOptions.stampMarker). */
export const STAMP_MARKER = '%T%';

/** A token of a benchmark answer: "<index>~<emit time ms> " (index from 0; one whitespace-ended word). */
const TOKEN_PATTERN = /(\d+)~(\d+(?:\.\d+)?)\s/g;

/** The answer text the fake streams: `count` tokens, each carrying its index and the stamp marker. */
export function stampedAnswerText(count: number, marker = STAMP_MARKER): string {
  let text = '';
  for (let index = 0; index < count; index += 1) text += `${index}~${marker} `;
  return text;
}

/**
 * The tokens in a piece of streamed text, as [{ index, emittedAt }]. A delta may cut a token in
 * two; `carry` (returned as `rest`) is the unfinished tail to prepend to the next delta.
 */
export interface StampedToken {
  index: number;
  emittedAt: number;
}

export function parseStampedTokens(text: string, carry = ''): { tokens: StampedToken[]; rest: string } {
  const all = carry + text;
  const tokens: StampedToken[] = [];
  let consumed = 0;
  TOKEN_PATTERN.lastIndex = 0;
  for (let match = TOKEN_PATTERN.exec(all); match; match = TOKEN_PATTERN.exec(all)) {
    tokens.push({ index: Number(match[1]), emittedAt: Number(match[2]) });
    consumed = TOKEN_PATTERN.lastIndex;
  }
  return { tokens, rest: all.slice(consumed) };
}

/**
 * Checks one answer stream: every token index 0..expected-1 exactly once and in order. Feed it the
 * indices as they arrive (`see`), then `finish()` once the answer completed.
 *   duplicated  – an index seen before
 *   outOfOrder  – an index lower than one already seen (and not a duplicate)
 *   lost        – indices never seen by finish()
 */
export class StreamCheck {
  readonly seen = new Set<number>();
  highest = -1;
  duplicated = 0;
  outOfOrder = 0;
  lost = 0;
  finished = false;

  constructor(readonly expected: number) {}

  see(index: number): void {
    if (this.seen.has(index)) {
      this.duplicated += 1;
      return;
    }
    if (index < this.highest) this.outOfOrder += 1;
    this.seen.add(index);
    if (index > this.highest) this.highest = index;
  }

  /** Counts what never arrived (and indices outside 0..expected-1 as lost too). */
  finish(): this {
    if (this.finished) return this;
    this.finished = true;
    let inRange = 0;
    for (const index of this.seen) if (index >= 0 && index < this.expected) inRange += 1;
    this.lost = this.expected - inRange + (this.seen.size - inRange);
    return this;
  }

  get ok(): boolean {
    return this.lost === 0 && this.duplicated === 0 && this.outOfOrder === 0;
  }
}

/** Sums lost / duplicated / outOfOrder over finished checks. */
export interface Integrity {
  streams: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
}

export function totalIntegrity(checks: Iterable<StreamCheck>): Integrity {
  const total = { streams: 0, lost: 0, duplicated: 0, outOfOrder: 0 };
  for (const check of checks) {
    check.finish();
    total.streams += 1;
    total.lost += check.lost;
    total.duplicated += check.duplicated;
    total.outOfOrder += check.outOfOrder;
  }
  return total;
}

// Redis stream ids compared numerically: the one comparison the fault scenarios use as well.
export { compareEntryIds } from '../lib/stream-events.mjs';

/** Nearest-rank percentile (p in 0..100) of an ascending array; null when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? null;
}

/** { count, mean, p50, p95, p99, max } of the values (null fields when there are none). */
export interface Summary {
  count: number;
  mean: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

export function summarize(values: Iterable<number>): Summary {
  const sorted = Float64Array.from(values).sort();
  const count = sorted.length;
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count,
    mean: count ? sum / count : null,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: count ? (sorted[count - 1] ?? null) : null,
  };
}

/** Least-squares slope of y over x (units of y per unit of x); 0 with fewer than two points. */
export function slope(points: ReadonlyArray<readonly [number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  let sx = 0;
  let sy = 0;
  for (const [x, y] of points) {
    sx += x;
    sy += y;
  }
  const mx = sx / n;
  const my = sy / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/**
 * Is memory flat? `samples` are [{ t: seconds, rss: bytes }]. The first `warmupFraction` is skipped
 * (heaps grow to their working size first); the rest is fitted with a line. Flat when the growth
 * the line predicts over the measured window is at most `tolerance` of the mean RSS (default 10%)
 * or under `floorBytes` (default 16 MB: GC sawtooth on a small heap is not a leak).
 */
export interface RssSample {
  t: number;
  rss: number;
}

export interface MemoryTrend {
  flat: boolean | null;
  slopeMbPerMin: number | null;
  growthMb: number | null;
  meanMb?: number;
  samples: number;
}

export function memoryTrend(
  samples: readonly RssSample[],
  { warmupFraction = 0.25, tolerance = 0.1, floorBytes = 16 * 2 ** 20 } = {},
): MemoryTrend {
  const first = samples[0];
  const last = samples.at(-1);
  if (samples.length < 4 || !first || !last)
    return { flat: null, slopeMbPerMin: null, growthMb: null, samples: samples.length };
  const start = first.t + (last.t - first.t) * warmupFraction;
  const window = samples.filter((sample) => sample.t >= start);
  const perSecond = slope(window.map((sample) => [sample.t, sample.rss] as const));
  const span = (window.at(-1)?.t ?? start) - (window[0]?.t ?? start);
  const growth = perSecond * span;
  const mean = window.reduce((sum, sample) => sum + sample.rss, 0) / window.length;
  return {
    flat: growth <= Math.max(tolerance * mean, floorBytes),
    slopeMbPerMin: (perSecond * 60) / 2 ** 20,
    growthMb: growth / 2 ** 20,
    meanMb: mean / 2 ** 20,
    samples: window.length,
  };
}

/**
 * Parses Prometheus text exposition into { name: value }, keeping the first sample of each name
 * (labels are ignored: the apps label everything with their service name only).
 */
export function parsePrometheus(text: string): Record<string, number> {
  const values: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (match?.[1] && !(match[1] in values)) values[match[1]] = Number(match[2]);
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// The result table
// ---------------------------------------------------------------------------------------------

export function fmt(value: number | string | null | undefined, digits = 1): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  if (typeof value === 'string') return value;
  return Number.isInteger(value) && digits <= 1 ? String(value) : value.toFixed(digits);
}

/**
 * One table row. `ours` and `baseline` are numbers (or null); added = ours − baseline and
 * ratio = ours / baseline are computed when both exist. `target` is { op: '<=' | '>=' | '==', value }
 * checked against `ours` (null: no target).
 */
export interface Target {
  op: '<=' | '>=' | '==';
  value: number;
}

export interface Row {
  metric: string;
  /** A number, or text such as "p50 / p99" for rows that show a pair. */
  ours: number | string | null;
  baseline: number | null;
  added: number | null;
  ratio: number | null;
  target: Target | null;
  /** Shown instead of `target` when the check is not a plain comparison. */
  targetText?: string;
  pass: boolean | null;
  digits: number;
  unit: string;
}

export function row(
  metric: string,
  ours: number | string | null,
  baseline: number | null = null,
  target: Target | null = null,
  { digits = 1, unit = '', latency = false } = {},
): Row {
  const both = typeof ours === 'number' && typeof baseline === 'number';
  // "added ms" only means something for latencies; other rows show the ratio alone.
  const added = both && latency ? ours - baseline : null;
  const ratio = both && baseline !== 0 ? ours / baseline : null;
  let pass = null;
  if (target && typeof ours === 'number') {
    pass =
      target.op === '<='
        ? ours <= target.value
        : target.op === '>='
          ? ours >= target.value
          : ours === target.value;
  }
  return { metric, ours, baseline, added, ratio, target, pass, digits, unit };
}

/** The markdown table: metric | ours | baseline | added ms | ratio | target | pass/fail. */
export function markdownTable(rows: readonly Row[]): string {
  const lines = [
    '| metric | ours | baseline | added ms | ratio | target | pass/fail |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  for (const r of rows) {
    const target =
      r.targetText ??
      (r.target
        ? `${r.target.op === '==' ? '=' : r.target.op.replace('<=', '≤').replace('>=', '≥')} ${r.target.value}${r.unit}`
        : '');
    const verdict = r.pass === null ? '' : r.pass ? 'pass' : '**FAIL**';
    lines.push(
      `| ${r.metric} | ${fmt(r.ours, r.digits)} | ${fmt(r.baseline, r.digits)} | ${fmt(r.added, r.digits)} | ${r.ratio === null ? '–' : `${r.ratio.toFixed(2)}×`} | ${target} | ${verdict} |`,
    );
  }
  return lines.join('\n');
}

/**
 * CPU per completed question by process, one column per phase that measured it (phase.cpuMsPerQuestion),
 * with the total and how many cores that kept busy. Null when no phase measured CPU.
 */
export interface CpuPhase {
  name: string;
  measuredSeconds: number;
  cpuSeconds?: Record<string, number> | null;
  cpuMsPerQuestion?: Record<string, number | null> | null;
  speedProbeMs?: { before: number; after: number } | null;
  /** Cores the whole machine kept busy over the window (/proc/stat). */
  machineCores?: { busy: number; steal: number } | null;
}

type MeasuredCpuPhase = CpuPhase & {
  cpuSeconds: Record<string, number>;
  cpuMsPerQuestion: Record<string, number | null>;
};

export function cpuTable(phases: readonly CpuPhase[]): string | null {
  const measured = phases.filter((phase): phase is MeasuredCpuPhase =>
    Boolean(phase.cpuMsPerQuestion && phase.cpuSeconds),
  );
  if (measured.length === 0) return null;
  const groups = [...new Set(measured.flatMap((phase) => Object.keys(phase.cpuMsPerQuestion)))];
  const peak = (group: string) => Math.max(...measured.map((phase) => phase.cpuMsPerQuestion[group] ?? 0));
  groups.sort((a, b) => peak(b) - peak(a));
  const total = (phase: MeasuredCpuPhase, only: (group: string) => boolean = () => true) =>
    Object.entries(phase.cpuMsPerQuestion).reduce<number>(
      (sum, [group, ms]) => sum + (only(group) ? (ms ?? 0) : 0),
      0,
    );
  const busy = (phase: MeasuredCpuPhase) =>
    Object.values(phase.cpuSeconds).reduce((sum, seconds) => sum + seconds, 0) / phase.measuredSeconds;
  const lines = [
    `| process | ${measured.map((phase) => `${phase.name} (ms per question)`).join(' | ')} |`,
    `| --- | ${measured.map(() => '---:').join(' | ')} |`,
  ];
  for (const group of groups) {
    lines.push(
      `| ${group} | ${measured.map((phase) => fmt(phase.cpuMsPerQuestion[group] ?? null, 1)).join(' | ')} |`,
    );
  }
  lines.push(`| **total** | ${measured.map((phase) => `**${fmt(total(phase), 1)}**`).join(' | ')} |`);
  lines.push(
    `| system under test (without driver and fake) | ${measured.map((phase) => fmt(total(phase, isSystemUnderTest), 1)).join(' | ')} |`,
  );
  lines.push(`| cores kept busy | ${measured.map((phase) => fmt(busy(phase), 2)).join(' | ')} |`);
  if (measured.some((phase) => phase.machineCores)) {
    // What else ran: other work on a shared machine, kernel time no process is charged for, and what
    // the hypervisor took.
    const other = (phase: MeasuredCpuPhase) =>
      phase.machineCores
        ? fmt(Math.max(0, phase.machineCores.busy - busy(phase)) + phase.machineCores.steal, 2)
        : '–';
    lines.push(
      `| other load (cores: the machine's busy time beyond these processes, plus steal) | ${measured.map(other).join(' | ')} |`,
    );
  }
  if (measured.some((phase) => phase.speedProbeMs)) {
    const probe = (phase: MeasuredCpuPhase) =>
      phase.speedProbeMs ? `${fmt(phase.speedProbeMs.before, 0)} / ${fmt(phase.speedProbeMs.after, 0)}` : '–';
    lines.push(`| speed probe before / after (ms) | ${measured.map(probe).join(' | ')} |`);
  }
  return lines.join('\n');
}
