import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDuration } from '../lib/log.mjs';
import { globEscape } from '../lib/redis.mjs';
import { SERVER_APPS, linkedEnv, portsFromEnv } from '../lib/stack.mjs';
import { capture, which } from '../lib/exec.mjs';

test('formatDuration', () => {
  assert.equal(formatDuration(1234), '1.2 s');
  assert.equal(formatDuration(123_000), '2 min 03 s');
});

test('globEscape leaves hash-tag braces alone and escapes glob characters', () => {
  assert.equal(globEscape('{council-test-abc}'), '{council-test-abc}');
  assert.equal(globEscape('a*b?c[d]e\\'), 'a\\*b\\?c\\[d\\]e\\\\');
});

test('portsFromEnv: defaults 3000-3003, each overridable', () => {
  assert.deepEqual(portsFromEnv({}), {
    gateway: 3000,
    billing: 3001,
    'provider-worker': 3002,
    'consensus-worker': 3003,
  });
  assert.deepEqual(portsFromEnv({ PORT: '8080', BILLING_PORT: '9001' }).gateway, 8080);
  assert.equal(portsFromEnv({ BILLING_PORT: '9001' }).billing, 9001);
  assert.equal(SERVER_APPS.find((app) => app.name === 'gateway').healthPath, '/api/health');
});

test('linkedEnv: the gateway finds billing on its port, with a fresh secret unless one is set', () => {
  const linked = linkedEnv({ gateway: 3000, billing: 9001 });
  assert.equal(linked.BILLING_URL, 'http://127.0.0.1:9001');
  assert.ok(linked.BILLING_RPC_SECRET.length >= 32);
  assert.notEqual(linkedEnv({ billing: 1 }).BILLING_RPC_SECRET, linked.BILLING_RPC_SECRET);
  assert.equal(
    linkedEnv({ billing: 1 }, { BILLING_RPC_SECRET: 'x'.repeat(32) }).BILLING_RPC_SECRET,
    'x'.repeat(32),
  );
});

test('which finds executables on a given PATH only', () => {
  assert.equal(which('node', ''), null);
  assert.ok(which(process.execPath));
});

test('capture survives a command that exits without reading its input', async () => {
  // 8 MB cannot fit the pipe: the write is still pending when `true` exits and closes it (EPIPE).
  for (let i = 0; i < 5; i += 1) {
    const result = await capture('true', [], { input: 'x'.repeat(8 * 2 ** 20) });
    assert.equal(result.code, 0);
  }
});

test('progress lines stay off stdout inside a node --test file, whose stdout is the report', async () => {
  const script = "import('./scripts/lib/log.mjs').then((log) => { log.info('hello'); log.banner('Stage'); })";
  const plainEnv = { ...process.env };
  delete plainEnv.NODE_TEST_CONTEXT;
  const asCommand = await capture(process.execPath, ['-e', script], { env: { ...plainEnv, NO_COLOR: '1' } });
  assert.match(asCommand.stdout, /› hello/);
  assert.match(asCommand.stdout, /━━━ Stage/);
  const asTest = await capture(process.execPath, ['-e', script], {
    env: { ...plainEnv, NO_COLOR: '1', NODE_TEST_CONTEXT: 'child-v8' },
  });
  assert.equal(asTest.stdout, '');
  assert.match(asTest.stderr, /› hello/);
});
