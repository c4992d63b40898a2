// The billing service as a real process for the gateway's billing tests: built with Nx, spawned from
// its dist (apps never import each other, not even in tests), on a Redis of the test's own.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { type AppProcess, type TestRedis, freePort, spawnApp, testRedis } from '@council/testing';
import { Redis } from 'ioredis';

const ROOT = join(__dirname, '../../..');
const BILLING_MAIN = join(ROOT, 'apps/billing/dist/main.js');

/**
 * `nx run <project>:build` (cached, so quick when nothing changed): the gateway's test:int target
 * builds the gateway, not the other apps, and a stale dist would test old code. The outer Nx run's
 * NX_* variables are dropped so this one behaves like a fresh command.
 */
export function buildApp(project: string): void {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('NX_')));
  const result = spawnSync(
    join(ROOT, 'node_modules/.bin/nx'),
    ['run', `${project}:build`, '--outputStyle=static'],
    { cwd: ROOT, env: { ...env, NX_DAEMON: 'false' }, encoding: 'utf8', timeout: 300_000 },
  );
  if (result.status !== 0) {
    throw new Error(
      `nx run ${project}:build failed (${result.status ?? result.signal ?? String(result.error)}):\n` +
        `${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  }
}

export function buildBilling(): void {
  buildApp('@council/billing');
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export interface IsolatedRedis extends TestRedis {
  /** False when redis-server could not be started and the shared Redis is used instead. */
  isolated: boolean;
}

/**
 * A private redis-server on a free port, stopped by `cleanup()`, so nothing of another test run
 * (or of `npm start`) on the shared Redis meets this test's keys, queues or channels. Falls back to
 * the shared Redis (REDIS_URL, own key prefix) when no redis-server binary is on PATH.
 */
export async function isolatedRedis(label: string): Promise<IsolatedRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'warning',
    ],
    { stdio: 'ignore' },
  );
  const spawned = await new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(false));
    child.once('spawn', () => resolve(true));
  });
  if (!spawned) return { ...testRedis(label), isolated: false };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(url))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`redis-server on port ${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    ...testRedis(label, { url }),
    isolated: true,
    cleanup: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface BillingProcess {
  app: AppProcess;
  port: number;
  /** The gateway's BILLING_URL for it. */
  url: string;
  /** SIGTERM, then waits for the exit: from then on nobody answers the billing RPC. */
  stop(): Promise<void>;
}

/**
 * Starts the built billing app with exactly this environment and waits until /health answers; on
 * `port` when given (a gateway already pointed at it), else on a free one.
 */
export async function startBillingProcess(
  env: Record<string, string>,
  port?: number,
): Promise<BillingProcess> {
  port ??= await freePort();
  const app = spawnApp(BILLING_MAIN, { ...env, PORT: String(port) });
  const stop = async () => {
    if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGTERM');
    await app.exited;
  };
  try {
    await app.waitForHealthy(`http://127.0.0.1:${port}/health`, 30_000);
  } catch (error) {
    app.child.kill('SIGKILL');
    await app.exited;
    throw error;
  }
  return { app, port, url: `http://127.0.0.1:${port}`, stop };
}

/**
 * The same JSON with every object's keys reversed, tab-indented, CRLF line ends and a space before
 * each line end: bytes no JSON.stringify of the parsed body would reproduce.
 */
export function unusualJson(value: unknown): string {
  const reversed = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(reversed);
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node as Record<string, unknown>)
          .reverse()
          .map(([key, child]) => [key, reversed(child)]),
      );
    }
    return node;
  };
  // JSON.stringify escapes newlines inside strings, so every "\n" here is between tokens.
  return JSON.stringify(reversed(value), null, '\t').replace(/\n/g, ' \r\n');
}
