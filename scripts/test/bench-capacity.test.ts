// The capacity search and the goals stated as ratios (scripts/bench/capacity.ts): what passes a
// step, which step is measured next, the capacities and their ratio, the rows and the curve.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type CapacityPoint,
  type PhaseFigures,
  autoStepSeconds,
  baselinePasses,
  capacityGoalMet,
  capacityGoalRow,
  capacityMarkdown,
  capacityOf,
  capacityRatioText,
  capacityRule,
  cpuFloorRow,
  cpuGoalRow,
  judgeCapacity,
  nextMeasurement,
  pointOf,
  stackOnlyCpuMsPerQuestion,
  stackPasses,
  sutCpuMsPerQuestion,
  tokenP50GoalRow,
} from '../bench/capacity.ts';
import { MAINTENANCE_GROUP, isSystemUnderTest, systemUnderTestSeconds } from '../bench/cpu.ts';
import type { PhaseTarget } from '../bench/load.ts';
import { summarize } from '../bench/stats.ts';

const rule = capacityRule(25);

function point(
  streams: number,
  target: PhaseTarget,
  p99: number | null,
  extra: Partial<CapacityPoint> = {},
): CapacityPoint {
  return {
    streams,
    target,
    phase: `capacity ${target} ${streams}`,
    measuredSeconds: 15,
    questionsPerSecond: streams / 3.6,
    firstTokens: 1500,
    firstTokenP50Ms: p99 === null ? null : p99 / 4,
    firstTokenP99Ms: p99,
    tokenP50Ms: target === 'stack' ? 30 : 0.5,
    sutCpuMsPerQuestion: target === 'stack' ? 22 : 7,
    sutCores: 0.5,
    measuredCores: 0.8,
    otherCores: 0.1,
    stealCores: 0,
    driverLagP99Ms: 12,
    speedProbeMs: { before: 160, after: 170 },
    problems: {
      lost: 0,
      duplicated: 0,
      outOfOrder: 0,
      entryOrderViolations: 0,
      failed: 0,
      unfinished: 0,
      errors: 0,
    },
    ...extra,
  };
}

/**
 * Runs the search against made-up p99s: `baseline` and `stack` map streams to p99 (or to a whole
 * point). Returns the order of measurements and the result.
 */
function search(
  steps: number[],
  baseline: Record<number, number | Partial<CapacityPoint>>,
  stack: Record<number, number | Partial<CapacityPoint>>,
) {
  const points: CapacityPoint[] = [];
  const order: string[] = [];
  for (let next = nextMeasurement(steps, points, rule); next; next = nextMeasurement(steps, points, rule)) {
    const given = (next.target === 'baseline' ? baseline : stack)[next.streams];
    assert.ok(given !== undefined, `the search asked for ${next.target} at ${next.streams}`);
    const measured =
      typeof given === 'number'
        ? point(next.streams, next.target, given)
        : point(next.streams, next.target, 10, given);
    points.push(measured);
    order.push(`${next.target[0]}${next.streams}`);
  }
  return { order, result: judgeCapacity(steps, points, rule) };
}

describe('a step passes', () => {
  it('for the stack: p99 within the baseline’s at the same step + margin, nothing lost or failed', () => {
    const base = point(120, 'baseline', 8);
    assert.equal(stackPasses(point(120, 'stack', 33), base, rule), true);
    assert.equal(stackPasses(point(120, 'stack', 33.1), base, rule), false);
    const lost = point(120, 'stack', 10, { problems: { ...point(0, 'stack', 0).problems, lost: 1 } });
    assert.equal(stackPasses(lost, base, rule), false);
    const unfinished = point(120, 'stack', 10, {
      problems: { ...point(0, 'stack', 0).problems, unfinished: 2 },
    });
    assert.equal(stackPasses(unfinished, base, rule), false);
    assert.equal(stackPasses(point(120, 'stack', null), base, rule), false);
  });

  it('for the baseline: p99 within its reference + margin', () => {
    assert.equal(baselinePasses(point(300, 'baseline', 31), 6, rule), true);
    assert.equal(baselinePasses(point(300, 'baseline', 31.5), 6, rule), false);
    assert.equal(baselinePasses(point(300, 'baseline', 5), null, rule), false);
  });
});

