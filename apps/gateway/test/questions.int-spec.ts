// POST /api/questions and cancel end to end: the in-process gateway, the REAL billing app as a
// process (reserve/release over RPC), real PostgreSQL (seeded catalogue) and Redis, and BullMQ
// queues inspected by their deterministic job ids. No workers run, so jobs stay where the gateway
// put them.

import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AGENTS_MIN_MESSAGE,
  type AskQuestionResult,
  DEMO_EXAMPLE_QUESTIONS,
  NO_MODEL_REFUSAL,
  type CancelQuestionResult,
  PREMIUM_FEATURE_MESSAGE,
  PROVIDERS,
  type Provider,
  QUESTION_CANCELLED_MESSAGE,
  QUEUES,
  type QueueName,
  type QuestionDetail,
  SERVER_MESSAGES,
  TOKEN_CAP,
  VALIDATION_MESSAGES,
  answerMaxOutputTokensFor,
  decodeStreamEntry,
  estimateQuestionTokens,
  questionHold,
  quoteCouncilTokens,
  finaliseJobId,
  jobId,
  maxAgentsMessage,
  providerModesKey,
  providerQueueName,
  questionCancelKey,
} from '@council/contracts';
import {
  QuestionStreamWriter,
  REDIS_CLIENT,
  type RedisClient,
  closeBullMq,
  streamKeyFor,
} from '@council/server-kit';
import {
  type CouncilClientSocket,
  type TestDatabase,
  createMigratedDatabase,
  onStreamEvents,
  openCouncilSocket,
  socketConnected,
} from '@council/testing';
import { getFlowProducerToken } from '@nestjs/bullmq';
import { type FlowProducer, Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  CATALOGUE_CACHE_TTL_MS,
  QUESTION_FLOW_PRODUCER,
  QUEUE_UNAVAILABLE_MESSAGE,
} from '../src/questions/questions.constants';
import { QuestionResults } from '../src/questions/read/question-results.service';
import { type TestGateway, signUpThroughApi, startTestGateway, waitFor } from './accounts.helpers';
import {
  type BillingProcess,
  type IsolatedRedis,
  buildBilling,
  isolatedRedis,
  startBillingProcess,
} from './billing.helpers';

const PUBLIC_URL = 'http://council.test';

interface Member {
  agentId: number;
  modelId: number;
  roleId?: number | null;
  order: number;
}

interface CatalogueRow {
  agentId: number;
  provider: Provider;
  modelId: number;
  agentPosition: number;
  modelPosition: number;
}

interface Asker {
  id: number;
  cookie: string;
}

