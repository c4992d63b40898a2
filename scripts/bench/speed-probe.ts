// A fixed CPU workload timed in a fresh process: this VM's speed drifts by tens of percent from
// hour to hour (other tenants), so a run's figures are only comparable with the probe beside them.
import { execFile } from 'node:child_process';
import process from 'node:process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** JSON round trips and SHA-256 over 50 MiB: the kind of work the stack does per question. */
const WORKLOAD = `
const { createHash } = require('node:crypto');
const doc = { items: Array.from({ length: 200 }, (_, i) => ({ i, text: 'token ' + i })) };
const started = performance.now();
let count = 0;
for (let i = 0; i < 3000; i += 1) count += JSON.parse(JSON.stringify(doc)).items.length;
const block = Buffer.alloc(1 << 20, 7);
for (let i = 0; i < 50; i += 1) createHash('sha256').update(block).digest();
process.stdout.write(String(performance.now() - started));
if (count !== 600000) process.exitCode = 1;
`;

/** Median of `rounds` timings of the workload, in ms (lower is faster). */
export async function probeSpeed(rounds = 3): Promise<number> {
  const timings: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const { stdout } = await run(process.execPath, ['-e', WORKLOAD]);
    timings.push(Number(stdout));
  }
  return median(timings);
}

/** NaN for no values. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}
