// Provider jobs end to end: real PostgreSQL and Redis, BullMQ flows built by buildQuestionFlow, and
// the real SDKs against the local fake provider server (OpenAI, Anthropic and xAI at once).

import {
  AGREEMENT_MAP,
  BALANCE_STOP_TEXTS,
  JOBS,
  type MemberAnswerJobData,
  PROVIDERS,
  QUESTION_CANCELLED_MESSAGE,
  QUEUES,
  type StreamEntry,
  type SynthesisJobData,
  answerMaxOutputTokensFor,
  decodeStreamEntry,
  finaliseJobId,
  jobId,
  providerQueueName,
  queuePrefix,
  questionBudgetKey,
  questionCancelKey,
  synthesisJobId,
  TOKEN_CAP_TEXTS,
  consensusReserve,
} from '@council/contracts';
import { QuestionEntity, ResponseEntity, createDataSourceOptions } from '@council/db';
import {
  type QuestionFlowMember,
  buildQuestionFlow,
  buildQuestionJobs,
  type ProviderJobOptionsOverrides,
  providerJobOptions,
  type RedisClient,
  QuestionStreamWriter,
  closeBullMq,
  streamKeyFor,
} from '@council/server-kit';
import {
  type CouncilCatalogue,
  type FakeProviderRequest,
  type FakeProviderServer,
  type TestDatabase,
  type TestRedis,
  addCouncilMembers,
  createMigratedDatabase,
  createTestQuestion,
  createTestUser,
  defaultStructuredReply,
  loadCouncilCatalogue,
  startFakeProviderServer,
  testRedis,
  waitUntil,
} from '@council/testing';
import { AGREEMENT_MAP_OUTPUT } from '@council/llm';
import { FlowProducer, Queue, UnrecoverableError, type Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { type ProviderJobRunner } from '../src/answers/provider-job.runner';
import {
  type ProviderJobRunnerDeps,
  createProviderWorkers,
  providerJobRunner,
} from './support/provider-job-runner';

const API_KEY = 'test-key';
const FAST = { backoffDelayMs: 20 };

describe('provider worker (PostgreSQL + Redis + fake providers)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let redisEnv: TestRedis;
  let redis: RedisClient;
  let fake: FakeProviderServer;
  let usageQueue: Queue;
  let consensusQueue: Queue;
  let flows: FlowProducer;
  let runner: ProviderJobRunner;
  let runnerDeps: ProviderJobRunnerDeps;
  let workers: Worker[];
  let catalogue: CouncilCatalogue;
  /** Billing's hold top-up as the runner sees it; each test of an uncapped hold sets its own. */
  let holdTopUp: NonNullable<ProviderJobRunnerDeps['holdTopUp']> = () => Promise.resolve(0);

  beforeAll(async () => {
    db = await createMigratedDatabase('provider_worker', { seed: true });
    dataSource = new DataSource(createDataSourceOptions({ url: db.url, poolSize: 6 }));
    await dataSource.initialize();
    redisEnv = testRedis('provider-worker');
    redis = redisEnv.client();
    fake = await startFakeProviderServer();
    const prefix = redisEnv.prefix;
    usageQueue = new Queue(QUEUES.usage, {
      connection: redisEnv.connection(),
      prefix: redisEnv.queuePrefix(QUEUES.usage),
    });
    consensusQueue = new Queue(QUEUES.consensus, {
      connection: redisEnv.connection(),
      prefix: redisEnv.queuePrefix(QUEUES.consensus),
    });
    flows = new FlowProducer({
      connection: redisEnv.connection(),
      prefix: redisEnv.queuePrefix(QUEUES.consensus),
    });
    runnerDeps = {
      dataSource,
      redis,
      prefix,
      usageQueue,
      llm: {
        openai: { apiKey: API_KEY, baseUrl: fake.openaiBaseUrl },
        anthropic: { apiKey: API_KEY, baseUrl: fake.anthropicBaseUrl },
        xai: { apiKey: API_KEY, baseUrl: fake.baseUrlFor('/xai/v1') },
      },
      idleTimeoutMs: 2000,
      holdTopUp: (request) => holdTopUp(request),
    };
    runner = await providerJobRunner(runnerDeps);
    workers = createProviderWorkers(runner, {
      providers: PROVIDERS,
      connection: () => redisEnv.connection(),
      redisPrefix: prefix,
      concurrency: 5,
    });

    catalogue = await loadCouncilCatalogue(dataSource);
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => closeBullMq(worker)));
    await Promise.all([usageQueue, consensusQueue, flows].map((owner) => closeBullMq(owner)));
    await fake.stop();
    redis.disconnect();
    await redisEnv.cleanup();
    await dataSource.destroy();
    await db.drop();
  });

  beforeEach(() => fake.clearScripts());

  async function askQuestion(
    fields: {
      showDebate?: boolean;
      showReasoning?: boolean;
      tokenCap?: number;
      reservedTokens?: number;
    } = {},
  ): Promise<{ questionId: number; userId: number; members: QuestionFlowMember[] }> {
    const user = await createTestUser(dataSource);
    const question = await createTestQuestion(dataSource, user.id, {
      question: 'Why is the sky blue?',
      showDebate: fields.showDebate ?? false,
      showReasoning: fields.showReasoning ?? false,
      tokenCap: fields.tokenCap ?? null,
      reservedTokens: fields.reservedTokens ?? 0,
    });
    const members = await addCouncilMembers(dataSource, question.id, catalogue);
    return { questionId: question.id, userId: user.id, members };
  }

  async function runFlow(
    questionId: number,
    userId: number,
    members: QuestionFlowMember[],
    showReasoning = false,
  ): Promise<void> {
    await flows.add(
      buildQuestionFlow({ id: questionId, userId, showDebate: false, showReasoning }, members, FAST),
    );
    // No consensus worker here: the parent becomes "waiting" once every child is final.
    await waitUntil(async () => (await consensusQueue.getJobState(finaliseJobId(questionId))) === 'waiting');
  }

  async function streamEntries(questionId: number): Promise<StreamEntry[]> {
    const raw = await redis.xrange(streamKeyFor(redisEnv.prefix, questionId), '-', '+');
    return raw.map(([, fields]) => {
      const entry = decodeStreamEntry(fields);
      if (!entry) throw new Error(`Malformed stream entry: ${fields.join(' ')}`);
      return entry;
    });
  }

  function responsesOf(questionId: number): Promise<ResponseEntity[]> {
    return dataSource
      .getRepository(ResponseEntity)
      .find({ where: { questionId }, order: { memberOrder: 'ASC' } });
  }

  async function usageJobIds(questionId: number): Promise<string[]> {
    const jobs = await usageQueue.getJobs(['waiting', 'delayed', 'active', 'completed']);
    return jobs
      .filter((job) => job.id?.startsWith(`${questionId}:`))
      .map((job) => job.id ?? '')
      .sort();
  }

  it('streams three members in batches and stores one row each, leaving settlement to the flow parent', async () => {
    const { questionId, userId, members } = await askQuestion();
    const before = fake.requests.length;
    await runFlow(questionId, userId, members);
    // Each call is limited to the free tier's answer length, which the reservation was sized from.
    const limits = fake.requests
      .slice(before)
      .map((request) => request.body['max_tokens'] ?? request.body['max_completion_tokens']);
    expect(limits).toEqual(PROVIDERS.map(() => answerMaxOutputTokensFor('free')));

    const rows = await responsesOf(questionId);
    expect(rows).toHaveLength(3);
    const entries = await streamEntries(questionId);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'completed', error: null, round: 0 });
      expect(row.response.length).toBeGreaterThan(0);
      expect(row.totalTokens).toBe(row.promptTokens + row.completionTokens);
      expect(row.completionTokens).toBeGreaterThan(0);
      const own = entries.filter((entry) => 'memberOrder' in entry && entry.memberOrder === row.memberOrder);
      const last = own.at(-1);
      expect(last).toEqual({
        type: 'answer:completed',
        memberOrder: row.memberOrder,
        round: 0,
        responseId: row.id,
        stoppedAtLimit: false,
        promptTokens: row.promptTokens,
        completionTokens: row.completionTokens,
        totalTokens: row.totalTokens,
      });
      const deltas = own.filter((entry) => entry.type === 'answer:delta');
      expect(deltas.length).toBeGreaterThan(0);
      const text = deltas.map((entry) => (entry.type === 'answer:delta' ? entry.text : '')).join('');
      expect(text.trim()).toBe(row.response);
      // Batched: far fewer entries than the fake's word-sized tokens.
      expect(deltas.length).toBeLessThan(row.completionTokens);
    }
    // Children of the flow: the parent's release settles them all in one ledger transaction.
    expect(await usageJobIds(questionId)).toEqual([]);
    expect(await redis.ttl(streamKeyFor(redisEnv.prefix, questionId))).toBe(-1);
  });

  it('streams reasoning apart from the answer when reasoning is on', async () => {
    const { questionId, userId, members } = await askQuestion({ showReasoning: true });
    await runFlow(questionId, userId, members, true);
    const rows = await responsesOf(questionId);
    const entries = await streamEntries(questionId);
    for (const row of rows) {
      expect(row.status).toBe('completed');
      expect(row.reasoning?.length).toBeGreaterThan(0);
      expect(row.response).not.toMatch(/<\/?reasoning>/i);
      const kinds = entries.flatMap((entry) =>
        entry.type === 'answer:delta' && entry.memberOrder === row.memberOrder ? [entry.kind] : [],
      );
      // Reasoning first, then the answer.
      expect(kinds[0]).toBe('reasoning');
      expect(kinds.at(-1)).toBe('text');
    }
  });

  it('stores a 401 member with its error while the other two answer', async () => {
    const { questionId, userId, members } = await askQuestion();
    const before = fake.requests.length;
    fake.script({ kind: 'unauthorized' }, { pathIncludes: '/xai/' });
    await runFlow(questionId, userId, members);

    const rows = await responsesOf(questionId);
    expect(rows.map((row) => row.status)).toEqual(['completed', 'completed', 'failed']);
    expect(rows[2].error).toMatch(/API key was rejected/);
    expect(rows[2].totalTokens).toBe(0);
    const xai = fake.requests.slice(before).filter((request) => request.path.includes('/xai/'));
    expect(xai).toHaveLength(1);
    const failed = (await streamEntries(questionId)).filter((entry) => entry.type === 'answer:failed');
    expect(failed).toEqual([
      { type: 'answer:failed', memberOrder: 2, round: 0, responseId: rows[2].id, error: rows[2].error },
    ]);
    expect(await usageJobIds(questionId)).toEqual([]);
  });

  describe('a question without a debate, queued without a parent', () => {
    const flowQueues = new Map<string, Queue>();

    /** A handle on a provider queue the workers serve. */
    function flowQueueOf(provider: QuestionFlowMember['provider']): Queue {
      const name = providerQueueName(provider);
      let queue = flowQueues.get(name);
      if (!queue) {
        queue = new Queue(name, { connection: redisEnv.connection(), prefix: redisEnv.queuePrefix(name) });
        flowQueues.set(name, queue);
      }
      return queue;
    }

    afterAll(() => Promise.all([...flowQueues.values()].map((queue) => closeBullMq(queue))));

    function releaseJobId(questionId: number): string {
      return `${questionId}:release:0`;
    }

    async function questionOf(questionId: number): Promise<QuestionEntity> {
      return dataSource.getRepository(QuestionEntity).findOneByOrFail({ id: questionId });
    }

    async function finalEntries(questionId: number): Promise<StreamEntry[]> {
      return (await streamEntries(questionId)).filter((entry) => entry.type.startsWith('question:'));
    }

    /** Queues the members as the gateway does (buildQuestionJobs) and waits for the question's end. */
    async function runAlone(
      questionId: number,
      userId: number,
      members: QuestionFlowMember[],
    ): Promise<void> {
      await flows.addBulk(
        buildQuestionJobs({ id: questionId, userId, showDebate: false, showReasoning: false }, members, FAST),
      );
      await waitUntil(async () => (await finalEntries(questionId)).length > 0);
    }

    it('the last member to end completes the question, releases it once and ends the stream', async () => {
      const { questionId, userId, members } = await askQuestion();
      await runAlone(questionId, userId, members);

      expect(await consensusQueue.getJob(finaliseJobId(questionId))).toBeUndefined();
      const rows = await responsesOf(questionId);
      expect(rows.map((row) => row.status)).toEqual(['completed', 'completed', 'completed']);
      const question = await questionOf(questionId);
      expect(question.status).toBe('completed');
      expect(question.totalTokensUsed).toBe(rows.reduce((sum, row) => sum + row.totalTokens, 0));
      const entries = await streamEntries(questionId);
      expect(entries.at(-1)).toEqual({
        type: 'question:completed',
        totalTokensUsed: question.totalTokensUsed,
      });
      expect(await finalEntries(questionId)).toHaveLength(1);
      // The release settles the three answers: no settlement job of their own.
      expect(await usageJobIds(questionId)).toEqual([releaseJobId(questionId)]);
    });

    it('completes the question when a member fails for good, after its failure is streamed', async () => {
      const { questionId, userId, members } = await askQuestion();
      fake.script({ kind: 'unauthorized' }, { pathIncludes: '/xai/' });
      await runAlone(questionId, userId, members);

      const rows = await responsesOf(questionId);
      expect(rows.map((row) => row.status)).toEqual(['completed', 'completed', 'failed']);
      expect((await questionOf(questionId)).status).toBe('completed');
      const types = (await streamEntries(questionId)).map((entry) => entry.type);
      expect(types.indexOf('answer:failed')).toBeLessThan(types.indexOf('question:completed'));
      expect(await finalEntries(questionId)).toEqual([
        { type: 'question:completed', totalTokensUsed: rows[0].totalTokens + rows[1].totalTokens },
      ]);
      expect(await usageJobIds(questionId)).toEqual([releaseJobId(questionId)]);
    });

    it('a cancelled question is released by its members, and never completed', async () => {
      const { questionId, userId, members } = await askQuestion();
      // What the gateway's cancel does before the jobs run.
      await redis.set(questionCancelKey(redisEnv.prefix, questionId), '1', 'EX', 60);
      await dataSource.getRepository(QuestionEntity).update({ id: questionId }, { status: 'cancelled' });
      await flows.addBulk(
        buildQuestionJobs({ id: questionId, userId, showDebate: false, showReasoning: false }, members, FAST),
      );
      await waitUntil(async () => (await usageJobIds(questionId)).length > 0);
      await waitUntil(async () => {
        const states = await Promise.all(
          members.map((member) =>
            flowQueueOf(member.provider).getJobState(jobId(questionId, member.order, 0)),
          ),
        );
        return states.every((state) => state === 'completed');
      });
      expect(await usageJobIds(questionId)).toEqual([releaseJobId(questionId)]);
      expect((await questionOf(questionId)).status).toBe('cancelled');
      expect(await responsesOf(questionId)).toEqual([]);
      expect(await finalEntries(questionId)).toEqual([]);
    });

    it('a question cancelled mid-answer reports the tokens its stopped answers are charged for', async () => {
      const { questionId, userId, members } = await askQuestion();
      fake.configure({ tokensPerSecond: 40 });
      try {
        await flows.addBulk(
          buildQuestionJobs(
            { id: questionId, userId, showDebate: false, showReasoning: false },
            members,
            FAST,
          ),
        );
        await waitUntil(async () =>
          (await streamEntries(questionId)).some((entry) => entry.type === 'answer:delta'),
        );
        // What the gateway's cancel does: the status, then the signal.
        await dataSource.getRepository(QuestionEntity).update({ id: questionId }, { status: 'cancelled' });
        await redis.set(questionCancelKey(redisEnv.prefix, questionId), '1', 'EX', 60);
        await waitUntil(async () => {
          const rows = await responsesOf(questionId);
          return rows.length === members.length && rows.every((row) => row.status !== 'streaming');
        });
        await waitUntil(async () => (await questionOf(questionId)).totalTokensUsed > 0);
      } finally {
        fake.configure({ tokensPerSecond: 0 });
      }
      const rows = await responsesOf(questionId);
      expect(rows.map((row) => row.error)).toEqual(members.map(() => QUESTION_CANCELLED_MESSAGE));
      const question = await questionOf(questionId);
      expect(question.status).toBe('cancelled');
      expect(question.totalTokensUsed).toBe(rows.reduce((sum, row) => sum + row.totalTokens, 0));
      // Each stopped answer is settled on its own, for the tokens the question reports.
      expect((await usageJobIds(questionId)).sort()).toEqual(
        [releaseJobId(questionId), ...members.map((member) => jobId(questionId, member.order, 0))].sort(),
      );
      expect(await finalEntries(questionId)).toEqual([]);
    });

    it('of several writers ending the same question at once, exactly one writes its final entry', async () => {
      const writer = new QuestionStreamWriter(redis, redisEnv.prefix);
      const { questionId } = await askQuestion();
      const completed = { type: 'question:completed' as const, totalTokensUsed: 5 };
      expect(await writer.appendFinalIfMissing(questionId, completed)).toBe(false);
      expect(await redis.exists(streamKeyFor(redisEnv.prefix, questionId))).toBe(0);

      await writer.append(questionId, [{ type: 'answer:reset', memberOrder: 0, round: 0, attempt: 2 }]);
      const added = await Promise.all(
        Array.from({ length: 5 }, () => writer.appendFinalIfMissing(questionId, completed)),
      );
      expect(added.filter(Boolean)).toHaveLength(1);
      expect(await finalEntries(questionId)).toEqual([completed]);
      expect(await redis.ttl(streamKeyFor(redisEnv.prefix, questionId))).toBeGreaterThan(0);
    });

    it('a re-run after the end writes the final entry its lost run did not', async () => {
      const { questionId, userId, members } = await askQuestion();
      await runAlone(questionId, userId, members);
      const key = streamKeyFor(redisEnv.prefix, questionId);
      const [[finalId]] = await redis.xrevrange(key, '+', '-', 'COUNT', 1);
      await redis.xdel(key, finalId);
      const requestsBefore = fake.requests.length;

      // The first member's job, stored already, runs again. As a first start (another member that
      // ended at the same moment) it leaves the ended question alone.
      const first = members[0];
      const job = await flowQueueOf(first.provider).getJob(jobId(questionId, first.order, 0));
      if (!job) throw new Error('The member job is gone');
      expect(job.attemptsStarted).toBe(1);
      await runner.run(job);
      expect(await finalEntries(questionId)).toEqual([]);

      // Started a second time (taken over after a lost lock), it writes what its lost run did not.
      job.attemptsStarted = 2;
      expect(await runner.run(job)).toMatchObject({ status: 'completed' });
      expect(await finalEntries(questionId)).toEqual([
        { type: 'question:completed', totalTokensUsed: (await questionOf(questionId)).totalTokensUsed },
      ]);
      expect(fake.requests.length).toBe(requestsBefore);
      // Once more: the final entry is there, nothing is added.
      await runner.run(job);
      expect(await finalEntries(questionId)).toHaveLength(1);
      expect(await responsesOf(questionId)).toHaveLength(3);
    });
  });

  it('retries a 500 and a 429 (after its Retry-After), resetting the streamed text, with one row each', async () => {
    const { questionId, userId, members } = await askQuestion();
    const before = fake.requests.length;
    fake.script({ kind: 'server-error', status: 500 }, { api: 'anthropic' });
    fake.script({ kind: 'rate-limit', retryAfterMs: 300 }, { pathIncludes: '/xai/' });
    await runFlow(questionId, userId, members);

    const rows = await responsesOf(questionId);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.status === 'completed' && row.error === null)).toBe(true);
    const requests = fake.requests.slice(before);
    expect(requests.filter((request) => request.api === 'anthropic')).toHaveLength(2);
    const xai = requests.filter((request) => request.path.includes('/xai/'));
    expect(xai).toHaveLength(2);
    expect(xai[1].receivedAt - xai[0].receivedAt).toBeGreaterThanOrEqual(280);
    const entries = await streamEntries(questionId);
    expect(entries).toContainEqual({ type: 'answer:reset', memberOrder: 1, round: 0, attempt: 2 });
    expect(entries).toContainEqual({ type: 'answer:reset', memberOrder: 2, round: 0, attempt: 2 });
    expect(entries.some((entry) => entry.type === 'answer:reset' && entry.memberOrder === 0)).toBe(false);
    expect(await usageJobIds(questionId)).toEqual([]);
  });

  /** A provider queue no worker serves: a test runs its jobs itself (runner.run). */
  function unservedQueue(name: string): Queue {
    return new Queue(providerQueueName('openai'), {
      connection: redisEnv.connection(),
      prefix: queuePrefix(`${redisEnv.prefix}-${name}`, providerQueueName('openai')),
    });
  }

  /** A job payload for the catalogue's openai member at `memberOrder`, round 0. */
  function openaiJobData(questionId: number, userId: number, memberOrder = 0): MemberAnswerJobData {
    return {
      questionId,
      memberOrder,
      round: 0,
      ...catalogue.openai,
      roleId: null,
      provider: 'openai',
      userId,
      showReasoning: false,
    };
  }

  /** An openai first answer of `memberOrder` on `queue`. */
  function addAnswerJob(
    queue: Queue,
    questionId: number,
    userId: number,
    memberOrder = 0,
    overrides: ProviderJobOptionsOverrides = {},
  ) {
    return queue.add(
      JOBS.memberAnswer,
      openaiJobData(questionId, userId, memberOrder),
      providerJobOptions(jobId(questionId, memberOrder, 0), overrides),
    );
  }

  it('yields one row and one settlement when the same job runs twice at once', async () => {
    const { questionId, userId } = await askQuestion();
    // The test runs the job itself, twice, like stalled-job recovery.
    const idle = unservedQueue('idle');
    try {
      const job = await addAnswerJob(idle, questionId, userId);
      const [first, second] = await Promise.all([runner.run(job), runner.run(job)]);
      expect(first.responseId).toBe(second.responseId);
      const again = await runner.run(job);
      expect(again).toEqual({ status: 'completed', responseId: first.responseId, changed: null });
    } finally {
      await idle.obliterate({ force: true });
      await closeBullMq(idle);
    }
    const rows = await responsesOf(questionId);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('completed');
    // A lone job (no flow parent to release the question) settles its own answer, once.
    expect(await usageJobIds(questionId)).toEqual([jobId(questionId, 0, 0)]);
    const usage = await usageQueue.getJob(jobId(questionId, 0, 0));
    expect(usage?.data).toMatchObject({
      kind: 'response',
      questionId,
      userId,
      responseId: rows[0].id,
      memberOrder: 0,
      round: 0,
      totalTokens: rows[0].totalTokens,
    });
  });

  it('starts a job only for a live question and member: no row when cancelled, an error when the member is gone', async () => {
    const idle = unservedQueue('start');
    const jobFor = (questionId: number, userId: number, memberOrder: number) =>
      addAnswerJob(idle, questionId, userId, memberOrder);
    try {
      const cancelled = await askQuestion();
      await dataSource.getRepository(QuestionEntity).update(cancelled.questionId, { status: 'cancelled' });
      expect(await runner.run(await jobFor(cancelled.questionId, cancelled.userId, 0))).toEqual({
        status: 'skipped',
        responseId: null,
        changed: null,
      });
      expect(await responsesOf(cancelled.questionId)).toEqual([]);
      expect(
        (await dataSource.getRepository(QuestionEntity).findOneByOrFail({ id: cancelled.questionId })).status,
      ).toBe('cancelled');

      const missing = await askQuestion();
      await expect(runner.run(await jobFor(missing.questionId, missing.userId, 7))).rejects.toThrow(
        `Question ${missing.questionId} has no member 7`,
      );
      expect(await responsesOf(missing.questionId)).toEqual([]);
      expect(
        (await dataSource.getRepository(QuestionEntity).findOneByOrFail({ id: missing.questionId })).status,
      ).toBe('pending');

      const live = await askQuestion();
      const result = await runner.run(await jobFor(live.questionId, live.userId, 0));
      expect(result.status).toBe('completed');
      expect(
        (await dataSource.getRepository(QuestionEntity).findOneByOrFail({ id: live.questionId })).status,
      ).toBe('running');
    } finally {
      await idle.obliterate({ force: true });
      await closeBullMq(idle);
    }
  });

  it('aborts a stalled stream after the idle timeout and, on the last attempt, stores the error', async () => {
    const { questionId, userId } = await askQuestion();
    const impatient = await providerJobRunner({
      ...runnerDeps,
      idleTimeoutMs: 200,
    });
    const idle = unservedQueue('stall');
    fake.script({ kind: 'stall', afterTokens: 2 }, { api: 'openai', pathIncludes: '/v1/chat' });
    try {
      const job = await addAnswerJob(idle, questionId, userId, 0, { attempts: 1 });
      await expect(impatient.run(job)).rejects.toThrow(UnrecoverableError);
    } finally {
      await idle.obliterate({ force: true });
      await closeBullMq(idle);
    }
    const [row] = await responsesOf(questionId);
    expect(row).toMatchObject({ status: 'failed', response: '' });
    expect(row.error).toMatch(/stopped sending/);
    expect((await streamEntries(questionId)).at(-1)).toMatchObject({ type: 'answer:failed', memberOrder: 0 });
    expect(await usageJobIds(questionId)).toEqual([]);
  });

  it('stops streaming when the question is cancelled and keeps the partial answer, marked', async () => {
    const { questionId, userId } = await askQuestion();
    const watchful = await providerJobRunner({ ...runnerDeps, cancelCheckMs: 25 });
    const idle = unservedQueue('cancel');
    fake.configure({ tokensPerSecond: 40 });
    try {
      const job = await addAnswerJob(idle, questionId, userId);
      const running = watchful.run(job);
      await waitUntil(async () =>
        (await streamEntries(questionId)).some((entry) => entry.type === 'answer:delta'),
      );
      // What the gateway's cancel does: the signal first, then the status and the stream's end.
      await redis.set(questionCancelKey(redisEnv.prefix, questionId), '1', 'EX', 60);
      await dataSource.getRepository(QuestionEntity).update({ id: questionId }, { status: 'cancelled' });
      expect(await running).toMatchObject({ status: 'failed' });
    } finally {
      fake.configure({ tokensPerSecond: 0 });
      await idle.obliterate({ force: true });
      await closeBullMq(idle);
    }
    const [row] = await responsesOf(questionId);
    expect(row).toMatchObject({ status: 'failed', error: QUESTION_CANCELLED_MESSAGE });
    expect(row.response.length).toBeGreaterThan(0);
    expect(row.completionTokens).toBeGreaterThan(0);
    expect(fake.requests.at(-1)?.outcome).toBe('client-closed');
    // Its partial usage is settled once.
    expect(await usageJobIds(questionId)).toEqual([jobId(questionId, 0, 0)]);
  });

  describe('with the asker’s token cap', () => {
    const LONG = Array.from({ length: 600 }, (_, index) => `word${index}`).join(' ');
    const budgetLeft = async (questionId: number) =>
      Number(await redis.get(questionBudgetKey(redisEnv.prefix, questionId)));

    beforeEach(() => fake.configure({ generateText: () => LONG, tokensPerSecond: 2000 }));
    afterEach(() => fake.configure({ generateText: undefined, tokensPerSecond: 0 }));

    it('lowers each call’s output limit to the budget, cuts the answers there, keeps and flags them', async () => {
      const cap = 600;
      const { questionId, userId, members } = await askQuestion({ tokenCap: cap });
      fake.clearRequests();
      await runFlow(questionId, userId, members);

      const requests = fake.requests;
      expect(requests).toHaveLength(3);
      // Claimed one after another: each call's limit is what the others' prompts left.
      for (const request of requests) {
        expect(request.maxTokens).toBeLessThanOrEqual(cap - request.usage.promptTokens);
      }
      const rows = await responsesOf(questionId);
      const entries = await streamEntries(questionId);
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'completed', error: null, stoppedAtLimit: true });
        expect(row.response).toMatch(/^word0 word1 /);
        expect(LONG.startsWith(row.response)).toBe(true);
        expect(entries).toContainEqual(
          expect.objectContaining({ type: 'answer:completed', responseId: row.id, stoppedAtLimit: true }),
        );
      }
      // Every call's estimates were replaced by what it used; the calls stopped at the cap.
      const used = rows.reduce((sum, row) => sum + row.totalTokens, 0);
      expect(await budgetLeft(questionId)).toBe(cap - used);
      expect(used).toBeLessThanOrEqual(cap);

      // Nothing is left for the consensus: it is not asked, and says why.
      fake.clearRequests();
      await addSynthesis(questionId, userId);
      await waitUntil(async () => (await streamEntries(questionId)).at(-1)?.type === 'consensus:failed');
      expect(fake.requests).toHaveLength(0);
      expect((await consensusRow(questionId))?.error).toBe(TOKEN_CAP_TEXTS.consensusNotWritten);
    });

    it('with debate on, keeps the consensus its share: the members stop early and the consensus is written from their cut answers', async () => {
      const cap = 2000;
      const reserve = consensusReserve(cap, true);
      const { questionId, userId, members } = await askQuestion({ tokenCap: cap, showDebate: true });
      await runFlow(questionId, userId, members);
      const answers = await responsesOf(questionId);
      expect(answers.every((row) => row.status === 'completed' && row.stoppedAtLimit)).toBe(true);
      const membersUsed = answers.reduce((sum, row) => sum + row.totalTokens, 0);
      expect(membersUsed).toBeLessThanOrEqual(cap - reserve);
      expect(await budgetLeft(questionId)).toBe(cap - membersUsed);

      fake.clearRequests();
      await addSynthesis(questionId, userId);
      await waitUntil(async () => {
        const last = (await streamEntries(questionId)).at(-1)?.type;
        return last === 'consensus:completed' || last === 'consensus:failed';
      });
      const consensus = await consensusRow(questionId);
      expect(consensus).toMatchObject({ status: 'completed', error: null });
      expect(consensus?.response).toMatch(/^word0 /);
      const synthesis = fake.requests[0];
      for (const answer of answers) {
        expect(synthesis?.messages.at(-1)?.content).toContain(answer.response);
      }
      expect(synthesis?.maxTokens).toBeLessThanOrEqual(
        cap - membersUsed - (synthesis?.usage.promptTokens ?? 0),
      );
    });

    it('does not start a call the budget has no room for', async () => {
      // Room for one prompt (about 64 tokens) and a short answer, not for three.
      const cap = 150;
      const { questionId, userId, members } = await askQuestion({ tokenCap: cap });
      fake.clearRequests();
      await runFlow(questionId, userId, members);

      expect(fake.requests).toHaveLength(1);
      const rows = await responsesOf(questionId);
      const stopped = rows.filter((row) => row.error === TOKEN_CAP_TEXTS.notStarted);
      const answered = rows.filter((row) => row.status === 'completed');
      expect(stopped).toHaveLength(2);
      expect(answered).toHaveLength(1);
      expect(answered[0]?.stoppedAtLimit).toBe(true);
      const entries = await streamEntries(questionId);
      for (const row of stopped) {
        expect(row).toMatchObject({ status: 'failed', response: '', totalTokens: 0 });
        expect(entries).toContainEqual({
          type: 'answer:failed',
          memberOrder: row.memberOrder,
          round: 0,
          responseId: row.id,
          error: TOKEN_CAP_TEXTS.notStarted,
        });
      }
      expect(await budgetLeft(questionId)).toBe(cap - (answered[0]?.totalTokens ?? 0));
    });

    it('gives a failed call’s tokens back to the budget', async () => {
      const cap = 150;
      const { questionId, userId, members } = await askQuestion({ tokenCap: cap });
      fake.clearRequests();
      fake.script({ kind: 'unauthorized' }, {}, 3);
      await runFlow(questionId, userId, members);
      const rows = await responsesOf(questionId);
      const stopped = rows.filter((row) => row.error === TOKEN_CAP_TEXTS.notStarted);
      // The first member to claim always starts; one the cap had no room for is stopped, unless a
      // refusal came back before it claimed and gave the room back. Which happens is timing.
      expect(stopped.length).toBeLessThanOrEqual(2);
      expect(fake.requests.filter((request) => request.behaviour === 'unauthorized')).toHaveLength(
        3 - stopped.length,
      );
      expect(rows.every((row) => row.status === 'failed')).toBe(true);
      expect(await budgetLeft(questionId)).toBe(cap);
    });
  });

  describe('an uncapped question holding the size of its quote (DECISIONS 26)', () => {
    const LONG = Array.from({ length: 600 }, (_, index) => `word${index}`).join(' ');
    beforeEach(() => fake.configure({ generateText: () => LONG, tokensPerSecond: 2000 }));
    afterEach(() => {
      fake.configure({ generateText: undefined, tokensPerSecond: 0 });
      holdTopUp = () => Promise.resolve(0);
    });

    it('tops the hold up when a call needs more, then stops the member where the balance ran out, text kept', async () => {
      const { questionId, userId, members } = await askQuestion({ reservedTokens: 300 });
      const asked: Array<{ tokens: number; key: string }> = [];
      let balance = 400;
      holdTopUp = (request) => {
        expect(request).toMatchObject({ userId, questionId });
        asked.push(request);
        const added = Math.min(balance, request.tokens);
        balance -= added;
        return Promise.resolve(added);
      };
      fake.clearRequests();
      await runFlow(questionId, userId, members);

      // The hold is not the call's limit: each asks for its full answer and is cut only when the
      // balance has nothing more.
      for (const request of fake.requests) {
        expect(request.maxTokens).toBe(answerMaxOutputTokensFor('free'));
      }
      expect(asked.length).toBeGreaterThan(0);
      expect(new Set(asked.map((request) => request.key)).size).toBe(asked.length);
      expect(balance).toBe(0);
      const rows = await responsesOf(questionId);
      const entries = await streamEntries(questionId);
      const answered = rows.filter((row) => row.status === 'completed');
      expect(answered.length).toBeGreaterThan(0);
      for (const row of answered) {
        expect(row.stoppedAtLimit).toBe(true);
        expect(LONG.startsWith(row.response)).toBe(true);
        expect(entries).toContainEqual(
          expect.objectContaining({ type: 'answer:completed', responseId: row.id, stoppedAtLimit: true }),
        );
      }
      for (const row of rows.filter((candidate) => candidate.status === 'failed')) {
        expect(row.error).toBe(BALANCE_STOP_TEXTS.notStarted);
      }
      // What the calls kept never passes the hold and what was added to it.
      const used = rows.reduce((sum, row) => sum + row.totalTokens, 0);
      expect(used).toBeLessThanOrEqual(300 + 400);
    });

    it('does not start a member the hold and the balance cannot pay for', async () => {
      const { questionId, userId, members } = await askQuestion({ reservedTokens: 40 });
      fake.clearRequests();
      await runFlow(questionId, userId, members);
      expect(fake.requests).toHaveLength(0);
      const rows = await responsesOf(questionId);
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'failed', error: BALANCE_STOP_TEXTS.notStarted, totalTokens: 0 });
      }
    });
  });

  it('writes the consensus with the debate log, and a failed synthesis as an error row', async () => {
    const good = await askQuestion({ showDebate: true });
    await runFlow(good.questionId, good.userId, good.members);
    await addSynthesis(good.questionId, good.userId);
    // Settled last, after the row and the stream entry.
    await waitUntil(async () =>
      (await usageJobIds(good.questionId)).includes(`${good.questionId}:consensus:0`),
    );
    const consensus = await consensusRow(good.questionId);
    expect(consensus?.memberOrder).toBeNull();
    expect(consensus?.response.length).toBeGreaterThan(0);
    expect(consensus?.debateLog).toContain('### Opening answer');
    const entries = await streamEntries(good.questionId);
    expect(entries.some((entry) => entry.type === 'consensus:delta')).toBe(true);
    expect(entries.at(-1)).toMatchObject({ type: 'consensus:completed', responseId: consensus?.id });

    const bad = await askQuestion({ showDebate: true });
    await runFlow(bad.questionId, bad.userId, bad.members);
    fake.script({ kind: 'unauthorized' }, { api: 'openai' });
    await addSynthesis(bad.questionId, bad.userId);
    await waitUntil(async () => (await streamEntries(bad.questionId)).at(-1)?.type === 'consensus:failed');
    const failed = await consensusRow(bad.questionId);
    expect(failed?.error).toMatch(/API key was rejected/);
    expect((await streamEntries(bad.questionId)).at(-1)).toEqual({
      type: 'consensus:failed',
      responseId: failed?.id,
      error: failed?.error,
    });
  });

  it('asks the leader for the agreement map, streams its claims and stores it with the consensus, counting its tokens', async () => {
    const { questionId, userId, members } = await askQuestion({ showDebate: true });
    await runFlow(questionId, userId, members);
    fake.clearRequests();
    await addSynthesis(questionId, userId);
    await waitUntil(async () => (await usageJobIds(questionId)).includes(`${questionId}:consensus:0`));

    expect(fake.requests).toHaveLength(2);
    const synthesis = fake.requests.find((request) => request.structured === null)!;
    const mapCall = fake.requests.find((request) => request.structured === AGREEMENT_MAP_OUTPUT.name)!;
    // The map is drawn from the members' answers, not from the consensus it is drawn beside.
    expect(mapCall.messages.at(-1)?.content).not.toContain('<consensus>');
    const consensus = await consensusRow(questionId);
    // The fake's default map: one claim every member supports.
    expect(consensus?.agreementMap).toEqual({
      status: 'mapped',
      claims: [
        {
          claim: expect.stringContaining('The council agrees'),
          stances: members.map((member) => ({
            memberOrder: member.order,
            stance: 'supports',
            reason: null,
            changedInRound: null,
          })),
        },
      ],
    });
    expect(consensus?.totalTokens).toBe(synthesis.usage.totalTokens + mapCall.usage.totalTokens);
    const types = (await streamEntries(questionId)).map((entry) => entry.type);
    expect(types.filter((type) => type.startsWith('agreement:'))).toEqual([
      'agreement:claim',
      'agreement:completed',
    ]);
    expect(types.at(-1)).toBe('consensus:completed');
  });

  describe('the agreement map beside the synthesis', () => {
    /** About 40 tokens of prose, and the map's reply padded to a length like it, at 200 tokens/s. */
    const PROSE = Array.from({ length: 20 }, (_, index) => `Point ${index}.`).join(' ');
    beforeEach(() => fake.configure({ tokensPerSecond: 200, firstTokenDelayMs: 50 }));
    afterEach(() => fake.configure({ tokensPerSecond: 0, firstTokenDelayMs: 0, generateText: undefined }));

    function paddedMap(request: FakeProviderRequest): string {
      const reply = JSON.parse(defaultStructuredReply(request)) as { claims: unknown[] };
      return JSON.stringify({ ...reply, note: PROSE });
    }

    async function debatedQuestion(): Promise<{ questionId: number; userId: number }> {
      const asked = await askQuestion({ showDebate: true });
      fake.configure({ tokensPerSecond: 0, firstTokenDelayMs: 0 });
      await runFlow(asked.questionId, asked.userId, asked.members);
      fake.configure({
        tokensPerSecond: 200,
        firstTokenDelayMs: 50,
        generateText: (request) => (request.structured ? paddedMap(request) : PROSE),
      });
      fake.clearRequests();
      return asked;
    }

    it('asks for the map and the synthesis at once: the two calls overlap in time', async () => {
      const { questionId, userId } = await debatedQuestion();
      await addSynthesis(questionId, userId);
      await waitUntil(async () => (await consensusRow(questionId))?.status === 'completed');

      const synthesis = fake.requests.find((request) => request.structured === null)!;
      const mapCall = fake.requests.find((request) => request.structured !== null)!;
      expect(synthesis.outcome).toBe('completed');
      expect(mapCall.outcome).toBe('completed');
      // Each call takes about 50 ms + 40 tokens at 200 a second; asked one after the other, the map
      // would start after the synthesis had ended.
      expect(mapCall.receivedAt).toBeLessThan(synthesis.endedAt!);
      expect(synthesis.receivedAt).toBeLessThan(mapCall.endedAt!);
      expect(Math.abs(mapCall.receivedAt - synthesis.receivedAt)).toBeLessThan(150);
      const consensus = await consensusRow(questionId);
      expect(consensus?.agreementMap).toMatchObject({ status: 'mapped' });
      expect(consensus?.totalTokens).toBe(synthesis.usage.totalTokens + mapCall.usage.totalTokens);
      const entries = await streamEntries(questionId);
      // The map's claims and its end interleave with the synthesis's deltas.
      const firstClaim = entries.findIndex((entry) => entry.type === 'agreement:claim');
      const lastDelta = entries.findLastIndex((entry) => entry.type === 'consensus:delta');
      expect(firstClaim).toBeGreaterThanOrEqual(0);
      expect(firstClaim).toBeLessThan(lastDelta);
      expect(entries.at(-1)?.type).toBe('consensus:completed');
    });

    it('a retry of the synthesis leaves the drawn map alone, and pays for it once', async () => {
      const { questionId, userId } = await debatedQuestion();
      fake.script({ kind: 'error-event', afterTokens: 5 }, { structured: false });
      await addSynthesis(questionId, userId);
      await waitUntil(async () => (await consensusRow(questionId))?.status === 'completed');

      const prose = fake.requests.filter((request) => request.structured === null);
      const maps = fake.requests.filter((request) => request.structured !== null);
      expect(prose.map((request) => request.outcome)).toEqual(['failed', 'completed']);
      expect(maps).toHaveLength(1);
      const entries = await streamEntries(questionId);
      expect(entries).toContainEqual({ type: 'consensus:reset', attempt: 2 });
      expect(entries.some((entry) => entry.type === 'agreement:reset')).toBe(false);
      const consensus = await consensusRow(questionId);
      expect(consensus?.response).toBe(PROSE);
      expect(consensus?.agreementMap).toMatchObject({ status: 'mapped' });
      expect(consensus?.totalTokens).toBe(prose[1].usage.totalTokens + maps[0].usage.totalTokens);
    });

    it('a synthesis that fails for good keeps the drawn map, which is paid for', async () => {
      const { questionId, userId } = await debatedQuestion();
      fake.script({ kind: 'unauthorized' }, { structured: false });
      await addSynthesis(questionId, userId);
      await waitUntil(async () => (await usageJobIds(questionId)).includes(`${questionId}:consensus:0`));

      const [mapCall] = fake.requests.filter((request) => request.structured !== null);
      const consensus = await consensusRow(questionId);
      expect(consensus).toMatchObject({ status: 'failed', response: '' });
      expect(consensus?.error).toMatch(/API key was rejected/);
      expect(consensus?.agreementMap).toMatchObject({ status: 'mapped' });
      expect(consensus?.totalTokens).toBe(mapCall.usage.totalTokens);
      const settled = await usageQueue.getJob(`${questionId}:consensus:0`);
      expect(settled?.data).toMatchObject({
        responseId: consensus?.id,
        totalTokens: mapCall.usage.totalTokens,
      });
      const types = (await streamEntries(questionId)).map((entry) => entry.type);
      expect(types).toContain('agreement:completed');
      expect(types.at(-1)).toBe('consensus:failed');
    });
  });

  it('asks once more after a malformed map and then stores a note, keeping the consensus and every call’s tokens', async () => {
    const { questionId, userId, members } = await askQuestion({ showDebate: true });
    await runFlow(questionId, userId, members);
    fake.clearRequests();
    fake.configure({
      generateText: (request) =>
        request.structured ? '{"claims": [{"claim": "Half a map"' : 'The agreed answer.',
    });
    try {
      await addSynthesis(questionId, userId);
      await waitUntil(async () => (await usageJobIds(questionId)).includes(`${questionId}:consensus:0`));
    } finally {
      fake.configure({ generateText: undefined });
    }
    expect(fake.requests.filter((request) => request.structured === null)).toHaveLength(1);
    expect(fake.requests.filter((request) => request.structured === AGREEMENT_MAP_OUTPUT.name)).toHaveLength(
      2,
    );
    const consensus = await consensusRow(questionId);
    expect(consensus?.response).toBe('The agreed answer.');
    expect(consensus?.agreementMap).toEqual({ status: 'unavailable', note: AGREEMENT_MAP.notes.malformed });
    expect(consensus?.totalTokens).toBe(
      fake.requests.reduce((sum, request) => sum + request.usage.totalTokens, 0),
    );
    const entries = await streamEntries(questionId);
    expect(entries.filter((entry) => entry.type === 'agreement:reset')).toEqual([
      { type: 'agreement:reset', attempt: 2 },
    ]);
    expect(entries.filter((entry) => entry.type === 'agreement:completed')).toHaveLength(1);
    expect(entries.at(-1)?.type).toBe('consensus:completed');
  });

  async function addSynthesis(questionId: number, userId: number): Promise<void> {
    const queue = new Queue(providerQueueName('openai'), {
      connection: redisEnv.connection(),
      prefix: redisEnv.queuePrefix(providerQueueName('openai')),
    });
    const data: SynthesisJobData = openaiJobData(questionId, userId);
    await queue.add(JOBS.synthesis, data, providerJobOptions(synthesisJobId(questionId), FAST));
    await closeBullMq(queue);
  }

  function consensusRow(questionId: number): Promise<ResponseEntity | null> {
    return dataSource.getRepository(ResponseEntity).findOneBy({ questionId, provider: 'consensus' });
  }
});
