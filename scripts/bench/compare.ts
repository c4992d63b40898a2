// `npm run bench -- --compare DIR`: two stacks (this checkout and another) measured in one run, in
// alternating latency phases, each round beside a baseline phase. On a VM whose speed drifts by
// tens of percent over minutes, only phases this close together tell a small change from noise.
// This file is the arithmetic and the report; run.ts runs the phases.
import { sutCpuMsPerQuestion } from './capacity.ts';
import { isSystemUnderTest } from './cpu.ts';
import { type Summary, fmt } from './stats.ts';

/** What a comparison reads of one measured phase (a subset of run.ts's PhaseSummary). */
export interface ComparedPhase {
  cpuSeconds: Record<string, number> | null;
  cpuMsPerQuestion: Record<string, number | null> | null;
  completedInWindow: number;
  questionsPerSecond: number;
  firstTokenMs: Summary;
  tokenLatencyMs: Summary;
  speedProbeMs: { before: number; after: number } | null;
  integrity: { lost: number; duplicated: number; outOfOrder: number };
  failures: number;
}

export interface CompareRound {
  /** Labels of the stacks in the order their phases ran. */
  order: string[];
  baseline: ComparedPhase | null;
  stacks: Record<string, ComparedPhase>;
}

export interface StackFigures {
  /** System under test, CPU ms per completed question, per round. */
  sutMs: Array<number | null>;
  /** sutMs against the same round's baseline process. */
  ratio: Array<number | null>;
  meanSutMs: number | null;
  meanRatio: number | null;
  /** Mean CPU ms per question of each process group (system under test only). */
  byGroup: Record<string, number>;
  questionsPerSecond: number | null;
  firstTokenP50: number | null;
  firstTokenP99: number | null;
  tokenP50: number | null;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  failures: number;
}

export interface Comparison {
  labels: [string, string];
  stacks: Record<string, StackFigures>;
  /** Per round: (first − second) / second, from the system under test's CPU per question. */
  change: Array<number | null>;
  meanChange: number | null;
  baselineMs: Array<number | null>;
}

export function mean(values: ReadonlyArray<number | null>): number | null {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  return known.length ? known.reduce((sum, value) => sum + value, 0) / known.length : null;
}

function stackFigures(
  phases: readonly ComparedPhase[],
  baselines: ReadonlyArray<number | null>,
): StackFigures {
  const sutMs = phases.map(sutCpuMsPerQuestion);
  const ratio = sutMs.map((ms, i) => {
    const base = baselines[i] ?? null;
    return ms !== null && base ? ms / base : null;
  });
  const groups = new Set(phases.flatMap((phase) => Object.keys(phase.cpuMsPerQuestion ?? {})));
  const byGroup: Record<string, number> = {};
  for (const group of [...groups].filter(isSystemUnderTest)) {
    const value = mean(phases.map((phase) => phase.cpuMsPerQuestion?.[group] ?? null));
    if (value !== null) byGroup[group] = value;
  }
  const sum = (pick: (phase: ComparedPhase) => number) =>
    phases.reduce((total, phase) => total + pick(phase), 0);
  return {
    sutMs,
    ratio,
    meanSutMs: mean(sutMs),
    meanRatio: mean(ratio),
    byGroup,
    questionsPerSecond: mean(phases.map((phase) => phase.questionsPerSecond)),
    firstTokenP50: mean(phases.map((phase) => phase.firstTokenMs.p50)),
    firstTokenP99: mean(phases.map((phase) => phase.firstTokenMs.p99)),
    tokenP50: mean(phases.map((phase) => phase.tokenLatencyMs.p50)),
    lost: sum((phase) => phase.integrity.lost),
    duplicated: sum((phase) => phase.integrity.duplicated),
    outOfOrder: sum((phase) => phase.integrity.outOfOrder),
    failures: sum((phase) => phase.failures),
  };
}

/** The two stacks' figures per round and on average, and how far the first is from the second. */
export function compareRounds(labels: [string, string], rounds: readonly CompareRound[]): Comparison {
  const baselineMs = rounds.map((round) => (round.baseline ? sutCpuMsPerQuestion(round.baseline) : null));
  const phasesOf = (label: string) =>
    rounds.map((round) => {
      const phase = round.stacks[label];
      if (!phase) throw new Error(`Round without a phase of ${label}`);
      return phase;
    });
  const stacks = Object.fromEntries(
    labels.map((label) => [label, stackFigures(phasesOf(label), baselineMs)]),
  );
  const [first, second] = labels.map((label) => stacks[label] as StackFigures);
  const change = rounds.map((_, i) => {
    const a = first?.sutMs[i] ?? null;
    const b = second?.sutMs[i] ?? null;
    return a !== null && b ? (a - b) / b : null;
  });
  return { labels, stacks, change, meanChange: mean(change), baselineMs };
}

