// @ts-check
// Decides which Redis a run uses, starting or installing redis-server when needed.
import process from 'node:process';
import { aptInstall, canAptInstall } from './apt.mjs';
import { which } from './exec.mjs';
import { info } from './log.mjs';
import { probeRedis } from './redis.mjs';
import { startChildRedis, startRedisDaemon } from './redis-server.mjs';
import { isLocalUrl, redactUrl } from './urls.mjs';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export const HOW_TO_GET_REDIS =
  'Redis is needed and none was found. Either install it (as root: apt-get install -y redis-server) ' +
  'so redis-server is on PATH, or point REDIS_URL at a running Redis, e.g. REDIS_URL=redis://127.0.0.1:6379';

/**
 * @param {string} url
 * @param {{ error?: Error }} probe
 */
function unreachable(url, probe) {
  return new Error(`Redis at ${redactUrl(url)} is not answering: ${probe.error?.message ?? 'unknown error'}`);
}

/** redis-server from PATH, installing the Debian package first when that is allowed. */
async function findOrInstallRedisServer() {
  let redisServer = which('redis-server');
  if (!redisServer && canAptInstall()) {
    info('redis-server is not installed: installing it with apt-get');
    await aptInstall(['redis-server']);
    redisServer = which('redis-server') ?? which('/usr/bin/redis-server');
  }
  return redisServer;
}

/** redis-server (and redis-cli beside it) for starting Redis ourselves, e.g. a test cluster. */
export async function redisServerBinary() {
  const redisServer = await findOrInstallRedisServer();
  if (!redisServer) throw new Error(HOW_TO_GET_REDIS);
  return redisServer;
}

/**
 * For `npm start`: REDIS_URL when set (it must answer); else a Redis already answering at
 * `probeUrl` (127.0.0.1:6379; REDIS_PROBE_URL overrides it, so the fallback can be tried on a
 * machine whose Redis is running); else our own redis-server child on a free port.
 * Resolves { url, description, service? } — `service` is the child to stop on exit.
 * @param {{ env?: NodeJS.ProcessEnv, probeUrl?: string, sink?: import('./service-process.mjs').Sink, dataDir?: string }} [options]
 * @returns {Promise<{ url: string, description: string, service?: import('./service-process.mjs').Service }>}
 */
export async function ensureDevRedis({
  env = process.env,
  probeUrl = env.REDIS_PROBE_URL || DEFAULT_REDIS_URL,
  sink,
  dataDir,
} = {}) {
  if (env.REDIS_URL) {
    const probe = await probeRedis(env.REDIS_URL);
    if (!probe.ok) throw unreachable(env.REDIS_URL, probe);
    return { url: env.REDIS_URL, description: 'from REDIS_URL' };
  }
  if ((await probeRedis(probeUrl)).ok)
    return { url: probeUrl, description: 'already running on this machine' };

  const redisServer = await findOrInstallRedisServer();
  if (!redisServer) throw new Error(HOW_TO_GET_REDIS);
  info(`No Redis at ${probeUrl}: starting ${redisServer} for this run (nothing kept on disk)`);
  const started = await startChildRedis(redisServer, { sink, dataDir });
  return {
    url: started.url,
    description: `own redis-server (${redisServer}), stopped on exit`,
    service: started.service,
  };
}

/**
 * For `npm test`: REDIS_URL or the local default; a local Redis that is down is started as the
 * machine's daemon on 6379 (installed first when absent and we are root). Resolves { url, description }.
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<{ url: string, description: string }>}
 */
export async function ensureTestRedis({ env = process.env } = {}) {
  const url = env.REDIS_URL || DEFAULT_REDIS_URL;
  const first = await probeRedis(url);
  if (first.ok) return { url, description: env.REDIS_URL ? 'from REDIS_URL' : 'local server' };
  if (!isLocalUrl(url, 6379)) throw unreachable(url, first);

  const redisServer = await findOrInstallRedisServer();
  if (!redisServer) throw new Error(HOW_TO_GET_REDIS);
  info(`Redis at ${redactUrl(url)} is not answering: starting redis-server on 6379`);
  await startRedisDaemon(redisServer);
  const probe = await probeRedis(url);
  if (!probe.ok) throw unreachable(url, probe);
  return { url, description: 'system redis-server (started now)' };
}
