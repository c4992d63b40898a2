// Embedded PostgreSQL for `npm start` when no DATABASE_URL is set: PGlite (Postgres compiled to
// WebAssembly) behind pglite-socket, so the apps connect with the ordinary `pg` driver.
// Started as a child by scripts/lib/pglite-server.mjs; configured through env:
//   EMBEDDED_PG_DIR (data directory), EMBEDDED_PG_PORT, EMBEDDED_PG_MAX_CONNECTIONS.
// Caveats (shared/notes/toolchain.md §2): one backend session for all sockets, transactions
// serialised globally, no cross-connection LISTEN/NOTIFY. Fine for a dev/demo stack, not for tests.
import { mkdirSync } from 'node:fs';
import process from 'node:process';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';

const dataDir = process.env.EMBEDDED_PG_DIR;
const port = Number(process.env.EMBEDDED_PG_PORT ?? 54320);
// pglite-socket's default is ONE connection: a second pool member gets ECONNRESET (notes §2.4).
const maxConnections = Number(process.env.EMBEDDED_PG_MAX_CONNECTIONS ?? 100);

if (!dataDir) {
  console.error('EMBEDDED_PG_DIR is not set');
  process.exit(2);
}
mkdirSync(dataDir, { recursive: true });

// Extensions PGlite lacks unless loaded up front; TypeORM may CREATE EXTENSION these at connect.
const db = await PGlite.create(dataDir, { extensions: { citext, pgcrypto, uuid_ossp } });
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections });
await server.start();
console.log(
  `PGlite listening on 127.0.0.1:${port} (data in ${dataDir}, up to ${maxConnections} connections)`,
);
process.send?.({ type: 'ready', port });

let stopping = false;
async function shutdown(reason) {
  if (stopping) return;
  stopping = true;
  console.log(`stopping (${reason})`);
  // Closing PGlite flushes its files; killing it mid-write can leave the data directory unusable.
  await server.stop().catch(() => {});
  await db.close().catch(() => {});
  process.exit(0);
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// If the parent dies without stopping us (e.g. SIGKILL), the IPC channel closes: don't linger.
process.on('disconnect', () => void shutdown('parent went away'));