describe('the capacity search', () => {
  it('runs the baseline then the stack per step, stops the stack at its first failure, the baseline at its own', () => {
    const { order, result } = search(
      [60, 120, 200, 300, 420],
      { 60: 6, 120: 8, 200: 20, 300: 40, 420: 50 },
      { 60: 20, 120: 40 },
    );
    assert.deepEqual(order, ['b60', 's60', 'b120', 's120', 'b200', 'b300']);
    assert.deepEqual(result.stack, { streams: 60, atLeast: false });
    assert.deepEqual(result.baseline, { streams: 200, atLeast: false });
    assert.equal(result.ratio, 0.3);
    assert.equal(result.pass, false);
    assert.equal(result.ended, 'both-failed');
    assert.equal(result.baselineReferenceMs, 6);
    const at120 = result.curve[1];
    assert.equal(at120?.addedMs, 32);
    assert.equal(at120?.stackPass, false);
    assert.equal(at120?.baselinePass, true);
    assert.equal(at120?.cpuRatio, 22 / 7);
    assert.equal(at120?.tokenP50AddedMs, 29.5);
    assert.equal(result.curve[2]?.stackP99Ms, null);
  });

  it('keeps measuring the baseline where the stack still needs it, after the baseline failed', () => {
    const { order, result } = search(
      [60, 120, 200],
      { 60: 5, 120: 40, 200: 45 },
      { 60: 10, 120: 50, 200: 60 },
    );
    assert.deepEqual(order, ['b60', 's60', 'b120', 's120', 'b200', 's200']);
    assert.deepEqual(result.baseline, { streams: 60, atLeast: false });
    assert.deepEqual(result.stack, { streams: 200, atLeast: true });
    assert.equal(result.ended, 'steps-exhausted');
    assert.equal(result.ratio, 200 / 60);
    assert.equal(result.pass, true);
  });

  it('gives a lower bound to a system that never failed, and leaves the ratio open when that matters', () => {
    const { result } = search([60, 120, 200], { 60: 5, 120: 6, 200: 7 }, { 60: 10, 120: 60 });
    assert.deepEqual(result.baseline, { streams: 200, atLeast: true });
    assert.deepEqual(result.stack, { streams: 60, atLeast: false });
    assert.equal(result.pass, false, '0.3 of at least 200 is below 0.5 whatever the baseline carries');
    assert.equal(capacityRatioText(result), '≤ 0.30×');
    assert.equal(
      capacityGoalMet({ streams: 180, atLeast: false }, { streams: 200, atLeast: true }, 0.7),
      null,
    );
    assert.equal(
      capacityGoalMet({ streams: 60, atLeast: true }, { streams: 200, atLeast: false }, 0.7),
      null,
    );
    assert.equal(
      capacityGoalMet({ streams: 140, atLeast: true }, { streams: 200, atLeast: false }, 0.7),
      true,
    );
    assert.equal(capacityGoalMet({ streams: 60, atLeast: false }, { streams: 0, atLeast: false }, 0.7), null);
  });

  it('stops, judging neither, where the driver is the bottleneck', () => {
    const { order, result } = search(
      [60, 120, 200],
      { 60: 5, 120: 6, 200: { firstTokenP99Ms: 7, driverLagP99Ms: 55 } },
      { 60: 10, 120: 20 },
    );
    assert.deepEqual(order, ['b60', 's60', 'b120', 's120', 'b200']);
    assert.equal(result.ended, 'driver-bound');
    assert.equal(result.driverBoundAt, 200);
    assert.deepEqual(result.baseline, { streams: 120, atLeast: true });
    assert.deepEqual(result.stack, { streams: 120, atLeast: true });
    assert.equal(result.pass, null);
    assert.equal(result.curve[2]?.driverBound, true);
    assert.equal(result.curve[2]?.baselinePass, null);
  });

  it('withholds the verdict when other processes took a share of the machine during a step', () => {
    const busy = { otherCores: 0.8 };
    const { result } = search(
      [60, 120],
      { 60: 5, 120: { firstTokenP99Ms: 6, ...busy } },
      { 60: 10, 120: 60 },
    );
    assert.deepEqual(result.stack, { streams: 60, atLeast: false });
    assert.deepEqual(result.disturbedAt, [120]);
    assert.equal(result.pass, null);
    assert.match(
      capacityGoalRow(result).targetText ?? '',
      /other processes busy at 120 streams; inconclusive/,
    );
    assert.match(capacityMarkdown(result).join('\n'), /verdict is withheld/);
  });

  it('holds the baseline to a fixed reference when told to', () => {
    const fixed = capacityRule(25, { kind: 'fixed', p99Ms: 2 });
    const points = [point(60, 'baseline', 20), point(60, 'stack', 30), point(120, 'baseline', 28)];
    const result = judgeCapacity([60, 120], points, fixed);
    assert.equal(result.baselineReferenceMs, 2);
    assert.equal(result.curve[1]?.baselinePass, false, '28 > 2 + 25');
    assert.deepEqual(nextMeasurement([60, 120], points, fixed), { streams: 120, target: 'stack' });
  });
});

