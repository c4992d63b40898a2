// `npm run test:faults`: fault scenarios against the real apps. Each scenario file
// (scripts/faults/*.fault.ts, node:test) starts its own processes on its own database and Redis
// prefix (or its own Redis / PostgreSQL when it restarts them), breaks something, and checks what
// the user and the ledger see. They run one after another; the long ones (*.long.fault.ts, mostly
// waiting: a client away for 3 minutes) run alongside, their report printed when they end.
//
// Steps: build the apps and libs the scenarios start (nx), make PostgreSQL and Redis reachable as
// `npm test` does, run the scenarios. Every process, database and Redis key a scenario creates is
// removed when it ends, fails, or is interrupted (Ctrl-C / SIGTERM).
//
// Flags (after `npm run test:faults --`): --only=NAMES, --skip=NAMES, --skip-build (see lib/args.ts).
// Env read: DATABASE_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL
// (default redis://127.0.0.1:6379), FAULTS_LOG_LEVEL (apps' LOG_LEVEL, default info).
// Apps' logs: .data/logs/faults-<run id>/<scenario>.log, kept when something failed.
// Exit code: 0 when every scenario passed (todo tests may fail), 1 otherwise, 130/143 when interrupted.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { makeRunId } from '../lib/args.mjs';
import { ensureTestPostgres } from '../lib/ensure-postgres.mjs';
import { ensureTestRedis } from '../lib/ensure-redis.mjs';
import { capture, nx, ROOT, run } from '../lib/exec.mjs';
import { exitOnSignals, onCleanup, runCleanups } from '../lib/lifecycle.mjs';
import { banner, error, formatDuration, info, ok } from '../lib/log.mjs';
import { redactUrl } from '../lib/urls.mjs';
import { type FaultArgs, FAULTS_USAGE, parseFaultArgs, selectScenarios } from './lib/args.ts';

/** What the scenarios start: the four apps, the migrate/seed CLIs and the fake providers. */
const BUILD_PROJECTS = [
  '@council/gateway',
  '@council/billing',
  '@council/provider-worker',
  '@council/consensus-worker',
  '@council/db',
  '@council/testing',
];
const FAULTS_DIR = path.join('scripts', 'faults');
const TEST_TIMEOUT_MS = 10 * 60_000;

/** Scenarios still cleaning up: their `<name>.running` markers whose process is alive. */
function scenariosRunning(logDir: string): string[] {
  if (!existsSync(logDir)) return [];
  return readdirSync(logDir)
    .filter((file) => file.endsWith('.running'))
    .filter((file) => {
      const pid = Number(readFileSync(path.join(logDir, file), 'utf8'));
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    })
    .map((file) => file.replace(/\.running$/, ''));
}

/** On an interrupt: each scenario stops its apps and drops its database itself; wait for that. */
async function waitForScenarioCleanup(logDir: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let running = scenariosRunning(logDir);
  if (running.length > 0) info(`Waiting for ${running.join(', ')} to clean up…`);
  while (running.length > 0 && Date.now() < deadline) {
    await new Promise<void>((resolve) => setTimeout(resolve, 250));
    running = scenariosRunning(logDir);
  }
  if (running.length > 0) error(`Still cleaning up after ${timeoutMs / 1000} s: ${running.join(', ')}`);
}

/** `node --test` on scenario files; tsx runs them, as it runs this script. */
function nodeTestArgs(files: readonly string[]): string[] {
  return [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=1',
    `--test-timeout=${TEST_TIMEOUT_MS}`,
    '--test-reporter=spec',
    ...files,
  ];
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

async function main(): Promise<number> {
  let args: FaultArgs;
  try {
    args = parseFaultArgs(process.argv.slice(2));
  } catch (cause) {
    error(messageOf(cause));
    return 2;
  }
  if (args.help) {
    console.log(FAULTS_USAGE);
    return 0;
  }
  const files = readdirSync(path.join(ROOT, FAULTS_DIR))
    .filter((file) => file.endsWith('.fault.ts'))
    .map((file) => path.join(FAULTS_DIR, file));
  let selected: ReturnType<typeof selectScenarios>;
  try {
    selected = selectScenarios(files, args);
  } catch (cause) {
    error(messageOf(cause));
    return 2;
  }

  const runId = makeRunId();
  const logDir = path.join(ROOT, '.data', 'logs', `faults-${runId}`);
  let interrupted = false;
  exitOnSignals({ onSignal: () => (interrupted = true) });
  onCleanup(() => waitForScenarioCleanup(logDir));
  const started = Date.now();

  if (args.build) {
    banner(`Build (nx run-many -t build, ${BUILD_PROJECTS.length} projects and their dependencies)`);
    await nx(['run-many', '-t', 'build', `--projects=${BUILD_PROJECTS.join(',')}`]);
  }

  banner('PostgreSQL and Redis');
  const postgres = await ensureTestPostgres();
  if (postgres.stop) onCleanup(postgres.stop);
  ok(`PostgreSQL: ${redactUrl(postgres.url)} (${postgres.description})`);
  const redis = await ensureTestRedis();
  ok(`Redis:      ${redactUrl(redis.url)} (${redis.description})`);

  const env = {
    ...process.env,
    FAULTS_RUN_ID: runId,
    FAULTS_LOG_DIR: logDir,
    FAULTS_DATABASE_URL: postgres.url,
    FAULTS_REDIS_URL: redis.url,
  };
  banner(`Fault scenarios (run ${runId})`);
  info(`Apps' logs: ${path.relative(ROOT, logDir)}/<scenario>.log`);
  if (selected.long.length > 0) {
    info(
      `Running alongside, report at the end: ${selected.long.map((file) => path.basename(file)).join(', ')}`,
    );
  }

  const long =
    selected.long.length > 0
      ? capture(process.execPath, nodeTestArgs(selected.long), { env })
      : Promise.resolve({ code: 0, stdout: '', stderr: '' });
  let sequentialPassed = true;
  if (selected.sequential.length > 0) {
    sequentialPassed = await run(process.execPath, nodeTestArgs(selected.sequential), { env }).then(
      () => true,
      () => false,
    );
  }
  if (selected.long.length > 0 && !interrupted) info('Waiting for the long scenarios…');
  const longResult = await long;
  if (selected.long.length > 0) {
    banner(`Long scenarios: ${selected.long.map((file) => path.basename(file)).join(', ')}`);
    process.stdout.write(longResult.stdout);
    process.stderr.write(longResult.stderr);
  }

  // Interrupted: the signal handler cleans up and exits; nothing to report.
  if (interrupted) await new Promise(() => {});
  const passed = sequentialPassed && longResult.code === 0;
  banner(passed ? 'All fault scenarios passed' : 'Fault scenarios failed');
  info(`Took ${formatDuration(Date.now() - started)}`);
  if (passed) rmSync(logDir, { recursive: true, force: true });
  else info(`Apps' logs kept in ${path.relative(ROOT, logDir)}`);
  return passed ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (cause) {
  error(messageOf(cause));
} finally {
  await runCleanups();
}
process.exitCode = code;
