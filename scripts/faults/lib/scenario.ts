// One fault scenario's world: its own database and Redis prefix (or its own servers), the fake
// providers every real SDK talks to, the apps as real processes (node apps/<app>/dist/main.js),
// users, questions and Socket.IO clients, and the checks of what the user and the ledger see.
// Everything it starts is stopped and everything it creates is removed by cleanup(), which also
// runs on SIGINT/SIGTERM and when the test runner that started us goes away.
import { createWriteStream, mkdirSync, rmSync, type WriteStream, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type {
  FakeProviderRequest,
  FakeProviderServer,
  FakeProviderServerOptions,
  FakeStripeServer,
} from '@council/testing';
import { capture, ROOT } from '../../lib/exec.mjs';
import { freePort, httpStatus, waitFor } from '../../lib/net.mjs';
import { createDatabase, dropDatabase } from '../../lib/postgres.mjs';
import { deleteKeysWithPrefix } from '../../lib/redis.mjs';
import {
  describeExit,
  type Service,
  type Sink,
  startService,
  streamSink,
} from '../../lib/service-process.mjs';
import { assembleTexts, entryIdProblems, type ReceivedEvent } from '../../lib/stream-events.mjs';
import { withDatabase } from '../../lib/urls.mjs';
import {
  type PrivatePostgres,
  type PrivateRedis,
  startPrivatePostgres,
  startPrivateRedis,
} from './private-servers.ts';

/** How long a question's ledger may lag its answers (billing's usage-job retries). */
const CONSISTENCY_GRACE_MS = 10_000;

const require = createRequire(import.meta.url);
/** @council/testing is CommonJS (libs/testing/dist); the fake providers and Stripe helpers come from it. */
export const testing = require('@council/testing') as typeof import('@council/testing');
const contracts = require('@council/contracts') as typeof import('@council/contracts');

export const PUBLIC_URL = 'http://council.faults';
export const PASSWORD = 'correct horse battery';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** Shared by every scenario of one `npm run test:faults` (run.ts sets it). */
const RUN_ID = process.env.FAULTS_RUN_ID || Date.now().toString(36);
const LOG_DIR = process.env.FAULTS_LOG_DIR || path.join(ROOT, '.data', 'logs', `faults-${RUN_ID}`);

type AppName = 'gateway' | 'billing' | 'provider-worker' | 'consensus-worker';

const APP_HEALTH: Record<AppName, string> = {
  gateway: '/api/health',
  billing: '/health',
  'provider-worker': '/health',
  'consensus-worker': '/health',
};

// ---------------------------------------------------------------------------------------------
// Cleanup on every way out
// ---------------------------------------------------------------------------------------------

const cleanups = new Set<() => Promise<void>>();
let exiting = false;
// Our output goes to the test runner through a pipe; if the runner is gone (Ctrl-C), a write must
// not crash us in the middle of cleaning up.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});
async function cleanupAndExit(code: number): Promise<void> {
  if (exiting) return;
  exiting = true;
  for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => {});
  process.exit(code);
}
process.once('SIGINT', () => void cleanupAndExit(130));
process.once('SIGTERM', () => void cleanupAndExit(143));
// The test runner (or run.ts) died without telling us: we were re-parented. Clean up and go.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) void cleanupAndExit(143);
}, 500).unref();

// ---------------------------------------------------------------------------------------------
// The scenario
// ---------------------------------------------------------------------------------------------

/**
 * A scenario's options:
 *   name          short id (database/prefix/log names)
 *   redis         'shared' (the run's Redis, own prefix) | 'private' (own redis-server, restartable)
 *   postgres      'shared' (the run's server, own database) | 'private' (own cluster, restartable)
 *   gateways      how many gateway processes (default 1)
 *   workers       labels of provider-worker processes (default ['worker-a']), each serving every queue
 *   env           extra env for every app; workerEnv / gatewayEnv / billingEnv for those apps only
 *   fake          FakeProviderServer options (pacing)
 *   stripe        true: billing in Stripe mode against a fake Stripe (webhooks verified)
 */
