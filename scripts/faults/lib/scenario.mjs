// One fault scenario's world: its own database and Redis prefix (or its own servers), the fake
// providers every real SDK talks to, the apps as real processes (node apps/<app>/dist/main.js),
// users, questions and Socket.IO clients, and the checks of what the user and the ledger see.
// Everything it starts is stopped and everything it creates is removed by cleanup(), which also
// runs on SIGINT/SIGTERM and when the test runner that started us goes away.
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io } from 'socket.io-client';
import { capture, ROOT } from '../../lib/exec.mjs';
import { freePort, httpStatus, waitFor } from '../../lib/net.mjs';
import { createDatabase, dropDatabase } from '../../lib/postgres.mjs';
import { deleteKeysWithPrefix } from '../../lib/redis.mjs';
import { describeExit, startService, streamSink } from '../../lib/service-process.mjs';
import { withDatabase } from '../../lib/urls.mjs';
import { startPrivatePostgres, startPrivateRedis } from './private-servers.mjs';
import { assembleTexts, entryIdProblems } from './stream-events.mjs';

/** How long a question's ledger may lag its answers (billing's usage-job retries). */
const CONSISTENCY_GRACE_MS = 10_000;

const require = createRequire(import.meta.url);
/** @council/testing is CommonJS (libs/testing/dist); the fake providers and Stripe helpers come from it. */
export const testing = require('@council/testing');

export const PUBLIC_URL = 'http://council.faults';
export const PASSWORD = 'correct horse battery';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** Shared by every scenario of one `npm run test:faults` (run.mjs sets it). */
const RUN_ID = process.env.FAULTS_RUN_ID || Date.now().toString(36);
const LOG_DIR = process.env.FAULTS_LOG_DIR || path.join(ROOT, '.data', 'logs', `faults-${RUN_ID}`);

const APP_HEALTH = {
  gateway: '/api/health',
  billing: '/health',
  'provider-worker': '/health',
  'consensus-worker': '/health',
};

// ---------------------------------------------------------------------------------------------
// Cleanup on every way out
// ---------------------------------------------------------------------------------------------

const cleanups = new Set();
let exiting = false;
// Our output goes to the test runner through a pipe; if the runner is gone (Ctrl-C), a write must
// not crash us in the middle of cleaning up.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});
async function cleanupAndExit(code) {
  if (exiting) return;
  exiting = true;
  for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => {});
  process.exit(code);
}
process.once('SIGINT', () => void cleanupAndExit(130));
process.once('SIGTERM', () => void cleanupAndExit(143));
// The test runner (or run.mjs) died without telling us: we were re-parented. Clean up and go.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) void cleanupAndExit(143);
}, 500).unref();

// ---------------------------------------------------------------------------------------------
// The scenario
// ---------------------------------------------------------------------------------------------

/**
 * Starts a scenario. Options:
 *   name          short id (database/prefix/log names)
 *   redis         'shared' (the run's Redis, own prefix) | 'private' (own redis-server, restartable)
 *   postgres      'shared' (the run's server, own database) | 'private' (own cluster, restartable)
 *   gateways      how many gateway processes (default 1)
 *   workers       labels of provider-worker processes (default ['worker-a']), each serving every queue
 *   env           extra env for every app; workerEnv / gatewayEnv / billingEnv for those apps only
 *   fake          FakeProviderServer options (pacing)
 *   stripe        true: billing in Stripe mode against a fake Stripe (webhooks verified)
 */
