// The embedded PostgreSQL of `npm start`: a real server from npm, in a child process.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { after, test } from 'node:test';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../lib/embedded-postgres-server.mjs';
import { freePort, isPortFree } from '../../lib/net.mjs';
import { probePostgres } from '../../lib/postgres.mjs';

const root = mkdtempSync(path.join(os.tmpdir(), 'council-embedded-pg-'));
chmodSync(root, 0o755); // as root the server runs as `postgres`, which must reach the data directory
const dataDir = path.join(root, 'postgres');
after(() => rmSync(root, { recursive: true, force: true }));
const lines = [];
const sink = (name, _colour, line) => lines.push(`${name} | ${line}`);

/** True while `pid` runs (a zombie waiting for its reaper counts as gone). */
function isAlive(pid) {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

test(
  'a real PostgreSQL: pooled connections, prepared statements, locks and NOTIFY; data survives a restart',
  { timeout: 120_000 },
  async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres({ port, dataDir, sink });
    assert.equal(first.firstStart, true);
    assert.ok(existsSync(path.join(dataDir, 'PG_VERSION')), 'the cluster lives on disk');
    assert.equal(statSync(`${dataDir}.password`).mode & 0o777, 0o600, 'the password file is private');
    assert.match(first.url, new RegExp(`^postgres://postgres:[^@]+@127\\.0\\.0\\.1:${port}/council$`));
    assert.equal(
      (await probePostgres(first.url.replace(/:[^:@]+@/, ':wrong@'), 1000)).authFailed,
      true,
      'a wrong password is refused',
    );

    // The same named prepared statement on many connections at once: each has its own session.
    const clients = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const client = new pg.Client({ connectionString: first.url });
        await client.connect();
        return client;
      }),
    );
    const answers = await Promise.all(
      clients.map((client, i) =>
        client.query({ name: 'same_name', text: 'SELECT $1::int AS n', values: [i] }),
      ),
    );
    assert.deepEqual(
      answers.map((result) => result.rows[0].n),
      Array.from({ length: 20 }, (_, i) => i),
    );
    const [a, b, listener] = clients;
    const [version] = (await a.query('SHOW server_version')).rows;
    assert.match(version.server_version, /^17\./);

    // Row locks across connections, as the billing ledger relies on.
    await a.query('CREATE TABLE kept (id serial PRIMARY KEY, note text)');
    await a.query("INSERT INTO kept (note) VALUES ('still here'), ('second')");
    await a.query('BEGIN');
    await a.query('SELECT * FROM kept WHERE id = 1 FOR UPDATE');
    await b.query('BEGIN');
    const skipped = await b.query('SELECT id FROM kept ORDER BY id FOR UPDATE SKIP LOCKED');
    assert.deepEqual(
      skipped.rows.map((row) => row.id),
      [2],
      'a row locked by another transaction is skipped',
    );
    await b.query('ROLLBACK');
    await a.query('ROLLBACK');

    // LISTEN/NOTIFY between connections.
    await listener.query('LISTEN council_test');
    const notified = once(listener, 'notification');
    await a.query("NOTIFY council_test, 'hello'");
    const [message] = await notified;
    assert.equal(message.payload, 'hello');

    // client.end() resolves once the connection is closed (a pool's end() does not wait for that).
    await Promise.all(clients.map((client) => client.end()));

    const exit = await first.service.stop(15_000);
    assert.equal(exit.code, 0, 'exits 0 on SIGTERM');
    assert.equal((await probePostgres(first.url, 500)).ok, false, 'no longer answering');
    assert.equal(await isPortFree(port), true);
    assert.ok(
      lines.some((line) => /fast shutdown request/.test(line)),
      'stopped with a fast shutdown',
    );
    assert.equal(existsSync(path.join(dataDir, 'postmaster.pid')), false, 'shut down cleanly');

    const again = await startEmbeddedPostgres({ port, dataDir, sink });
    assert.equal(again.firstStart, false);
    assert.equal(again.url, first.url, 'the same password is reused');
    const rows = await withClient(
      again.url,
      async (client) => (await client.query('SELECT note FROM kept ORDER BY id')).rows,
    );
    assert.deepEqual(rows, [{ note: 'still here' }, { note: 'second' }]);
    assert.equal((await again.service.stop(15_000)).code, 0);
  },
);

test(
  'a run killed hard (orphaned server, stale pid file) starts again without cleanup',
  { timeout: 120_000 },
  async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres({ port, dataDir, sink });
    const pidFile = path.join(dataDir, 'postmaster.pid');
    const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);

    // The launcher child dies without stopping its server: the server keeps the port and the pid file.
    first.service.child.kill('SIGKILL');
    await first.service.exited;
    assert.equal((await probePostgres(first.url, 1000)).ok, true, 'the orphan still answers');

    const second = await startEmbeddedPostgres({ port, dataDir, sink });
    assert.equal(isAlive(postmaster), false, 'the orphan was stopped');
    await withClient(second.url, (client) => client.query('SELECT 1'));

    // Now the server itself is killed hard: the pid file stays behind with a PID that is gone.
    const secondPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    process.kill(secondPid, 'SIGKILL');
    await second.service.exited;
    assert.ok(existsSync(pidFile), 'a stale postmaster.pid is left');

    const third = await startEmbeddedPostgres({ port, dataDir, sink });
    const rows = await withClient(
      third.url,
      async (client) => (await client.query('SELECT count(*)::int AS n FROM kept')).rows,
    );
    assert.deepEqual(rows, [{ n: 2 }], 'crash recovery kept the data');
    assert.equal((await third.service.stop(15_000)).code, 0);
  },
);

test('refuses a port that is already taken, naming EMBEDDED_PG_PORT', async () => {
  const port = await freePort();
  const blocker = net.createServer().listen(port, '127.0.0.1');
  await once(blocker, 'listening');
  try {
    await assert.rejects(startEmbeddedPostgres({ port, dataDir, sink }), /already in use.*EMBEDDED_PG_PORT/);
  } finally {
    blocker.close();
  }
});
