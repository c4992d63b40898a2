// @ts-check
// What a hard-killed earlier run can leave in a PostgreSQL data directory: a postmaster.pid whose
// server is still running (an orphan holding the port), or one naming a PID that now belongs to
// some other process (PostgreSQL then refuses to start). A pid file whose process is gone is left
// alone: PostgreSQL removes it itself and recovers from its write-ahead log.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';

/** @param {number} pid */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
  } catch (cause) {
    return /** @type {NodeJS.ErrnoException} */ (cause).code === 'EPERM';
  }
  // A zombie answers signal 0 but is gone; where nothing reaps orphans it stays a zombie.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * The process's argv from /proc (Linux), or null where that cannot be read.
 * @param {number} pid
 */
function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

/**
 * @param {number} pid
 * @param {number} timeoutMs
 */
async function waitForExit(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/**
 * Makes `dataDir` startable again after a hard kill. Resolves a sentence saying what it did, or
 * null when there was nothing to do.
 * @param {string} dataDir
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<string | null>}
 */
export async function clearLeftoverPostmaster(dataDir, { timeoutMs = 30_000 } = {}) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0], 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return null;

  const argv = commandLine(pid);
  // Without /proc we cannot tell a live postmaster from a reused PID: leave the decision to PostgreSQL.
  if (argv === null) return null;
  const ours = path.basename(argv[0] ?? '') === 'postgres' && argv.includes(dataDir);
  if (!ours) {
    rmSync(pidFile, { force: true });
    return `Removed a stale postmaster.pid (PID ${pid} now belongs to another process)`;
  }
  // An orphan of a run that was killed before it could stop PostgreSQL: stop it the normal way.
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, timeoutMs))) {
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, 5000);
  }
  return `Stopped PostgreSQL (PID ${pid}) left running on ${dataDir} by an earlier start`;
}
