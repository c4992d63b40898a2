// Latency of the gateway → billing `billing.reserve` call (the one on every ask's path).
//
//   node --import tsx scripts/bench/billing-rpc.ts [--calls 1000] [--concurrency 16] [--concurrent-calls 2000]
//                                      [--baseline-root DIR] [--out bench-results/billing-rpc]
//                                      [--replicas 1] [--cpu-prof-dir DIR]
//
// Starts the built billing app (apps/billing/dist) as a process on a fresh, migrated database and
// times reserve calls made with the gateway's own client, each for a new question: first one after
// another (--calls), then --concurrent-calls with --concurrency in flight, and reads billing's own
// CPU time per call from /proc (the fairer figure on a shared machine). With --baseline-root, a
// tree of an older revision (built, with its own node_modules) is measured in the same run with ITS
// client, e.g. the Redis-transport billing:
//
//   git archive <rev> | tar -x -C /tmp/before && (cd /tmp/before && npm ci && npx nx run-many -t build)
//
// The two are measured in alternating halves (A B, then B A) so drift on a shared machine hits both.
// Needs PostgreSQL and Redis as `npm test` does (DATABASE_URL / REDIS_URL or the local defaults).
// Writes <out>.json and <out>.md; everything it started or created is removed on exit.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureTestPostgres } from '../lib/ensure-postgres.mjs';
import { ensureTestRedis } from '../lib/ensure-redis.mjs';
import { ROOT, run } from '../lib/exec.mjs';
import { exitOnSignals, onCleanup, runCleanups } from '../lib/lifecycle.mjs';
import { banner, info, ok } from '../lib/log.mjs';
import { freePort, httpStatus, waitFor } from '../lib/net.mjs';
import { createDatabase, dropDatabase } from '../lib/postgres.mjs';
import { deleteKeysWithPrefix } from '../lib/redis.mjs';
import { type Sink, startService, streamSink } from '../lib/service-process.mjs';
import { withDatabase } from '../lib/urls.mjs';
import { startRoundRobinProxy } from './round-robin-proxy.ts';
import { mapLimit } from './setup.ts';
import { type Summary, summarize } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '16' },
    'concurrent-calls': { type: 'string', default: '2000' },
    'baseline-root': { type: 'string' },
    out: { type: 'string', default: 'bench-results/billing-rpc' },
    'cpu-prof-dir': { type: 'string' },
    replicas: { type: 'string', default: '1' },
  },
});
const CALLS = Number(args.calls);
const CONCURRENCY = Number(args.concurrency);
const CONCURRENT_CALLS = Number(args['concurrent-calls']);
const REPLICAS = Number(args.replicas);
const WARMUP = 200;
const USERS = 64;
const MAX_TOKENS = 100;
const TIMEOUT_MS = 10_000;
const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

interface ReserveRequest {
  userId: number;
  questionId: number;
  maxTokens: number;
}

interface ReserveReply {
  reserved: number;
  duplicate?: boolean;
}

/** billing.reserve through one revision's own client, whichever transport that revision has. */
interface ReserveClient {
  transport: string;
  connect(): Promise<void>;
  reserve(request: ReserveRequest): Promise<ReserveReply>;
  close(): unknown;
}

/**
 * What this script uses of a tree's server-kit and rxjs. The tree may be an older revision, so these
 * are declared here rather than imported: its Redis transport no longer exists in ours.
 */
interface LegacyServerKit {
  redisOptionsFromUrl(url: string): { host: string; port: number };
  createPrefixedRedisClient(options: { host: string; port: number; channelPrefix: string }): {
    connect(): Promise<void>;
    send(pattern: string, data: ReserveRequest): { pipe(operator: unknown): unknown };
    close(): unknown;
  };
}
interface Rxjs {
  firstValueFrom(source: unknown): Promise<ReserveReply>;
  timeout(ms: number): unknown;
}
interface HttpServerKit {
  DEVELOPMENT_RPC_SECRET: string;
  createBillingRpcClient(options: { baseUrl: string; secret: string; timeoutMs: number }): {
    call(
      name: 'billing.reserve',
      request: ReserveRequest,
    ): Promise<{ ok: true; reply: ReserveReply } | { ok: false; status: number; body: unknown }>;
    close(): unknown;
  };
}

interface Variant {
  name: string;
  kind: 'http' | 'redis';
  root: string;
}

type Mode = 'sequential' | 'concurrent';

