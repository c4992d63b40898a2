// Model discovery end to end: the in-process gateway, the REAL provider worker and billing apps as
// processes, real PostgreSQL (seeded catalogue) and Redis, and the fake provider server standing in
// for a local Ollama (LOCAL_BASE_URL) that lists its own models (GET /v1/models).

import { type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type AgentResponse,
  type AskQuestionResult,
  DISCOVERED_MODEL_TEXTS,
  type ModelResponse,
  TYPICAL_OUTPUT_TOKENS_DEFAULT,
  VALIDATION_MESSAGES,
  listedModelsKey,
  listedModelsTtlMs,
} from '@council/contracts';
import {
  type FakeProviderServer,
  type TestDatabase,
  createMigratedDatabase,
  serverTestEnv,
  startFakeProviderServer,
} from '@council/testing';
import request from 'supertest';
import { CATALOGUE_CACHE_TTL_MS } from '../src/questions/questions.constants';
import { type TestGateway, signUpThroughApi, startTestGateway, waitFor } from './accounts.helpers';
import {
  type BillingProcess,
  type IsolatedRedis,
  buildBilling,
  isolatedRedis,
  startBillingProcess,
} from './billing.helpers';
import {
  type ProviderWorkerProcess,
  buildProviderWorker,
  startProviderWorkerProcess,
} from './provider-worker.helpers';

const PUBLIC_URL = 'http://council.test';
const REFRESH_MS = 1_000;
/** The catalogue's facts for its local model (libs/db/catalogue/catalogue.yaml). */
const LLAMA_RELEASE = 'September 2024';

interface Asker {
  id: number;
  cookie: string;
}

