// Launches scripts/embedded-postgres.mjs as a child and waits until a pg client can SELECT 1.
import { existsSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { ROOT } from './exec.mjs';
import { waitFor, isPortFree } from './net.mjs';
import { probePostgres } from './postgres.mjs';
import { describeExit, startService } from './service-process.mjs';

export const EMBEDDED_PG_DEFAULT_PORT = 54320;

export function embeddedPostgresUrl(port) {
  // PGlite speaks no SSL: say so, or clients that prefer SSL would try to negotiate it first.
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

/**
 * Starts PGlite on `port` with its data in `dataDir`. Resolves to
 * { url, service, firstStart } once SELECT 1 answers; rejects if the child dies first.
 */
export async function startEmbeddedPostgres({
  port,
  dataDir,
  maxConnections = 100,
  sink,
  timeoutMs = 60_000,
}) {
  if (!(await isPortFree(port))) {
    throw new Error(
      `Port ${port} (embedded PostgreSQL) is already in use — is another \`npm start\` running? ` +
        'Stop it, or set EMBEDDED_PG_PORT to another port, or DATABASE_URL to use your own PostgreSQL.',
    );
  }
  const firstStart = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const service = startService(
    'postgres',
    process.execPath,
    [path.join(ROOT, 'scripts', 'embedded-postgres.mjs')],
    {
      env: {
        ...process.env,
        EMBEDDED_PG_DIR: dataDir,
        EMBEDDED_PG_PORT: String(port),
        EMBEDDED_PG_MAX_CONNECTIONS: String(maxConnections),
      },
      colour: 'blue',
      sink,
      ipc: true,
    },
  );
  const url = embeddedPostgresUrl(port);
  const died = service.exited.then((exit) => {
    throw new Error(`embedded PostgreSQL ${describeExit(exit)} before it was ready`);
  });
  try {
    await waitFor(async () => (await probePostgres(url, 1000)).ok, {
      timeoutMs,
      what: `embedded PostgreSQL on port ${port}`,
      abort: died,
    });
  } catch (cause) {
    await service.stop(5000);
    throw cause;
  }
  died.catch(() => {}); // it may still exit later; the caller watches service.exited for that
  return { url, service, firstStart };
}
