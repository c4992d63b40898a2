// @ts-check
// The machine's own PostgreSQL (Debian packages): start the stopped cluster, or run a private one.
import process from 'node:process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { capture, isRoot, run, which } from './exec.mjs';
import { freePort } from './net.mjs';

/** Installed major versions under /usr/lib/postgresql, newest first. */
export function installedVersions() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((dir) => existsSync(path.join(base, dir, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
}

/** Versions that have a Debian "main" cluster configured (what pg_ctlcluster can start). */
export function mainClusters() {
  const base = '/etc/postgresql';
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((version) => existsSync(path.join(base, version, 'main', 'postgresql.conf')))
    .sort((a, b) => Number(b) - Number(a));
}

/**
 * `pg_ctlcluster --skip-systemctl-redirect <v> main start` (there is no systemd to redirect to).
 * @param {string} version
 */
export async function startMainCluster(version) {
  if (!which('pg_ctlcluster')) return { ok: false, output: 'pg_ctlcluster not found' };
  const result = await capture('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  // Exit code 2 means "already running", which is what we want anyway.
  return { ok: result.code === 0 || result.code === 2, output: (result.stdout + result.stderr).trim() };
}

/**
 * Runs a PostgreSQL binary as the `postgres` user when we are root (initdb refuses to run as root).
 * @param {string} binary
 * @param {readonly string[]} args
 */
function asPostgres(binary, args) {
  return isRoot()
    ? run('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'ignore' })
    : run(binary, args, { stdio: 'ignore' });
}

/**
 * A throw-away cluster with trust auth on a free port (initdb ≈ 0.7 s, start ≈ 0.1 s), used when the
 * system cluster cannot be reached without a password. Resolves { url, stop }.
 * @param {string | undefined} [version]
 */
export async function startEphemeralCluster(version = installedVersions()[0]) {
  if (!version) throw new Error('No PostgreSQL server binaries found under /usr/lib/postgresql');
  const binDir = `/usr/lib/postgresql/${version}/bin`;
  const dir = path.join(os.tmpdir(), `council-pg-${process.pid}-${Date.now().toString(36)}`);
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
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  await asPostgres(path.join(binDir, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'postgres.log'),
    '-w',
    '-o',
    options,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    async stop() {
      await asPostgres(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(
        () => {},
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
