// `npm test`: every check CI runs, in order, stopping at the first failure.
//
// Stages: format (prettier --check .), lint (nx + eslint scripts), typecheck (nx + tsc -p scripts), unit (nx test +
// scripts/test/*.test.{mjs,ts}), int (nx test:int against real PostgreSQL and Redis + scripts/test/int),
// cluster (a real three-master Redis Cluster on loopback: the key layout, then the integration
// suites of asking, streaming and replay, billing's usage settlement and retention against it),
// smoke (`npm start` with nothing set, used as a new user, restarted: scripts/smoke), e2e (build, fresh database, migrate + seed, the four apps on free ports, Playwright in Chromium),
// faults (scripts/faults: workers killed, Redis/PostgreSQL restarted, provider faults, reconnects).
// Before int/e2e, PostgreSQL and Redis are made reachable (started or apt-installed when local and
// missing) and, for e2e, Chromium is installed when absent.
//
// Flags (after `npm test --`):
//   --skip-e2e            everything but e2e
//   --only=unit,int       just these stages (names: format, lint, typecheck, unit, int, cluster, smoke, e2e, faults)
//   --skip=format,lint    all but these
// Env read: DATABASE_URL (admin URL; default postgres://postgres@127.0.0.1:5432/postgres),
// REDIS_URL (default redis://127.0.0.1:6379), CHROMIUM_PATH (default /usr/bin/chromium).
// Exit code: 0 when every selected stage passed, 1 on a failure, 130/143 when interrupted.
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { makeRunId, parseTestArgs, USAGE } from './lib/args.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureTestPostgres } from './lib/ensure-postgres.mjs';
import { ensureTestRedis, redisServerBinary } from './lib/ensure-redis.mjs';
import { bin, nx, ROOT, run, signalRunning } from './lib/exec.mjs';
import { exitOnSignals, onCleanup, runCleanups } from './lib/lifecycle.mjs';
import { banner, error, info, ok } from './lib/log.mjs';
import { freePort } from './lib/net.mjs';
import { createDatabase, dropDatabase } from './lib/postgres.mjs';
import { deleteKeysWithPrefix } from './lib/redis.mjs';
import { startRedisCluster } from './lib/redis-cluster.mjs';
import { stopAllServices, streamSink } from './lib/service-process.mjs';
import { AppExitError, SERVER_APPS, startStack } from './lib/stack.mjs';
import { StageRunner } from './lib/stage-runner.mjs';
import { redactUrl, withDatabase } from './lib/urls.mjs';

const runId = makeRunId();
/**
 * What the "services" stage found; every stage that reads it runs after that stage.
 * @type {{
 *   postgres: { url: string, description: string, stop?: () => Promise<void> },
 *   redis: { url: string, description: string },
 *   chromium: string,
 * }}
 */
const services = /** @type {any} */ ({});

/**
 * `node --test` on a directory's test files, with extra env for the ones that talk to services.
 * tsx (installed by then) runs the TypeScript ones and what they import.
 */
/**
 * @param {string} dir
 * @param {NodeJS.ProcessEnv} [env]
 */
function nodeTests(dir, env = process.env) {
  const files = readdirSync(path.join(ROOT, dir))
    .filter((file) => /\.test\.(mjs|ts)$/.test(file))
    .map((file) => path.join(dir, file));
  return files.length > 0
    ? run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], { env })
    : Promise.resolve();
}

/**
 * Removes one run's Redis keys; a failure here is reported but does not fail the run.
 * @param {string} prefix
 */
function cleanRedisKeysAfter(prefix) {
  onCleanup(async () => {
    const deleted = await deleteKeysWithPrefix(services.redis.url, prefix);
    info(`Deleted ${deleted} Redis key(s) with prefix ${prefix}`);
  });
}