export interface ScenarioOptions {
  name: string;
  redis?: 'shared' | 'private';
  postgres?: 'shared' | 'private';
  gateways?: number;
  workers?: string[];
  env?: NodeJS.ProcessEnv;
  workerEnv?: NodeJS.ProcessEnv;
  gatewayEnv?: NodeJS.ProcessEnv;
  billingEnv?: NodeJS.ProcessEnv;
  fake?: FakeProviderServerOptions;
  stripe?: boolean;
}

/** One app process of the scenario, healthy. */
export interface AppHandle {
  label: string;
  app: AppName;
  url: string;
  port: number;
  service: Service;
  env: NodeJS.ProcessEnv;
}

/** A signed-up user with a session. */
export interface ScenarioUser {
  id: number;
  username: string;
  cookie: string;
}

/** A gateway's answer; `body` is the parsed JSON, or the text when it is not JSON. */
export interface Reply {
  status: number;
  body: unknown;
  ms: number;
  headers: Headers;
}

export interface ResponseRow {
  id: number;
  memberOrder: number | null;
  round: number;
  provider: string;
  status: string;
  response: string;
  error: string | null;
  totalTokens: number;
}

export interface LedgerRow {
  id: number;
  kind: string;
  amount: number;
  bucket: string;
  idempotencyKey: string;
  responseId: number | null;
  userId: number;
}

export interface Balance {
  cached: number;
  queriesLeft: number;
  derived: number;
}

/** What expectConsistent also checks: these clients' view of the question, this user's balance. */
export interface ConsistencyOptions {
  clients?: readonly StreamClient[];
  userId?: number;
}

/** The `code` of an error body ({ statusCode, code, message }), if it is one. */
export function errorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return typeof body.code === 'string' ? body.code : undefined;
}

/** Starts a scenario; when start-up fails, what it started is cleaned up and the error rethrown. */
export async function startScenario(options: ScenarioOptions): Promise<Scenario> {
  const scenario = new Scenario(options);
  cleanups.add(() => scenario.cleanup());
  try {
    await scenario.start();
  } catch (error) {
    await scenario.cleanup();
    throw error;
  }
  return scenario;
}

export class Scenario {
  readonly name: string;
  readonly options: Required<Omit<ScenarioOptions, 'name'>>;
  readonly prefix: string;
  readonly database: string;
  readonly apps: {
    gateways: Array<AppHandle | null>;
    workers: Map<string, AppHandle>;
    billing: AppHandle | null;
    consensus: AppHandle | null;
  } = { gateways: [], workers: new Map(), billing: null, consensus: null };
  /** Every process started, healthy or not, so cleanup stops them all. */
  readonly services: Service[] = [];
  stopping = false;
  ipCounter = 0;
  userCounter = 0;
  readonly clients: StreamClient[] = [];
  readonly tmp: string;
  // Set by start(), which startScenario awaits before handing the scenario out; cleanup() may run
  // before start() got that far, hence its optional chaining.
  logFile!: string;
  runningMarker!: string;
  log!: WriteStream;
  sink!: Sink;
  adminUrl!: string;
  redisUrl!: string;
  databaseUrl!: string;
  sql!: pg.Pool;
  redis!: Redis;
  fake!: FakeProviderServer;
  privatePostgres: PrivatePostgres | null = null;
  privateRedis: PrivateRedis | null = null;
  fakeStripe: FakeStripeServer | null = null;
  webhookSecret = '';
  databaseCreated = false;
  cleaned: Promise<void> | null = null;

