// @ts-check
// Cleanup on every way out: normal end, failure, Ctrl-C (SIGINT) and SIGTERM.
import process from 'node:process';
import { signalRunning } from './exec.mjs';
import { warn } from './log.mjs';

/** @type {Array<() => unknown>} */
const cleanups = [];
/** @type {Promise<void> | null} */
let cleaning = null;

/**
 * Registers an async cleanup; they run last-registered-first (stop apps before their database).
 * @param {() => unknown} fn
 */
export function onCleanup(fn) {
  cleanups.push(fn);
}

/** Runs every registered cleanup once; later calls wait for the same run. A failing cleanup does not stop the rest. */
export function runCleanups() {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const fn = cleanups.pop();
      try {
        await fn?.();
      } catch (cause) {
        warn(`cleanup failed: ${cause instanceof Error ? cause.message : cause}`);
      }
    }
  })();
  return cleaning;
}

/**
 * First SIGINT/SIGTERM: call `onSignal`, pass the signal to foreground commands, run the cleanups,
 * then exit with the code `finish(signal)` returns (default 130 / 143, the shell's convention).
 * npm forwards the terminal's Ctrl-C as a second SIGINT within milliseconds, so only a signal
 * arriving more than 2 s later counts as "stop now" and skips the remaining cleanup.
 * @param {{ onSignal?: (signal: NodeJS.Signals) => void, finish?: (signal: NodeJS.Signals) => number }} [options]
 */
export function exitOnSignals({
  onSignal = () => {},
  finish = (signal) => (signal === 'SIGINT' ? 130 : 143),
} = {}) {
  let firstAt = 0;
  /** @param {NodeJS.Signals} signal */
  const handler = async (signal) => {
    if (firstAt) {
      if (Date.now() - firstAt > 2000) {
        warn(`${signal} again: exiting without finishing cleanup`);
        signalRunning('SIGKILL');
        process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
      }
      return;
    }
    firstAt = Date.now();
    warn(`${signal} received: stopping`);
    onSignal(signal);
    signalRunning(signal);
    await runCleanups();
    process.exit(finish(signal));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);

  // Under npm we run as npm → sh -c → (bash exec) node. npm passes SIGTERM to that sh, which dies
  // without passing it on, and we would be orphaned with every child still running. So under npm a
  // parent that disappears (we are re-parented) counts as SIGTERM. Not otherwise: a plain
  // `node scripts/start.mjs &` must survive the shell that launched it.
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void handler('SIGTERM');
  }, 500).unref();
}
