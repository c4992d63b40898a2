// POST /api/questions/{id}/follow-ups end to end (docs/decisions.md, "25. Follow-ups"): the
// in-process gateway, the REAL billing app as a process, real PostgreSQL (seeded catalogue) and
// Redis, and BullMQ queues inspected by their deterministic job ids. No workers run: a turn is
// finished by writing what the workers would have written.

import { type Server } from 'node:http';
import {
  type AskQuestionResult,
  CONVERSATION_TEXTS,
  PREMIUM_FEATURE_MESSAGE,
  type QuestionDetail,
  type QueueName,
  SERVER_MESSAGES,
  questionHold,
  quoteCouncilTokens,
  jobId,
  providerQueueName,
  type Provider,
} from '@council/contracts';
import { closeBullMq } from '@council/server-kit';
import { type TestDatabase, createMigratedDatabase } from '@council/testing';
import { Queue } from 'bullmq';
import request from 'supertest';
import { type TestGateway, signUpThroughApi, startTestGateway } from './accounts.helpers';
import {
  type BillingProcess,
  type IsolatedRedis,
  buildBilling,
  isolatedRedis,
  startBillingProcess,
} from './billing.helpers';

const PUBLIC_URL = 'http://council.test';

interface Asker {
  id: number;
  cookie: string;
}