export async function startScenario(options) {
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
  }) {
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
    this.apps = { gateways: [], workers: new Map(), billing: null, consensus: null };
    /** Every process started, healthy or not, so cleanup stops them all. */
    this.services = [];
    this.stopping = false;
    this.ipCounter = 0;
    this.userCounter = 0;
    this.clients = [];
    this.tmp = path.join(os.tmpdir(), `council-faults-${RUN_ID}-${name}`);
    this.steps = [];
  }

  async start() {
    mkdirSync(LOG_DIR, { recursive: true });
    this.logFile = path.join(LOG_DIR, `${this.name}.log`);
    // run.mjs waits for these markers to go before it exits, so an interrupted run is cleaned up.
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
  note(text) {
    this.sink?.('faults', null, `${new Date().toISOString()} ${text}`);
  }

  baseEnv() {
    const env = {
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
  async startApp(label, app, env = {}) {
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

  async startGateway() {
    const index = this.apps.gateways.length;
    this.apps.gateways.push(null);
    const gateway = await this.startApp(`gateway-${index + 1}`, 'gateway', {
      TRUST_PROXY: 'loopback',
      MAIL_OUTBOX_DIR: path.join(this.tmp, 'outbox'),
      BILLING_RPC_TIMEOUT_MS: '3000',
      BILLING_URL: this.apps.billing.url,
      ...this.options.gatewayEnv,
    });
    this.apps.gateways[index] = gateway;
    return gateway;
  }

  async startBilling() {
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

  async startConsensus() {
    this.apps.consensus = await this.startApp('consensus-worker', 'consensus-worker');
  }

  /** The env a provider worker gets: real SDKs against the fake, each worker with its own keys. */
  workerEnvFor(label, extra = {}) {
    return {
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

  async startWorker(label, extra = {}) {
    const worker = await this.startApp(label, 'provider-worker', this.workerEnvFor(label, extra));
    this.apps.workers.set(label, worker);
    return worker;
  }

  /** Which worker sent a request to the fake (each worker has its own keys). */
  workerOf(request) {
    const key = request.apiKey ?? '';
    for (const label of this.apps.workers.keys()) if (key.includes(label)) return label;
    return null;
  }

  gatewayUrl(index = 0) {
    return this.apps.gateways[index % this.apps.gateways.length].url;
  }

  // -------------------------------------------------------------------------------------------
  // Users, questions, clients
  // -------------------------------------------------------------------------------------------

  nextIp() {
    this.ipCounter += 1;
    return `203.0.${Math.floor(this.ipCounter / 250)}.${(this.ipCounter % 250) + 1}`;
  }

  /** POST with the session cookie and our Origin; resolves { status, body, ms }. */
  async post(pathname, body, { cookie, gateway = 0, timeoutMs = 30_000, headers = {} } = {}) {
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
    let parsed = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, ms: Date.now() - started, headers: response.headers };
  }

  /** A new free user (10,000 tokens, 5 free questions); resolves { id, username, cookie }. */
  async register(gateway = 0) {
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
    const [row] = await this.query('SELECT "id" FROM "users" WHERE "username" = $1', [username]);
    return { id: row.id, username, cookie };
  }

  /** POST /api/questions (default council); resolves { status, body, ms, questionId }. */
  async ask(user, question, { gateway = 0, timeoutMs } = {}) {
    const reply = await this.post(
      '/api/questions',
      { question },
      { cookie: user.cookie, gateway, timeoutMs },
    );
    return { ...reply, questionId: reply.status === 201 ? reply.body.question.id : null };
  }

  async askOk(user, question, options) {
    const reply = await this.ask(user, question, options);
    if (reply.status !== 201) {
      throw new Error(`ask "${question}" answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    }
    return reply.questionId;
  }

  /** A Socket.IO client of `user` (not connected yet). */
  client(user, label = user.username) {
    const client = new StreamClient(this, user, label);
    this.clients.push(client);
    return client;
  }

  // -------------------------------------------------------------------------------------------
  // What the database and Redis hold
  // -------------------------------------------------------------------------------------------

  async query(text, params = []) {
    const result = await this.sql.query(text, params);
    return result.rows;
  }

  responsesOf(questionId) {
    return this.query(
      `SELECT "id", "memberOrder", "round", "provider", "status", "response", "error", "totalTokens"
         FROM "responses" WHERE "questionId" = $1 ORDER BY "memberOrder", "round", "id"`,
      [questionId],
    );
  }

  ledgerOf(questionId) {
    return this.query(
      `SELECT "id", "kind", "amount", "bucket", "idempotencyKey", "responseId", "userId"
         FROM "ledger_entries" WHERE "questionId" = $1 ORDER BY "id"`,
      [questionId],
    );
  }

  async questionStatus(questionId) {
    const [row] = await this.query('SELECT "status" FROM "questions" WHERE "id" = $1', [questionId]);
    return row?.status ?? null;
  }

  async waitForQuestion(questionId, { timeoutMs = 60_000, statuses = ['completed', 'failed'] } = {}) {
    let status = null;
    await waitFor(
      async () => {
        status = await this.questionStatus(questionId).catch(() => null);
        return statuses.includes(status);
      },
      {
        timeoutMs,
        what: `question ${questionId} to be ${statuses.join('/')} (now ${status})`,
        intervalMs: 200,
      },
    );
    return status;
  }

  streamKey(questionId) {
    return `${this.prefix}:council:{${questionId}}`;
  }

  async streamIds(questionId) {
    const entries = await this.redis.xrange(this.streamKey(questionId), '-', '+');
    return entries.map(([id]) => id);
  }

  /** users.tokensLeft next to the sum of the user's ledger entries (they must agree). */
  async balanceOf(userId) {
    const [row] = await this.query(
      `SELECT u."tokensLeft"::int AS "cached", u."queriesLeft"::int AS "queriesLeft",
              COALESCE((SELECT SUM("amount") FROM "ledger_entries" WHERE "userId" = u."id"), 0)::int AS "derived"
         FROM "users" u WHERE u."id" = $1`,
      [userId],
    );
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
  async expectConsistent(questionId, options = {}) {
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

  async checkConsistent(questionId, { clients = [], userId } = {}) {
    const problems = [];
    const rows = await this.responsesOf(questionId);
    const seen = new Map();
    for (const row of rows) {
      const key = `${row.memberOrder ?? 'consensus'}:${row.round}`;
      if (seen.has(key))
        problems.push(`two response rows for member:round ${key} (ids ${seen.get(key)}, ${row.id})`);
      seen.set(key, row.id);
    }
    const ledger = await this.ledgerOf(questionId);
    const settlements = ledger.filter((entry) => entry.kind === 'settlement');
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
        if (charged !== row.totalTokens) {
          problems.push(`response ${row.id} charged ${charged} tokens, its usage is ${row.totalTokens}`);
        }
      } else if (operations.size > 0) {
        problems.push(`response ${row.id} is ${row.status} but was settled (${[...operations].join(', ')})`);
      }
    }
    if (userId !== undefined) {
      const balance = await this.balanceOf(userId);
      if (balance.cached !== balance.derived) {
        problems.push(`user ${userId}: cached balance ${balance.cached} ≠ ledger sum ${balance.derived}`);
      }
    }
    const streamIds = await this.streamIds(questionId);
    for (const client of clients) {
      const received = client.entryIds(questionId);
      for (const problem of entryIdProblems(received, streamIds))
        problems.push(`${client.label}: ${problem}`);
      const texts = client.texts(questionId);
      for (const row of rows) {
        if (row.status !== 'completed' || row.memberOrder === null) continue;
        const shown = (texts.get(`${row.memberOrder}:${row.round}`) ?? '').trim();
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

  async stopApps() {
    await Promise.all(this.services.map((service) => service.stop(10_000)));
  }

  async cleanup() {
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
      await new Promise((resolve) => (this.log ? this.log.end(resolve) : resolve()));
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
export class StreamClient {
  constructor(scenario, user, label) {
    this.scenario = scenario;
    this.user = user;
    this.label = label;
    this.events = [];
    this.socket = null;
    this.listeners = new Set();
  }

  async connect(gateway = 0) {
    this.close();
    const socket = io(`${this.scenario.gatewayUrl(gateway)}/council`, {
      transports: ['websocket'],
      extraHeaders: { cookie: this.user.cookie, origin: PUBLIC_URL },
      reconnection: false,
      forceNew: true,
      timeout: 10_000,
    });
    socket.onAny((event, payload) => {
      if (socket !== this.socket) return;
      this.events.push({ event, payload, at: Date.now() });
      for (const listener of this.listeners) listener();
    });
    this.socket = socket;
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', (error) =>
        reject(new Error(`${this.label}: connect failed: ${error.message}`)),
      );
    });
    return this;
  }

  subscribe(questionId, lastEntryId) {
    const payload = lastEntryId ? { questionId, lastEntryId } : { questionId };
    return this.socket.timeout(10_000).emitWithAck('question:subscribe', payload);
  }

  /** Connects again (optionally to another gateway) and asks for everything after the last entry seen. */
  async resume(questionId, gateway = 0) {
    await this.connect(gateway);
    const ack = await this.subscribe(questionId, this.lastEntryId(questionId));
    if (!ack?.ok) throw new Error(`${this.label}: resubscribe refused: ${JSON.stringify(ack)}`);
    return ack;
  }

  /** Drops the connection (the network went away); events sent meanwhile are not received. */
  close() {
    if (!this.socket) return;
    const socket = this.socket;
    this.socket = null;
    socket.disconnect();
  }

  eventsOf(questionId) {
    return this.events.filter((entry) => entry.payload?.questionId === questionId);
  }

  entryIds(questionId) {
    return this.eventsOf(questionId).map((entry) => entry.payload.entryId);
  }

  lastEntryId(questionId) {
    return this.entryIds(questionId).at(-1);
  }

  texts(questionId) {
    return assembleTexts(this.eventsOf(questionId));
  }

  count(questionId, event) {
    return this.eventsOf(questionId).filter((entry) => entry.event === event).length;
  }

  /** Resolves when `predicate()` holds, checked on every event (and every 250 ms). */
  async until(predicate, { timeoutMs = 60_000, what = 'condition' } = {}) {
    if (predicate()) return;
    let listener;
    try {
      await Promise.race([
        new Promise((resolve) => {
          listener = () => predicate() && resolve();
          this.listeners.add(listener);
        }),
        waitFor(predicate, { timeoutMs, what: `${this.label}: ${what}` }),
      ]);
    } finally {
      this.listeners.delete(listener);
    }
  }

  /** Waits for the question's final event (question:completed / question:failed). */
  finished(questionId, timeoutMs = 60_000) {
    return this.until(
      () => this.count(questionId, 'question:completed') + this.count(questionId, 'question:failed') > 0,
      { timeoutMs, what: `question ${questionId} to finish` },
    );
  }
}

export { sleep };