describe('asking the council (gateway, billing process, PostgreSQL, Redis, BullMQ)', () => {
  let db: TestDatabase;
  let redis: IsolatedRedis;
  let gw: TestGateway;
  let server: Server;
  let billing: BillingProcess;
  let catalogue: CatalogueRow[];
  let roleIds: number[];
  const queues = new Map<string, Queue>();

  const queue = (name: QueueName): Queue => {
    const existing = queues.get(name);
    if (existing) return existing;
    const created = new Queue(name, { connection: redis.connection(), prefix: redis.queuePrefix(name) });
    queues.set(name, created);
    return created;
  };

  beforeAll(async () => {
    buildBilling();
    db = await createMigratedDatabase('gwquestions', { seed: true });
    redis = await isolatedRedis('gwquestions');
    billing = await startBillingProcess({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      ...redis.env,
      PUBLIC_URL,
    });
    gw = await startTestGateway(
      'gwquestions',
      {
        PUBLIC_URL,
        TRUST_PROXY: 'loopback',
        BILLING_RPC_TIMEOUT_MS: '5000',
        BILLING_URL: billing.url,
        QUESTION_WAIT_TIMEOUT_MS: '10000',
      },
      { db, redis },
    );
    server = gw.app.getHttpServer() as Server;
    catalogue = await gw.sql<CatalogueRow>(
      `SELECT a."id" AS "agentId", a."provider", m."id" AS "modelId", a."position" AS "agentPosition",
              m."position" AS "modelPosition"
         FROM "agents" a JOIN "models" m ON m."agentId" = a."id"
        WHERE a."isActive" AND m."isActive"
        ORDER BY a."position", a."id", m."position", m."id"`,
    );
    roleIds = (
      await gw.sql<{ id: number }>('SELECT "id" FROM "roles" WHERE "isActive" ORDER BY "position"')
    ).map((row) => row.id);
  }, 300_000);

  afterAll(async () => {
    for (const each of queues.values()) await closeBullMq(each);
    await billing?.stop();
    await gw?.close();
    await redis?.cleanup();
    await db?.drop();
  });

  const signUp = async (tier: 'free' | 'premium' | 'max' = 'free'): Promise<Asker> => {
    const { id, cookie } = await signUpThroughApi(gw, 'asker');
    if (tier !== 'free')
      await gw.sql('UPDATE "users" SET "subscriptionTier" = $2 WHERE "id" = $1', [id, tier]);
    return { id, cookie };
  };

  const ask = (asker: Asker, body: object, query = '') =>
    request(server).post(`/api/questions${query}`).set('Cookie', asker.cookie).send(body);

  /** The first active agent of each provider with its first model: the default council. */
  const defaults = (): Member[] =>
    PROVIDERS.map((provider, order) => {
      const row = catalogue.find((entry) => entry.provider === provider);
      if (!row) throw new Error(`no ${provider} agent seeded`);
      return { agentId: row.agentId, modelId: row.modelId, order };
    });

  /** `count` distinct agents (each with its last model, so not the defaults' models). */
  const members = (count: number): Member[] => {
    const agents = [...new Set(catalogue.map((row) => row.agentId))];
    if (agents.length < count) throw new Error(`only ${agents.length} agents seeded`);
    return agents.slice(0, count).map((agentId, order) => {
      const models = catalogue.filter((row) => row.agentId === agentId);
      return { agentId, modelId: models[models.length - 1].modelId, order };
    });
  };

  const providerOf = (agentId: number): Provider => {
    const row = catalogue.find((entry) => entry.agentId === agentId);
    if (!row) throw new Error(`unknown agent ${agentId}`);
    return row.provider;
  };

  const questionCount = async (userId: number): Promise<number> =>
    Number(
      (
        await gw.sql<{ n: string }>('SELECT count(*) AS "n" FROM "questions" WHERE "userId" = $1', [userId])
      )[0]?.n,
    );

  const userRow = async (userId: number) => {
    const [row] = await gw.sql<{ tokensLeft: number; queriesLeft: number }>(
      'SELECT "tokensLeft", "queriesLeft" FROM "users" WHERE "id" = $1',
      [userId],
    );
    if (!row) throw new Error(`no user ${userId}`);
    return row;
  };

  const expectError = (res: request.Response, status: number, code: string, message?: string) => {
    expect({ status: res.status, code: (res.body as { code?: string }).code }).toEqual({ status, code });
    if (message !== undefined) expect((res.body as { message?: string }).message).toBe(message);
  };

  it('refuses visitors', async () => {
    const res = await request(server).post('/api/questions').send({ question: 'Hello?' });
    expectError(res, 401, 'UNAUTHENTICATED');
  });

  it('answers 201 at once with the default council for a free user, reserves tokens and enqueues its members', async () => {
    const asker = await signUp();
    const res = await ask(asker, { question: '  Why is the sky blue?  ' }).expect(201);
    const body = res.body as AskQuestionResult;
    expect(body.responses).toEqual([]);
    expect(body.question).toMatchObject({
      question: 'Why is the sky blue?',
      showDebate: false,
      showReasoning: false,
      debateLeaderId: null,
      status: 'pending',
      totalTokensUsed: 0,
      isShared: false,
      shareId: null,
    });
    expect(typeof body.question.createdAt).toBe('string');
    expect(
      body.agents.map(({ agentId, modelId, roleId, order }) => ({ agentId, modelId, roleId, order })),
    ).toEqual(defaults().map((member) => ({ ...member, roleId: null })));
    expect(body.agents.map((agent) => agent.agent.provider)).toEqual([...PROVIDERS]);
    for (const agent of body.agents) {
      expect(agent.model.agentId).toBe(agent.agentId);
      expect(agent.role).toBeNull();
      expect(agent.questionId).toBe(body.question.id);
    }

    // Billing held the estimate and took a free query.
    const [question] = await gw.sql<{ reservedTokens: number }>(
      'SELECT "reservedTokens" FROM "questions" WHERE "id" = $1',
      [body.question.id],
    );
    // Twice the upper end of the question's own quote (DECISIONS 26), never more than the worst
    // case of three answers at the free tier's limit (here the two meet).
    const quoted = quoteCouncilTokens({
      question: 'Why is the sky blue?',
      members: body.agents.map((agent) => ({
        demo: false,
        typicalOutputTokens: agent.model.typicalOutputTokens,
        hasRole: false,
        leader: false,
      })),
      showDebate: false,
      showReasoning: false,
      tier: 'free',
    });
    expect(question?.reservedTokens).toBe(questionHold(quoted!.quote).initial);
    expect(question?.reservedTokens).toBeLessThanOrEqual(
      estimateQuestionTokens({
        members: 3,
        questionLength: 'Why is the sky blue?'.length,
        showDebate: false,
        answerMaxOutputTokens: answerMaxOutputTokensFor('free'),
      }),
    );
    expect(question?.reservedTokens).toBeLessThanOrEqual(2_500);
    expect(await userRow(asker.id)).toEqual({
      tokensLeft: 10_000 - (question?.reservedTokens ?? 0),
      queriesLeft: 4,
    });
    // The session user shows the spendable balance with the reservation apart.
    const me = await request(server).get('/api/user').set('Cookie', asker.cookie).expect(200);
    expect(me.body).toMatchObject({
      tokensLeft: 10_000 - (question?.reservedTokens ?? 0),
      reservedTokens: question?.reservedTokens,
    });

    // Without a debate, no flow parent: the three member jobs alone, each on its provider's queue,
    // each able to end the question.
    expect(await queue(QUEUES.consensus).getJob(finaliseJobId(body.question.id))).toBeUndefined();
    for (const member of defaults()) {
      const child = await queue(providerQueueName(providerOf(member.agentId))).getJob(
        jobId(body.question.id, member.order, 0),
      );
      expect(child?.data).toMatchObject({
        questionId: body.question.id,
        memberOrder: member.order,
        round: 0,
        agentId: member.agentId,
        modelId: member.modelId,
        roleId: null,
        userId: asker.id,
        endsQuestion: true,
      });
      expect(child?.parentKey).toBeUndefined();
    }
  });

  it('forces the defaults on a free user who sends a council of their own', async () => {
    const asker = await signUp();
    const custom = members(3).map((member, index) => ({ ...member, roleId: roleIds[index] }));
    const body = (await ask(asker, { question: 'Mine?', agents: custom }).expect(201))
      .body as AskQuestionResult;
    expect(
      body.agents.map(({ agentId, modelId, roleId, order }) => ({ agentId, modelId, roleId, order })),
    ).toEqual(defaults().map((member) => ({ ...member, roleId: null })));
  });

  it('refuses debate and reasoning on the free tier with the spec text, writing nothing', async () => {
    const asker = await signUp();
    expectError(
      await ask(asker, { question: 'Debate?', showDebate: true }),
      403,
      'PREMIUM_FEATURE',
      PREMIUM_FEATURE_MESSAGE,
    );
    expectError(
      await ask(asker, { question: 'Reason?', showReasoning: true }),
      403,
      'PREMIUM_FEATURE',
      PREMIUM_FEATURE_MESSAGE,
    );
    expect(await questionCount(asker.id)).toBe(0);
    expect(await userRow(asker.id)).toEqual({ tokensLeft: 10_000, queriesLeft: 5 });
  });

  it('lets premium choose 3 members with models and roles, and refuses a 4th', async () => {
    const asker = await signUp('premium');
    const chosen = members(3).map((member, index) => ({ ...member, roleId: roleIds[index] }));
    const body = (await ask(asker, { question: 'Roles?', agents: chosen, showReasoning: true }).expect(201))
      .body as AskQuestionResult;
    expect(
      body.agents.map(({ agentId, modelId, roleId, order }) => ({ agentId, modelId, roleId, order })),
    ).toEqual(chosen);
    expect(body.agents.every((agent) => agent.role !== null)).toBe(true);
    expect(body.question.showReasoning).toBe(true);

    const before = await questionCount(asker.id);
    expectError(
      await ask(asker, { question: 'Four?', agents: members(4) }),
      403,
      'FORBIDDEN',
      maxAgentsMessage(3),
    );
    expect(await questionCount(asker.id)).toBe(before);
  });

  it('holds a premium debate at twice its quote’s upper end, not the tier’s worst case (DECISIONS 26)', async () => {
    const asker = await signUp('premium');
    await gw.sql('UPDATE "users" SET "tokensLeft" = 250000, "monthlyTokens" = 250000 WHERE "id" = $1', [
      asker.id,
    ]);
    const question = 'Should a ledger be append-only?';
    const body = (await ask(asker, { question, showDebate: true, showReasoning: true }).expect(201))
      .body as AskQuestionResult;
    const typical = new Map(
      (
        await gw.sql<{ id: number; typicalOutputTokens: number | null }>(
          'SELECT "id", "typicalOutputTokens" FROM "models" WHERE "id" = ANY($1)',
          [body.agents.map((agent) => agent.modelId)],
        )
      ).map((model) => [model.id, model.typicalOutputTokens]),
    );
    const quoted = quoteCouncilTokens({
      question,
      members: body.agents.map((agent) => ({
        demo: agent.agent.demo === true,
        typicalOutputTokens: typical.get(agent.modelId),
        hasRole: agent.roleId !== null,
        leader: agent.agentId === body.question.debateLeaderId,
      })),
      showDebate: true,
      showReasoning: true,
      tier: 'premium',
    });
    const [held] = await gw.sql<{ reservedTokens: number }>(
      'SELECT "reservedTokens" FROM "questions" WHERE "id" = $1',
      [body.question.id],
    );
    expect(held?.reservedTokens).toBe(questionHold(quoted!.quote).initial);
    expect(held?.reservedTokens).toBeLessThanOrEqual(2 * quoted!.quote.high);
    expect(held?.reservedTokens).toBeLessThan(quoted!.quote.reservation);
    // The header's figure is the hold.
    const me = await request(server).get('/api/user').set('Cookie', asker.cookie).expect(200);
    expect(me.body).toMatchObject({ reservedTokens: held?.reservedTokens });
    const [reservation] = await gw.sql<{ pauseHold: number }>(
      'SELECT "pauseHold" FROM "token_reservations" WHERE "questionId" = $1',
      [body.question.id],
    );
    expect(reservation?.pauseHold).toBe(questionHold(quoted!.quote).pause);
  });

  it('lets max ask a council of 10 with debate, led by a chosen member', async () => {
    const asker = await signUp('max');
    const chosen = members(10);
    const leader = chosen[4];
    const body = (
      await ask(asker, {
        question: 'Ten?',
        agents: chosen,
        showDebate: true,
        debateLeaderId: leader.agentId,
      }).expect(201)
    ).body as AskQuestionResult;
    expect(body.agents).toHaveLength(10);
    expect(body.question).toMatchObject({ showDebate: true, debateLeaderId: leader.agentId });
    const parent = await queue(QUEUES.consensus).getJob(finaliseJobId(body.question.id));
    expect(parent?.data).toMatchObject({ showDebate: true, leaderOrder: leader.order, step: 'answers' });
    expect(await parent?.getDependenciesCount()).toMatchObject({ unprocessed: 10 });
  });

  it('refuses councils below 3, bad leaders, unknown catalogue rows, foreign models and long questions', async () => {
    const asker = await signUp('max');
    const valid = members(3);
    expectError(
      await ask(asker, { question: 'Two?', agents: valid.slice(0, 2) }),
      400,
      'VALIDATION_FAILED',
      AGENTS_MIN_MESSAGE,
    );
    expectError(
      await ask(asker, {
        question: 'Leader?',
        agents: valid,
        showDebate: true,
        debateLeaderId: members(5)[4].agentId,
      }),
      400,
      'VALIDATION_FAILED',
      VALIDATION_MESSAGES.debateLeaderInvalid,
    );
    const unknownAgent = [{ ...valid[0], agentId: 999_999 }, valid[1], valid[2]];
    expectError(
      await ask(asker, { question: 'Who?', agents: unknownAgent }),
      400,
      'VALIDATION_FAILED',
      VALIDATION_MESSAGES.memberIdInvalid,
    );
    // Mistral is in the catalogue, but no worker reports it configured: its agent is not offered.
    const mistral = catalogue.find((entry) => entry.provider === 'mistral');
    if (!mistral) throw new Error('no mistral agent seeded');
    const offProvider = [
      { agentId: mistral.agentId, modelId: mistral.modelId, order: 0 },
      valid[1],
      valid[2],
    ];
    expectError(
      await ask(asker, { question: 'Unconfigured?', agents: offProvider }),
      400,
      'VALIDATION_FAILED',
      VALIDATION_MESSAGES.memberIdInvalid,
    );
    const unknownModel = [{ ...valid[0], modelId: 999_999 }, valid[1], valid[2]];
    expectError(await ask(asker, { question: 'Which?', agents: unknownModel }), 400, 'VALIDATION_FAILED');
    const foreignModel = [{ ...valid[0], modelId: valid[1].modelId }, valid[1], valid[2]];
    expectError(
      await ask(asker, { question: 'Mixed?', agents: foreignModel }),
      400,
      'VALIDATION_FAILED',
      VALIDATION_MESSAGES.memberIdInvalid,
    );
    const unknownRole = [{ ...valid[0], roleId: 999_999 }, valid[1], valid[2]];
    expectError(await ask(asker, { question: 'Role?', agents: unknownRole }), 400, 'VALIDATION_FAILED');
    const sameOrder = [valid[0], valid[1], { ...valid[2], order: 0 }];
    expectError(await ask(asker, { question: 'Order?', agents: sameOrder }), 400, 'VALIDATION_FAILED');
    expectError(
      await ask(asker, { question: 'x'.repeat(8001) }),
      400,
      'VALIDATION_FAILED',
      VALIDATION_MESSAGES.questionTooLong,
    );
    expectError(await ask(asker, { question: '   ' }), 400, 'VALIDATION_FAILED');
    expect(await questionCount(asker.id)).toBe(0);
    await ask(asker, { question: 'x'.repeat(8000) }).expect(201);
  });

  it('answers 402 with nothing written when no free query or no token is left', async () => {
    // Not even for a moment: a refused ask takes no question id (no insert later undone).
    const lastQuestionId = async () =>
      (await gw.sql<{ id: string }>(`SELECT last_value::text AS id FROM "questions_id_seq"`))[0]?.id;
    const free = await signUp();
    await gw.sql('UPDATE "users" SET "queriesLeft" = 0 WHERE "id" = $1', [free.id]);
    const before = await lastQuestionId();
    expectError(
      await ask(free, { question: 'More?' }),
      402,
      'NO_FREE_QUERIES',
      SERVER_MESSAGES.noFreeQueries,
    );
    expect(await questionCount(free.id)).toBe(0);

    const broke = await signUp('premium');
    await gw.sql('UPDATE "users" SET "tokensLeft" = 0 WHERE "id" = $1', [broke.id]);
    expectError(
      await ask(broke, { question: 'Tokens?' }),
      402,
      'INSUFFICIENT_TOKENS',
      SERVER_MESSAGES.insufficientTokens,
    );
    expect(await questionCount(broke.id)).toBe(0);
    expect(await lastQuestionId()).toBe(before);
    const waiting = await queue(QUEUES.consensus).getJobs(['waiting-children', 'waiting']);
    const questionIds = new Set(
      (await gw.sql<{ id: number }>('SELECT "id" FROM "questions"')).map((row) => row.id),
    );
    for (const job of waiting)
      expect(questionIds.has((job.data as { questionId: number }).questionId)).toBe(true);
  });

  it('holds exactly the asker’s cap, refusing one above the balance or out of range without writing', async () => {
    const lastQuestionId = async () =>
      (await gw.sql<{ id: string }>(`SELECT last_value::text AS id FROM "questions_id_seq"`))[0]?.id;
    const asker = await signUp();
    const { tokensLeft } = await userRow(asker.id);
    const before = await lastQuestionId();
    expectError(
      await ask(asker, { question: 'Capped?', tokenCap: tokensLeft + 1 }),
      402,
      'INSUFFICIENT_TOKENS',
      SERVER_MESSAGES.tokenCapAboveBalance,
    );
    for (const tokenCap of [TOKEN_CAP.min - 1, 1500.5, '1500', -1, TOKEN_CAP.max + 1, { n: 1 }]) {
      expectError(await ask(asker, { question: 'Capped?', tokenCap }), 400, 'VALIDATION_FAILED');
    }
    expect((await ask(asker, { question: 'Capped?', tokenCap: 'x' })).body).toMatchObject({
      message: VALIDATION_MESSAGES.tokenCapInvalid,
    });
    expect(await questionCount(asker.id)).toBe(0);
    expect(await lastQuestionId()).toBe(before);

    const res = await ask(asker, { question: 'Capped?', tokenCap: 1_500 }).expect(201);
    const { question } = res.body as AskQuestionResult;
    expect(question.tokenCap).toBe(1_500);
    const [reservation] = await gw.sql<{ reserved: number; capped: boolean }>(
      'SELECT "reserved", "capped" FROM "token_reservations" WHERE "questionId" = $1',
      [question.id],
    );
    expect(reservation).toEqual({ reserved: 1_500, capped: true });
    expect((await userRow(asker.id)).tokensLeft).toBe(tokensLeft - 1_500);
    const detail = await request(server).get(`/api/questions/${question.id}`).set('Cookie', asker.cookie);
    expect((detail.body as QuestionDetail).question.tokenCap).toBe(1_500);

    const uncapped = await ask(asker, { question: 'Uncapped?', tokenCap: null }).expect(201);
    expect((uncapped.body as AskQuestionResult).question.tokenCap).toBeNull();
  });

  it('gives the tokens back and marks the question failed when its jobs cannot be queued', async () => {
    const asker = await signUp();
    const producer = gw.app.get<FlowProducer>(getFlowProducerToken(QUESTION_FLOW_PRODUCER));
    const add = jest.spyOn(producer, 'addBulk').mockRejectedValueOnce(new Error('Redis is down'));
    try {
      expectError(
        await ask(asker, { question: 'Queue down?' }),
        503,
        'SERVICE_UNAVAILABLE',
        QUEUE_UNAVAILABLE_MESSAGE,
      );
    } finally {
      add.mockRestore();
    }
    const rows = await gw.sql<{ id: number; status: string }>(
      'SELECT "id", "status" FROM "questions" WHERE "userId" = $1',
      [asker.id],
    );
    expect(rows.map((row) => row.status)).toEqual(['failed']);
    expect((await userRow(asker.id)).tokensLeft).toBe(10_000);
    const entries = await gw.redisClient.xrange(streamKeyFor(redis.prefix, rows[0]?.id ?? 0), '-', '+');
    expect(entries.map(([, fields]) => decodeStreamEntry(fields)?.type)).toEqual(['question:failed']);
  });

  it('cancels for the owner only: jobs removed, status cancelled, tokens released, stream ended', async () => {
    const owner = await signUp();
    const other = await signUp();
    const body = (await ask(owner, { question: 'Cancel me' }).expect(201)).body as AskQuestionResult;
    const id = body.question.id;

    expectError(
      await request(server).post(`/api/questions/${id}/cancel`).set('Cookie', other.cookie),
      404,
      'NOT_FOUND',
    );
    for (const bad of ['abc', '1e3', '0', '99999999999']) {
      expectError(
        await request(server).post(`/api/questions/${bad}/cancel`).set('Cookie', owner.cookie),
        400,
        'VALIDATION_FAILED',
      );
    }
    expectError(
      await request(server).post('/api/questions/987654/cancel').set('Cookie', owner.cookie),
      404,
      'NOT_FOUND',
    );

    const res = await request(server)
      .post(`/api/questions/${id}/cancel`)
      .set('Cookie', owner.cookie)
      .expect(200);
    const cancelled = res.body as CancelQuestionResult;
    expect(cancelled.question).toMatchObject({ id, status: 'cancelled' });
    expect(cancelled.releasedTokens).toBeGreaterThan(0);
    // Nothing was used, so the whole hold came back; the free query stays taken.
    expect(await userRow(owner.id)).toEqual({ tokensLeft: 10_000, queriesLeft: 4 });

    expect(await queue(QUEUES.consensus).getJob(finaliseJobId(id))).toBeUndefined();
    for (const member of defaults()) {
      expect(
        await queue(providerQueueName(providerOf(member.agentId))).getJob(jobId(id, member.order, 0)),
      ).toBeUndefined();
    }
    expect(await gw.redisClient.get(questionCancelKey(redis.prefix, id))).toBe('1');
    const entries = await gw.redisClient.xrange(streamKeyFor(redis.prefix, id), '-', '+');
    expect(entries.map(([, fields]) => decodeStreamEntry(fields))).toEqual([
      { type: 'question:failed', error: QUESTION_CANCELLED_MESSAGE, reason: 'cancelled' },
    ]);

    // Again: nothing more to do.
    const again = await request(server)
      .post(`/api/questions/${id}/cancel`)
      .set('Cookie', owner.cookie)
      .expect(200);
    expect(again.body).toMatchObject({ question: { status: 'cancelled' }, releasedTokens: 0 });
  });

  /** A socket of the user's, on the gateway listening (from the first call on). */
  const openSocket = async (cookie: string): Promise<CouncilClientSocket> => {
    if (!server.listening) await gw.app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const socket = openCouncilSocket(url, { Cookie: cookie, Origin: PUBLIC_URL }, { forceNew: true });
    await socketConnected(socket);
    return socket;
  };
  /** What the socket receives, as "questionId event entryId". */
  const seen = (socket: CouncilClientSocket): string[] => {
    const received: string[] = [];
    onStreamEvents(socket, (event) => received.push(`${event.questionId} ${event.type} ${event.entryId}`));
    return received;
  };

  it("streams a question to the asker's named socket from its first entry, before any subscribe", async () => {
    const asker = await signUp();
    const other = await signUp();
    const [own, foreign] = await Promise.all([openSocket(asker.cookie), openSocket(other.cookie)]);
    const ownSeen = seen(own);
    const foreignSeen = seen(foreign);
    try {
      // A malformed id is refused like any other field, and nothing is written.
      const before = await questionCount(asker.id);
      expectError(
        await ask(asker, { question: 'Early?', socketId: 'not a socket' }),
        400,
        'VALIDATION_FAILED',
        VALIDATION_MESSAGES.socketIdInvalid,
      );
      expect(await questionCount(asker.id)).toBe(before);

      const res = await ask(asker, { question: 'Early?', socketId: own.id });
      expect(res.status).toBe(201);
      const questionId = (res.body as AskQuestionResult).question.id;
      // Another user's socket named in an ask follows nothing.
      const foreignAsk = await ask(asker, { question: 'Foreign?', socketId: foreign.id });
      expect(foreignAsk.status).toBe(201);
      const foreignQuestionId = (foreignAsk.body as AskQuestionResult).question.id;

      const writer = new QuestionStreamWriter(gw.redisClient, redis.prefix);
      const written = await writer.append(questionId, [
        { type: 'answer:delta', memberOrder: 0, round: 0, kind: 'text', text: 'First' },
        { type: 'answer:delta', memberOrder: 1, round: 0, kind: 'text', text: 'words' },
      ]);
      await writer.append(foreignQuestionId, [
        { type: 'answer:delta', memberOrder: 0, round: 0, kind: 'text', text: 'Private' },
      ]);
      const expected = written.map((id) => `${questionId} answer:delta ${id}`);
      await waitFor(() => (ownSeen.length >= 2 ? true : undefined));
      expect(ownSeen).toEqual(expected);

      // The client's own subscribe still answers, replays nothing it already has, and asks
      // PostgreSQL nothing: the status is the one the relayed entries tell (the row is pending).
      const statements: string[] = [];
      const log = jest
        .spyOn(gw.app.get(DataSource).logger, 'logQuery')
        .mockImplementation((query: string) => {
          statements.push(query);
        });
      const subscribe = () =>
        new Promise((resolve) => own.emit('question:subscribe', { questionId }, resolve));
      try {
        expect(await subscribe()).toEqual({ ok: true, status: 'running' });
        const more = await writer.append(questionId, [{ type: 'question:completed', totalTokensUsed: 0 }]);
        await waitFor(() => (ownSeen.length >= 3 ? true : undefined));
        expect(ownSeen).toEqual([...expected, `${questionId} question:completed ${more[0]}`]);
        expect(await subscribe()).toEqual({ ok: true, status: 'completed' });
      } finally {
        log.mockRestore();
      }
      expect(statements).toEqual([]);
      expect(ownSeen).toHaveLength(3);
      expect(foreignSeen).toEqual([]);
    } finally {
      own.disconnect();
      foreign.disconnect();
    }
  });

  it('stops the named socket following a question that could not be queued', async () => {
    const asker = await signUp();
    const socket = await openSocket(asker.cookie);
    const received = seen(socket);
    const producer = gw.app.get<FlowProducer>(getFlowProducerToken(QUESTION_FLOW_PRODUCER));
    const add = jest.spyOn(producer, 'addBulk').mockRejectedValueOnce(new Error('Redis is down'));
    try {
      expectError(
        await ask(asker, { question: 'Queue down?', socketId: socket.id }),
        503,
        'SERVICE_UNAVAILABLE',
        QUEUE_UNAVAILABLE_MESSAGE,
      );
      add.mockRestore();
      const [failed] = await gw.sql<{ id: number }>('SELECT "id" FROM "questions" WHERE "userId" = $1', [
        asker.id,
      ]);
      const writer = new QuestionStreamWriter(gw.redisClient, redis.prefix);
      await writer.append(failed?.id ?? 0, [
        { type: 'answer:delta', memberOrder: 0, round: 0, kind: 'text', text: 'Never' },
      ]);
      // A later ask naming the same socket is followed, and only its entries arrive.
      const res = await ask(asker, { question: 'Queue back?', socketId: socket.id }).expect(201);
      const questionId = (res.body as AskQuestionResult).question.id;
      const [entryId] = await writer.append(questionId, [
        { type: 'answer:delta', memberOrder: 0, round: 0, kind: 'text', text: 'Live' },
      ]);
      await waitFor(() => (received.length > 0 ? true : undefined));
      expect(received).toEqual([`${questionId} answer:delta ${entryId}`]);
    } finally {
      add.mockRestore();
      socket.disconnect();
    }
  });

  it('marks a question cancelled before it raises the cancel signal', async () => {
    const owner = await signUp();
    const body = (await ask(owner, { question: 'Stop me' }).expect(201)).body as AskQuestionResult;
    const id = body.question.id;
    // What a worker that acts on the signal at once would find: the question's status then.
    const seen: string[] = [];
    const client = gw.app.get<RedisClient>(REDIS_CLIENT);
    const set = client.set.bind(client) as (...args: unknown[]) => Promise<unknown>;
    const spy = jest.spyOn(client, 'set').mockImplementation((async (...args: unknown[]) => {
      if (args[0] === questionCancelKey(redis.prefix, id)) {
        const [row] = await gw.sql<{ status: string }>('SELECT "status" FROM "questions" WHERE "id" = $1', [
          id,
        ]);
        seen.push(row?.status ?? 'missing');
      }
      return set(...args);
    }) as never);
    try {
      await request(server).post(`/api/questions/${id}/cancel`).set('Cookie', owner.cookie).expect(200);
    } finally {
      spy.mockRestore();
    }
    expect(seen).toEqual(['cancelled']);
  });

  it('retries one failed member answer for its owner, once, on a finished question', async () => {
    const owner = await signUp();
    const other = await signUp();
    const body = (await ask(owner, { question: 'Retry me' }).expect(201)).body as AskQuestionResult;
    const id = body.question.id;
    const responseIds: number[] = [];
    for (const member of defaults()) {
      const failed = member.order === 1;
      const [row] = await gw.sql<{ id: number }>(
        `INSERT INTO "responses" ("questionId", "provider", "memberOrder", "round", "agentId", "modelId", "status",
                                  "response", "error")
         VALUES ($1, $2, $3, 0, $4, $5, $6, $7, $8) RETURNING "id"`,
        [
          id,
          providerOf(member.agentId),
          member.order,
          member.agentId,
          member.modelId,
          failed ? 'failed' : 'completed',
          failed ? '' : 'Fine',
          failed ? 'Service Unavailable' : null,
        ],
      );
      responseIds.push(row?.id ?? 0);
    }
    const retry = (asker: Asker, responseId: number | string, questionId: number | string = id) =>
      request(server)
        .post(`/api/questions/${questionId}/responses/${responseId}/retry`)
        .set('Cookie', asker.cookie);

    expectError(await retry(owner, responseIds[1]), 409, 'CONFLICT'); // still running
    await gw.sql(`UPDATE "questions" SET "status" = 'completed' WHERE "id" = $1`, [id]);
    expectError(await retry(other, responseIds[1]), 404, 'NOT_FOUND');
    expectError(await retry(owner, 'x'), 400, 'VALIDATION_FAILED');
    expectError(await retry(owner, '2e1'), 400, 'VALIDATION_FAILED');
    expectError(await retry(owner, 999_999), 404, 'NOT_FOUND');
    // A completed answer is answered again instead (answer-again.int-spec.ts).

    const res = await retry(owner, responseIds[1]).expect(200);
    expect(res.body).toMatchObject({
      id: responseIds[1],
      memberOrder: 1,
      status: 'pending',
      error: null,
      response: '',
    });
    const member = defaults()[1];
    const job = await queue(providerQueueName(providerOf(member.agentId))).getJob(jobId(id, 1, 0));
    expect(await job?.getState()).toBe('waiting');
    expect(job?.parent).toBeUndefined();
    expect(job?.data).toMatchObject({
      questionId: id,
      memberOrder: 1,
      round: 0,
      agentId: member.agentId,
      userId: owner.id,
    });
    expectError(await retry(owner, responseIds[1]), 409, 'CONFLICT'); // already retried

    await gw.sql(`UPDATE "responses" SET "status" = 'failed' WHERE "id" = $1`, [responseIds[2]]);
    await gw.sql('UPDATE "users" SET "tokensLeft" = 0 WHERE "id" = $1', [owner.id]);
    expectError(await retry(owner, responseIds[2]), 402, 'INSUFFICIENT_TOKENS');
  });

  it('answers an ask as reading the question back would, in two statements once the catalogue is read', async () => {
    const asker = await signUp('max');
    const service = gw.app.get(QuestionResults);
    const dataSource = gw.app.get(DataSource);
    const readBack = async (id: number) => JSON.parse(JSON.stringify(await service.result(id))) as unknown;
    // The first ask of this gateway may read the catalogue; later ones within its TTL reuse it.
    const plain = (await ask(asker, { question: 'Defaults?' }).expect(201)).body as AskQuestionResult;
    expect(plain).toEqual(await readBack(plain.question.id));

    const chosen = members(4).map((member, index) => ({
      ...member,
      roleId: index % 2 === 0 ? roleIds[index] : null,
    }));
    const statements: string[] = [];
    const log = jest.spyOn(dataSource.logger, 'logQuery').mockImplementation((query: string) => {
      statements.push(query);
    });
    let body: AskQuestionResult;
    try {
      body = (
        await ask(asker, {
          question: 'Same?',
          agents: chosen,
          showDebate: true,
          showReasoning: true,
          debateLeaderId: chosen[2].agentId,
        }).expect(201)
      ).body as AskQuestionResult;
    } finally {
      log.mockRestore();
    }
    // The session's user and the question with its council (one CTE); nothing is read back.
    expect(statements).toHaveLength(2);
    expect(body.agents.map((agent) => agent.role === null)).toEqual([false, true, false, true]);
    expect(body).toEqual(await readBack(body.question.id));

    // The same answer as GET /api/questions/{id}, which reads everything back on its own, also once
    // answers (every round, and the consensus) are stored.
    const id = body.question.id;
    for (const [memberOrder, round] of [
      [null, 0],
      [1, 1],
      [0, 0],
      [1, 0],
    ] as const) {
      await gw.sql(
        `INSERT INTO "responses" ("questionId", "provider", "memberOrder", "round", "agentId", "modelId", "status",
                                  "response")
         VALUES ($1, $2, $3, $4, $5, $6, 'completed', 'Fine')`,
        [
          id,
          memberOrder === null ? 'consensus' : 'openai',
          memberOrder,
          round,
          chosen[0].agentId,
          chosen[0].modelId,
        ],
      );
    }
    const detail = (await request(server).get(`/api/questions/${id}`).set('Cookie', asker.cookie).expect(200))
      .body as QuestionDetail;
    const { questionAgents, ...question } = detail.question;
    const stored = (await readBack(id)) as AskQuestionResult;
    expect(stored).toEqual({ question, agents: questionAgents, responses: detail.answers });
    expect(stored.agents).toEqual(body.agents);
    expect(stored.responses.map((row) => [row.memberOrder, row.round])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [null, 0],
    ]);
  });

  it('with ?wait=true answers once the question is final, responses filled', async () => {
    const asker = await signUp();
    const pending = ask(asker, { question: 'Wait for it' }, '?wait=true').then((res) => res);
    let questionId: number | undefined;
    for (let tries = 0; questionId === undefined && tries < 200; tries += 1) {
      const rows = await gw.sql<{ id: number }>('SELECT "id" FROM "questions" WHERE "userId" = $1', [
        asker.id,
      ]);
      questionId = rows[0]?.id;
      if (questionId === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (questionId === undefined) throw new Error('question not written');
    // What the workers would do: store the answers, then finish the question.
    for (const member of defaults()) {
      await gw.sql(
        `INSERT INTO "responses" ("questionId", "provider", "memberOrder", "round", "agentId", "modelId", "status",
                                  "response", "promptTokens", "completionTokens", "totalTokens")
         VALUES ($1, $2, $3, 0, $4, $5, 'completed', $6, 10, 20, 30)`,
        [
          questionId,
          providerOf(member.agentId),
          member.order,
          member.agentId,
          member.modelId,
          `Answer ${member.order}`,
        ],
      );
    }
    await gw.sql(`UPDATE "questions" SET "status" = 'completed', "totalTokensUsed" = 90 WHERE "id" = $1`, [
      questionId,
    ]);
    const res = await pending;
    expect(res.status).toBe(201);
    const body = res.body as AskQuestionResult;
    expect(body.question).toMatchObject({ id: questionId, status: 'completed', totalTokensUsed: 90 });
    expect(body.responses.map((row) => [row.memberOrder, row.response, row.totalTokens])).toEqual([
      [0, 'Answer 0', 30],
      [1, 'Answer 1', 30],
      [2, 'Answer 2', 30],
    ]);
    expect(body.agents).toHaveLength(3);
  });

  // Last: it switches every provider to demo mode for a while (the catalogue read is cached).
  it('refuses a question no member can answer before anything is written, and seats live members first', async () => {
    const modesKey = providerModesKey(redis.prefix);
    await gw.redisClient.hset(modesKey, { openai: 'demo', anthropic: 'demo', xai: 'demo' });
    try {
      const free = await signUp();
      const before = await userRow(free.id);
      await sleep(CATALOGUE_CACHE_TTL_MS + 200);
      expectError(
        await ask(free, { question: 'How do I bake sourdough?' }),
        422,
        'NO_MODEL_CONFIGURED',
        NO_MODEL_REFUSAL,
      );
      expect(await questionCount(free.id)).toBe(0);
      expect(await userRow(free.id)).toEqual(before);
      // An example question is answered from the script, and counted as today.
      const example = await ask(free, { question: DEMO_EXAMPLE_QUESTIONS[0] }).expect(201);
      expect((example.body as AskQuestionResult).agents.map((agent) => agent.agent.provider)).toEqual([
        ...PROVIDERS,
      ]);
      expect((await userRow(free.id)).queriesLeft).toBe(before.queriesLeft - 1);

      // With Anthropic live, the free council is Anthropic's agents alone.
      await gw.redisClient.hset(modesKey, { anthropic: 'live' });
      await sleep(CATALOGUE_CACHE_TTL_MS + 200);
      const live = await ask(free, { question: 'How do I bake sourdough?' }).expect(201);
      const seated = (live.body as AskQuestionResult).agents.map((agent) => agent.agent.provider);
      expect(seated).toEqual(['anthropic', 'anthropic', 'anthropic']);
    } finally {
      await gw.redisClient.del(modesKey);
    }
  });
});