  constructor({
    name,
    redis = 'shared',
    postgres = 'shared',
    gateways = 1,
    workers = ['worker-a'],
    env = {},
    workerEnv = {},
    gatewayEnv = {},
    billingEnv = {},
    fake = {},
    stripe = false,
  }: ScenarioOptions) {
    this.name = name;
    this.options = {
      redis,
      postgres,
      gateways,
      workers,
      env,
      workerEnv,
      gatewayEnv,
      billingEnv,
      fake,
      stripe,
    };
    this.prefix = `council-faults-${RUN_ID}-${name}`;
    this.database = `council_faults_${RUN_ID}_${name}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
    this.tmp = path.join(os.tmpdir(), `council-faults-${RUN_ID}-${name}`);
  }

  async start(): Promise<void> {
    mkdirSync(LOG_DIR, { recursive: true });
    this.logFile = path.join(LOG_DIR, `${this.name}.log`);
    // run.ts waits for these markers to go before it exits, so an interrupted run is cleaned up.
    this.runningMarker = path.join(LOG_DIR, `${this.name}.running`);
    writeFileSync(this.runningMarker, `${process.pid}\n`);
    this.log = createWriteStream(this.logFile);
    this.sink = streamSink(this.log, 18);
    mkdirSync(this.tmp, { recursive: true });

    if (this.options.postgres === 'private') {
      this.privatePostgres = await startPrivatePostgres();
      this.adminUrl = this.privatePostgres.url;
    } else {
      this.adminUrl = process.env.FAULTS_DATABASE_URL || DEFAULT_ADMIN_URL;
    }
    if (this.options.redis === 'private') {
      this.privateRedis = await startPrivateRedis({ sink: this.sink });
      this.redisUrl = this.privateRedis.url;
    } else {
      this.redisUrl = process.env.FAULTS_REDIS_URL || DEFAULT_REDIS_URL;
    }
    this.note(`database ${this.database}, Redis ${this.redisUrl} prefix ${this.prefix}`);

    await dropDatabase(this.adminUrl, this.database).catch(() => {});
    await createDatabase(this.adminUrl, this.database);
    this.databaseCreated = true;
    this.databaseUrl = withDatabase(this.adminUrl, this.database);
    this.sql = new pg.Pool({ connectionString: this.databaseUrl, max: 4, connectionTimeoutMillis: 3000 });
    this.sql.on('error', () => {}); // a restarted server cuts idle connections; the next query reconnects
    this.redis = new Redis(this.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false });
    this.redis.on('error', () => {});

    const baseEnv = this.baseEnv();
    for (const cli of ['migrate', 'seed']) {
      const result = await capture(process.execPath, [`libs/db/dist/cli/${cli}.js`], { env: baseEnv });
      if (result.code !== 0) throw new Error(`${cli} failed:\n${result.stdout}${result.stderr}`);
    }

    this.fake = await testing.startFakeProviderServer({ recordRequests: true, ...this.options.fake });
    if (this.options.stripe) {
      this.fakeStripe = await testing.FakeStripeServer.start();
      this.webhookSecret = 'whsec_faults';
    }

    // Billing first: each gateway is given its address (BILLING_URL).
    await this.startBilling();
    await Promise.all([
      this.startConsensus(),
      ...Array.from({ length: this.options.gateways }, () => this.startGateway()),
      ...this.options.workers.map((label) => this.startWorker(label)),
    ]);
    this.note('all apps healthy');
  }

  /** A line in the scenario log (with the time), next to the apps' own lines. */
  note(text: string): void {
    this.sink?.('faults', 'gray', `${new Date().toISOString()} ${text}`);
  }

  baseEnv(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL || 'info',
      DATABASE_URL: this.databaseUrl ?? withDatabase(this.adminUrl, this.database),
      REDIS_URL: this.redisUrl,
      REDIS_PREFIX: this.prefix,
      PUBLIC_URL,
      ...this.options.env,
    };
    return env;
  }

  /** Starts `node apps/<app>/dist/main.js` as `label` and waits for its health URL. */
  async startApp(label: string, app: AppName, env: NodeJS.ProcessEnv = {}): Promise<AppHandle> {
    const port = await freePort();
    if (this.stopping) throw new Error(`${label} not started: the scenario is stopping`);
    const service = startService(label, process.execPath, [path.join('apps', app, 'dist', 'main.js')], {
      env: { ...this.baseEnv(), ...env, PORT: String(port) },
      cwd: ROOT,
      sink: this.sink,
    });
    // Tracked at once: an interrupt while it boots must stop it too.
    this.services.push(service);
    const url = `http://127.0.0.1:${port}`;
    const died = service.exited.then((exit) => {
      throw new Error(`${label} ${describeExit(exit)} before it was healthy (log: ${this.logFile})`);
    });
    died.catch(() => {});
    await waitFor(async () => (await httpStatus(`${url}${APP_HEALTH[app]}`)) === 200, {
      timeoutMs: 90_000,
      what: `${label} to answer on ${APP_HEALTH[app]}`,
      abort: died,
    });
    this.note(`${label} (pid ${service.pid}) healthy on ${url}`);
    return { label, app, url, port, service, env };
  }

