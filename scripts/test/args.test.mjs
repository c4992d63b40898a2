import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeRunId, parseTestArgs, STAGES } from '../lib/args.mjs';

test('no flags runs every stage in order', () => {
  assert.deepEqual(parseTestArgs([]).stages, STAGES);
});

test('--skip-e2e drops only e2e', () => {
  assert.deepEqual(parseTestArgs(['--skip-e2e']).stages, [
    'format',
    'lint',
    'typecheck',
    'unit',
    'int',
    'cluster',
    'smoke',
    'faults',
  ]);
});

test('--only keeps the canonical order and accepts aliases', () => {
  assert.deepEqual(parseTestArgs(['--only=integration,unit']).stages, ['unit', 'int']);
});

test('--skip and --only combine', () => {
  assert.deepEqual(parseTestArgs(['--only=unit,int,e2e', '--skip=e2e']).stages, ['unit', 'int']);
});

test('unknown stages and flags are rejected with the usage text', () => {
  assert.throws(() => parseTestArgs(['--only=unit,soak']), /unknown stage soak[\s\S]*Usage/);
  assert.throws(() => parseTestArgs(['--fast']), /Unknown argument: --fast/);
  assert.throws(() => parseTestArgs(['--only=']), /unknown stage \(empty\)/);
});

test('skipping everything is an error, --help is not', () => {
  assert.throws(() => parseTestArgs(['--only=e2e', '--skip-e2e']), /No stage left/);
  assert.equal(parseTestArgs(['--help']).help, true);
});

test('run ids are lower-case alphanumerics that differ between calls', () => {
  const a = makeRunId(1_700_000_000_000, () => 0);
  const b = makeRunId(1_700_000_000_000, () => 0.5);
  assert.match(a, /^[a-z0-9]+$/);
  assert.notEqual(a, b);
});