/** A variant with its billing processes up, its client connected and its requests seeded. */
interface StartedVariant extends Variant {
  pids: Array<number | undefined>;
  client: ReserveClient;
  requests: ReserveRequest[];
  latencies: Record<Mode, number[]>;
  cpu: Record<Mode, number>;
  wallMs: number;
  duplicateReplies: number;
  next?: number;
}

/** The Redis-transport client of a tree that still has it (its server-kit and rxjs). */
function redisClientOf(root: string, redisUrl: string, prefix: string): ReserveClient {
  const load = createRequire(path.join(root, 'package.json'));
  const kit = load('@council/server-kit') as LegacyServerKit;
  const rxjs = load('rxjs') as Rxjs;
  const { host, port } = kit.redisOptionsFromUrl(redisUrl);
  const client = kit.createPrefixedRedisClient({ host, port, channelPrefix: prefix });
  return {
    transport: 'Redis pub/sub (Nest microservice transport)',
    connect: () => client.connect(),
    reserve: (request: ReserveRequest) =>
      rxjs.firstValueFrom(client.send('billing.reserve', request).pipe(rxjs.timeout(TIMEOUT_MS))),
    close: () => client.close(),
  };
}

/** Which client a tree's billing answers: HTTP once server-kit has createBillingRpcClient. */
function transportOf(root: string): Variant['kind'] {
  const kit = createRequire(path.join(root, 'package.json'))('@council/server-kit') as Partial<HttpServerKit>;
  return typeof kit.createBillingRpcClient === 'function' ? 'http' : 'redis';
}

