// "Answer again" (POST /api/questions/{id}/responses/{responseId}/retry of a completed answer) end
// to end: the in-process gateway, the REAL provider worker and billing apps as processes, the fake
// provider server standing in for OpenAI, Anthropic and xAI, real PostgreSQL (seeded catalogue) and
// Redis. The member's job really runs, streams, ends the turn again and settles its usage.

import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  type AskQuestionResult,
  CONVERSATION_TEXTS,
  JOBS,
  type QuestionDetail,
  type QuestionSubscribeAck,
  QUEUES,
  type RetryResponseResult,
  SERVER_MESSAGES,
  type UsageSettleJobData,
  decodeStreamEntry,
  usageIdempotencyKey,
} from '@council/contracts';
import { closeBullMq, streamKeyFor } from '@council/server-kit';
import {
  type CouncilClientSocket,
  type FakeProviderServer,
  type TestDatabase,
  createMigratedDatabase,
  onStreamEvents,
  openCouncilSocket,
  serverTestEnv,
  socketConnected,
  startFakeProviderServer,
} from '@council/testing';
import { Queue } from 'bullmq';
import request from 'supertest';
import { ResponsesRepository } from '../src/questions/data/responses.repository';
import { QuestionJobs } from '../src/questions/jobs/question-jobs.service';
import { RETRY_WHILE_RUNNING_MESSAGE } from '../src/questions/questions.constants';
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
const API_KEY = 'test-key';

interface Asker {
  id: number;
  cookie: string;
}

interface AnswerRow {
  id: number;
  memberOrder: number;
  status: string;
  response: string;
  totalTokens: number;
}

interface Settlement {
  idempotencyKey: string;
  responseId: number | null;
  amount: number;
}

