// The smoke stage of `npm test`: Council started exactly as `npm start` starts it on a fresh clone
// with nothing set (no DATABASE_URL, so the embedded PostgreSQL; a private data directory and free
// ports so it cannot meet a running copy), then used as a new user over the public API and
// Socket.IO; stopped with Ctrl-C, started again on the same data, and checked for what was kept.
//
// Env read: SMOKE_TIMEOUT_MS (the whole run, default 900000), SMOKE_START_TIMEOUT_MS (one start,
// default 600000: the first may build everything). Every Council variable of .env.example is
// removed from the environment it starts with, so the run sees what a newcomer sees.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { ROOT } from '../lib/exec.mjs';
import { banner, error, info, ok } from '../lib/log.mjs';
import { freePort, isPortFree, waitFor } from '../lib/net.mjs';
import { deleteKeysWithPrefix } from '../lib/redis.mjs';
import { ApiClient } from './api-client.mjs';
import { killGroup, npmStart } from './npm-start.mjs';
import { assertInternalsPrivate, assertNotDevelopmentSigned } from './private-ports.mjs';

const RUN_TIMEOUT_MS = Number(process.env.SMOKE_TIMEOUT_MS || 900_000);
const START_TIMEOUT_MS = Number(process.env.SMOKE_START_TIMEOUT_MS || 600_000);
const QUESTION_TIMEOUT_MS = 120_000;
const runId = Date.now().toString(36);

/** Every variable .env.example names (set or commented out): none of them is set for the run. */
function councilVariables() {
  const names = readFileSync(path.join(ROOT, '.env.example'), 'utf8').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm);
  return new Set([...names].map((match) => match[1]));
}

async function distinctFreePorts(count) {
  const ports = new Set();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** Runs one named step, printing it with its time; a failure names the step. */
async function step(name, fn) {
  const started = Date.now();
  try {
    const result = await fn();
    ok(`${name} (${Date.now() - started} ms)`);
    return result;
  } catch (cause) {
    throw new Error(`${name}: ${cause instanceof Error ? cause.message : cause}`, { cause });
  }
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'council-smoke-'));
// As root the embedded PostgreSQL runs as the `postgres` user, which must reach its data directory.
chmodSync(workDir, 0o755);
const dataDir = path.join(workDir, 'postgres');
const logDir = path.join(ROOT, '.data', 'logs');
mkdirSync(logDir, { recursive: true });
const logFile = path.join(logDir, `smoke-${runId}.log`);
const redisPrefix = `council-smoke-${runId}`;

const ports = await distinctFreePorts(8);
const [gateway, billing, providerWorker, consensusWorker, postgresPort, ...metricsPorts] = ports;
const [billingMetrics, providerWorkerMetrics, consensusWorkerMetrics] = metricsPorts;
const env = { ...process.env };
for (const name of councilVariables()) delete env[name];
Object.assign(env, {
  PORT: String(gateway),
  BILLING_PORT: String(billing),
  PROVIDER_WORKER_PORT: String(providerWorker),
  CONSENSUS_WORKER_PORT: String(consensusWorker),
  BILLING_METRICS_PORT: String(billingMetrics),
  PROVIDER_WORKER_METRICS_PORT: String(providerWorkerMetrics),
  CONSENSUS_WORKER_METRICS_PORT: String(consensusWorkerMetrics),
  EMBEDDED_PG_PORT: String(postgresPort),
  EMBEDDED_PG_DATA: dataDir,
  // Only so this run's keys can be told apart and removed in a Redis shared with other runs.
  REDIS_PREFIX: redisPrefix,
});

let running = null;
let fake = null;
async function cleanup() {
  if (running) await killGroup(running.child, running.exited);
  await fake?.stop();
  const redisUrl = 'redis://127.0.0.1:6379';
  await deleteKeysWithPrefix(redisUrl, redisPrefix).catch(() => {});
  rmSync(workDir, { recursive: true, force: true });
}

async function start(label) {
  running = await step(`${label}: npm start prints "Council is running"`, () =>
    npmStart({ env, logFile, timeoutMs: START_TIMEOUT_MS }),
  );
  return running;
}

async function stop(label) {
  await step(`${label}: Ctrl-C stops everything`, async () => {
    // npm itself dies of the SIGINT at once (as in a terminal); what matters is that start.mjs
    // then stops every app and PostgreSQL, which it finishes after npm is gone.
    const exit = await running.stop();
    assert.ok(
      exit.code === 0 || exit.code === 130 || exit.signal === 'SIGINT',
      `npm start ended: ${JSON.stringify(exit)}`,
    );
    const pidFile = path.join(dataDir, 'postmaster.pid');
    await waitFor(
      async () => {
        for (const port of ports) if (!(await isPortFree(port))) return false;
        return !existsSync(pidFile);
      },
      { timeoutMs: 60_000, what: 'every port to be free and PostgreSQL to have shut down cleanly' },
    );
  });
  running = null;
}