  async startGateway(): Promise<AppHandle> {
    const index = this.apps.gateways.length;
    this.apps.gateways.push(null);
    const gateway = await this.startApp(`gateway-${index + 1}`, 'gateway', {
      TRUST_PROXY: 'loopback',
      MAIL_OUTBOX_DIR: path.join(this.tmp, 'outbox'),
      BILLING_RPC_TIMEOUT_MS: '3000',
      BILLING_URL: this.apps.billing?.url,
      ...this.options.gatewayEnv,
    });
    this.apps.gateways[index] = gateway;
    return gateway;
  }

  async startBilling(): Promise<void> {
    const stripeEnv = this.fakeStripe
      ? {
          STRIPE_SECRET_KEY: 'sk_test_faults',
          STRIPE_WEBHOOK_SECRET: this.webhookSecret,
          STRIPE_API_BASE: this.fakeStripe.url,
        }
      : {};
    this.apps.billing = await this.startApp('billing', 'billing', {
      ...stripeEnv,
      ...this.options.billingEnv,
    });
  }

  async startConsensus(): Promise<void> {
    // Its releases call billing (BILLING_URL), and go through the usage queue when billing is away.
    this.apps.consensus = await this.startApp('consensus-worker', 'consensus-worker', {
      BILLING_URL: this.apps.billing?.url,
    });
  }

  /**
   * The env a provider worker gets: real SDKs against the fake, each worker with its own keys, and
   * billing's address for the release of a question without a debate.
   */
  workerEnvFor(label: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return {
      BILLING_URL: this.apps.billing?.url,
      OPENAI_API_KEY: `sk-${label}-openai`,
      OPENAI_BASE_URL: this.fake.baseUrlFor('/openai/v1'),
      ANTHROPIC_API_KEY: `sk-ant-${label}`,
      ANTHROPIC_BASE_URL: this.fake.baseUrlFor('/anthropic'),
      XAI_API_KEY: `xai-${label}`,
      XAI_BASE_URL: this.fake.baseUrlFor('/xai/v1'),
      ...this.options.workerEnv,
      ...extra,
    };
  }

  async startWorker(label: string, extra: NodeJS.ProcessEnv = {}): Promise<AppHandle> {
    const worker = await this.startApp(label, 'provider-worker', this.workerEnvFor(label, extra));
    this.apps.workers.set(label, worker);
    return worker;
  }

  /** Which worker sent a request to the fake (each worker has its own keys). */
  workerOf(request: Pick<FakeProviderRequest, 'apiKey'>): string | null {
    const key = request.apiKey ?? '';
    for (const label of this.apps.workers.keys()) if (key.includes(label)) return label;
    return null;
  }

  gatewayUrl(index = 0): string {
    const gateway = this.apps.gateways[index % this.apps.gateways.length];
    if (!gateway) throw new Error(`gateway ${index + 1} is not running`);
    return gateway.url;
  }

  // -------------------------------------------------------------------------------------------
  // Users, questions, clients
  // -------------------------------------------------------------------------------------------

  nextIp(): string {
    this.ipCounter += 1;
    return `203.0.${Math.floor(this.ipCounter / 250)}.${(this.ipCounter % 250) + 1}`;
  }

