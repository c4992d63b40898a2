// One stack the bench measures: its own database and Redis prefix on the shared PostgreSQL and
// Redis, its apps started from a checkout's built dist/ (this one, or another for --compare), and
// what its phases account: the apps' PIDs, the database's backends and the Redis server.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, run } from '../lib/exec.mjs';
import { onCleanup } from '../lib/lifecycle.mjs';
import { error, info, ok } from '../lib/log.mjs';
import { freePort } from '../lib/net.mjs';
import { createDatabase, dropDatabase } from '../lib/postgres.mjs';
import { deleteKeysWithPrefix } from '../lib/redis.mjs';
import { type Sink } from '../lib/service-process.mjs';
import { type AppSpec, SERVER_APPS, startStack } from '../lib/stack.mjs';
import { withDatabase } from '../lib/urls.mjs';
import { type CpuScan, DRIVER_GROUP, FAKE_GROUP, MAINTENANCE_GROUP } from './cpu.ts';
import { stackEnv } from './setup.ts';

/** The processes whose CPU a phase accounts: known PIDs by group, and what to find by scanning /proc. */
export interface CpuProcesses {
  known: Record<string, string>;
  scan: CpuScan;
}

export interface StackUnderTest {
  baseUrl: string;
  databaseUrl: string;
  /** Where each app's /metrics answers (the gateway's on its own METRICS_PORT). */
  appUrls: Record<string, string>;
  cpu: () => CpuProcesses;
}

/** The stack, with the bench's VACUUM backend counted apart from it (MAINTENANCE_GROUP). */
export function withMaintenanceBackend(target: StackUnderTest, backendPid: number): StackUnderTest {
  return {
    ...target,
    cpu: () => {
      const { known, scan } = target.cpu();
      return { known: { ...known, [String(backendPid)]: MAINTENANCE_GROUP }, scan };
    },
  };
}

export interface StackUnderTestSpec {
  /** Names the stack's database, Redis prefix and profiles: `council_bench_<id>`. */
  id: string;
  /** The checkout whose apps/*\/dist and libs/db/dist run. */
  root: string;
  postgresUrl: string;
  redisUrl: string;
  fakeUrl: string;
  fakePid: number | undefined;
  providerWorkers: number;
  profile: boolean;
  sink: Sink;
  logFile: string;
  /** More environment for every app of this stack (e.g. tracing on). */
  env?: NodeJS.ProcessEnv;
}

/** PIDs by the group their CPU is accounted to (a service that never started has no PID). */
export function knownPids(
  entries: ReadonlyArray<readonly [number | undefined, string]>,
): Record<string, string> {
  const known: Record<string, string> = {};
  for (const [pid, group] of entries) if (pid !== undefined) known[pid] = group;
  return known;
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** Creates the stack's database, migrates and seeds it with the checkout's own CLI, starts its apps. */
export async function startStackUnderTest(spec: StackUnderTestSpec): Promise<StackUnderTest> {
  const database = `council_bench_${spec.id}`;
  await createDatabase(spec.postgresUrl, database);
  onCleanup(async () => {
    await dropDatabase(spec.postgresUrl, database);
    info(`Dropped database ${database}`);
  });
  const prefix = `council-bench-${spec.id}`;
  onCleanup(async () => {
    const deleted = await deleteKeysWithPrefix(spec.redisUrl, prefix);
    info(`Deleted ${deleted} Redis key(s) with prefix ${prefix}`);
  });
  const databaseUrl = withDatabase(spec.postgresUrl, database);
  const outbox = path.join(ROOT, '.data', 'outbox', `bench-${spec.id}`);
  onCleanup(() => rmSync(outbox, { recursive: true, force: true }));
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: spec.redisUrl,
    REDIS_PREFIX: prefix,
    MAIL_OUTBOX_DIR: outbox,
  };
  delete base.SMTP_URL;
  const cli = (name: string) => path.join(spec.root, 'libs', 'db', 'dist', 'cli', name);
  await run(process.execPath, [cli('migrate.js')], { cwd: spec.root, env: { ...base, LOG_LEVEL: 'warn' } });
  await run(process.execPath, [cli('seed.js')], { cwd: spec.root, env: { ...base, LOG_LEVEL: 'warn' } });

  const apps: AppSpec[] = [...SERVER_APPS];
  const workerSpec = SERVER_APPS.find((app) => app.name === 'provider-worker');
  if (!workerSpec) throw new Error('SERVER_APPS has no provider-worker');
  for (let n = 2; n <= spec.providerWorkers; n += 1) apps.push({ ...workerSpec, id: `provider-worker-${n}` });
  const portList = await distinctFreePorts(apps.length + 1);
  const ports = Object.fromEntries(apps.map((app, i) => [app.id ?? app.name, portList[i]]));
  // The gateway serves its metrics on a port of their own (METRICS_PORT), never on its public one.
  const gatewayMetricsPort = portList[apps.length];
  const gatewayIndex = apps.findIndex((app) => app.name === 'gateway');
  const gatewaySpec = apps[gatewayIndex];
  if (!gatewaySpec) throw new Error('SERVER_APPS has no gateway');
  apps[gatewayIndex] = { ...gatewaySpec, env: { METRICS_PORT: String(gatewayMetricsPort) } };
  const baseUrl = `http://127.0.0.1:${ports.gateway}`;
  const where = spec.root === ROOT ? '' : ` from ${spec.root}`;
  info(`Starting the apps${where} (gateway on ${baseUrl}); logs in ${path.relative(ROOT, spec.logFile)}`);
  const env = { ...stackEnv({ base, fakeUrl: spec.fakeUrl, baseUrl }), ...spec.env };
  if (spec.profile) {
    const profileDir = path.join(ROOT, '.data', 'profiles', `bench-${spec.id}`);
    mkdirSync(profileDir, { recursive: true });
    env.NODE_OPTIONS =
      `${env.NODE_OPTIONS ?? ''} --require ${path.join(ROOT, 'scripts', 'bench', 'cpu-profile.cjs')}`.trim();
    env.BENCH_PROFILE_DIR = profileDir;
    info(`CPU profiles of the apps go to ${path.relative(ROOT, profileDir)} when they stop`);
  }
  const stack = await startStack({ env, ports, apps, root: spec.root, sink: spec.sink });
  onCleanup(async () => {
    if (spec.profile) {
      // cpu-profile.cjs writes the profiles on SIGUSR2; give them a moment before stopping.
      for (const service of stack.services) if (!service.hasExited) service.child.kill('SIGUSR2');
      await sleep(3000);
    }
    await stack.stop();
  });
  void stack.exited.then(({ app, exit }) => {
    error(`${app} stopped during the benchmark (${JSON.stringify(exit)}); see ${spec.logFile}`);
    process.kill(process.pid, 'SIGTERM');
  });
  const known = knownPids([
    [process.pid, DRIVER_GROUP],
    [spec.fakePid, FAKE_GROUP],
    ...stack.services.map((service) => [service.pid, service.name] as const),
  ]);
  const scan: CpuScan = { database, redisPort: new URL(spec.redisUrl).port || '6379' };
  ok(`All ${apps.length} app processes are healthy`);
  return {
    baseUrl,
    databaseUrl,
    appUrls: { ...stack.urls, gateway: `http://127.0.0.1:${gatewayMetricsPort}` },
    cpu: () => ({ known, scan }),
  };
}
