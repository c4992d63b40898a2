// @ts-check
// Decides which PostgreSQL a run uses, starting or installing one when needed.
import path from 'node:path';
import process from 'node:process';
import { aptInstall, canAptInstall } from './apt.mjs';
import { ROOT } from './exec.mjs';
import { info, warn } from './log.mjs';
import { waitFor } from './net.mjs';
import {
  EMBEDDED_PG_DEFAULT_DATA,
  EMBEDDED_PG_DEFAULT_PORT,
  startEmbeddedPostgres,
} from './embedded-postgres-server.mjs';
import { probePostgres } from './postgres.mjs';
import {
  installedVersions,
  mainClusters,
  startEphemeralCluster,
  startMainCluster,
} from './system-postgres.mjs';
import { isLocalUrl, redactUrl } from './urls.mjs';

/** The admin URL tests use when DATABASE_URL is unset: the machine's cluster, trust auth on 127.0.0.1. */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * @param {string} url
 * @param {{ error?: Error }} probe
 */
function unreachable(url, probe) {
  return new Error(
    `PostgreSQL at ${redactUrl(url)} is not answering: ${probe.error?.message ?? 'unknown error'}`,
  );
}

/**
 * For `npm start`: DATABASE_URL when set (it must answer), else the embedded PostgreSQL with its
 * cluster in EMBEDDED_PG_DATA (default .data/postgres) on EMBEDDED_PG_PORT (default 54320).
 * Resolves { url, description, service? } — `service` is the child to stop on exit.
 * @param {{ env?: NodeJS.ProcessEnv, sink?: import('./service-process.mjs').Sink }} [options]
 * @returns {Promise<{ url: string, description: string, service?: import('./service-process.mjs').Service }>}
 */
export async function ensureDevPostgres({ env = process.env, sink } = {}) {
  if (env.DATABASE_URL) {
    const probe = await probePostgres(env.DATABASE_URL);
    if (!probe.ok) throw unreachable(env.DATABASE_URL, probe);
    return { url: env.DATABASE_URL, description: 'from DATABASE_URL' };
  }
  const port = Number(env.EMBEDDED_PG_PORT || EMBEDDED_PG_DEFAULT_PORT);
  const dataDir = path.resolve(ROOT, env.EMBEDDED_PG_DATA || EMBEDDED_PG_DEFAULT_DATA);
  const shown = path.relative(ROOT, dataDir).startsWith('..') ? dataDir : path.relative(ROOT, dataDir);
  info(`No DATABASE_URL: starting the embedded PostgreSQL on port ${port}, data in ${shown}`);
  const started = await startEmbeddedPostgres({ port, dataDir, sink });
  return {
    url: started.url,
    description: `embedded PostgreSQL, data in ${shown}${started.firstStart ? ', created now' : ''}`,
    service: started.service,
  };
}

/**
 * Starts the Debian "main" cluster (installing PostgreSQL first when absent and allowed); true if it answers.
 * @param {string} url
 */
async function startSystemPostgres(url) {
  if (installedVersions().length === 0) {
    if (!canAptInstall()) return false;
    await aptInstall(['postgresql']);
  }
  const [version] = mainClusters();
  if (!version) return false;
  info(`Starting the system PostgreSQL ${version} cluster (pg_ctlcluster)`);
  const started = await startMainCluster(version);
  if (!started.ok) {
    warn(`pg_ctlcluster failed: ${started.output}`);
    return false;
  }
  // The server accepts connections a moment after pg_ctlcluster returns; an auth failure is final.
  const probe = await waitFor(
    async () => {
      const result = await probePostgres(url, 1000);
      return result.ok || result.authFailed ? result : null;
    },
    { timeoutMs: 15_000, what: 'PostgreSQL to accept connections' },
  ).catch(() => ({ ok: false, authFailed: false }));
  if (probe.authFailed) warn('The system cluster wants a password on 127.0.0.1 (pg_hba.conf is not trust).');
  return probe.ok;
}

/**
 * For `npm test`: an admin URL (one that may CREATE/DROP DATABASE). DATABASE_URL or the local
 * default; a local server that is down gets started (or installed), and as a last resort a private
 * trust-auth cluster is created. Resolves { url, description, stop? }.
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<{ url: string, description: string, stop?: () => Promise<void> }>}
 */
export async function ensureTestPostgres({ env = process.env } = {}) {
  const url = env.DATABASE_URL || DEFAULT_ADMIN_URL;
  const first = await probePostgres(url);
  if (first.ok) return { url, description: env.DATABASE_URL ? 'from DATABASE_URL' : 'local server' };
  if (!isLocalUrl(url, 5432)) throw unreachable(url, first);

  info(`PostgreSQL at ${redactUrl(url)} is not answering (${first.error.message}); trying to start it`);
  if (await startSystemPostgres(url)) return { url, description: 'system cluster (started now)' };
  if (env.DATABASE_URL) throw unreachable(url, await probePostgres(url));

  if (installedVersions().length === 0) {
    throw new Error(
      'PostgreSQL is not installed. Install it (apt-get install postgresql) or set DATABASE_URL to an admin URL, ' +
        'e.g. postgres://postgres@127.0.0.1:5432/postgres.',
    );
  }
  info('Falling back to a private PostgreSQL cluster (initdb, trust auth) for this run');
  const cluster = await startEphemeralCluster();
  return { url: cluster.url, description: `private cluster in ${cluster.dir}`, stop: cluster.stop };
}
