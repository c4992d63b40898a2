// @ts-check
// Long-running children (apps, embedded Postgres, a private redis-server) with prefixed output.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './exec.mjs';
import { paint, progressOut } from './log.mjs';

/** @typedef {import('./log.mjs').Colour} Colour */
/**
 * How a child ended; `code` -1 when it could not be started at all.
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null }} Exit
 */
/**
 * Where a service's output lines go.
 * @typedef {(name: string, colour: Colour, line: string) => void} Sink
 */
/**
 * @typedef {object} Service
 * @property {string} name
 * @property {import('node:child_process').ChildProcess} child
 * @property {number | undefined} pid
 * @property {boolean} hasExited
 * @property {Promise<Exit>} exited
 * @property {(graceMs?: number) => Promise<Exit>} stop
 */

/**
 * Every service started and not yet exited, so nothing is left behind whatever path we exit by.
 * @type {Set<Service>}
 */
const live = new Set();

/**
 * Stops whatever startService() children are still running (a last sweep after the ordered cleanups).
 * @param {number} [graceMs]
 */
export function stopAllServices(graceMs = 10_000) {
  return Promise.all([...live].map((service) => service.stop(graceMs)));
}

/**
 * Writes each line to our stdout (see progressOut) as "name | line", the name padded so columns line up.
 * @param {number} [width]
 * @returns {Sink}
 */
export function consoleSink(width = 16) {
  return (name, colour, line) => progressOut.write(`${paint(colour, `${name.padEnd(width)} |`)} ${line}\n`);
}

/**
 * Writes each line to a stream (e.g. a log file) without colours.
 * @param {NodeJS.WritableStream} stream
 * @param {number} [width]
 * @returns {Sink}
 */
export function streamSink(stream, width = 16) {
  return (name, _colour, line) => stream.write(`${name.padEnd(width)} | ${line}\n`);
}

/**
 * Starts `command` as a service. It runs in its own process group (detached) so the terminal's
 * Ctrl-C reaches only us, and we can stop apps before the databases they need.
 * Returns { name, pid, exited: Promise<{code, signal}>, stop(graceMs) }.
 * @param {string} name
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, colour?: Colour, sink?: Sink, ipc?: boolean }} [options]
 * @returns {Service}
 */
export function startService(
  name,
  command,
  args,
  { env = process.env, cwd = ROOT, colour = 'gray', sink = consoleSink(), ipc = false } = {},
) {
  /** @type {import('node:child_process').StdioOptions} */
  const stdio = ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'];
  const child = spawn(command, args, { env, cwd, stdio, detached: true });
  /** @type {{ exitedWith: Exit | null }} */
  const state = { exitedWith: null };

  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline
      .createInterface({ input: stream, crlfDelay: Infinity })
      .on('line', (line) => sink(name, colour, line));
  }

  /** @type {Promise<Exit>} */
  const exited = new Promise((resolve) => {
    child.once('error', (cause) => {
      sink(name, colour, `failed to start: ${cause.message}`);
      state.exitedWith = { code: -1, signal: null };
      resolve(state.exitedWith);
    });
    child.once('exit', (code, signal) => {
      state.exitedWith = { code, signal };
      resolve(state.exitedWith);
    });
  });

  /**
   * SIGTERM, then SIGKILL after `graceMs`. Resolves with how it exited.
   * @param {number} [graceMs]
   * @returns {Promise<Exit>}
   */
  async function stop(graceMs = 10_000) {
    if (state.exitedWith) return state.exitedWith;
    child.kill('SIGTERM');
    const result = await Promise.race([exited, sleep(graceMs, null, { ref: false })]);
    if (result) return result;
    sink(name, colour, `did not stop within ${graceMs / 1000} s: killing`);
    child.kill('SIGKILL');
    return exited;
  }

  /** @type {Service} */
  const service = {
    name,
    child,
    get pid() {
      return child.pid;
    },
    get hasExited() {
      return state.exitedWith !== null;
    },
    exited,
    stop,
  };
  live.add(service);
  exited.then(() => live.delete(service));
  return service;
}

/**
 * Describes an exit for messages: "exited with code 1" / "was killed by SIGKILL".
 * @param {Exit} exit
 */
export function describeExit({ code, signal }) {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}