/** The HTTP client the gateway uses (server-kit's createBillingRpcClient). */
function httpClientOf(root: string, url: string): ReserveClient {
  const load = createRequire(path.join(root, 'package.json'));
  const kit = load('@council/server-kit') as HttpServerKit;
  const client = kit.createBillingRpcClient({
    baseUrl: url,
    secret: kit.DEVELOPMENT_RPC_SECRET,
    timeoutMs: TIMEOUT_MS,
  });
  return {
    transport: 'HTTP keep-alive (undici pool)',
    connect: async () => {},
    reserve: async (request: ReserveRequest) => {
      const answer = await client.call('billing.reserve', request);
      if (!answer.ok) throw new Error(`reserve answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.reply;
    },
    close: () => client.close(),
  };
}

/** Users on a plan (no free-query limit) and one question per call, spread over the users. */
async function seed(databaseUrl: string, questions: number): Promise<ReserveRequest[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const users = await client.query<{ id: number }>(
      `INSERT INTO "users" ("username", "password", "email", "subscriptionTier")
       SELECT 'bench-' || n, 'not-a-hash', 'bench-' || n || '@example.com', 'premium'
         FROM generate_series(1, $1) AS n RETURNING "id"`,
      [USERS],
    );
    const ids = users.rows.map((row) => row.id);
    const created = await client.query<{ id: number; userId: number }>(
      `INSERT INTO "questions" ("userId", "question")
       SELECT ($1::int[])[1 + (n % $2)], 'Why is the sky blue?' FROM generate_series(0, $3 - 1) AS n
       RETURNING "id", "userId"`,
      [ids, ids.length, questions],
    );
    return created.rows.map((row) => ({ userId: row.userId, questionId: row.id, maxTokens: MAX_TOKENS }));
  } finally {
    await client.end();
  }
}

/** --cpu-prof-dir: each billing writes a .cpuprofile there when it stops (profile-summary.ts). */
function profileFlags() {
  const dir = args['cpu-prof-dir'];
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

/** One billing process of `variant` on `port`, healthy. */
async function startReplica(
  variant: Variant,
  index: number,
  env: NodeJS.ProcessEnv,
  sink: Sink,
): Promise<{ pid: number | undefined; port: number }> {
  const port = await freePort();
  const service = startService(
    `billing-${variant.name}-${index + 1}`,
    process.execPath,
    [...profileFlags(), path.join(variant.root, 'apps/billing/dist/main.js')],
    { env: { ...env, PORT: String(port) }, cwd: variant.root, sink },
  );
  onCleanup(() => service.stop(10_000));
  await waitFor(async () => (await httpStatus(`http://127.0.0.1:${port}/health`)) === 200, {
    timeoutMs: 60_000,
    what: `billing (${variant.name} #${index + 1}) to answer on /health`,
  });
  return { pid: service.pid, port };
}

/**
 * --replicas billing processes of `variant` on one database and Redis prefix. The HTTP client
 * reaches them through one round-robin address (what the Kubernetes Service does); the Redis
 * transport needs none: every replica receives every call.
 */
async function startBilling(
  variant: Variant,
  { adminUrl, redisUrl, sink }: { adminUrl: string; redisUrl: string; sink: Sink },
): Promise<StartedVariant> {
  const database = `council_bench_rpc_${variant.name}_${runId}`;
  await createDatabase(adminUrl, database);
  onCleanup(() => dropDatabase(adminUrl, database));
  const databaseUrl = withDatabase(adminUrl, database);
  const prefix = `council-bench-rpc-${variant.name}-${runId}`;
  onCleanup(() => deleteKeysWithPrefix(redisUrl, prefix));
  await run(process.execPath, [path.join(variant.root, 'libs/db/dist/cli/migrate.js')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    PUBLIC_URL: 'http://council.test',
  };
  const replicas: Array<{ pid: number | undefined; port: number }> = [];
  for (let index = 0; index < REPLICAS; index += 1) {
    replicas.push(await startReplica(variant, index, env, sink));
  }
  let url = `http://127.0.0.1:${replicas[0]?.port ?? 0}`;
  if (variant.kind === 'http' && REPLICAS > 1) {
    const proxy = await startRoundRobinProxy(replicas.map((replica) => replica.port));
    onCleanup(() => proxy.close());
    url = proxy.url;
  }
  const client =
    variant.kind === 'redis'
      ? redisClientOf(variant.root, redisUrl, prefix)
      : httpClientOf(variant.root, url);
  await client.connect();
  onCleanup(() => client.close());
  const requests = await seed(databaseUrl, WARMUP + CALLS + CONCURRENT_CALLS);
  return {
    ...variant,
    pids: replicas.map((replica) => replica.pid),
    client,
    requests,
    latencies: { sequential: [], concurrent: [] },
    cpu: { sequential: 0, concurrent: 0 },
    wallMs: 0,
    duplicateReplies: 0,
  };
}

/** CPU seconds (user + system) the process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds of all the variant's billing processes. */
function billingCpuSeconds(variant: StartedVariant): number | null {
  let total = 0;
  for (const seconds of variant.pids.map(cpuSeconds)) {
    if (seconds === null) return null;
    total += seconds;
  }
  return total;
}

/** Runs `calls` and adds billing's CPU time (every replica) for them to `variant.cpu[mode]`. */
async function withCpu(variant: StartedVariant, mode: Mode, calls: () => Promise<unknown>): Promise<void> {
  const before = billingCpuSeconds(variant);
  await calls();
  const after = billingCpuSeconds(variant);
  if (before !== null && after !== null) variant.cpu[mode] += after - before;
}

/**
 * One timed call. A `duplicate` reply means another replica had already handled this very request:
 * only the Redis transport with several replicas does that (each replica handles every call, and
 * the caller keeps the first reply); it is counted, and is an error anywhere else.
 */
async function timed(variant: StartedVariant, request: ReserveRequest, into: number[]): Promise<void> {
  const started = performance.now();
  const reply = await variant.client.reserve(request);
  into.push(performance.now() - started);
  if (reply.duplicate) variant.duplicateReplies += 1;
  const duplicatesExpected = variant.kind === 'redis' && REPLICAS > 1;
  if (reply.reserved !== MAX_TOKENS || (reply.duplicate && !duplicatesExpected))
    throw new Error(`unexpected reply ${JSON.stringify(reply)}`);
}

/** Takes the next `count` unused requests of a variant. */
function take(variant: StartedVariant, count: number): ReserveRequest[] {
  variant.next ??= 0;
  const slice = variant.requests.slice(variant.next, variant.next + count);
  variant.next += count;
  return slice;
}

async function measure(variants: StartedVariant[]): Promise<void> {
  for (const variant of variants) {
    for (const request of take(variant, WARMUP)) await timed(variant, request, []);
  }
  // Halves in alternating order (A B, then B A).
  const orders = [variants, [...variants].reverse()];
  for (const [half, order] of orders.entries()) {
    for (const variant of order) {
      const count = half === 0 ? Math.floor(CALLS / 2) : CALLS - Math.floor(CALLS / 2);
      await withCpu(variant, 'sequential', async () => {
        for (const request of take(variant, count))
          await timed(variant, request, variant.latencies.sequential);
      });
    }
  }
  for (const [half, order] of orders.entries()) {
    for (const variant of order) {
      const count =
        half === 0 ? Math.floor(CONCURRENT_CALLS / 2) : CONCURRENT_CALLS - Math.floor(CONCURRENT_CALLS / 2);
      const started = performance.now();
      await withCpu(variant, 'concurrent', () =>
        mapLimit(take(variant, count), CONCURRENCY, (request) =>
          timed(variant, request, variant.latencies.concurrent),
        ),
      );
      variant.wallMs += performance.now() - started;
    }
  }
}

const ms = (value: number | null) => (value === null ? '–' : value.toFixed(2));

interface ReportRow extends Summary {
  variant: string;
  transport: string;
  mode: string;
  callsPerSecond?: number;
  billingCpuMsPerCall: number;
}

function report(variants: readonly StartedVariant[]) {
  const rows = variants.flatMap((variant): ReportRow[] => {
    const sequential = summarize(variant.latencies.sequential);
    const concurrent = summarize(variant.latencies.concurrent);
    return [
      {
        variant: variant.name,
        transport: variant.client.transport,
        mode: 'sequential',
        ...sequential,
        billingCpuMsPerCall: (variant.cpu.sequential * 1000) / sequential.count,
      },
      {
        variant: variant.name,
        transport: variant.client.transport,
        mode: `${CONCURRENCY} in flight`,
        ...concurrent,
        callsPerSecond: (concurrent.count / variant.wallMs) * 1000,
        billingCpuMsPerCall: (variant.cpu.concurrent * 1000) / concurrent.count,
      },
    ];
  });
  const header =
    '| revision | transport | mode | calls | p50 ms | p95 ms | p99 ms | mean ms | max ms | calls/s | billing CPU ms/call |';
  const lines = [
    header,
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.variant} | ${row.transport} | ${row.mode} | ${row.count} | ${ms(row.p50)} | ${ms(row.p95)} | ` +
        `${ms(row.p99)} | ${ms(row.mean)} | ${ms(row.max)} | ${row.callsPerSecond ? row.callsPerSecond.toFixed(0) : '–'} | ${ms(row.billingCpuMsPerCall)} |`,
    ),
  ];
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}, load ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`;
  const duplicates = variants.map((variant) => `${variant.name} ${variant.duplicateReplies}`).join(', ');
  const setup =
    `${REPLICAS} billing replica(s) per revision; ${WARMUP} warm-up calls each, not counted. ` +
    `Replies with duplicate: true (a replica answered a call another one had already handled): ${duplicates}.`;
  return { rows, markdown: `${lines.join('\n')}\n\n${setup} Machine: ${machine}.\n`, machine };
}

async function main() {
  exitOnSignals();
  const postgres = await ensureTestPostgres();
  const redis = await ensureTestRedis();
  const sink = streamSink(process.stderr);
  const variants: Variant[] = [{ name: 'current', kind: 'http', root: ROOT }];
  if (args['baseline-root']) {
    const root = path.resolve(args['baseline-root']);
    variants.unshift({ name: 'baseline', kind: transportOf(root), root });
  }
  banner('Billing RPC latency: billing.reserve');
  const started: StartedVariant[] = [];
  for (const variant of variants) {
    started.push(await startBilling(variant, { adminUrl: postgres.url, redisUrl: redis.url, sink }));
    ok(`${variant.name}: billing up (${variant.kind})`);
  }
  info(`${REPLICAS} billing replica(s) per revision`);
  info(
    `${CALLS} sequential and ${CONCURRENT_CALLS} concurrent (${CONCURRENCY} in flight) calls each, after ${WARMUP} warm-up`,
  );
  await measure(started);
  const { rows, markdown, machine } = report(started);
  process.stdout.write(`\n${markdown}`);
  const out = path.resolve(ROOT, args.out ?? 'bench-results/billing-rpc');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    `${out}.json`,
    `${JSON.stringify({ at: new Date().toISOString(), machine, rows }, null, 2)}\n`,
  );
  writeFileSync(`${out}.md`, `# billing.reserve latency\n\n${markdown}`);
  ok(`Written ${path.relative(ROOT, out)}.json and .md`);
}

main()
  .then(async () => {
    await runCleanups();
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    await runCleanups();
    process.exit(1);
  });