/** @param {number} count */
async function distinctFreePorts(count) {
  const ports = new Set();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/**
 * @param {string} file
 * @param {number} [lines]
 */
function printLogTail(file, lines = 150) {
  const all = readFileSync(file, 'utf8').trimEnd().split('\n');
  banner(
    `Stack log: last ${Math.min(lines, all.length)} of ${all.length} lines (${path.relative(ROOT, file)})`,
  );
  console.log(all.slice(-lines).join('\n'));
}

/**
 * The integration suites the cluster stage runs: asking through flows and provider workers, live
 * streams with reconnect replay across two gateways, sessions and health, billing's usage
 * settlement, the retention sweep. The gateway suites that talk to billing over its Redis
 * transport keep a private single Redis of their own, so they add nothing here.
 */
const CLUSTER_SUITES = [
  ['provider-worker', 'test/answers'],
  ['consensus-worker', 'test/(consensus|retention|question-fail)'],
  ['billing', 'test/reservations'],
  ['gateway', 'test/(council-stream|gateway)\\.int'],
];

/** @type {Record<string, [title: string, run: () => Promise<void>]>} */
const STAGES = {
  format: ['Formatting (prettier --check .)', () => run(bin('prettier'), ['--check', '.'])],

  lint: [
    'Lint (nx run-many -t lint, eslint scripts)',
    async () => {
      await nx(['run-many', '-t', 'lint']);
      // scripts/ belongs to no Nx project, so Nx would never lint it.
      await run(bin('eslint'), ['scripts', '--max-warnings', '0']);
    },
  ],

  typecheck: [
    'Typecheck (nx run-many -t typecheck, tsc -p scripts)',
    async () => {
      await nx(['run-many', '-t', 'typecheck']);
      // scripts/ belongs to no Nx project: its TypeScript and the JSDoc of scripts/lib are checked
      // here, against the declarations of the libs they load (built, as their package.json says).
      await nx(['run-many', '-t', 'build', '-p', '@council/llm', '@council/testing']);
      await run(bin('tsc'), ['-p', 'scripts/tsconfig.json']);
    },
  ],

  unit: [
    'Unit tests (nx run-many -t test, scripts/test)',
    async () => {
      await nx(['run-many', '-t', 'test']);
      await nodeTests('scripts/test');
    },
  ],

  int: [
    'Integration tests (nx run-many -t test:int, scripts/test/int)',
    async () => {
      const prefix = `council-test-${runId}`;
      cleanRedisKeysAfter(prefix);
      const env = {
        ...process.env,
        DATABASE_URL: services.postgres.url,
        REDIS_URL: services.redis.url,
        REDIS_PREFIX: prefix,
      };
      info(
        `DATABASE_URL=${redactUrl(env.DATABASE_URL)} REDIS_URL=${redactUrl(env.REDIS_URL)} REDIS_PREFIX=${prefix}`,
      );
      await nx(['run-many', '-t', 'test:int', '--parallel=1', '--skip-nx-cache'], { env });
      await nodeTests('scripts/test/int', env);
    },
  ],

  cluster: [
    'Redis Cluster: key layout and integration suites on three masters (docs/redis-cluster.md)',
    async () => {
      const redisServer = await redisServerBinary();
      const redisCli = path.join(path.dirname(redisServer), 'redis-cli');
      const cluster = await startRedisCluster({ redisServer, redisCli });
      // The cluster lives only for this stage; its nodes stop even when a suite fails.
      onCleanup(() => cluster.stop());
      const env = {
        ...process.env,
        DATABASE_URL: services.postgres.url,
        REDIS_URL: cluster.url,
        REDIS_CLUSTER_NODES: cluster.nodes,
        REDIS_PREFIX: `council-cluster-${runId}`,
      };
      info(`REDIS_CLUSTER_NODES=${cluster.nodes}`);
      await nx(['run-many', '-t', 'build', '-p', '@council/contracts']);
      await run(process.execPath, ['scripts/test/cluster/layout.mjs'], { env });
      for (const [app, pattern] of CLUSTER_SUITES) {
        // --forceExit: a suite that failed half-way must not leave the stage waiting on its clients.
        const args = ['--config', 'jest.int.config.cjs', '--runInBand', '--forceExit', pattern];
        await run(bin('jest'), args, {
          env,
          cwd: path.join(ROOT, 'apps', app),
        });
      }
    },
  ],

  smoke: [
    'Smoke: what `npm start` serves on a fresh clone, used as a new user (scripts/smoke)',
    () => run(process.execPath, ['scripts/smoke/run.mjs']),
  ],

  e2e: [
    'End-to-end (build, fresh database, stack, Playwright)',
    async () => {
      await nx(['run-many', '-t', 'build']);

      const adminUrl = services.postgres.url;
      const database = `council_e2e_${runId}`;
      await createDatabase(adminUrl, database);
      onCleanup(async () => {
        await dropDatabase(adminUrl, database);
        info(`Dropped database ${database}`);
      });
      const prefix = `council-e2e-${runId}`;
      cleanRedisKeysAfter(prefix);

      /** @type {NodeJS.ProcessEnv & { MAIL_OUTBOX_DIR: string }} */
      const env = {
        ...process.env,
        DATABASE_URL: withDatabase(adminUrl, database),
        REDIS_URL: services.redis.url,
        REDIS_PREFIX: prefix,
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.LOG_LEVEL || 'info',
        // The gateway writes mail to this run's outbox; the accounts spec reads the reset link there.
        MAIL_OUTBOX_DIR: path.join(ROOT, '.data', 'outbox', `e2e-${runId}`),
        // Every spec signs up its own users, all from 127.0.0.1: more than a real address's 20 an hour.
        REGISTER_LIMIT_PER_HOUR: '1000',
      };
      delete env.SMTP_URL;
      onCleanup(() => rmSync(env.MAIL_OUTBOX_DIR, { recursive: true, force: true }));
      // Nothing is configured, as on a newcomer's first start: the built-in providers answer the
      // example questions in demo mode and refuse the rest (docs/decisions.md, decisions 22 and 23).
      // Live OpenAI-compatible providers on the whole stack are the faults stage's (five-providers,
      // demo-members) and the smoke stage's.
      info(`Database ${database}, Redis prefix ${prefix}`);
      await run(process.execPath, ['libs/db/dist/cli/migrate.js'], { env });
      await run(process.execPath, ['libs/db/dist/cli/seed.js'], { env });

      const portList = await distinctFreePorts(SERVER_APPS.length);
      const ports = Object.fromEntries(SERVER_APPS.map((app, i) => [app.name, portList[i]]));
      const baseUrl = `http://127.0.0.1:${ports.gateway}`;
      const logDir = path.join(ROOT, '.data', 'logs');
      mkdirSync(logDir, { recursive: true });
      const logFile = path.join(logDir, `e2e-${runId}.log`);
      const log = createWriteStream(logFile);
      let passed = false;
      // Runs after the stack has stopped (cleanups are last-in-first-out), so shutdown lines are kept.
      // A passing run's log is deleted; a failing run's stays for reading.
      onCleanup(async () => {
        await new Promise((resolve) => log.end(resolve));
        if (passed) rmSync(logFile, { force: true });
      });

      info(
        `Starting the apps (gateway on ${baseUrl}); their logs go to ${path.relative(ROOT, logFile)} (kept on failure)`,
      );
      try {
        const stack = await startStack({
          env: { ...env, PUBLIC_URL: baseUrl },
          ports,
          sink: streamSink(log),
        });
        onCleanup(() => stack.stop());
        ok('All four apps are healthy');

        // Playwright would only time out against a dead app: stop it and name the app instead.
        let appDied = null;
        stack.exited.then(({ app, exit }) => {
          appDied = new AppExitError(app, exit);
          signalRunning('SIGTERM');
        });
        try {
          await nx(['run', '@council/web-e2e:e2e'], {
            env: {
              ...env,
              E2E_BASE_URL: baseUrl,
              E2E_OUTBOX_DIR: env.MAIL_OUTBOX_DIR,
              CHROMIUM_PATH: services.chromium,
            },
          });
        } catch (cause) {
          throw appDied ?? cause;
        }
        if (appDied) throw appDied;
        passed = true;
      } catch (cause) {
        await new Promise((resolve) => log.write('', resolve));
        printLogTail(logFile);
        throw cause;
      }
    },
  ],

  faults: [
    'Fault scenarios (kills, restarts, provider faults: scripts/faults)',
    () =>
      run(process.execPath, ['--import', 'tsx', 'scripts/faults/run.ts'], {
        env: { ...process.env, DATABASE_URL: services.postgres.url, REDIS_URL: services.redis.url },
      }),
  ],
};

/** @param {readonly string[]} stages */
async function prepareServices(stages) {
  const pg = await ensureTestPostgres();
  if (pg.stop) onCleanup(pg.stop);
  services.postgres = pg;
  ok(`PostgreSQL: ${redactUrl(pg.url)} (${pg.description})`);

  services.redis = await ensureTestRedis();
  ok(`Redis:      ${redactUrl(services.redis.url)} (${services.redis.description})`);

  if (stages.includes('e2e')) {
    services.chromium = await ensureChromium();
    ok(`Chromium:   ${services.chromium}`);
  }
}

async function main() {
  let parsed;
  try {
    parsed = parseTestArgs(process.argv.slice(2));
  } catch (cause) {
    error(cause instanceof Error ? cause.message : String(cause));
    return 2;
  }
  if (parsed.help) {
    console.log(USAGE);
    return 0;
  }
  const { stages } = parsed;
  const needsServices = ['int', 'cluster', 'smoke', 'e2e', 'faults'].some((stage) => stages.includes(stage));
  const names = [...(needsServices ? ['services'] : []), ...stages];
  const runner = new StageRunner(names.length);

  exitOnSignals({
    finish: (signal) => {
      banner(`Interrupted by ${signal}`);
      console.log(runner.summary(names));
      return signal === 'SIGINT' ? 130 : 143;
    },
  });
  onCleanup(() => stopAllServices());
  info(`Run id ${runId}; stages: ${stages.join(', ')}`);

  let code = 0;
  try {
    if (needsServices)
      await runner.run('services', 'PostgreSQL, Redis and Chromium', () => prepareServices(stages));
    for (const name of stages) {
      const [title, fn] = STAGES[name];
      await runner.run(name, title, fn);
    }
  } catch (cause) {
    error(cause instanceof Error ? cause.message : String(cause));
    code = 1;
  } finally {
    await runCleanups();
  }
  banner(code === 0 ? 'All stages passed' : 'Test run failed');
  console.log(runner.summary(names));
  return code;
}

process.exitCode = await main();
