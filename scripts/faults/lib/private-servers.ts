// A scenario's own Redis and PostgreSQL, for the faults that stop a server: the machine's shared
// servers (6379, 5432) are never restarted, others use them.
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { isRoot, run, which } from '../../lib/exec.mjs';
import { freePort, waitFor } from '../../lib/net.mjs';
import { probePostgres } from '../../lib/postgres.mjs';
import { probeRedis } from '../../lib/redis.mjs';
import { type Service, type Sink, startService } from '../../lib/service-process.mjs';
import { installedVersions } from '../../lib/system-postgres.mjs';

export interface PrivateRedis {
  url: string;
  port: number;
  up(): Promise<void>;
  down(options?: { kill?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * redis-server on a free port with an append-only file fsynced on every write, so a restart (even
 * a kill) loses nothing it acknowledged, as a production Redis with persistence would.
 * Resolves { url, port, stop(), down({ kill }), up() }.
 */
export async function startPrivateRedis({
  sink,
  name = 'redis',
}: { sink?: Sink; name?: string } = {}): Promise<PrivateRedis> {
  const redisServer = which('redis-server') ?? which('/usr/bin/redis-server');
  if (!redisServer) throw new Error('redis-server is not installed (apt-get install -y redis-server)');
  const dir = path.join(os.tmpdir(), `council-faults-redis-${process.pid}-${Date.now().toString(36)}`);
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'always',
    '--loglevel',
    'warning',
  ];
  let service: Service | null = null;
  const up = async () => {
    service = startService(name, redisServer, args, { colour: 'red', sink });
    await waitFor(async () => (await probeRedis(url)).ok, { timeoutMs: 15_000, what: `${name} on ${port}` });
  };
  /** SIGKILL (a crash) or SIGTERM (a clean shutdown); resolves once the port no longer answers. */
  const down = async ({ kill = false } = {}) => {
    if (!service) return;
    if (kill) service.child.kill('SIGKILL');
    await service.stop(10_000);
    service = null;
  };
  await up();
  return {
    url,
    port,
    up,
    down,
    async stop() {
      await down();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function asPostgres(binary: string, args: readonly string[]): Promise<void> {
  return isRoot()
    ? run('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'ignore' })
    : run(binary, args, { stdio: 'ignore' });
}

export interface PrivatePostgres {
  url: string;
  port: number;
  up(): Promise<void>;
  /** `immediate` is a crash (no checkpoint, every connection cut); `fast` a clean restart. */
  down(mode?: 'fast' | 'immediate' | 'smart'): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A throw-away PostgreSQL cluster (initdb, trust auth) on a free port that can be stopped and
 * started again: { url (admin), down(), up(), stop() }.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const [version] = installedVersions();
  if (!version) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql');
  const binDir = `/usr/lib/postgresql/${version}/bin`;
  const dir = path.join(os.tmpdir(), `council-faults-pg-${process.pid}-${Date.now().toString(36)}`);
  mkdirSync(dir, { recursive: true });
  if (isRoot()) await run('chown', ['postgres:postgres', dir], { stdio: 'ignore' });
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  await asPostgres(path.join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const options =
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 ` +
    '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pgCtl = path.join(binDir, 'pg_ctl');
  const up = async () => {
    await asPostgres(pgCtl, [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'postgres.log'),
      '-w',
      '-o',
      options,
      'start',
    ]);
    await waitFor(async () => (await probePostgres(url, 1000)).ok, { timeoutMs: 15_000, what: 'PostgreSQL' });
  };
  /** `immediate` is a crash (no checkpoint, every connection cut); `fast` a clean restart. */
  const down = (mode = 'fast') => asPostgres(pgCtl, ['-D', dataDir, '-m', mode, '-w', 'stop']);
  await up();
  return {
    url,
    port,
    up,
    down,
    async stop() {
      await down('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
