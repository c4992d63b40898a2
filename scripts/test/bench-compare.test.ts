// The A/B arithmetic of `npm run bench -- --compare` (scripts/bench/compare.ts): CPU per question of
// the system under test per round, against the round's baseline, and the change between stacks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ComparedPhase,
  type CompareRound,
  compareRounds,
  comparisonMarkdown,
  mean,
} from '../bench/compare.ts';
import { DRIVER_GROUP, FAKE_GROUP } from '../bench/cpu.ts';
import { summarize } from '../bench/stats.ts';

/** A phase that completed 100 questions with these CPU seconds per group. */
function phase(cpuSeconds: Record<string, number>, extra: Partial<ComparedPhase> = {}): ComparedPhase {
  return {
    cpuSeconds,
    cpuMsPerQuestion: Object.fromEntries(Object.entries(cpuSeconds).map(([group, s]) => [group, s * 10])),
    completedInWindow: 100,
    questionsPerSecond: 10,
    firstTokenMs: summarize([1, 2, 3]),
    tokenLatencyMs: summarize([4, 5, 6]),
    speedProbeMs: { before: 200, after: 210 },
    integrity: { lost: 0, duplicated: 0, outOfOrder: 0 },
    failures: 0,
    ...extra,
  };
}

const rounds: CompareRound[] = [
  {
    order: ['this', 'compare'],
    baseline: phase({ 'baseline process': 1.5, [DRIVER_GROUP]: 0.5, [FAKE_GROUP]: 0.5 }),
    stacks: {
      // 4.5 s of the system under test per 100 questions: 45 ms each; the driver and fake are left out.
      this: phase({ gateway: 2, 'provider-worker': 2.5, [DRIVER_GROUP]: 1, [FAKE_GROUP]: 1 }),
      compare: phase({ gateway: 2.5, 'provider-worker': 2.5, [DRIVER_GROUP]: 1 }),
    },
  },
  {
    order: ['compare', 'this'],
    baseline: phase({ 'baseline process': 2 }),
    stacks: {
      this: phase(
        { gateway: 3, 'provider-worker': 3 },
        { integrity: { lost: 1, duplicated: 0, outOfOrder: 2 } },
      ),
      compare: phase({ gateway: 3, 'provider-worker': 3 }, { failures: 1 }),
    },
  },
];

describe('bench --compare', () => {
  it('reads each round against its own baseline and the other stack', () => {
    const comparison = compareRounds(['this', 'compare'], rounds);
    assert.deepEqual(comparison.baselineMs, [15, 20]);
    const mine = comparison.stacks.this;
    const theirs = comparison.stacks.compare;
    assert.ok(mine && theirs);
    assert.deepEqual(mine.sutMs, [45, 60]);
    assert.deepEqual(theirs.sutMs, [50, 60]);
    assert.deepEqual(mine.ratio, [3, 3]);
    assert.deepEqual(comparison.change, [-0.1, 0]);
    assert.equal(comparison.meanChange, -0.05);
    assert.equal(mine.meanSutMs, 52.5);
    assert.deepEqual(mine.byGroup, { gateway: 25, 'provider-worker': 27.5 });
    assert.equal(mine.lost, 1);
    assert.equal(mine.outOfOrder, 2);
    assert.equal(theirs.failures, 1);
  });

  it('leaves out what was not measured', () => {
    const unmeasured: CompareRound = {
      order: ['this', 'compare'],
      baseline: null,
      stacks: {
        this: phase({}, { cpuSeconds: null, cpuMsPerQuestion: null }),
        compare: phase({ gateway: 1 }),
      },
    };
    const comparison = compareRounds(['this', 'compare'], [unmeasured]);
    assert.deepEqual(comparison.baselineMs, [null]);
    assert.deepEqual(comparison.stacks.this?.sutMs, [null]);
    assert.deepEqual(comparison.stacks.compare?.ratio, [null]);
    assert.deepEqual(comparison.change, [null]);
    assert.equal(comparison.meanChange, null);
    assert.equal(mean([null, 2, 4]), 3);
  });

  it('prints a row per round, the mean and the processes', () => {
    const markdown = comparisonMarkdown(compareRounds(['this', 'compare'], rounds), rounds);
    assert.match(
      markdown,
      /\| 1 \| this, compare \| 15 \| 45 \| 50 \| −10\.0 % \| 3\.00× \/ 3\.33× \| 200–210 \/ 200–210 \|/,
    );
    assert.match(markdown, /\| 2 \| compare, this \| 20 \| 60 \| 60 \| \+0\.0 % \|/);
    assert.match(
      markdown,
      /\| \*\*mean\*\* \| \| 17\.5 \| \*\*52\.5\*\* \| \*\*55\*\* \| \*\*−5\.0 %\*\* \|/,
    );
    assert.match(markdown, /\| gateway \| 25 \| 27\.5 \| −2\.5 \|/);
    assert.match(
      markdown,
      /\| chunks lost \/ duplicated \/ out of order \(all rounds\) \| 1 \/ 0 \/ 2 \| 0 \/ 0 \/ 0 \|/,
    );
  });
});