describe('model discovery (gateway, provider worker and billing processes, a local server listing its models)', () => {
  let db: TestDatabase;
  let redis: IsolatedRedis;
  let fake: FakeProviderServer;
  let billing: BillingProcess;
  let worker: ProviderWorkerProcess;
  let gw: TestGateway;
  let server: Server;
  let localAgentIds: number[];

  beforeAll(async () => {
    buildBilling();
    buildProviderWorker();
    db = await createMigratedDatabase('gwdiscovery', { seed: true });
    redis = await isolatedRedis('gwdiscovery');
    fake = await startFakeProviderServer({ models: ['llama3.2:latest', 'qwen2.5'] });
    billing = await startBillingProcess({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      ...redis.env,
      PUBLIC_URL,
    });
    worker = await startProviderWorkerProcess({
      ...serverTestEnv(db, redis, 'warn'),
      BILLING_URL: billing.url,
      LOCAL_BASE_URL: fake.baseUrlFor('/local/v1'),
      MODEL_DISCOVERY_INTERVAL_MS: String(REFRESH_MS),
    });
    gw = await startTestGateway(
      'gwdiscovery',
      { PUBLIC_URL, TRUST_PROXY: 'loopback', BILLING_URL: billing.url, BILLING_RPC_TIMEOUT_MS: '5000' },
      { db, redis },
    );
    server = gw.app.getHttpServer() as Server;
    localAgentIds = (
      await gw.sql<{ id: number }>(`SELECT "id" FROM "agents" WHERE "provider" = 'local' ORDER BY "position"`)
    ).map((row) => row.id);
  }, 300_000);

  afterAll(async () => {
    await worker?.stop();
    await billing?.stop();
    await gw?.close();
    await fake?.stop();
    await redis?.cleanup();
    await db?.drop();
  });

  /** GET a catalogue list; anything but 200 fails the test, so no 500 goes unnoticed. */
  const get = async <T>(path: string): Promise<T> => {
    const res = await request(server).get(path);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.body as T;
  };
  const localModels = async () =>
    (await get<ModelResponse[]>('/api/models')).filter((model) => localAgentIds.includes(model.agentId));
  const localAgents = async () =>
    (await get<AgentResponse[]>('/api/agents')).filter((agent) => agent.provider === 'local');
  /** Waits until the local models offered are exactly these names (the worker refreshes every second). */
  const offeredLocal = (names: string[]) =>
    waitFor(async () => {
      const models = await localModels();
      return JSON.stringify(models.map((model) => model.name)) === JSON.stringify(names) ? models : undefined;
    }, 15_000);

  const signUpPremium = async (): Promise<Asker> => {
    const { id, cookie } = await signUpThroughApi(gw, 'discoverer');
    await gw.sql(`UPDATE "users" SET "subscriptionTier" = 'premium' WHERE "id" = $1`, [id]);
    return { id, cookie };
  };
  const ask = (asker: Asker, body: object) =>
    request(server).post('/api/questions').set('Cookie', asker.cookie).send(body);

  it('offers what the server lists: the catalogue’s model with its facts, and one it does not know without', async () => {
    const [llama, qwen] = await offeredLocal(['llama3.2', 'qwen2.5']);
    expect(llama).toMatchObject({ contextWindow: 128_000, facts: { releaseDate: LLAMA_RELEASE } });
    expect(qwen).toEqual({
      id: qwen?.id,
      agentId: localAgentIds[0],
      name: 'qwen2.5',
      version: null,
      description: DISCOVERED_MODEL_TEXTS.description,
      capabilities: [],
      contextWindow: null,
      facts: null,
      typicalOutputTokens: TYPICAL_OUTPUT_TOKENS_DEFAULT,
    });
    expect((await localAgents()).map((agent) => agent.id)).toEqual([localAgentIds[0]]);
    const [row] = await gw.sql<{ discovered: boolean; apiModel: string }>(
      `SELECT "discovered", "apiModel" FROM "models" WHERE "id" = $1`,
      [qwen?.id],
    );
    expect(row).toEqual({ discovered: true, apiModel: 'qwen2.5' });
    // Published for a bit longer than two refreshes.
    const ttl = await gw.redisClient.pttl(listedModelsKey(redis.prefix, 'local'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(listedModelsTtlMs(REFRESH_MS));
  });

  it('answers with the discovered model from the server, and settles its usage', async () => {
    const [llama, qwen] = await offeredLocal(['llama3.2', 'qwen2.5']);
    const agentId = localAgentIds[0] ?? 0;
    const asker = await signUpPremium();
    const before = fake.requests.length;
    const asked = await ask(asker, {
      question: 'Which model answers this?',
      agents: [
        { agentId, modelId: qwen?.id, order: 0 },
        { agentId, modelId: llama?.id, order: 1 },
        { agentId, modelId: qwen?.id, order: 2 },
      ],
    });
    expect(asked.status).toBe(201);
    const questionId = (asked.body as AskQuestionResult).question.id;

    await waitFor(async () => {
      const [question] = await gw.sql<{ status: string }>(
        `SELECT "status" FROM "questions" WHERE "id" = $1`,
        [questionId],
      );
      return question?.status === 'completed' ? true : undefined;
    }, 30_000);
    const responses = await gw.sql<{
      id: number;
      memberOrder: number;
      status: string;
      response: string;
      totalTokens: number;
    }>(
      `SELECT "id", "memberOrder", "status", "response", "totalTokens" FROM "responses"
        WHERE "questionId" = $1 ORDER BY "memberOrder"`,
      [questionId],
    );
    expect(responses.map((row) => [row.memberOrder, row.status])).toEqual([
      [0, 'completed'],
      [1, 'completed'],
      [2, 'completed'],
    ]);
    expect(responses[0]?.response).toContain('This is a fake answer from qwen2.5.');
    expect(responses[1]?.response).toContain('This is a fake answer from llama3.2.');
    const calls = fake.requests.slice(before);
    expect(calls.map((call) => [call.path, call.model]).sort()).toEqual([
      ['/local/v1/chat/completions', 'llama3.2'],
      ['/local/v1/chat/completions', 'qwen2.5'],
      ['/local/v1/chat/completions', 'qwen2.5'],
    ]);

    // Billing settled each answer's usage and gave back the rest of the hold.
    const charged = responses.reduce((sum, row) => sum + row.totalTokens, 0);
    expect(charged).toBeGreaterThan(0);
    await waitFor(async () => {
      const [user] = await gw.sql<{ tokensLeft: number }>(
        `SELECT "tokensLeft" FROM "users" WHERE "id" = $1`,
        [asker.id],
      );
      return user?.tokensLeft === 10_000 - charged ? true : undefined;
    }, 15_000);
    const settled = await gw.sql<{ responseId: number; amount: string }>(
      `SELECT "responseId", sum("amount") AS "amount" FROM "ledger_entries"
        WHERE "questionId" = $1 AND "kind" = 'settlement' GROUP BY "responseId" ORDER BY "responseId"`,
      [questionId],
    );
    expect(settled.map((row) => [row.responseId, -Number(row.amount)])).toEqual(
      [...responses].sort((a, b) => a.id - b.id).map((row) => [row.id, row.totalTokens]),
    );
  });

  it('hides what the server stops listing, refuses asking for it, and offers nothing of a server that has gone', async () => {
    const [llama, qwen] = await offeredLocal(['llama3.2', 'qwen2.5']);
    const agentId = localAgentIds[0] ?? 0;
    const asker = await signUpPremium();
    const members = (modelId: number | undefined) => [0, 1, 2].map((order) => ({ agentId, modelId, order }));

    fake.configure({ models: ['llama3.2'] });
    await offeredLocal(['llama3.2']);
    expect((await localAgents()).map((agent) => agent.id)).toEqual([agentId]);
    // Once the ask path's cached catalogue has caught up, asking for it is the usual 400.
    await sleep(CATALOGUE_CACHE_TTL_MS + 200);
    const refused = await ask(asker, { question: 'Still there?', agents: members(qwen?.id) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: VALIDATION_MESSAGES.memberIdInvalid,
    });

    // The server goes away: its provider offers no model and no agent, and nothing fails.
    const port = Number(new URL(fake.url).port);
    await fake.stop();
    await offeredLocal([]);
    expect(await localAgents()).toEqual([]);
    expect(await gw.redisClient.get(listedModelsKey(redis.prefix, 'local'))).toBe('[]');
    await sleep(CATALOGUE_CACHE_TTL_MS + 200);
    const gone = await ask(asker, { question: 'Anyone?', agents: members(llama?.id) });
    expect(gone.status).toBe(400);
    expect(gone.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: VALIDATION_MESSAGES.memberIdInvalid,
    });
    expect(await gw.sql(`SELECT 1 FROM "questions" WHERE "userId" = $1`, [asker.id])).toEqual([]);

    // Back with another model list: the same rows are offered again, nothing added twice.
    fake = await startFakeProviderServer({ port, models: ['qwen2.5'] });
    const [back] = await offeredLocal(['qwen2.5']);
    expect(back?.id).toBe(qwen?.id);
  });

  it('stops the worker cleanly between two listings', async () => {
    await worker.stop();
    expect(await worker.app.exited).toBe(0);
  });
});
