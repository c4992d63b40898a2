// @ts-check
// Running commands to completion (builds, test stages, CLIs), with the repo root as default cwd.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Children currently running through run()/capture(), so a signal handler can pass signals on.
 * @type {Set<import('node:child_process').ChildProcess>}
 */
const running = new Set();

export class CommandError extends Error {
  /**
   * @param {string} display
   * @param {number | null} code
   * @param {NodeJS.Signals | null} signal
   */
  constructor(display, code, signal) {
    super(`${display} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`);
    this.name = 'CommandError';
    this.code = code;
    this.signal = signal;
  }
}

/**
 * @template {import('node:child_process').ChildProcess} T
 * @param {T} child
 */
function track(child) {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * Sends a signal to every child started by run()/capture() that is still running.
 * @param {NodeJS.Signals} signal
 */
export function signalRunning(signal) {
  for (const child of running) child.kill(signal);
}

/**
 * @typedef {object} RunOptions
 * @property {NodeJS.ProcessEnv} [env]
 * @property {string} [cwd]
 * @property {import('node:child_process').StdioOptions} [stdio]
 */

/**
 * Runs a command with inherited output; resolves on exit 0, rejects with CommandError otherwise.
 * @param {string} command
 * @param {readonly string[]} [args]
 * @param {RunOptions} [options]
 * @returns {Promise<void>}
 */
export function run(command, args = [], { env = process.env, cwd = ROOT, stdio = 'inherit' } = {}) {
  const display = [command, ...args].join(' ');
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { env, cwd, stdio }));
    child.once('error', (cause) => reject(new Error(`Could not start ${display}: ${cause.message}`)));
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new CommandError(display, code, signal)),
    );
  });
}

/**
 * Runs a command and collects its output; never rejects on a non-zero exit (the caller decides).
 * @param {string} command
 * @param {readonly string[]} [args]
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, input?: string }} [options]
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function capture(command, args = [], { env = process.env, cwd = ROOT, input } = {}) {
  return new Promise((resolve) => {
    const child = track(spawn(command, args, { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] }));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => (stdout += chunk));
    child.stderr.on('data', (/** @type {Buffer} */ chunk) => (stderr += chunk));
    child.once('error', (cause) => resolve({ code: -1, stdout, stderr: stderr + cause.message }));
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    // A command that exits without reading its input (git rev-parse) closes the pipe first: EPIPE.
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
  });
}

/**
 * Absolute path of an executable found on PATH (or given as a path), or null.
 * @param {string} name
 * @param {string} [searchPath]
 * @returns {string | null}
 */
export function which(name, searchPath = process.env.PATH ?? '') {
  const candidates = name.includes('/')
    ? [name]
    : searchPath.split(path.delimiter).map((dir) => path.join(dir, name));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return null;
}

/**
 * A binary installed by npm in the root node_modules/.bin.
 * @param {string} name
 */
export function bin(name) {
  return path.join(ROOT, 'node_modules', '.bin', name);
}

/**
 * Environment for Nx: no Nx Cloud (unreachable from here), no daemon (a leftover daemon outlives
 * the run and serves stale project graphs) and no TUI (it swallows interleaved output in a terminal).
 * @param {NodeJS.ProcessEnv} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
export function nxEnv(extra = {}) {
  return { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false', ...extra };
}

/**
 * Runs `nx <args>` from the repo's own node_modules.
 * @param {readonly string[]} args
 * @param {RunOptions} [options] `env` is added to the Nx environment
 */
export function nx(args, { env = {}, ...options } = {}) {
  return run(bin('nx'), args, { ...options, env: nxEnv(env) });
}

export function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}
