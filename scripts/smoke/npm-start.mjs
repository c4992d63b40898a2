// `npm start` as a terminal runs it: its own process group, output to a log, Ctrl-C (SIGINT to the
// whole group) to stop it.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import process from 'node:process';
import { ROOT } from '../lib/exec.mjs';

const RUNNING = /Council is running at (\S+)/;

/**
 * Runs `npm start` with `env`, appending its output to `logFile`. Resolves { url, output, stop, exited }
 * once it prints "Council is running at …"; rejects if it exits or `timeoutMs` passes first.
 */
export async function npmStart({ env, logFile, timeoutMs }) {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.once('close', () => log.end());

  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`npm start did not print "Council is running" within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onData = (chunk) => {
      log.write(chunk);
      output += chunk.toString('utf8');
      const match = RUNNING.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${signal ?? `code ${code}`}) before Council was running`));
    });
  }).catch(async (cause) => {
    await killGroup(child, exited);
    throw cause;
  });

  /** Ctrl-C: SIGINT to the whole group; resolves how npm exited, killing it after `graceMs`. */
  async function stop(graceMs = 60_000) {
    signalGroup(child, 'SIGINT');
    const result = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs, null))]);
    if (result) return result;
    await killGroup(child, exited);
    throw new Error(`npm start did not stop within ${graceMs / 1000} s of Ctrl-C`);
  }
  return { url, output: () => output, stop, exited, child };
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

/** The last resort of a failed run: nothing of ours may outlive the test. */
export async function killGroup(child, exited) {
  signalGroup(child, 'SIGTERM');
  const done = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000, null))]);
  if (!done) signalGroup(child, 'SIGKILL');
}
