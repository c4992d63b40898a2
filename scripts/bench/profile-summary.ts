// Summarises a .cpuprofile: the functions with the most self time, and time per package.
// Usage: node --import tsx scripts/bench/profile-summary.ts FILE [top=25]
import { readFileSync } from 'node:fs';
import process from 'node:process';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node --import tsx scripts/bench/profile-summary.ts FILE.cpuprofile [top]');
  process.exit(2);
}
/** What a .cpuprofile holds, as far as this summary reads it. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i] ?? -1;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node) continue;
  const { callFrame } = node;
  const url = callFrame.url || '(native)';
  const key = `${callFrame.functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/\/work\/main\//, '')}:${callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url.startsWith('node:')
      ? 'node:internal'
      : url.includes('/work/main/')
        ? url
            .replace(/^.*\/work\/main\//, '')
            .split('/')
            .slice(0, 2)
            .join('/')
        : callFrame.functionName || url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nBy package / area:');
for (const [name, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${pct(us)}  ${name}`);
console.log('\nBy function (self time):');
for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${pct(us)}  ${name}`);