  /** POST with the session cookie and our Origin; resolves { status, body, ms }. */
  async post(
    pathname: string,
    body: unknown,
    {
      cookie,
      gateway = 0,
      timeoutMs = 30_000,
      headers = {},
    }: { cookie?: string; gateway?: number; timeoutMs?: number; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const started = Date.now();
    const response = await fetch(`${this.gatewayUrl(gateway)}${pathname}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: PUBLIC_URL,
        'x-forwarded-for': this.nextIp(),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, ms: Date.now() - started, headers: response.headers };
  }

  /** A new free user (10,000 tokens, 5 free questions); resolves { id, username, cookie }. */
  async register(gateway = 0): Promise<ScenarioUser> {
    this.userCounter += 1;
    const username = `f${this.name.replace(/[^a-z0-9]/gi, '').slice(0, 8)}${this.userCounter}x${Date.now() % 100000}`;
    const reply = await this.post(
      '/api/register',
      { username, password: PASSWORD, email: `${username}@example.com` },
      { gateway },
    );
    if (reply.status !== 201)
      throw new Error(`register ${username}: ${reply.status} ${JSON.stringify(reply.body)}`);
    const cookie = reply.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .find((pair) => pair.includes('='));
    if (!cookie) throw new Error(`register ${username}: no session cookie`);
    const [row] = await this.query<{ id: number }>('SELECT "id" FROM "users" WHERE "username" = $1', [
      username,
    ]);
    if (!row) throw new Error(`register ${username}: not in the database`);
    return { id: row.id, username, cookie };
  }

  /** GET as `user` (no cookie: signed out); the JSON body, or the text when it is not JSON. */
  async get(pathname: string, user?: ScenarioUser, gateway = 0): Promise<Reply> {
    const started = Date.now();
    const response = await fetch(`${this.gatewayUrl(gateway)}${pathname}`, {
      headers: {
        origin: PUBLIC_URL,
        'x-forwarded-for': this.nextIp(),
        ...(user ? { cookie: user.cookie } : {}),
      },
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, ms: Date.now() - started, headers: response.headers };
  }

  /** Subscribes `user` to a plan through billing's demo checkout, as the Subscription page does. */
  async subscribe(user: ScenarioUser, tier: 'premium' | 'max'): Promise<void> {
    const reply = await this.post('/api/get-or-create-subscription', { tier }, { cookie: user.cookie });
    if (reply.status !== 200)
      throw new Error(`subscribe ${tier}: ${reply.status} ${JSON.stringify(reply.body)}`);
    const sessionId = (reply.body as { url: string }).url.split('/').at(-1) ?? '';
    const confirm = await this.post(`/api/billing/demo/${sessionId}/confirm`, {}, { cookie: user.cookie });
    if (confirm.status >= 300)
      throw new Error(`demo confirm: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  }

  /** POST /api/questions (default council); resolves { status, body, ms, questionId }. */
  async ask(
    user: ScenarioUser,
    question: string,
    { gateway = 0, timeoutMs }: { gateway?: number; timeoutMs?: number } = {},
  ): Promise<Reply & { questionId: number | null }> {
    const reply = await this.post(
      '/api/questions',
      { question },
      { cookie: user.cookie, gateway, ...(timeoutMs === undefined ? {} : { timeoutMs }) },
    );
    const created = reply.status === 201 ? (reply.body as { question: { id: number } }) : null;
    return { ...reply, questionId: created ? created.question.id : null };
  }

  async askOk(
    user: ScenarioUser,
    question: string,
    options?: { gateway?: number; timeoutMs?: number },
  ): Promise<number> {
    const reply = await this.ask(user, question, options);
    if (reply.status !== 201 || reply.questionId === null) {
      throw new Error(`ask "${question}" answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    }
    return reply.questionId;
  }

  /** A Socket.IO client of `user` (not connected yet). */
  client(user: ScenarioUser, label = user.username): StreamClient {
    const client = new StreamClient(this, user, label);
    this.clients.push(client);
    return client;
  }

  // -------------------------------------------------------------------------------------------
  // What the database and Redis hold
  // -------------------------------------------------------------------------------------------

  async query<Row extends object = Record<string, unknown>>(
    text: string,
    params: readonly unknown[] = [],
  ): Promise<Row[]> {
    const result = await this.sql.query<Row>(text, [...params]);
    return result.rows;
  }

  responsesOf(questionId: number): Promise<ResponseRow[]> {
    return this.query<ResponseRow>(
      `SELECT "id", "memberOrder", "round", "provider", "status", "response", "error", "totalTokens"
         FROM "responses" WHERE "questionId" = $1 ORDER BY "memberOrder", "round", "id"`,
      [questionId],
    );
  }

  ledgerOf(questionId: number): Promise<LedgerRow[]> {
    return this.query<LedgerRow>(
      `SELECT "id", "kind", "amount", "bucket", "idempotencyKey", "responseId", "userId"
         FROM "ledger_entries" WHERE "questionId" = $1 ORDER BY "id"`,
      [questionId],
    );
  }

  async questionStatus(questionId: number): Promise<string | null> {
    const [row] = await this.query<{ status: string }>('SELECT "status" FROM "questions" WHERE "id" = $1', [
      questionId,
    ]);
    return row?.status ?? null;
  }

  async waitForQuestion(
    questionId: number,
    {
      timeoutMs = 60_000,
      statuses = ['completed', 'failed'],
    }: { timeoutMs?: number; statuses?: string[] } = {},
  ): Promise<string | null> {
    let status: string | null = null;
    await waitFor(
      async () => {
        status = await this.questionStatus(questionId).catch(() => null);
        return status !== null && statuses.includes(status);
      },
      {
        timeoutMs,
        what: `question ${questionId} to be ${statuses.join('/')} (now ${status})`,
        intervalMs: 200,
      },
    );
    return status;
  }

  streamKey(questionId: number): string {
    return `${this.prefix}:council:{${questionId}}`;
  }

  async streamIds(questionId: number): Promise<string[]> {
    const entries = await this.redis.xrange(this.streamKey(questionId), '-', '+');
    return entries.map(([id]) => id);
  }

  /** users.tokensLeft next to the sum of the user's ledger entries (they must agree). */
  async balanceOf(userId: number): Promise<Balance> {
    const [row] = await this.query<Balance>(
      `SELECT u."tokensLeft"::int AS "cached", u."queriesLeft"::int AS "queriesLeft",
              COALESCE((SELECT SUM("amount") FROM "ledger_entries" WHERE "userId" = u."id"), 0)::int AS "derived"
         FROM "users" u WHERE u."id" = $1`,
      [userId],
    );
    if (!row) throw new Error(`user ${userId} is not in the database`);
    return row;
  }

  // -------------------------------------------------------------------------------------------
  // Checks
  // -------------------------------------------------------------------------------------------

  /**
   * What the user and the ledger must see for a question that finished: each member and round has
   * one response row; every completed row was settled by exactly one operation charging its
   * totalTokens; a failed row was never settled; the client's text of each completed answer equals
   * the stored answer (no duplicated or missing segment); the client got every stream entry
   * exactly once, in order; the user's cached balance equals the ledger. Returns the rows.
   */
  async expectConsistent(questionId: number, options: ConsistencyOptions = {}): Promise<ResponseRow[]> {
    // Settlements go through billing's usage queue, which retries on its own: a job that failed
    // once during an outage lands a moment later. Give it that moment before calling it lost.
    const deadline = Date.now() + CONSISTENCY_GRACE_MS;
    for (;;) {
      try {
        return await this.checkConsistent(questionId, options);
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  async checkConsistent(
    questionId: number,
    { clients = [], userId }: ConsistencyOptions = {},
  ): Promise<ResponseRow[]> {
    const problems: string[] = [];
    const rows = await this.responsesOf(questionId);
    const seen = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.memberOrder ?? 'consensus'}:${row.round}`;
      if (seen.has(key))
        problems.push(`two response rows for member:round ${key} (ids ${seen.get(key)}, ${row.id})`);
      seen.set(key, row.id);
    }
    const ledger = await this.ledgerOf(questionId);
    const settlements = ledger.filter((entry) => entry.kind === 'settlement');
    const [question] = await this.query<{ tokenCap: number | null }>(
      `SELECT "tokenCap" FROM "questions" WHERE "id" = $1`,
      [questionId],
    );
    const cap = question?.tokenCap ?? null;
    let chargedInAll = 0;
    let usedInAll = 0;
    for (const row of rows) {
      const mine = settlements.filter((entry) => entry.responseId === row.id);
      const operations = new Set(mine.map((entry) => entry.idempotencyKey.replace(/#\d+$/, '')));
      if (row.status === 'completed') {
        if (operations.size !== 1) {
          problems.push(
            `response ${row.id} (member ${row.memberOrder}) settled by ${operations.size} operations: ${[...operations].join(', ')}`,
          );
        }
        const charged = -mine.reduce((sum, entry) => sum + entry.amount, 0);
        chargedInAll += charged;
        usedInAll += row.totalTokens;
        // A capped question's last settlements stop at the cap (checked as a whole below).
        if (cap === null ? charged !== row.totalTokens : charged > row.totalTokens) {
          problems.push(`response ${row.id} charged ${charged} tokens, its usage is ${row.totalTokens}`);
        }
      } else if (operations.size > 0) {
        problems.push(`response ${row.id} is ${row.status} but was settled (${[...operations].join(', ')})`);
      }
    }
    if (cap !== null && chargedInAll !== Math.min(usedInAll, cap)) {
      problems.push(`capped at ${cap}, the question was charged ${chargedInAll} for a usage of ${usedInAll}`);
    }
    if (userId !== undefined) {
      const balance = await this.balanceOf(userId);
      if (balance.cached !== balance.derived) {
        problems.push(`user ${userId}: cached balance ${balance.cached} ≠ ledger sum ${balance.derived}`);
      }
    }
    const streamIds = await this.streamIds(questionId);
    for (const client of clients) {
      const unplaced = client.eventsOf(questionId).filter((entry) => entry.payload.entryId === undefined);
      if (unplaced.length > 0)
        problems.push(`${client.label}: ${unplaced.length} event(s) without an entry id`);
      const received = client.entryIds(questionId);
      for (const problem of entryIdProblems(received, streamIds))
        problems.push(`${client.label}: ${problem}`);
      const texts = client.texts(questionId);
      for (const row of rows) {
        if (row.status !== 'completed' || row.memberOrder === null) continue;
        const streamed = texts.get(`${row.memberOrder}:${row.round}`) ?? '';
        // A revision is stored without its closing "Position:" line, as the web shows it.
        const shown = row.round > 0 ? contracts.parseRevision(streamed).answer : streamed.trim();
        if (shown !== row.response.trim()) {
          problems.push(
            `${client.label}: member ${row.memberOrder} text differs from the stored answer\n  shown:  ${JSON.stringify(shown)}\n  stored: ${JSON.stringify(row.response)}`,
          );
        }
      }
    }
    if (problems.length > 0) {
      throw new Error(
        `Question ${questionId} is inconsistent (log: ${this.logFile}):\n- ${problems.join('\n- ')}`,
      );
    }
    return rows;
  }

  // -------------------------------------------------------------------------------------------
  // Cleanup
  // -------------------------------------------------------------------------------------------

  async stopApps(): Promise<void> {
    await Promise.all(this.services.map((service) => service.stop(10_000)));
  }

  async cleanup(): Promise<void> {
    if (this.cleaned) return this.cleaned;
    this.cleaned = (async () => {
      this.stopping = true;
      for (const client of this.clients) client.close();
      await this.stopApps().catch(() => {});
      await this.fake?.stop().catch(() => {});
      await this.fakeStripe?.stop().catch(() => {});
      await this.sql?.end().catch(() => {});
      this.redis?.disconnect();
      if (this.privateRedis) await this.privateRedis.stop().catch(() => {});
      else if (this.redisUrl) await deleteKeysWithPrefix(this.redisUrl, this.prefix).catch(() => {});
      if (this.databaseCreated && !this.privatePostgres) {
        await dropDatabase(this.adminUrl, this.database).catch(() => {});
      }
      if (this.privatePostgres) await this.privatePostgres.stop().catch(() => {});
      rmSync(this.tmp, { recursive: true, force: true });
      await new Promise<void>((resolve) => (this.log ? this.log.end(resolve) : resolve()));
      if (this.runningMarker) rmSync(this.runningMarker, { force: true });
    })();
    return this.cleaned;
  }
}

// ---------------------------------------------------------------------------------------------
// A browser's socket, as far as the stream is concerned
// ---------------------------------------------------------------------------------------------

/**
 * A user's Socket.IO connection(s) to /council. Records every event (with the question id and
 * stream entry id), across disconnects: resume() connects again (to any gateway) and subscribes
 * with the last entry id received, as the web client does.
 */
/** An event as a client received it; the payload fields the checks read are named. */
export interface ClientEvent extends ReceivedEvent {
  payload: ReceivedEvent['payload'] & { questionId?: number; entryId?: string; error?: string };
  at: number;
}

/** question:subscribe's acknowledgement. */
export interface SubscribeAck {
  ok?: boolean;
  status?: string;
  [field: string]: unknown;
}

export class StreamClient {
  readonly events: ClientEvent[] = [];
  socket: Socket | null = null;
  readonly listeners = new Set<() => void>();

  constructor(
    readonly scenario: Scenario,
    readonly user: ScenarioUser,
    readonly label: string,
  ) {}

  async connect(gateway = 0): Promise<this> {
    this.close();
    const socket = io(`${this.scenario.gatewayUrl(gateway)}/council`, {
      transports: ['websocket'],
      extraHeaders: { cookie: this.user.cookie, origin: PUBLIC_URL },
      reconnection: false,
      forceNew: true,
      timeout: 10_000,
    });
    // The gateway sends stream events in `question:events` frames of stream entries, each with
    // its `type`, its question and its entry id.
    socket.on('question:events', (events: Array<ClientEvent['payload'] & { type: string }>) => {
      if (socket !== this.socket) return;
      const at = Date.now();
      for (const entry of events) this.events.push({ event: entry.type, payload: entry, at });
      for (const listener of this.listeners) listener();
    });
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) =>
        reject(new Error(`${this.label}: connect failed: ${error.message}`)),
      );
    });
    return this;
  }

  subscribe(questionId: number, lastEntryId?: string): Promise<SubscribeAck | null> {
    if (!this.socket) throw new Error(`${this.label}: not connected`);
    const payload = lastEntryId ? { questionId, lastEntryId } : { questionId };
    return this.socket
      .timeout(10_000)
      .emitWithAck('question:subscribe', payload) as Promise<SubscribeAck | null>;
  }

  /** Connects again (optionally to another gateway) and asks for everything after the last entry seen. */
  async resume(questionId: number, gateway = 0): Promise<SubscribeAck> {
    await this.connect(gateway);
    const ack = await this.subscribe(questionId, this.lastEntryId(questionId));
    if (!ack?.ok) throw new Error(`${this.label}: resubscribe refused: ${JSON.stringify(ack)}`);
    return ack;
  }

  /** Drops the connection (the network went away); events sent meanwhile are not received. */
  close(): void {
    if (!this.socket) return;
    const socket = this.socket;
    this.socket = null;
    socket.disconnect();
  }

  eventsOf(questionId: number): ClientEvent[] {
    return this.events.filter((entry) => entry.payload?.questionId === questionId);
  }

  entryIds(questionId: number): string[] {
    return this.eventsOf(questionId).flatMap((entry) =>
      entry.payload.entryId === undefined ? [] : [entry.payload.entryId],
    );
  }

  lastEntryId(questionId: number): string | undefined {
    return this.entryIds(questionId).at(-1);
  }

  texts(questionId: number): Map<string, string> {
    return assembleTexts(this.eventsOf(questionId));
  }

  count(questionId: number, event: string): number {
    return this.eventsOf(questionId).filter((entry) => entry.event === event).length;
  }

  /** Resolves when `predicate()` holds, checked on every event (and every 250 ms). */
  async until(
    predicate: () => boolean,
    { timeoutMs = 60_000, what = 'condition' }: { timeoutMs?: number; what?: string } = {},
  ): Promise<void> {
    if (predicate()) return;
    let listener: (() => void) | undefined;
    try {
      await Promise.race([
        new Promise<void>((resolve) => {
          const check = () => {
            if (predicate()) resolve();
          };
          listener = check;
          this.listeners.add(check);
        }),
        waitFor(predicate, { timeoutMs, what: `${this.label}: ${what}` }),
      ]);
    } finally {
      if (listener) this.listeners.delete(listener);
    }
  }

  /** Waits for the question's final event (question:completed / question:failed). */
  finished(questionId: number, timeoutMs = 60_000): Promise<void> {
    return this.until(
      () => this.count(questionId, 'question:completed') + this.count(questionId, 'question:failed') > 0,
      { timeoutMs, what: `question ${questionId} to finish` },
    );
  }
}

export { sleep };
