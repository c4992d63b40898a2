// @ts-check
// Starting redis-server ourselves: as a child of `npm start`, or as the machine's daemon for tests.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { isRoot, ROOT, run } from './exec.mjs';
import { freePort, waitFor } from './net.mjs';
import { probeRedis } from './redis.mjs';
import { describeExit, startService } from './service-process.mjs';

/**
 * A private redis-server on a free port that keeps nothing on disk; it is our child, stopped on exit.
 * Resolves { url, service }.
 * @param {string} redisServer
 * @param {{ dataDir?: string, sink?: import('./service-process.mjs').Sink, port?: number }} [options]
 */
export async function startChildRedis(
  redisServer,
  { dataDir = path.join(ROOT, '.data', 'redis'), sink, port } = {},
) {
  mkdirSync(dataDir, { recursive: true });
  const chosenPort = port ?? (await freePort());
  const args = ['--port', String(chosenPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const service = startService('redis', redisServer, [...args, '--dir', dataDir, '--loglevel', 'warning'], {
    colour: 'red',
    sink,
  });
  const url = `redis://127.0.0.1:${chosenPort}`;
  const died = service.exited.then((exit) => {
    throw new Error(`redis-server ${describeExit(exit)} before it was ready`);
  });
  try {
    await waitFor(async () => (await probeRedis(url)).ok, {
      timeoutMs: 15_000,
      what: `redis-server on port ${chosenPort}`,
      abort: died,
    });
  } catch (cause) {
    await service.stop(3000);
    throw cause;
  }
  died.catch(() => {});
  return { url, service };
}

/**
 * The machine's Redis on 6379, started the way the machine's own boot does (a daemon that outlives
 * this run, like the system service it stands in for). Non-root users get their dirs under .data.
 * @param {string} redisServer
 */
export async function startRedisDaemon(redisServer) {
  const dir = isRoot() ? '/var/lib/redis' : path.join(ROOT, '.data', 'redis');
  const logFile = isRoot() ? '/var/log/redis/ci.log' : path.join(ROOT, '.data', 'redis', 'ci.log');
  mkdirSync(dir, { recursive: true });
  mkdirSync(path.dirname(logFile), { recursive: true });
  await run(redisServer, [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '-::1',
    '--port',
    '6379',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    '--logfile',
    logFile,
  ]);
  const url = 'redis://127.0.0.1:6379';
  await waitFor(async () => (await probeRedis(url)).ok, {
    timeoutMs: 15_000,
    what: 'redis-server on port 6379',
  });
  return { url };
}
