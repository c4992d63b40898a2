// @ts-check
// Runs named stages in order with a banner each, stops at the first failure, and reports durations.
import { banner, error, formatDuration, ok, paint } from './log.mjs';

export class StageRunner {
  /** @param {number} total */
  constructor(total) {
    this.total = total;
    /** @type {Array<{ name: string, status: 'passed' | 'FAILED', ms: number }>} */
    this.results = [];
  }

  /**
   * Runs `fn` as stage `name`; records its duration; rethrows its failure.
   * @param {string} name
   * @param {string} title
   * @param {() => Promise<unknown>} fn
   */
  async run(name, title, fn) {
    const index = this.results.length + 1;
    banner(`[${index}/${this.total}] ${title}`);
    const started = Date.now();
    try {
      await fn();
      this.results.push({ name, status: 'passed', ms: Date.now() - started });
      ok(`${name} passed in ${formatDuration(Date.now() - started)}`);
    } catch (cause) {
      this.results.push({ name, status: 'FAILED', ms: Date.now() - started });
      error(`${name} failed after ${formatDuration(Date.now() - started)}`);
      throw cause;
    }
  }

  /**
   * Table of every stage: passed / FAILED with its time, or "not run" for the ones after a failure.
   * @param {readonly string[]} allNames
   */
  summary(allNames) {
    const width = Math.max(...allNames.map((name) => name.length));
    const lines = allNames.map((name) => {
      const result = this.results.find((entry) => entry.name === name);
      if (!result) return `  ${name.padEnd(width)}  ${paint('gray', 'not run')}`;
      const status = result.status === 'passed' ? paint('green', 'passed') : paint('red', 'FAILED');
      return `  ${name.padEnd(width)}  ${status}  ${formatDuration(result.ms).padStart(10)}`;
    });
    const total = this.results.reduce((sum, entry) => sum + entry.ms, 0);
    return [...lines, `  ${'total'.padEnd(width)}          ${formatDuration(total).padStart(10)}`].join('\n');
  }
}
