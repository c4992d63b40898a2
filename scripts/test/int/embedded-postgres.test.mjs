// The embedded PostgreSQL of `npm start`: PGlite behind pglite-socket, in a child process.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import pg from 'pg';
import { freePort, isPortFree } from '../../lib/net.mjs';
import { startEmbeddedPostgres } from '../../lib/pglite-server.mjs';
import { probePostgres } from '../../lib/postgres.mjs';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'council-pglite-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));
const lines = [];
const sink = (name, _colour, line) => lines.push(`${name} | ${line}`);

test(
  'starts, serves many pooled connections and stops cleanly; data survives a restart',
  { timeout: 120_000 },
  async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres({ port, dataDir, maxConnections: 50, sink });
    assert.equal(first.firstStart, true);
    assert.match(first.url, /sslmode=disable/);
    assert.ok(existsSync(path.join(dataDir, 'PG_VERSION')), 'data lives on disk');

    // Four apps' pools at once: more sockets than pglite-socket's default of one.
    const pool = new pg.Pool({ connectionString: first.url, max: 20 });
    const clients = await Promise.all(Array.from({ length: 20 }, () => pool.connect()));
    const answers = await Promise.all(clients.map((client, i) => client.query('SELECT $1::int AS n', [i])));
    assert.deepEqual(
      answers.map((result) => result.rows[0].n),
      Array.from({ length: 20 }, (_, i) => i),
    );
    clients.forEach((client) => client.release());
    await pool.query('CREATE EXTENSION IF NOT EXISTS "uuid-ossp"');
    await pool.query('CREATE EXTENSION IF NOT EXISTS pgcrypto');
    await pool.query('CREATE TABLE kept (id uuid PRIMARY KEY DEFAULT uuid_generate_v4(), note text)');
    await pool.query("INSERT INTO kept (note) VALUES ('still here')");
    await pool.end();

    const exit = await first.service.stop(10_000);
    assert.equal(exit.code, 0, 'exits 0 on SIGTERM');
    assert.equal((await probePostgres(first.url, 500)).ok, false, 'no longer answering');
    assert.equal(await isPortFree(port), true);

    const again = await startEmbeddedPostgres({ port, dataDir, sink });
    assert.equal(again.firstStart, false);
    const client = new pg.Client({ connectionString: again.url });
    await client.connect();
    const { rows } = await client.query('SELECT note FROM kept');
    await client.end();
    assert.deepEqual(rows, [{ note: 'still here' }]);
    assert.equal((await again.service.stop(10_000)).code, 0);
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