describe('capacity of an ascending series', () => {
  it('is the last pass before the first failure; a later pass does not count', () => {
    const series = (...passes: Array<boolean | null>) =>
      capacityOf(passes.map((pass, i) => ({ streams: (i + 1) * 60, pass })));
    assert.deepEqual(series(true, true, false, true), { streams: 120, atLeast: false });
    assert.deepEqual(series(false, true), { streams: 0, atLeast: false });
    assert.deepEqual(series(true, true), { streams: 120, atLeast: true });
    assert.deepEqual(series(true, null, false), { streams: 60, atLeast: true });
    assert.deepEqual(series(), { streams: 0, atLeast: true });
  });
});

describe('step duration', () => {
  it('aims at about 1,500 first tokens, between 15 and 30 s', () => {
    assert.equal(autoStepSeconds(30, 1.2), 30);
    assert.equal(autoStepSeconds(60, 1.2), 30);
    assert.equal(autoStepSeconds(90, 1.2), 20);
    assert.equal(autoStepSeconds(540, 1.2), 15);
  });
});

describe('system under test', () => {
  // A phase's integrity also counts its streams, which are no problem.
  const integrity = { streams: 40, lost: 0, duplicated: 1, outOfOrder: 0, entryOrderViolations: 0 };
  const figures = (cpuSeconds: Record<string, number> | null): PhaseFigures => ({
    name: 'latency',
    target: 'stack',
    measuredSeconds: 10,
    cpuSeconds,
    machineCores: { busy: 1.2, steal: 0.05 },
    completedInWindow: 500,
    questionsPerSecond: 50,
    firstTokenMs: summarize([1, 2, 3]),
    tokenLatencyMs: summarize([4, 5, 6]),
    integrity,
    failures: 2,
    unfinished: 0,
    errors: 3,
    driverLagMs: { p50Ms: 10, p99Ms: 14, maxMs: 30 },
    speedProbeMs: null,
  });

  it('is every measured process but the bench driver, the fake provider and the bench VACUUM', () => {
    assert.equal(isSystemUnderTest('gateway'), true);
    assert.equal(isSystemUnderTest('baseline process'), true);
    assert.equal(isSystemUnderTest('bench driver'), false);
    assert.equal(isSystemUnderTest('fake provider'), false);
    assert.equal(isSystemUnderTest(MAINTENANCE_GROUP), false);
    const seconds = {
      gateway: 2,
      postgres: 1,
      redis: 0.5,
      'bench driver': 1.5,
      'fake provider': 1,
      [MAINTENANCE_GROUP]: 0.5,
    };
    assert.equal(systemUnderTestSeconds(seconds), 3.5);
    assert.equal(sutCpuMsPerQuestion(figures(seconds)), 7);
    assert.equal(sutCpuMsPerQuestion(figures(null)), null);
  });

  it('makes a point of a phase: SUT CPU and cores, all cores, problems', () => {
    const p = pointOf(200, figures({ gateway: 4, 'bench driver': 1 }));
    assert.equal(p.sutCpuMsPerQuestion, 8);
    assert.equal(p.sutCores, 0.4);
    assert.equal(p.measuredCores, 0.5);
    assert.equal(p.otherCores?.toFixed(2), '0.75', 'busier than every measured process, and some stolen');
    assert.equal(p.stealCores, 0.05);
    assert.equal(p.firstTokenP99Ms, 3);
    assert.equal(p.tokenP50Ms, 5);
    assert.equal(p.driverLagP99Ms, 14);
    assert.deepEqual(p.problems, {
      lost: 0,
      duplicated: 1,
      outOfOrder: 0,
      entryOrderViolations: 0,
      failed: 2,
      unfinished: 0,
      errors: 3,
    });
  });
});

