// The bench's debate phase (scripts/bench/debate-latency.ts): a question's times from the events
// it received, their summary over the questions, and the goal row.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DEBATE_COMPLETION_GOAL_MS,
  SEQUENTIAL_CALLS,
  debateRows,
  debateTiming,
  summarizeDebates,
} from '../bench/debate-latency.ts';

const ASKED = 1_000;

function event(name: string, at: number, payload: Record<string, unknown> = {}) {
  return [name, { questionId: 7, ...payload }, ASKED + at] as [string, Record<string, unknown>, number];
}

describe('debateTiming', () => {
  it('times the synthesis’s last delta, the map and the end from the ask, and counts the rounds', () => {
    const timing = debateTiming(
      [
        event('debate:round', 1_100, { round: 1, status: 'started' }),
        event('debate:round', 2_200, { round: 1, status: 'completed' }),
        event('consensus:delta', 2_400),
        event('agreement:completed', 3_100, { map: { status: 'mapped', claims: [] } }),
        event('consensus:delta', 3_300),
        event('consensus:completed', 3_320),
        event('question:completed', 3_350),
      ],
      ASKED,
    );
    assert.deepEqual(timing, {
      lastSynthesisDelta: 3_300,
      mapCompleted: 3_100,
      mapDrawn: true,
      completed: 3_350,
      rounds: 1,
      failed: false,
    });
  });

  it('counts a debate without question:completed, or with a failed consensus, as failed', () => {
    assert.equal(debateTiming([event('question:failed', 900)], ASKED).failed, true);
    const failedConsensus = debateTiming(
      [event('consensus:failed', 800), event('question:completed', 900)],
      ASKED,
    );
    assert.equal(failedConsensus.failed, true);
    assert.equal(failedConsensus.lastSynthesisDelta, null);
  });
});

describe('summarizeDebates and debateRows', () => {
  const timings = [3_350, 3_400, 4_900].map((completed) => ({
    lastSynthesisDelta: completed - 50,
    mapCompleted: completed - 300,
    mapDrawn: true,
    completed,
    rounds: 1,
    failed: false,
  }));

  it('sums the calls a one-round debate waits for, and what the end adds to the synthesis', () => {
    const summary = summarizeDebates(timings, 1_100);
    assert.equal(summary.callsMs, SEQUENTIAL_CALLS * 1_100);
    assert.equal(summary.askToCompletedMs.p50, 3_400);
    assert.equal(summary.completedAfterSynthesisMs.p50, 50);
    assert.deepEqual(summary.rounds, [1, 1, 1]);
  });

  it('passes the goal row within 0.5 s of the synthesis, and fails it after, on a failure or past one round', () => {
    const [goal, whole] = debateRows(summarizeDebates(timings, 1_100));
    assert.equal(goal.pass, true);
    assert.equal(whole.baseline, 3_300);
    assert.equal(whole.added, 100);
    const late = timings.map((timing) => ({ ...timing, lastSynthesisDelta: timing.completed - 1_200 }));
    assert.equal(debateRows(summarizeDebates(late, 1_100))[0].pass, false);
    assert.ok(DEBATE_COMPLETION_GOAL_MS < 1_200);
    const failed = [...timings, { ...timings[0], failed: true }];
    assert.equal(debateRows(summarizeDebates(failed, 1_100))[0].pass, false);
    const noMap = [...timings, { ...timings[0], mapDrawn: false }];
    assert.equal(debateRows(summarizeDebates(noMap, 1_100))[0].pass, false);
    const twoRounds = [...timings, { ...timings[0], rounds: 2 }];
    assert.equal(debateRows(summarizeDebates(twoRounds, 1_100))[0].pass, false);
  });
});