describe('answering again (gateway, provider worker and billing processes, fake providers)', () => {
  let db: TestDatabase;
  let redis: IsolatedRedis;
  let fake: FakeProviderServer;
  let billing: BillingProcess;
  let worker: ProviderWorkerProcess;
  let gw: TestGateway;
  let server: Server;
  let usageQueue: Queue;
  let answers = 0;

  beforeAll(async () => {
    buildBilling();
    buildProviderWorker();
    db = await createMigratedDatabase('gwagain', { seed: true });
    redis = await isolatedRedis('gwagain');
    // Each call answers differently, so a new answer is told from the one it replaced.
    fake = await startFakeProviderServer({
      generateText: (call) => {
        answers += 1;
        return `Answer number ${answers} from ${call.model}: tea, because it is calmer, kinder to the stomach, and pleasant at any hour of the day, with or without milk, hot or iced, alone or in company.`;
      },
    });
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
      OPENAI_API_KEY: API_KEY,
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      ANTHROPIC_API_KEY: API_KEY,
      ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
      XAI_API_KEY: API_KEY,
      XAI_BASE_URL: fake.baseUrlFor('/xai/v1'),
    });
    gw = await startTestGateway(
      'gwagain',
      { PUBLIC_URL, TRUST_PROXY: 'loopback', BILLING_URL: billing.url, BILLING_RPC_TIMEOUT_MS: '5000' },
      { db, redis },
    );
    server = gw.app.getHttpServer() as Server;
    usageQueue = new Queue(QUEUES.usage, {
      connection: redis.connection(),
      prefix: redis.queuePrefix(QUEUES.usage),
    });
  }, 300_000);

  afterAll(async () => {
    if (usageQueue) await closeBullMq(usageQueue);
    await worker?.stop();
    await billing?.stop();
    await gw?.close();
    await fake?.stop();
    await redis?.cleanup();
    await db?.drop();
  });

  afterEach(() => {
    fake.configure({ tokensPerSecond: 0, firstTokenDelayMs: 0 });
    jest.restoreAllMocks();
  });

  const signUp = async (): Promise<Asker> => signUpThroughApi(gw, 'again');
  const answerAgain = (asker: Asker, questionId: number, responseId: number) =>
    request(server)
      .post(`/api/questions/${questionId}/responses/${responseId}/retry`)
      .set('Cookie', asker.cookie);
  const expectError = (res: request.Response, status: number, code: string, message?: string) => {
    expect({ status: res.status, code: (res.body as { code?: string }).code }).toEqual({ status, code });
    if (message !== undefined) expect((res.body as { message?: string }).message).toBe(message);
  };

  const statusOf = async (questionId: number): Promise<string | undefined> =>
    (await gw.sql<{ status: string }>('SELECT "status" FROM "questions" WHERE "id" = $1', [questionId]))[0]
      ?.status;
  const completed = (questionId: number) =>
    waitFor(async () => ((await statusOf(questionId)) === 'completed' ? true : undefined), 30_000);
  const memberAnswers = (questionId: number) =>
    gw.sql<AnswerRow>(
      `SELECT "id", "memberOrder", "status", "response", "totalTokens" FROM "responses"
        WHERE "questionId" = $1 ORDER BY "memberOrder"`,
      [questionId],
    );
  const settlements = async (questionId: number): Promise<Settlement[]> =>
    (
      await gw.sql<{ idempotencyKey: string; responseId: number | null; amount: string }>(
        `SELECT "idempotencyKey", "responseId", "amount" FROM "ledger_entries"
          WHERE "questionId" = $1 AND "kind" = 'settlement' ORDER BY "id"`,
        [questionId],
      )
    ).map((row) => ({ ...row, amount: Number(row.amount) }));
  const tokensLeft = async (userId: number): Promise<number> =>
    (await gw.sql<{ tokensLeft: number }>('SELECT "tokensLeft" FROM "users" WHERE "id" = $1', [userId]))[0]
      ?.tokensLeft ?? Number.NaN;

  /** Asks and waits until the turn has completed and billing has released it. */
  const askAndFinish = async (asker: Asker, question: string): Promise<number> => {
    const res = await request(server).post('/api/questions').set('Cookie', asker.cookie).send({ question });
    expect(res.status).toBe(201);
    const questionId = (res.body as AskQuestionResult).question.id;
    await completed(questionId);
    const release = usageIdempotencyKey({ kind: 'release', questionId, memberOrder: null, round: 0 });
    await waitFor(async () => {
      const rows = await gw.sql('SELECT 1 FROM "ledger_entries" WHERE "idempotencyKey" = $1', [release]);
      return rows.length > 0 ? true : undefined;
    }, 15_000);
    expect((await memberAnswers(questionId)).map((row) => row.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    return questionId;
  };

  const openSocket = async (cookie: string): Promise<CouncilClientSocket> => {
    if (!server.listening) await gw.app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const socket = openCouncilSocket(url, { Cookie: cookie, Origin: PUBLIC_URL }, { forceNew: true });
    await socketConnected(socket);
    return socket;
  };

  it('answers a completed member again: a new answer streams in, the turn completes again, and it is charged once', async () => {
    const owner = await signUp();
    const questionId = await askAndFinish(owner, 'Tea or coffee?');
    const before = await memberAnswers(questionId);
    const replaced = before[1] as AnswerRow;
    const charged = await settlements(questionId);
    expect(charged.map((entry) => entry.responseId).sort()).toEqual(before.map((row) => row.id).sort());
    const balance = await tokensLeft(owner.id);
    const socket = await openSocket(owner.cookie);
    const events: Array<{ event: string; memberOrder?: number; text?: string; responseId?: number }> = [];
    onStreamEvents(socket, (event) => {
      const { memberOrder, text, responseId } = event as {
        memberOrder?: number;
        text?: string;
        responseId?: number;
      };
      events.push({ event: event.type, memberOrder, text, responseId });
    });
    try {
      // Slow enough that the turn is still running when the socket subscribes.
      fake.configure({ tokensPerSecond: 20, firstTokenDelayMs: 300 });
      const res = await answerAgain(owner, questionId, replaced.id);
      expect(res.status).toBe(200);
      const body = res.body as RetryResponseResult;
      expect(body).toMatchObject({
        questionId,
        memberOrder: 1,
        round: 0,
        status: 'pending',
        response: '',
        error: null,
      });
      expect(body.id).not.toBe(replaced.id);
      expect(typeof body.streamEntryId).toBe('string');
      // The earlier answer is replaced, and the turn runs again.
      expect(await gw.sql('SELECT 1 FROM "responses" WHERE "id" = $1', [replaced.id])).toEqual([]);
      const [reset] = await gw.redisClient.xrange(
        streamKeyFor(redis.prefix, questionId),
        body.streamEntryId as string,
        '+',
        'COUNT',
        1,
      );
      expect(decodeStreamEntry(reset?.[1] ?? [])).toEqual({
        type: 'answer:reset',
        memberOrder: 1,
        round: 0,
        attempt: 1,
      });

      // The client follows the stream from the entry that started it, as the web does.
      const ack = await new Promise<QuestionSubscribeAck>((resolve) =>
        socket.emit('question:subscribe', { questionId, lastEntryId: body.streamEntryId as string }, resolve),
      );
      expect(ack).toEqual({ ok: true, status: 'running' });
      await waitFor(
        () => (events.some((each) => each.event === 'question:completed') ? true : undefined),
        30_000,
      );
      expect(await statusOf(questionId)).toBe('completed');

      const after = await memberAnswers(questionId);
      const renewed = after[1] as AnswerRow;
      expect(renewed).toMatchObject({ id: body.id, memberOrder: 1, status: 'completed' });
      expect(renewed.response).not.toBe(replaced.response);
      expect(renewed.response).toMatch(/^Answer number \d+ from /);
      // The other members' answers are untouched.
      expect([after[0], after[2]]).toEqual([before[0], before[2]]);
      // Only this member streamed, then its answer completed, then the turn.
      const streamed = events.filter((each) => each.event !== 'question:completed');
      expect(streamed.length).toBeGreaterThan(1);
      expect(new Set(streamed.map((each) => each.memberOrder))).toEqual(new Set([1]));
      expect(
        streamed
          .filter((each) => each.event === 'answer:delta')
          .map((each) => each.text)
          .join(''),
      ).toBe(renewed.response);
      expect(events.map((each) => each.event).slice(-2)).toEqual(['answer:completed', 'question:completed']);
      expect(events.find((each) => each.event === 'answer:completed')?.responseId).toBe(body.id);

      // Billing: the new answer is settled once, under a key of its own, from the balance.
      const key = usageIdempotencyKey({
        kind: 'response',
        questionId,
        memberOrder: 1,
        round: 0,
        responseId: body.id,
        answerAgain: true,
      });
      await waitFor(async () => ((await tokensLeft(owner.id)) !== balance ? true : undefined), 15_000);
      const own = (await settlements(questionId)).filter((entry) => entry.responseId === body.id);
      expect(own.every((entry) => entry.idempotencyKey.startsWith(key))).toBe(true);
      expect(own.reduce((sum, entry) => sum + entry.amount, 0)).toBe(-renewed.totalTokens);
      expect(renewed.totalTokens).toBeGreaterThan(0);
      expect(await tokensLeft(owner.id)).toBe(balance - renewed.totalTokens);
      // The replaced answer's settlement stays (its row is gone): it was answered, and charged, once.
      const replacedKey = usageIdempotencyKey({ kind: 'response', questionId, memberOrder: 1, round: 0 });
      const kept = (await settlements(questionId)).filter((entry) =>
        entry.idempotencyKey.startsWith(`${replacedKey}#`),
      );
      expect(kept.map(({ responseId, amount }) => ({ responseId, amount }))).toEqual([
        { responseId: null, amount: -replaced.totalTokens },
      ]);

      // A second delivery of the same settlement (a retried job, a duplicate) changes nothing.
      const duplicate: UsageSettleJobData = {
        kind: 'response',
        questionId,
        userId: owner.id,
        responseId: body.id,
        memberOrder: 1,
        round: 0,
        provider: 'anthropic',
        promptTokens: 1,
        completionTokens: 1,
        totalTokens: 2,
        answerAgain: true,
      };
      const job = await usageQueue.add(JOBS.usageSettle, duplicate, { jobId: `again-duplicate-${body.id}` });
      await waitFor(async () => ((await job.getState()) === 'completed' ? true : undefined), 15_000);
      expect((await settlements(questionId)).filter((entry) => entry.responseId === body.id)).toEqual(own);
      expect(await tokensLeft(owner.id)).toBe(balance - renewed.totalTokens);

      // The question reads back with the new answer.
      const detail = (
        await request(server).get(`/api/questions/${questionId}`).set('Cookie', owner.cookie).expect(200)
      ).body as QuestionDetail;
      expect(detail.question.status).toBe('completed');
      expect(detail.answers.find((answer) => answer.memberOrder === 1)).toMatchObject({
        id: body.id,
        response: renewed.response,
      });
    } finally {
      socket.disconnect();
    }
  });

  it('starts one answer of concurrent calls: the others, and calls while it runs, are 409, never 500', async () => {
    const owner = await signUp();
    const questionId = await askAndFinish(owner, 'Which is calmer?');
    const [first, second, third] = await memberAnswers(questionId);
    fake.configure({ tokensPerSecond: 20, firstTokenDelayMs: 300 });
    const replies = await Promise.all([
      answerAgain(owner, questionId, first?.id ?? 0),
      answerAgain(owner, questionId, first?.id ?? 0),
      answerAgain(owner, questionId, second?.id ?? 0),
    ]);
    expect(replies.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    for (const res of replies.filter((each) => each.status === 409)) {
      expect((res.body as { code: string }).code).toBe('CONFLICT');
    }
    // While it runs, nothing else of the turn is asked again.
    expect(await statusOf(questionId)).toBe('running');
    expectError(
      await answerAgain(owner, questionId, third?.id ?? 0),
      409,
      'CONFLICT',
      RETRY_WHILE_RUNNING_MESSAGE,
    );
    await completed(questionId);
    // One member was answered again: one new row, the rest as they were.
    const after = await memberAnswers(questionId);
    expect(after.filter((row) => ![first?.id, second?.id].includes(row.id))).toHaveLength(2);
    expect(after.every((row) => row.status === 'completed')).toBe(true);
  });

  it('charges a failed answer given again once it is retried, though the replaced answer’s key is spent', async () => {
    const owner = await signUp();
    const questionId = await askAndFinish(owner, 'Loose leaf or bags?');
    const [, replaced] = await memberAnswers(questionId);
    // The new answer fails for good (a refused key is not retried): the turn still completes.
    fake.script({ kind: 'unauthorized' }, { api: 'anthropic' });
    const again = (await answerAgain(owner, questionId, replaced?.id ?? 0).expect(200))
      .body as RetryResponseResult;
    await completed(questionId);
    expect((await memberAnswers(questionId))[1]).toMatchObject({ id: again.id, status: 'failed' });
    const balance = await tokensLeft(owner.id);

    const retried = (await answerAgain(owner, questionId, again.id).expect(200)).body as RetryResponseResult;
    expect(retried).toMatchObject({ id: again.id, status: 'pending', streamEntryId: null });
    const renewed = await waitFor(async () => {
      const row = (await memberAnswers(questionId))[1];
      return row?.status === 'completed' ? row : undefined;
    }, 30_000);
    await waitFor(async () => ((await tokensLeft(owner.id)) !== balance ? true : undefined), 15_000);
    const own = (await settlements(questionId)).filter((entry) => entry.responseId === again.id);
    expect(own.reduce((sum, entry) => sum + entry.amount, 0)).toBe(-renewed.totalTokens);
    expect(await tokensLeft(owner.id)).toBe(balance - renewed.totalTokens);
  });

  it('refuses another user (404), a debate (409), a running turn of the conversation (409), an empty balance (402) and a queue that is down (503), leaving the answer as it was', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const questionId = await askAndFinish(owner, 'Milk first?');
    const [answer] = await memberAnswers(questionId);
    const responseId = answer?.id ?? 0;
    const unchanged = async () => {
      expect(await statusOf(questionId)).toBe('completed');
      expect((await memberAnswers(questionId))[0]).toEqual(answer);
    };

    expectError(
      await answerAgain(stranger, questionId, responseId),
      404,
      'NOT_FOUND',
      SERVER_MESSAGES.questionNotFound,
    );

    await gw.sql('UPDATE "questions" SET "showDebate" = true WHERE "id" = $1', [questionId]);
    expectError(
      await answerAgain(owner, questionId, responseId),
      409,
      'CONFLICT',
      CONVERSATION_TEXTS.answerAgainDebate,
    );
    await gw.sql('UPDATE "questions" SET "showDebate" = false WHERE "id" = $1', [questionId]);
    await unchanged();

    // A follow-up of the conversation is running.
    const [followUp] = await gw.sql<{ id: number }>(
      `INSERT INTO "questions" ("userId", "question", "status", "conversationId")
       VALUES ($1, 'And sugar?', 'running', $2) RETURNING "id"`,
      [owner.id, questionId],
    );
    expectError(
      await answerAgain(owner, questionId, responseId),
      409,
      'CONFLICT',
      CONVERSATION_TEXTS.answerAgainWhileRunning,
    );
    // Also when only the database's one-running-turn index sees it (a turn started meanwhile).
    jest.spyOn(gw.app.get(ResponsesRepository), 'conversationRunning').mockResolvedValue(false);
    expectError(
      await answerAgain(owner, questionId, responseId),
      409,
      'CONFLICT',
      CONVERSATION_TEXTS.answerAgainWhileRunning,
    );
    jest.restoreAllMocks();
    await unchanged();
    await gw.sql(`UPDATE "questions" SET "status" = 'completed' WHERE "id" = $1`, [followUp?.id]);

    // The queue is down: the earlier answer is put back as it was, under its own id.
    jest
      .spyOn(gw.app.get(QuestionJobs), 'requeueMemberAnswer')
      .mockRejectedValueOnce(new Error('Redis is down'));
    expectError(await answerAgain(owner, questionId, responseId), 503, 'SERVICE_UNAVAILABLE');
    await unchanged();

    await gw.sql('UPDATE "users" SET "tokensLeft" = 0 WHERE "id" = $1', [owner.id]);
    expectError(
      await answerAgain(owner, questionId, responseId),
      402,
      'INSUFFICIENT_TOKENS',
      SERVER_MESSAGES.insufficientTokens,
    );
    await unchanged();
  });
});
