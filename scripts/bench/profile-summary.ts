// Summarises a .cpuprofile: time per package, the functions with the most self time, and each busy
// moment charged to the innermost of our functions on its stack (apps/, libs/), or else to the
// outermost package frame: which of our calls the time is spent under.
// Usage: node --import tsx scripts/bench/profile-summary.ts FILE [top=25] [--from=SECONDS]
// --from skips the profile's first seconds (boot and warm-up) so the rest shows the load alone.
import { readFileSync } from 'node:fs';
import process from 'node:process';

const args = process.argv.slice(2);
const fromArg = args.find((arg) => arg.startsWith('--from='));
const [file, topArg] = args.filter((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('Usage: node --import tsx scripts/bench/profile-summary.ts FILE.cpuprofile [top] [--from=S]');
  process.exit(2);
}
/** What a .cpuprofile holds, as far as this summary reads it. */
interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
}
type ProfileNode = CpuProfile['nodes'][number];

const top = Number(topArg ?? 25);
const fromUs = Number(fromArg?.slice('--from='.length) ?? 0) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const isOurs = (url: string) =>
  /\/work\/[^/]+\/(apps|libs)\//.test(url) || /^file:.*\/(apps|libs)\//.test(url);
const shortUrl = (url: string) =>
  (url || '(native)').replace(/^.*node_modules\//, '').replace(/^(file:\/\/)?\/.*?\/(?=(apps|libs)\/)/, '');
const label = ({ callFrame }: ProfileNode) =>
  `${callFrame.functionName || '(anonymous)'} ${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}`;

function packageOf(url: string, functionName: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (inModules) return inModules;
  if (url.startsWith('node:')) return 'node:internal';
  if (isOurs(url)) return shortUrl(url).split('/').slice(0, 2).join('/');
  return functionName || url;
}

/** The innermost frame of ours on the sample's stack, else its outermost package frame, else itself. */
function chargedTo(leaf: ProfileNode): ProfileNode {
  let outermostPackage: ProfileNode | undefined;
  for (let id: number | undefined = leaf.id; id !== undefined; id = parentOf.get(id)) {
    const node = byId.get(id);
    if (!node) break;
    if (isOurs(node.callFrame.url)) return node;
    if (node.callFrame.url.includes('node_modules')) outermostPackage = node;
  }
  return outermostPackage ?? leaf;
}

const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
const byOurCode = new Map<string, number>();
let total = 0;
let busy = 0;
let elapsed = 0;
for (let i = 0; i < profile.samples.length; i += 1) {
  const us = profile.timeDeltas[i] ?? 0;
  elapsed += us;
  if (elapsed < fromUs) continue;
  const node = byId.get(profile.samples[i] ?? -1);
  if (!node) continue;
  total += us;
  add(byFunction, label(node), us);
  add(byPackage, packageOf(node.callFrame.url, node.callFrame.functionName), us);
  if (node.callFrame.functionName === '(idle)') continue;
  busy += us;
  add(byOurCode, label(chargedTo(node)), us);
}

const pct = (us: number, of: number) => `${((100 * us) / of).toFixed(1).padStart(5)}%`;
const print = (title: string, map: Map<string, number>, of: number) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${pct(us, of)}  ${name}`);
};
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled${fromUs > 0 ? ` after the first ${fromUs / 1e6} s` : ''}, ${(busy / 1e6).toFixed(1)} s busy`,
);
print('By package / area (share of all samples):', byPackage, total);
print('By function, self time (share of all samples):', byFunction, total);
print('By our code: busy time under the innermost of our functions (share of busy time):', byOurCode, busy);
