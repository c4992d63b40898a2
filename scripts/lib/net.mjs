// @ts-check
// Ports and polling: everything that waits for a socket or an HTTP answer.
import net from 'node:net';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Asks the OS for an unused TCP port on 127.0.0.1.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * True when nothing is listening: we try to bind the port ourselves.
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<boolean>}
 */
export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * Status code of a GET, or null when the connection fails or times out.
 * @param {string} url
 * @param {number} [timeoutMs]
 * @returns {Promise<number | null>}
 */
export function httpStatus(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode ?? null);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/**
 * Polls `check` until it returns a truthy value or the deadline passes. `abort` (optional)
 * is a promise that rejects to stop waiting early, e.g. when the process being waited for dies.
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {{ timeoutMs?: number, intervalMs?: number, what?: string, abort?: Promise<unknown> }} [options]
 * @returns {Promise<NonNullable<T>>}
 */
export async function waitFor(
  check,
  { timeoutMs = 60_000, intervalMs = 250, what = 'condition', abort } = {},
) {
  const deadline = Date.now() + timeoutMs;
  /** @type {unknown} */
  let aborted = null;
  abort?.catch((/** @type {unknown} */ reason) => {
    aborted = reason ?? new Error(`stopped waiting for ${what}`);
  });
  for (;;) {
    if (aborted) throw aborted;
    const result = await check();
    if (result) return result;
    if (aborted) throw aborted;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await sleep(intervalMs);
  }
}
