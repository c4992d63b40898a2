import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { listedModelsKey, providerModesKey } from '@council/contracts';
import { MetricsService, createServerApp, startMetricsServer } from '@council/server-kit';
import {
  type TestDatabase,
  type TestRedis,
  createMigratedDatabase,
  serverTestEnv,
  testRedis,
} from '@council/testing';
import request from 'supertest';
import { gatewayApp } from '../src/app.definition';

describe('gateway (real PostgreSQL and Redis)', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let app: NestExpressApplication;
  const webDist = mkdtempSync(join(tmpdir(), 'council-web-'));

  const env = () => ({
    ...serverTestEnv(db, redis),
    WEB_DIST_DIR: webDist,
    BULL_BOARD_USER: 'operator',
    BULL_BOARD_PASSWORD: 'correct-horse-battery',
  });

  beforeAll(async () => {
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Council</title><div id="root"></div>');
    db = await createMigratedDatabase('gateway', { seed: true });
    redis = testRedis('gateway');
    ({ app } = await createServerApp(gatewayApp, env()));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await redis?.cleanup();
    await db?.drop();
  });

  it('reports database and Redis up', async () => {
    const res = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up' } });
  });

  it('runs API requests in the request-log context, probes and scrapes without it', async () => {
    // The context (AsyncLocalStorage) would switch on promise hooks for the whole process.
    const api = await request(app.getHttpServer()).get('/api/agents').expect(200);
    expect(api.headers['x-request-id']).toMatch(/^[\w.-]+$/);
    const probe = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(probe.headers['x-request-id']).toBeUndefined();
  });

  it('serves the seeded catalogue in catalogue order', async () => {
    const agents = (await request(app.getHttpServer()).get('/api/agents').expect(200)).body as Array<{
      id: number;
      provider: string;
      name: string;
    }>;
    expect(agents.length).toBeGreaterThanOrEqual(10);
    expect(new Set(agents.map((a) => a.provider))).toEqual(new Set(['openai', 'anthropic', 'xai']));

    const models = (await request(app.getHttpServer()).get('/api/models').expect(200)).body as Array<{
      agentId: number;
      name: string;
      version: string | null;
      capabilities: string[];
      facts: {
        releaseDate: string;
        architecture: string;
        strengths: string;
        trainingApproach: string;
      } | null;
      typicalOutputTokens: number;
    }>;
    const agentIds = new Set(agents.map((a) => a.id));
    expect(models.every((m) => agentIds.has(m.agentId))).toBe(true);
    // Every model carries its own facts (DECISIONS 19): o3-mini is not described as GPT-4o.
    expect(models.every((m) => m.facts !== null && m.facts.releaseDate.length > 0)).toBe(true);
    const o3 = models.find((m) => m.name === 'o3-mini');
    const gpt4o = models.find((m) => m.name === 'gpt-4o');
    expect(o3?.facts?.releaseDate).toBe('January 2025');
    expect(o3?.facts).not.toEqual(gpt4o?.facts);
    // Every model says how long its answers run, for the Ask screen's quote; a reasoning model's
    // hidden reasoning makes its typical output longer.
    expect(
      models.every((m) => Number.isSafeInteger(m.typicalOutputTokens) && m.typicalOutputTokens > 0),
    ).toBe(true);
    expect(gpt4o?.typicalOutputTokens).toBe(550);
    expect(o3?.typicalOutputTokens).toBeGreaterThan(gpt4o?.typicalOutputTokens ?? Infinity);
    expect(agents.every((a) => models.some((m) => m.agentId === a.id))).toBe(true);

    const roles = (await request(app.getHttpServer()).get('/api/roles').expect(200)).body as Array<
      Record<string, unknown>
    >;
    expect(roles.length).toBeGreaterThan(0);
    expect(Object.keys(roles[0]).sort()).toEqual(['category', 'description', 'id', 'name']);
  });

  it('labels the agents of providers that provider workers serve from the demo adapter', async () => {
    const client = redis.client();
    try {
      await client.hset(providerModesKey(redis.prefix), { openai: 'demo', anthropic: 'live' });
    } finally {
      client.disconnect();
    }
    const agents = (await request(app.getHttpServer()).get('/api/agents').expect(200)).body as Array<{
      provider: string;
      demo: boolean;
    }>;
    const demoBy = (provider: string) =>
      new Set(agents.filter((a) => a.provider === provider).map((a) => a.demo));
    expect(demoBy('openai')).toEqual(new Set([true]));
    expect(demoBy('anthropic')).toEqual(new Set([false]));
    // No worker has said anything about xAI: not labelled.
    expect(demoBy('xai')).toEqual(new Set([false]));
  });

  it('offers the agents of a provider the catalogue adds only while a worker reports it live', async () => {
    const providersOf = async () => {
      const agents = (await request(app.getHttpServer()).get('/api/agents').expect(200)).body as Array<{
        id: number;
        provider: string;
        providerName?: string;
      }>;
      const models = (await request(app.getHttpServer()).get('/api/models').expect(200)).body as Array<{
        agentId: number;
      }>;
      const ids = new Set(agents.map((agent) => agent.id));
      expect(models.every((model) => ids.has(model.agentId))).toBe(true);
      return agents;
    };
    const client = redis.client();
    // The local provider offers the models its server lists (discoverModels): published here by hand.
    const localModels = listedModelsKey(redis.prefix, 'local');
    try {
      await client.hset(providerModesKey(redis.prefix), { gemini: 'off', local: 'live' });
      expect((await providersOf()).some((agent) => agent.provider === 'local')).toBe(false);
      await client.set(localModels, JSON.stringify(['llama3.2']));
      const agents = await providersOf();
      expect(agents.some((agent) => agent.provider === 'gemini')).toBe(false);
      expect(agents.some((agent) => agent.provider === 'mistral')).toBe(false);
      expect(agents.find((agent) => agent.provider === 'local')?.providerName).toBe('Local model');
      expect(agents.find((agent) => agent.provider === 'openai')?.providerName).toBe('OpenAI');
      await client.hset(providerModesKey(redis.prefix), { local: 'off' });
      expect((await providersOf()).some((agent) => agent.provider === 'local')).toBe(false);
    } finally {
      await client.hdel(providerModesKey(redis.prefix), 'gemini', 'local');
      await client.del(localModels);
      client.disconnect();
    }
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await request(app.getHttpServer())
      .post('/api/agents')
      .set('Content-Type', 'application/json')
      .send('{"question": ')
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'MALFORMED_JSON' });
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(1_100_000) });
    const res = await request(app.getHttpServer())
      .post('/api/agents')
      .set('Content-Type', 'application/json')
      .send(big)
      .expect(413);
    expect(res.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(app.getHttpServer()).get('/api/no-such-thing').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('serves the client for client routes (SPA fallback) but not for /api', async () => {
    const res = await request(app.getHttpServer())
      .get('/questions/42')
      .set('Accept', 'text/html')
      .expect(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('exposes Prometheus metrics with HTTP latency and queue depth on METRICS_PORT only', async () => {
    await request(app.getHttpServer()).get('/api/agents').expect(200);
    // Never on the public port, however the path is spelt.
    for (const path of ['/metrics', '/metrics/', '/METRICS', '/api/metrics', '/metrics?x=1']) {
      const res = await request(app.getHttpServer()).get(path);
      expect(res.text).not.toContain('nodejs_eventloop_lag_seconds');
    }
    await request(app.getHttpServer()).get('/metrics').expect(404);
    await request(app.getHttpServer()).get('/metrics/').expect(404);
    const metrics = await startMetricsServer(app.get(MetricsService).registry, 0, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(res.headers.get('x-request-id')).toBeNull();
      const text = await res.text();
      expect(text).toContain('council_http_request_duration_seconds_bucket');
      expect(text).toMatch(/council_http_request_duration_seconds_count\{[^}]*route="\/api\/agents"/);
      expect(text).toContain('council_queue_jobs{');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect((await fetch(`http://127.0.0.1:${metrics.port}/other`)).status).toBe(404);
    } finally {
      await metrics.close();
    }
  });

  it('publishes OpenAPI docs', async () => {
    const res = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/agents', '/api/models', '/api/roles']),
    );
  });

  it('keeps the queue dashboard behind operator credentials', async () => {
    await request(app.getHttpServer()).get('/admin/queues').expect(401);
    await request(app.getHttpServer()).get('/admin/queues').auth('operator', 'wrong-password').expect(401);
    const res = await request(app.getHttpServer())
      .get('/admin/queues')
      .auth('operator', 'correct-horse-battery')
      .expect(200);
    expect(res.text.toLowerCase()).toContain('bull');
  });

  it('reports 503 when Redis is unreachable', async () => {
    const { app: cut } = await createServerApp(gatewayApp, {
      ...env(),
      REDIS_URL: 'redis://127.0.0.1:1',
      ...(redis.REDIS_CLUSTER_NODES ? { REDIS_CLUSTER_NODES: '127.0.0.1:1' } : {}),
    });
    await cut.init();
    try {
      const res = await request(cut.getHttpServer()).get('/api/health').expect(503);
      expect(res.body).toEqual({ status: 'error', checks: { database: 'up', redis: 'down' } });
    } finally {
      await cut.close();
    }
  });
});
