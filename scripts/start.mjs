// `npm start`: build everything, provide PostgreSQL and Redis, migrate + seed, run the four apps.
//
// Reads: DATABASE_URL (else the embedded PostgreSQL on EMBEDDED_PG_PORT, default 54320, its cluster in
// EMBEDDED_PG_DATA, default .data/postgres),
// REDIS_URL (else 127.0.0.1:6379 if it answers, else a private redis-server), PORT (gateway, 3000),
// BILLING_PORT (3001), PROVIDER_WORKER_PORT (3002), CONSENSUS_WORKER_PORT (3003), the internal apps'
// metrics ports (BILLING_METRICS_PORT 9101, PROVIDER_WORKER_METRICS_PORT 9102,
// CONSENSUS_WORKER_METRICS_PORT 9103; those apps listen on 127.0.0.1 only), SESSION_SECRET (else one
// made once and kept in .data/session-secret), REDIS_PREFIX (default: one of the database's own, see
// devRedisPrefix),
// LOG_LEVEL, NODE_ENV (development), PUBLIC_URL; everything else is passed to the apps untouched.
// The gateway reaches billing at BILLING_URL (http://127.0.0.1:BILLING_PORT) with BILLING_RPC_SECRET
// (a fresh random one per start unless set).
// A root .env file is loaded first (variables already set win), so the apps and this script agree.
// Ctrl-C / SIGTERM stops the apps, then Postgres/Redis children, and exits 0. An app that exits on
// its own stops everything; the exit code is then non-zero and the app is named.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { ensureDevPostgres } from './lib/ensure-postgres.mjs';
import { databaseIdentity } from './lib/postgres.mjs';
import { ensureDevRedis } from './lib/ensure-redis.mjs';
import { nx, ROOT, run } from './lib/exec.mjs';
import { exitOnSignals, onCleanup, runCleanups } from './lib/lifecycle.mjs';
import { banner, error, info, ok, paint } from './lib/log.mjs';
import { describeExit, stopAllServices } from './lib/service-process.mjs';
import { isPortFree } from './lib/net.mjs';
import {
  INTERNAL_METRICS_PORTS,
  LOOPBACK,
  appsWithPrivateInternals,
  internalMetricsPorts,
  localSessionSecret,
} from './lib/private-apps.mjs';
import { assertReadyToStart, portsFromEnv, startStack } from './lib/stack.mjs';
import { redactUrl } from './lib/urls.mjs';

const envFile = path.join(ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

/**
 * Stops with a message when a child we depend on (embedded Postgres, our redis-server) dies.
 * @param {string} name
 * @param {import('./lib/service-process.mjs').Service} service
 */
function watchInfrastructure(name, service) {
  onCleanup(() => service.stop(10_000));
  service.exited.then(async (exit) => {
    if (shuttingDown) return;
    error(`${name} ${describeExit(exit)}: stopping Council`);
    await shutdown(1);
  });
}

let shuttingDown = false;
/** @param {number} code */
async function shutdown(code) {
  shuttingDown = true;
  await runCleanups();
  process.exit(code);
}

async function main() {
  // A stop the user asked for is a normal end, not a failure for npm to report.
  exitOnSignals({ onSignal: () => (shuttingDown = true), finish: () => 0 });
  // Registered first so it runs last: catches a child started just before a signal or an error.
  onCleanup(() => stopAllServices());

  // Before the build, so a second `npm start` (or anything on :3000) fails in a second, not minutes.
  const ports = portsFromEnv();
  const metricsPorts = internalMetricsPorts();
  const apps = appsWithPrivateInternals(metricsPorts);
  await assertReadyToStart({ ports, requireBuild: false });
  for (const [app, port] of Object.entries(metricsPorts)) {
    if (!(await isPortFree(port))) {
      throw new Error(
        `Port ${port} for ${app}'s metrics is already in use; set ${INTERNAL_METRICS_PORTS[app].env} to another port`,
      );
    }
  }

  banner('Build (nx run-many -t build)');
  await nx(['run-many', '-t', 'build']);

  banner('Infrastructure');
  const postgres = await ensureDevPostgres();
  if (postgres.service) watchInfrastructure('embedded PostgreSQL', postgres.service);
  ok(`Database: ${redactUrl(postgres.url)} (${postgres.description})`);

  const redis = await ensureDevRedis();
  if (redis.service) watchInfrastructure('redis-server', redis.service);
  ok(`Redis:    ${redactUrl(redis.url)} (${redis.description})`);

  const env = {
    ...process.env,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: process.env.REDIS_PREFIX || (await devRedisPrefix(postgres.url)),
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    NODE_ENV: process.env.NODE_ENV || 'development',
    // The gateway refuses state-changing calls from any other origin, so it must know the port too.
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${ports.gateway}`,
    SESSION_SECRET: process.env.SESSION_SECRET || localSessionSecret(path.join(ROOT, '.data')),
  };

  banner('Database migrations and seed');
  await run(process.execPath, ['libs/db/dist/cli/migrate.js'], { env });
  await run(process.execPath, ['libs/db/dist/cli/seed.js'], { env });

  banner('Apps');
  info(
    `gateway :${ports.gateway}, billing :${ports.billing}, provider-worker :${ports['provider-worker']}, consensus-worker :${ports['consensus-worker']}`,
  );
  info(
    `billing and the workers listen on ${LOOPBACK} only; their metrics: ${Object.entries(metricsPorts)
      .map(([app, port]) => `${app} :${port}`)
      .join(', ')}`,
  );
  const stack = await startStack({ env, ports, apps });
  onCleanup(() => stack.stop());
  if (shuttingDown) return;

  console.log(
    `\n${paint('bold', paint('green', `Council is running at ${env.PUBLIC_URL}`))}  (Ctrl-C to stop)\n`,
  );

  const { app, exit } = await stack.exited;
  if (shuttingDown) return;
  error(`${app} ${describeExit(exit)}: stopping Council`);
  await shutdown(exit.code === 0 ? 1 : (exit.code ?? 1));
}

/**
 * Without REDIS_PREFIX: `council-<hash of the database's identity>`. A new database (a fresh clone,
 * a wiped .data) then gets keys of its own, instead of meeting another database's finished jobs
 * under the same question ids (deterministic job ids would skip its questions); a restart of the
 * same database finds its sessions and streams again.
 * @param {string} databaseUrl
 */
async function devRedisPrefix(databaseUrl) {
  const identity = await databaseIdentity(databaseUrl);
  const prefix = `council-${createHash('sha256').update(identity).digest('hex').slice(0, 10)}`;
  ok(`Redis prefix: ${prefix} (this database's own; set REDIS_PREFIX to choose one)`);
  return prefix;
}

main().catch(async (cause) => {
  if (shuttingDown) return;
  error(cause instanceof Error ? cause.message : String(cause));
  await shutdown(1);
});