const PASSWORD = 'smoke test password';
const username = `newcomer_${runId}`;
// Nothing is configured, so the council answers only the example questions from its script and
// refuses the rest before writing anything (docs/decisions.md, decisions 22 and 23).
const OWN_QUESTION = 'What should a first-time visitor to London see in one day?';
const QUESTION = 'Should my first programming language be Python or JavaScript?';
const LOCAL_MODELS = ['llama3.2', 'qwen2.5'];
const LOCAL_ANSWER = 'A live answer from the local model, streamed through the real SDK.';

async function journey() {
  banner(
    `Smoke: npm start with nothing set (ports ${gateway}…, data in ${dataDir}, log ${path.relative(ROOT, logFile)})`,
  );
  const first = await start('First start');
  assert.match(
    first.output(),
    /embedded PostgreSQL, data in .*created now/,
    'the first start creates the cluster',
  );
  assert.equal(first.url, `http://localhost:${gateway}`);
  const user = new ApiClient(`http://127.0.0.1:${gateway}`, first.url);

  await step('the home page and the health check answer', async () => {
    const page = await user.call('GET', '/', undefined, { accept: 'text/html' });
    assert.equal(page.status, 200);
    assert.match(page.body, /<div id="root">/);
    const health = await user.expect(200, 'GET', '/api/health');
    assert.equal(health.status, 'ok');
  });

  await step('billing and the workers refuse connections off loopback; metrics only on their own ports', () =>
    assertInternalsPrivate({
      gateway,
      internal: {
        billing: { port: billing, metricsPort: billingMetrics },
        'provider-worker': { port: providerWorker, metricsPort: providerWorkerMetrics },
        'consensus-worker': { port: consensusWorker, metricsPort: consensusWorkerMetrics },
      },
    }),
  );

  await step('register a new account', async () => {
    await user.expect(201, 'POST', '/api/register', {
      username,
      password: PASSWORD,
      email: `${username}@example.com`,
      name: 'New Comer',
    });
    const me = await user.expect(200, 'GET', '/api/user');
    assert.equal(me.username, username);
    assert.equal(me.subscriptionTier, 'free');
    assert.equal(me.queriesLeft, 5);
    assertNotDevelopmentSigned(user.cookie);
  });

  await step('a question of their own is refused before anything is written', async () => {
    const refused = await user.call('POST', '/api/questions', { question: OWN_QUESTION });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'NO_MODEL_CONFIGURED');
    const me = await user.expect(200, 'GET', '/api/user');
    assert.equal(me.queriesLeft, 5, 'no free query was spent');
    const history = await user.expect(200, 'GET', '/api/questions');
    assert.deepEqual(history.items, []);
  });

  const asked = await step(
    'ask the default council an example; the answers stream over Socket.IO to the end',
    async () => {
      const stream = await user.openStream();
      try {
        const reply = await user.expect(201, 'POST', '/api/questions', {
          question: QUESTION,
          showDebate: false,
          showReasoning: false,
        });
        const id = reply.question.id;
        assert.equal(reply.agents.length, 3, 'the default council has three members');
        await stream.subscribe(id);
        assert.equal(await stream.finished(id, QUESTION_TIMEOUT_MS), 'question:completed');
        const texts = stream.texts(id);
        for (const member of [0, 1, 2]) {
          assert.ok((texts.get(`${member}:0`) ?? '').length > 20, `member ${member}'s answer streamed`);
        }
        return { id, texts };
      } finally {
        stream.close();
      }
    },
  );

  await step('history lists the question; its detail holds what streamed', async () => {
    const history = await user.expect(200, 'GET', '/api/questions');
    assert.deepEqual(
      history.items.map((item) => [item.id, item.question, item.status]),
      [[asked.id, QUESTION, 'completed']],
    );
    const detail = await user.expect(200, 'GET', `/api/questions/${asked.id}`);
    for (const member of [0, 1, 2]) {
      const stored = detail.answers.find((answer) => answer.memberOrder === member && answer.round === 0);
      assert.equal(stored?.status, 'completed');
      assert.equal(stored.response, asked.texts.get(`${member}:0`), `member ${member}: stored = streamed`);
    }
  });

  const shareId = await step('share the question and read the link signed out', async () => {
    const shared = await user.expect(200, 'POST', `/api/questions/${asked.id}/share`, {});
    const page = await user.expect(200, 'GET', `/api/shared/${shared.shareId}`, undefined, {
      signedOut: true,
    });
    assert.equal(page.question.question, QUESTION);
    assert.ok(page.responses.length >= 3);
    const html = await user.call('GET', `/shared/${shared.shareId}`, undefined, {
      signedOut: true,
      accept: 'text/html',
    });
    assert.equal(html.status, 200);
    return shared.shareId;
  });

  const tokensAfterPack = await step('buy the Basic Pack through the demo checkout', async () => {
    const before = (await user.expect(200, 'GET', '/api/user')).tokensLeft;
    const checkout = await user.expect(200, 'POST', '/api/top-up-tokens', { packageId: 'tokens_50k' });
    const id = new URL(checkout.url).pathname.split('/').pop();
    const offer = await user.expect(200, 'GET', `/api/billing/demo/${id}`);
    assert.equal(offer.tokens, 50_000);
    const confirmed = await user.expect(200, 'POST', `/api/billing/demo/${id}/confirm`);
    assert.equal(confirmed.status, 'complete');
    const after = (await user.expect(200, 'GET', '/api/user')).tokensLeft;
    assert.equal(after, before + 50_000);
    return after;
  });

  await step('ask a second question and delete it', async () => {
    const reply = await user.expect(201, 'POST', '/api/questions?wait=true', {
      question: 'Should I overpay my Plan 2 student loan or invest the money instead?',
      showDebate: false,
      showReasoning: false,
    });
    await user.expect(200, 'DELETE', `/api/questions/${reply.question.id}`);
    await user.expect(404, 'GET', `/api/questions/${reply.question.id}`);
  });

  const tokensBeforeRestart = await step('log out', async () => {
    const tokens = (await user.expect(200, 'GET', '/api/user')).tokensLeft;
    assert.ok(tokens < tokensAfterPack, 'the second question was charged');
    await user.expect(200, 'POST', '/api/logout');
    await user.expect(401, 'GET', '/api/user');
    return tokens;
  });

  await stop('First run');

  // The second start serves a local model, as an operator adds Ollama: an OpenAI-compatible server
  // (libs/testing's fake, built by the first start) that lists two models and streams its answers.
  const { startFakeProviderServer } = createRequire(import.meta.url)('@council/testing');
  fake = await startFakeProviderServer({
    models: LOCAL_MODELS,
    tokensPerSecond: 200,
    recordRequests: false,
    generateText: () => LOCAL_ANSWER,
  });
  env.LOCAL_BASE_URL = fake.baseUrlFor('/local/v1');

  const second = await start('Second start, same data, a local model served');
  assert.doesNotMatch(second.output(), /created now/, 'the second start reuses the cluster');
  const again = new ApiClient(`http://127.0.0.1:${gateway}`, second.url);

  await step('sign in again: history, balance and share link are intact', async () => {
    await again.expect(200, 'POST', '/api/login', { username, password: PASSWORD });
    const me = await again.expect(200, 'GET', '/api/user');
    assert.equal(me.tokensLeft, tokensBeforeRestart);
    const history = await again.expect(200, 'GET', '/api/questions');
    assert.deepEqual(
      history.items.map((item) => [item.id, item.isShared]),
      [[asked.id, true]],
    );
    await again.expect(200, 'GET', `/api/shared/${shareId}`, undefined, { signedOut: true });
  });

  await step('the local server lists two models: both are offered', async () => {
    const agents = await again.expect(200, 'GET', '/api/agents');
    const models = await again.expect(200, 'GET', '/api/models');
    const local = agents.filter((agent) => agent.provider === 'local').map((agent) => agent.id);
    const offered = models.filter((model) => local.includes(model.agentId)).map((model) => model.name);
    assert.deepEqual([...offered].sort(), [...LOCAL_MODELS].sort());
  });

  await step(
    "a new free user's own question is answered live by the local models in every seat",
    async () => {
      const newcomer = new ApiClient(`http://127.0.0.1:${gateway}`, second.url);
      await newcomer.expect(201, 'POST', '/api/register', {
        username: `${username}_2`,
        password: PASSWORD,
        email: `${username}_2@example.com`,
      });
      const stream = await newcomer.openStream();
      try {
        const reply = await newcomer.expect(201, 'POST', '/api/questions', { question: OWN_QUESTION });
        const id = reply.question.id;
        assert.deepEqual(
          reply.agents.map((member) => member.agent.provider),
          ['local', 'local', 'local'],
          'the default council is made of live members',
        );
        assert.deepEqual(
          [...new Set(reply.agents.map((member) => member.model.name))].sort(),
          [...LOCAL_MODELS].sort(),
          'the second model is seated too',
        );
        await stream.subscribe(id);
        assert.equal(await stream.finished(id, QUESTION_TIMEOUT_MS), 'question:completed');
        const texts = stream.texts(id);
        for (const member of [0, 1, 2]) assert.equal(texts.get(`${member}:0`), LOCAL_ANSWER);
        const me = await newcomer.expect(200, 'GET', '/api/user');
        assert.equal(me.queriesLeft, 4);
      } finally {
        stream.close();
      }
    },
  );

  await stop('Second run');
}

const deadline = setTimeout(() => {
  error(`The smoke run took longer than ${RUN_TIMEOUT_MS / 1000} s`);
  void cleanup().finally(() => process.exit(1));
}, RUN_TIMEOUT_MS);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143)));
}

try {
  await journey();
  rmSync(logFile, { force: true });
  ok('Smoke passed: a new user can use what `npm start` serves, and their data survives a restart');
} catch (cause) {
  error(cause instanceof Error ? cause.message : String(cause));
  if (existsSync(logFile)) {
    const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
    banner(
      `npm start output: last ${Math.min(200, lines.length)} of ${lines.length} lines (${path.relative(ROOT, logFile)})`,
    );
    console.log(lines.slice(-200).join('\n'));
  }
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await cleanup();
  info(`Removed ${workDir} and the Redis keys ${redisPrefix}*`);
}
