// @ts-check
// Console output for the developer scripts: colours only when a human is watching a terminal.
import process from 'node:process';

const colourOn = process.env.FORCE_COLOR
  ? process.env.FORCE_COLOR !== '0'
  : Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;

const CODES = { red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, gray: 90, bold: 1 };

/** @typedef {keyof typeof CODES} Colour */

/**
 * Wraps text in an ANSI colour when colours are on; plain text otherwise (CI logs, pipes).
 * @param {Colour} colour
 * @param {string | number} text
 */
export function paint(colour, text) {
  return colourOn ? `\u001b[${CODES[colour]}m${text}\u001b[0m` : String(text);
}

export const colourEnabled = colourOn;

/**
 * Where progress lines go: stdout, except inside a `node --test` file, whose stdout carries the
 * runner's serialised report; a line written there can corrupt a frame and fail the whole file.
 */
export const progressOut = process.env.NODE_TEST_CONTEXT ? process.stderr : process.stdout;

/** @param {string} message */
export function info(message) {
  progressOut.write(`${paint('cyan', '›')} ${message}\n`);
}

/** @param {string} message */
export function ok(message) {
  progressOut.write(`${paint('green', '✔')} ${message}\n`);
}

/** @param {string} message */
export function warn(message) {
  console.warn(`${paint('yellow', '!')} ${message}`);
}

/** @param {string} message */
export function error(message) {
  console.error(`${paint('red', '✖')} ${message}`);
}

/**
 * A stage header that is easy to find when scrolling back through a long CI log.
 * @param {string} title
 */
export function banner(title) {
  const line = '━'.repeat(Math.max(8, 72 - title.length));
  progressOut.write(`\n${paint('bold', paint('blue', `━━━ ${title} ${line}`))}\n`);
}

/**
 * "1.2 s" / "2 min 03 s": stage durations in the final summary.
 * @param {number} ms
 */
export function formatDuration(ms) {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
}