const percent = (value: number | null) =>
  value === null ? '–' : `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)} %`;
/** One decimal with its sign; a difference that rounds to nothing reads 0.0. */
const signed = (value: number) => {
  const text = Math.abs(value).toFixed(1);
  if (text === '0.0') return text;
  return `${value > 0 ? '+' : '−'}${text}`;
};
const times = (value: number | null) => (value === null ? '–' : `${value.toFixed(2)}×`);

/** The report's tables: rounds, processes, and latency with integrity. */
export function comparisonMarkdown(comparison: Comparison, rounds: readonly CompareRound[]): string {
  const [a, b] = comparison.labels;
  const figuresA = comparison.stacks[a] as StackFigures;
  const figuresB = comparison.stacks[b] as StackFigures;
  const probe = (phase: ComparedPhase | undefined) =>
    phase?.speedProbeMs
      ? `${phase.speedProbeMs.before.toFixed(0)}–${phase.speedProbeMs.after.toFixed(0)}`
      : '–';
  const lines = [
    `| round | order | baseline (ms / question) | ${a} (ms / question) | ${b} (ms / question) | ${a} against ${b} | CPU ratio, ${a} / ${b} | speed probe, ${a} / ${b} (ms) |`,
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  rounds.forEach((round, i) => {
    lines.push(
      `| ${i + 1} | ${round.order.join(', ')} | ${fmt(comparison.baselineMs[i] ?? null)} | ${fmt(figuresA.sutMs[i] ?? null)} | ${fmt(figuresB.sutMs[i] ?? null)} | ${percent(comparison.change[i] ?? null)} | ${times(figuresA.ratio[i] ?? null)} / ${times(figuresB.ratio[i] ?? null)} | ${probe(round.stacks[a])} / ${probe(round.stacks[b])} |`,
    );
  });
  lines.push(
    `| **mean** | | ${fmt(mean(comparison.baselineMs))} | **${fmt(figuresA.meanSutMs)}** | **${fmt(figuresB.meanSutMs)}** | **${percent(comparison.meanChange)}** | ${times(figuresA.meanRatio)} / ${times(figuresB.meanRatio)} | |`,
  );
  const groups = [...new Set([...Object.keys(figuresA.byGroup), ...Object.keys(figuresB.byGroup)])].sort(
    (x, y) => (figuresB.byGroup[y] ?? 0) - (figuresB.byGroup[x] ?? 0),
  );
  const processes = [
    `| process (mean ms / question) | ${a} | ${b} | difference |`,
    '| --- | ---: | ---: | ---: |',
    ...groups.map((group) => {
      const x = figuresA.byGroup[group] ?? null;
      const y = figuresB.byGroup[group] ?? null;
      return `| ${group} | ${fmt(x)} | ${fmt(y)} | ${x !== null && y !== null ? signed(x - y) : '–'} |`;
    }),
  ];
  const latency = [
    `| mean of the rounds | ${a} | ${b} |`,
    '| --- | ---: | ---: |',
    `| questions / s completed | ${fmt(figuresA.questionsPerSecond)} | ${fmt(figuresB.questionsPerSecond)} |`,
    `| first token p50 / p99 (ms) | ${fmt(figuresA.firstTokenP50)} / ${fmt(figuresA.firstTokenP99)} | ${fmt(figuresB.firstTokenP50)} / ${fmt(figuresB.firstTokenP99)} |`,
    `| every token p50 (ms) | ${fmt(figuresA.tokenP50)} | ${fmt(figuresB.tokenP50)} |`,
    `| chunks lost / duplicated / out of order (all rounds) | ${figuresA.lost} / ${figuresA.duplicated} / ${figuresA.outOfOrder} | ${figuresB.lost} / ${figuresB.duplicated} / ${figuresB.outOfOrder} |`,
    `| failed answers (all rounds) | ${figuresA.failures} | ${figuresB.failures} |`,
  ];
  return [
    'CPU of the system under test per completed question, each round’s phases back to back:',
    '',
    ...lines,
    '',
    'Where it goes (the system under test’s processes):',
    '',
    ...processes,
    '',
    'Latency, throughput and integrity:',
    '',
    ...latency,
    '',
  ].join('\n');
}
