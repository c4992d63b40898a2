// Which PostgreSQL `npm test` picks, per-run databases, and the private-cluster fallback.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { DEFAULT_ADMIN_URL, ensureDevPostgres, ensureTestPostgres } from '../../lib/ensure-postgres.mjs';
import { isRoot } from '../../lib/exec.mjs';
import { freePort } from '../../lib/net.mjs';
import { createDatabase, dropDatabase, probePostgres } from '../../lib/postgres.mjs';
import { installedVersions, startEphemeralCluster } from '../../lib/system-postgres.mjs';
import { withDatabase } from '../../lib/urls.mjs';

const adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL;

test('npm test detects the running PostgreSQL', async () => {
  const picked = await ensureTestPostgres({
    env: process.env.DATABASE_URL ? { DATABASE_URL: adminUrl } : {},
  });
  assert.equal(picked.url, adminUrl);
  assert.equal(picked.stop, undefined, 'nothing was started');
});

test('a DATABASE_URL that does not answer is an error, not silently replaced', async () => {
  const dead = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
  await assert.rejects(ensureTestPostgres({ env: { DATABASE_URL: dead } }), /is not answering/);
  await assert.rejects(ensureDevPostgres({ env: { DATABASE_URL: dead } }), /is not answering/);
});

test('createDatabase / dropDatabase round trip, even with a connection left open', async () => {
  const name = `council_scripts_test_${process.pid}`;
  await dropDatabase(adminUrl, name);
  await createDatabase(adminUrl, name);
  const leftover = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
  leftover.on('error', () => {});
  await leftover.connect();
  await dropDatabase(adminUrl, name);
  assert.equal((await probePostgres(withDatabase(adminUrl, name), 1000)).ok, false);
  await leftover.end().catch(() => {});
});

test(
  'private trust-auth cluster starts on a free port and is removed',
  { skip: installedVersions().length === 0 || !isRoot(), timeout: 60_000 },
  async () => {
    const cluster = await startEphemeralCluster();
    try {
      assert.equal((await probePostgres(cluster.url)).ok, true);
    } finally {
      await cluster.stop();
    }
    assert.equal((await probePostgres(cluster.url, 500)).ok, false);
  },
);
