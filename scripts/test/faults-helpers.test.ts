import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFaultArgs, scenarioName, selectScenarios } from '../faults/lib/args.ts';
import { assembleTexts, compareEntryIds, entryIdProblems } from '../lib/stream-events.mjs';

test('compareEntryIds orders by milliseconds, then sequence, numerically', () => {
  assert.equal(compareEntryIds('2-0', '10-0'), -1);
  assert.equal(compareEntryIds('5-10', '5-9'), 1);
  assert.equal(compareEntryIds('7-3', '7-3'), 0);
});

test('assembleTexts appends text deltas and starts afresh on a reset', () => {
  const delta = (memberOrder: number, text: string, kind = 'text') => ({
    event: 'answer:delta',
    payload: { memberOrder, round: 0, kind, text },
  });
  const texts = assembleTexts([
    delta(0, 'Hel'),
    delta(1, 'Other'),
    delta(0, 'lo', 'reasoning'),
    { event: 'answer:reset', payload: { memberOrder: 0, round: 0, attempt: 2 } },
    delta(0, 'Hello'),
    delta(0, ' again'),
    { event: 'consensus:delta', payload: { kind: 'text', text: 'We agree' } },
  ]);
  assert.equal(texts.get('0:0'), 'Hello again');
  assert.equal(texts.get('1:0'), 'Other');
  assert.equal(texts.get('consensus'), 'We agree');
});

test('entryIdProblems: none when every entry arrived once and in order', () => {
  assert.deepEqual(entryIdProblems(['1-0', '1-1', '2-0'], ['1-0', '1-1', '2-0']), []);
});

test('entryIdProblems names duplicates, disorder, gaps and strangers', () => {
  const problems = entryIdProblems(['1-0', '2-0', '2-0', '1-1', '9-9'], ['1-0', '1-1', '2-0', '3-0']);
  assert.ok(problems.some((problem) => problem.includes('2-0 arrived twice')));
  assert.ok(problems.some((problem) => problem.includes('out of order')));
  assert.ok(problems.some((problem) => problem.includes('never arrived: 3-0')));
  assert.ok(problems.some((problem) => problem.includes('not in the stream: 9-9')));
});

test('parseFaultArgs reads --only, --skip and --skip-build, and refuses the rest', () => {
  assert.deepEqual(parseFaultArgs([]), { only: null, skip: [], build: true, help: false });
  assert.deepEqual(parseFaultArgs(['--only=a,b', '--skip=c', '--skip-build']), {
    only: ['a', 'b'],
    skip: ['c'],
    build: false,
    help: false,
  });
  assert.throws(() => parseFaultArgs(['--only=']), /needs scenario names/);
  assert.throws(() => parseFaultArgs(['--fast']), /Unknown argument/);
});

test('selectScenarios splits long scenarios from the sequential ones and checks names', () => {
  const files = ['scripts/faults/b.fault.ts', 'scripts/faults/a.fault.ts', 'scripts/faults/c.long.fault.ts'];
  assert.equal(scenarioName(files[2]), 'c');
  assert.deepEqual(selectScenarios(files, { only: null, skip: [] }), {
    sequential: ['scripts/faults/a.fault.ts', 'scripts/faults/b.fault.ts'],
    long: ['scripts/faults/c.long.fault.ts'],
  });
  assert.deepEqual(selectScenarios(files, { only: ['c'], skip: [] }).sequential, []);
  assert.deepEqual(selectScenarios(files, { only: null, skip: ['a', 'c'] }), {
    sequential: ['scripts/faults/b.fault.ts'],
    long: [],
  });
  assert.throws(() => selectScenarios(files, { only: ['zzz'], skip: [] }), /No scenario named zzz/);
});