describe('goal rows', () => {
  it('CPU per question: the ratio against 2.5× under load, 3.0× at a few streams', () => {
    const fail = cpuGoalRow(22.7, 7.1, 200);
    assert.equal(fail.ratio?.toFixed(2), '3.20');
    assert.equal(fail.pass, false);
    assert.equal(fail.targetText, 'ratio ≤ 2.5× (at 200 streams)');
    assert.equal(cpuGoalRow(17.5, 7, 200).pass, true);
    assert.equal(cpuGoalRow(null, 7, 200).pass, null);
    const few = cpuGoalRow(20, 7, 3);
    assert.equal(few.targetText, 'ratio ≤ 3× (at 3 streams)');
    assert.equal(few.pass, true);
    assert.equal(cpuGoalRow(22, 7, 3).pass, false);
    assert.equal(cpuGoalRow(20, 7, 6).pass, false);
  });

  it('CPU floor: storage, queues and billing alone, and what the goal leaves the rest', () => {
    const phase = {
      completedInWindow: 100,
      cpuSeconds: {
        gateway: 1.1,
        'provider-worker': 1.2,
        'provider-worker-2': 0.5,
        billing: 0.6,
        postgres: 1.0,
        redis: 0.3,
        'consensus-worker': 0.1,
        'bench driver': 0.5,
        'fake provider': 0.6,
      },
    };
    const stackOnly = stackOnlyCpuMsPerQuestion(phase);
    assert.equal(stackOnly?.toFixed(1), '20.0');
    const r = cpuFloorRow(stackOnly, 14, 200);
    assert.equal(r.ratio?.toFixed(2), '1.43');
    assert.equal(r.pass, null);
    assert.equal(r.targetText, 'the goal leaves 15.0 ms for provider worker + gateway (baseline: 14.0)');
    assert.equal(
      cpuFloorRow(stackOnly, 14, 3).targetText,
      'the goal leaves 22.0 ms for provider worker + gateway (baseline: 14.0)',
    );
    assert.equal(stackOnlyCpuMsPerQuestion({ completedInWindow: 0, cpuSeconds: phase.cpuSeconds }), null);
    assert.equal(cpuFloorRow(null, 14.1, 200).targetText, undefined);
  });

  it('capacity: the ratio against 0.5×, with a lower bound said', () => {
    const { result } = search([60, 120, 200], { 60: 5, 120: 6, 200: 7 }, { 60: 10, 120: 60 });
    const r = capacityGoalRow(result);
    assert.equal(r.ours, 60);
    assert.equal(r.baseline, 200);
    assert.equal(r.ratio, 0.3);
    assert.equal(r.pass, false);
    assert.match(r.targetText ?? '', /ratio ≥ 0\.5× \(baseline ≥ 200: it never failed\)/);
    // At exactly the goal against a baseline that never failed, the ratio is open.
    const open = search([60, 120], { 60: 5, 120: 6 }, { 60: 10, 120: 60 }).result;
    assert.equal(capacityGoalRow(open).pass, null);
  });

  it('token p50 added at the moderate step, or why it was not measured', () => {
    const { result } = search([60, 120], { 60: 5, 120: 6 }, { 60: 10, 120: 20 });
    const r = tokenP50GoalRow(result, 120);
    assert.equal(r?.added, 29.5);
    assert.equal(r?.pass, false);
    assert.equal(tokenP50GoalRow(result, 0), null);
    assert.match(tokenP50GoalRow(result, 90)?.targetText ?? '', /not a capacity step/);
    const stopped = search([60, 120], { 60: 5, 120: 6 }, { 60: 90 }).result;
    assert.match(tokenP50GoalRow(stopped, 120)?.targetText ?? '', /the search stopped below it/);
    assert.equal(tokenP50GoalRow(stopped, 120)?.pass, null);
  });
});

describe('the curve in markdown', () => {
  it('has one row per judged step with both systems, and the verdict', () => {
    const { result } = search([60, 120, 200], { 60: 6, 120: 8, 200: 40 }, { 60: 20, 120: 40 });
    const lines = capacityMarkdown(result);
    assert.match(
      lines[0] ?? '',
      /^\| streams \| baseline p99 \(ms\) \| stack p99 \(ms\) \| added \(ms\) \| pass/,
    );
    assert.equal(
      lines[2],
      '| 60 | 6 | 20 | 14 | pass / pass | 7 | 22 | 3.14× | 29.5 | 0.50 / 0.50 | 0.10 / 0.10 | 12 / 12 |',
    );
    assert.equal(
      lines[3],
      '| 120 | 8 | 40 | 32 | **FAIL** / pass | 7 | 22 | 3.14× | 29.5 | 0.50 / 0.50 | 0.10 / 0.10 | 12 / 12 |',
    );
    assert.equal(
      lines[4],
      '| 200 | 40 | – | – | – / **FAIL** | 7 | – | – | – | 0.50 / – | 0.10 / – | 12 / – |',
    );
    const text = lines.join('\n');
    assert.match(
      text,
      /\*\*Capacity: stack 60, baseline 120 answer streams; ratio = 0\.50× \(goal ≥ 0\.5×\): pass\.\*\*/,
    );
    assert.match(text, /its own p99 at the lowest step \(6 ms at 60 streams\) \+ 25 ms/);
    assert.match(text, /Speed probe over the search: 160–170 ms/);
  });
});