describe('following up (gateway, billing process, PostgreSQL, Redis, BullMQ)', () => {
  let db: TestDatabase;
  let redis: IsolatedRedis;
  let gw: TestGateway;
  let server: Server;
  let billing: BillingProcess;
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
    db = await createMigratedDatabase('gwfollowups', { seed: true });
    redis = await isolatedRedis('gwfollowups');
    billing = await startBillingProcess({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      ...redis.env,
      PUBLIC_URL,
    });
    gw = await startTestGateway(
      'gwfollowups',
      { PUBLIC_URL, TRUST_PROXY: 'loopback', BILLING_RPC_TIMEOUT_MS: '5000', BILLING_URL: billing.url },
      { db, redis },
    );
    server = gw.app.getHttpServer() as Server;
  }, 300_000);

  afterAll(async () => {
    for (const each of queues.values()) await closeBullMq(each);
    await billing?.stop();
    await gw?.close();
    await redis?.cleanup();
    await db?.drop();
  });

  const signUp = async (tier: 'free' | 'premium' | 'max' = 'free'): Promise<Asker> => {
    const { id, cookie } = await signUpThroughApi(gw, 'followup');
    if (tier !== 'free')
      await gw.sql('UPDATE "users" SET "subscriptionTier" = $2, "tokensLeft" = 500000 WHERE "id" = $1', [
        id,
        tier,
      ]);
    return { id, cookie };
  };

  const ask = (asker: Asker, body: object) =>
    request(server).post('/api/questions').set('Cookie', asker.cookie).send(body);
  const followUp = (asker: Asker, id: number | string, body: object) =>
    request(server).post(`/api/questions/${id}/follow-ups`).set('Cookie', asker.cookie).send(body);
  const detail = async (asker: Asker, id: number): Promise<QuestionDetail> =>
    (await request(server).get(`/api/questions/${id}`).set('Cookie', asker.cookie).expect(200))
      .body as QuestionDetail;

  const expectError = (res: request.Response, status: number, code: string, message?: string) => {
    expect({ status: res.status, code: (res.body as { code?: string }).code }).toEqual({ status, code });
    if (message !== undefined) expect((res.body as { message?: string }).message).toBe(message);
  };

  /** Ends a turn as the workers would: every member answered (its hold stays: billing is not asked). */
  const finish = async (
    _asker: Asker,
    result: AskQuestionResult,
    answer = (order: number) => `Answer ${order}.`,
  ) => {
    for (const agent of result.agents) {
      await gw.sql(
        `INSERT INTO "responses" ("questionId", "provider", "memberOrder", "round", "status", "response")
         VALUES ($1, $2, $3, 0, 'completed', $4)`,
        [result.question.id, agent.agent.provider, agent.order, answer(agent.order)],
      );
    }
    await gw.sql(`UPDATE "questions" SET "status" = 'completed' WHERE "id" = $1`, [result.question.id]);
  };

  const userRow = async (userId: number) =>
    (
      await gw.sql<{ tokensLeft: number; queriesLeft: number }>(
        'SELECT "tokensLeft", "queriesLeft" FROM "users" WHERE "id" = $1',
        [userId],
      )
    )[0]!;

  it('asks the same council again, in the same conversation, once the turn before has finished', async () => {
    const asker = await signUp();
    const first = (await ask(asker, { question: 'Which database suits a ledger?' }).expect(201))
      .body as AskQuestionResult;
    // Still running: the follow-up waits.
    expectError(
      await followUp(asker, first.question.id, { question: 'Why?' }),
      409,
      'CONFLICT',
      CONVERSATION_TEXTS.stillRunning,
    );

    await finish(asker, first);
    const before = await userRow(asker.id);
    const res = await followUp(asker, first.question.id, { question: '  And for the audit log?  ' }).expect(
      201,
    );
    const second = res.body as AskQuestionResult;
    expect(second.question).toMatchObject({
      question: 'And for the audit log?',
      conversationId: first.question.id,
      threadOmittedTurns: 0,
      status: 'pending',
    });
    expect(
      second.agents.map(({ agentId, modelId, roleId, order }) => ({ agentId, modelId, roleId, order })),
    ).toEqual(
      first.agents.map(({ agentId, modelId, roleId, order }) => ({ agentId, modelId, roleId, order })),
    );
    // One free query per turn; the hold counts the thread each call carries.
    const after = await userRow(asker.id);
    expect(after.queriesLeft).toBe(before.queriesLeft - 1);
    const [held] = await gw.sql<{ reservedTokens: number }>(
      'SELECT "reservedTokens" FROM "questions" WHERE "id" = $1',
      [second.question.id],
    );
    const thread = 'Which database suits a ledger?'.length + 'Answer 0.'.length;
    const quoted = quoteCouncilTokens({
      question: 'And for the audit log?',
      threadLength: thread,
      members: second.agents.map((agent) => ({
        demo: false,
        typicalOutputTokens: agent.model.typicalOutputTokens,
        hasRole: false,
        leader: false,
      })),
      showDebate: false,
      showReasoning: false,
      tier: 'free',
    });
    expect(held?.reservedTokens).toBe(questionHold(quoted!.quote).initial);
    for (const agent of second.agents) {
      const job = await queue(providerQueueName(agent.agent.provider as Provider)).getJob(
        jobId(second.question.id, agent.order, 0),
      );
      expect(job?.data).toMatchObject({ questionId: second.question.id, memberOrder: agent.order });
    }

    // Both turns read the whole conversation, in order.
    for (const id of [first.question.id, second.question.id]) {
      const read = await detail(asker, id);
      expect(read.conversation.map((turn) => [turn.id, turn.question, turn.status])).toEqual([
        [first.question.id, 'Which database suits a ledger?', 'completed'],
        [second.question.id, 'And for the audit log?', 'pending'],
      ]);
      expect(read.followUpThreadLength).toBe(0);
    }
    // A follow-up to any turn joins the end of the conversation, once the last turn has finished.
    expectError(await followUp(asker, first.question.id, { question: 'Then?' }), 409, 'CONFLICT');
    await finish(asker, second);
    expect((await detail(asker, first.question.id)).followUpThreadLength).toBeGreaterThan(thread);
    const third = (await followUp(asker, first.question.id, { question: 'Then?' }).expect(201))
      .body as AskQuestionResult;
    expect(third.question.conversationId).toBe(first.question.id);
    expect((await detail(asker, third.question.id)).conversation.map((turn) => turn.id)).toEqual([
      first.question.id,
      second.question.id,
      third.question.id,
    ]);
  });

  it('lets one of two simultaneous follow-ups through and answers the other 409', async () => {
    const asker = await signUp('premium');
    const first = (await ask(asker, { question: 'Race?' }).expect(201)).body as AskQuestionResult;
    await finish(asker, first);
    const results = await Promise.all([
      followUp(asker, first.question.id, { question: 'One?' }),
      followUp(asker, first.question.id, { question: 'Two?' }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    const turns = await gw.sql<{ id: number }>('SELECT "id" FROM "questions" WHERE "conversationId" = $1', [
      first.question.id,
    ]);
    expect(turns).toHaveLength(1);
  });

  it('keeps every rule of an ask: owner only, tier, free queries, balance and the body', async () => {
    const owner = await signUp();
    const stranger = await signUp('max');
    const first = (await ask(owner, { question: 'Mine?' }).expect(201)).body as AskQuestionResult;
    await finish(owner, first);

    expectError(await followUp(stranger, first.question.id, { question: 'Yours?' }), 404, 'NOT_FOUND');
    expectError(await followUp(owner, 'abc', { question: 'Hm?' }), 400, 'VALIDATION_FAILED');
    expectError(await followUp(owner, '99999999999999999999', { question: 'Hm?' }), 400, 'VALIDATION_FAILED');
    expectError(await followUp(owner, 2_147_483_647, { question: 'Hm?' }), 404, 'NOT_FOUND');
    expectError(await followUp(owner, first.question.id, { question: '' }), 400, 'VALIDATION_FAILED');
    expectError(
      await followUp(owner, first.question.id, { question: 'x'.repeat(8_001) }),
      400,
      'VALIDATION_FAILED',
    );
    // The council comes from the conversation.
    expectError(
      await followUp(owner, first.question.id, { question: 'Hm?', agents: first.agents.slice(0, 3) }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await followUp(owner, first.question.id, { question: 'Hm?', debateLeaderId: 1 }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await followUp(owner, first.question.id, { question: 'Debate?', showDebate: true }),
      403,
      'PREMIUM_FEATURE',
      PREMIUM_FEATURE_MESSAGE,
    );

    await gw.sql('UPDATE "users" SET "queriesLeft" = 0 WHERE "id" = $1', [owner.id]);
    expectError(
      await followUp(owner, first.question.id, { question: 'More?' }),
      402,
      'NO_FREE_QUERIES',
      SERVER_MESSAGES.noFreeQueries,
    );
    const count = await gw.sql('SELECT "id" FROM "questions" WHERE "userId" = $1', [owner.id]);
    expect(count).toHaveLength(1);
  });

  it('leaves out the oldest turns that no longer fit the smallest member, and says so', async () => {
    const asker = await signUp('premium');
    const first = (await ask(asker, { question: 'Long?' }).expect(201)).body as AskQuestionResult;
    // Answers of ~6,000 tokens each: one turn fits a window of 8,192 beside the answer, two do not.
    await finish(asker, first, () => 'word '.repeat(4_800));
    const second = (await followUp(asker, first.question.id, { question: 'Longer?' }).expect(201))
      .body as AskQuestionResult;
    await finish(asker, second, () => 'word '.repeat(4_800));
    const models = first.agents.map((agent) => agent.modelId);
    const [saved] = await gw.sql<{ windows: number[] }>(
      'SELECT array_agg("contextWindow" ORDER BY "id") AS "windows" FROM "models" WHERE "id" = ANY($1)',
      [models],
    );
    await gw.sql('UPDATE "models" SET "contextWindow" = 8192 WHERE "id" = $1', [models[0]]);
    try {
      const third = (await followUp(asker, first.question.id, { question: 'Shorter?' }).expect(201))
        .body as AskQuestionResult;
      expect(third.question.threadOmittedTurns).toBe(1);
      const read = await detail(asker, third.question.id);
      expect(read.question.threadOmittedTurns).toBe(1);
    } finally {
      const ordered = [...models].sort((a, b) => a - b);
      for (const [index, id] of ordered.entries()) {
        await gw.sql('UPDATE "models" SET "contextWindow" = $2 WHERE "id" = $1', [
          id,
          saved?.windows[index] ?? null,
        ]);
      }
    }
  });

  it('is described in the OpenAPI document', async () => {
    const res = await request(server).get('/api/docs-json').expect(200);
    const paths = (res.body as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths['/api/questions/{id}/follow-ups'] ?? {})).toEqual(['post']);
  });
});
