// Which Redis `npm start` and `npm test` pick, and the private redis-server fallback.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { Redis } from 'ioredis';
import { which } from '../../lib/exec.mjs';
import { DEFAULT_REDIS_URL, ensureDevRedis, ensureTestRedis } from '../../lib/ensure-redis.mjs';
import { freePort } from '../../lib/net.mjs';
import { deleteKeysWithPrefix, probeRedis } from '../../lib/redis.mjs';

// The machine's Redis (or the one this test run was given).
const runningUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'council-redis-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));
const sink = () => {};

test('npm start uses a Redis that already answers, without starting one', async () => {
  const picked = await ensureDevRedis({ env: {}, probeUrl: runningUrl, sink, dataDir });
  assert.equal(picked.url, runningUrl);
  assert.equal(picked.service, undefined);
});

test(
  'npm start starts its own redis-server when nothing answers, and stops it',
  { skip: !which('redis-server') },
  async () => {
    const deadUrl = `redis://127.0.0.1:${await freePort()}`;
    const picked = await ensureDevRedis({ env: {}, probeUrl: deadUrl, sink, dataDir });
    assert.ok(picked.service, 'a child was started');
    assert.notEqual(picked.url, deadUrl);
    const client = new Redis(picked.url);
    try {
      assert.deepEqual(await client.config('GET', 'save'), ['save', ''], 'no RDB snapshots');
      assert.deepEqual(await client.config('GET', 'appendonly'), ['appendonly', 'no']);
      assert.deepEqual(await client.config('GET', 'dir'), ['dir', dataDir]);
    } finally {
      client.disconnect();
    }
    const exit = await picked.service.stop(5000);
    assert.ok(exit.code === 0 || exit.signal === 'SIGTERM', JSON.stringify(exit));
    assert.equal((await probeRedis(picked.url)).ok, false);
  },
);

test('REDIS_URL is used as given, and must answer', async () => {
  const picked = await ensureDevRedis({ env: { REDIS_URL: runningUrl }, sink });
  assert.equal(picked.description, 'from REDIS_URL');
  const dead = `redis://127.0.0.1:${await freePort()}`;
  await assert.rejects(ensureDevRedis({ env: { REDIS_URL: dead }, sink }), /is not answering/);
  // npm test never starts a server for a URL that is not the local default.
  await assert.rejects(ensureTestRedis({ env: { REDIS_URL: dead } }), /is not answering/);
});

test('npm test detects the running local Redis', async () => {
  const picked = await ensureTestRedis({ env: process.env.REDIS_URL ? { REDIS_URL: runningUrl } : {} });
  assert.equal(picked.url, runningUrl);
});

test('deleteKeysWithPrefix removes exactly one prefix', async () => {
  const prefix = `{council-scripts-test-${process.pid}}`;
  const other = `{council-scripts-other-${process.pid}}`;
  const client = new Redis(runningUrl);
  try {
    await client.mset(`${prefix}:a`, '1', `${prefix}:b:c`, '2', `${other}:a`, '3');
    assert.equal(await deleteKeysWithPrefix(runningUrl, prefix), 2);
    assert.equal(await client.exists(`${prefix}:a`, `${prefix}:b:c`), 0);
    assert.equal(await client.get(`${other}:a`), '3');
  } finally {
    await client.del(`${other}:a`);
    client.disconnect();
  }
  await assert.rejects(deleteKeysWithPrefix(runningUrl, ''), /without a prefix/);
});
