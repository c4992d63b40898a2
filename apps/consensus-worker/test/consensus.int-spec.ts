// The flow parent on real PostgreSQL and Redis. The provider queues are served by a scripted
// stand-in (it stores rows the way the provider worker does and returns `changed`), so these tests
// pin the orchestration: rounds, early stop, the synthesis hand-off and finalising.

import {
  CONSENSUS_PROVIDER,
  JOBS,
  type MemberAnswerJobData,
  PROVIDERS,
  QUESTION_FAILED_MESSAGE,
  QUEUES,
  type QueueName,
  type StreamEntry,
  decodeStreamEntry,
  finaliseJobId,
  providerQueueName,
  questionBudgetKey,
} from '@council/contracts';
import { QuestionEntity, ResponseEntity, createDataSourceOptions } from '@council/db';
import {
  QuestionStreamWriter,
  type RedisClient,
  buildQuestionFlow,
  closeBullMq,
  streamKeyFor,
  QuestionBudget,
} from '@council/server-kit';
import {
  type CouncilCatalogue,
  type TestDatabase,
  type TestRedis,
  addCouncilMembers,
  createMigratedDatabase,
  createTestQuestion,
  createTestUser,
  loadCouncilCatalogue,
  testRedis,
  waitUntil,
} from '@council/testing';
import { FlowProducer, type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { type ConsensusJobRunner } from '../src/consensus/consensus-job.runner';
import { UNFINISHED_ERROR } from '../src/consensus/consensus.repository';
import { consensusJobRunner, createConsensusWorker } from './support/consensus-job-runner';

/** How the stand-in answers one job: whether a revision changed position, or the job fails. */
type Script = (
  data: MemberAnswerJobData,
  name: string,
) => { changed?: boolean; fail?: boolean; lost?: boolean; cancelQuestion?: boolean };

/** How long a weigh-in debate waits for a note here. */
const PAUSE_MS = 400;

describe('consensus worker (PostgreSQL + Redis)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let redisEnv: TestRedis;
  let redis: RedisClient;
  let flows: FlowProducer;
  let consensusWorker: Worker;
  let providerWorkers: Worker[];
  const queues = new Map<string, Queue>();
  let catalogue: CouncilCatalogue;
  const scripts = new Map<number, Script>();
  const handled: Array<{ name: string; queue: string; data: MemberAnswerJobData }> = [];
  /** Per question: whether its stream already held the final entry when the release was awaited. */
  const finalBeforeRelease = new Map<number, boolean>();
  let runner: ConsensusJobRunner;
  const trims: Array<{ userId: number; questionId: number; afterRound: number }> = [];

  beforeAll(async () => {
    db = await createMigratedDatabase('consensus_worker', { seed: true });
    dataSource = new DataSource(createDataSourceOptions({ url: db.url, poolSize: 6 }));
    await dataSource.initialize();
    redisEnv = testRedis('consensus-worker');
    redis = redisEnv.client();
    const prefix = redisEnv.prefix;
    const queue = (name: QueueName): Queue => {
      let existing = queues.get(name);
      if (!existing) {
        existing = new Queue(name, { connection: redisEnv.connection(), prefix: redisEnv.queuePrefix(name) });
        queues.set(name, existing);
      }
      return existing;
    };
    flows = new FlowProducer({
      connection: redisEnv.connection(),
      prefix: redisEnv.queuePrefix(QUEUES.consensus),
    });
    queue(QUEUES.consensus);
    runner = await consensusJobRunner({
      dataSource,
      stream: new QuestionStreamWriter(redis, prefix),
      usageQueue: queue(QUEUES.usage),
      providerQueue: queue,
      maxRounds: 2,
      pauseMs: PAUSE_MS,
      budget: new QuestionBudget(redis, prefix),
      // Billing's trim at a pause: it keeps 777 tokens for the next round.
      trimHold: (request) => {
        trims.push(request);
        return Promise.resolve(777);
      },
      childOptions: { attempts: 1, backoffDelayMs: 10 },
      waitForUsage: async (release) => {
        const { questionId } = release.data as { questionId: number };
        const stream = await entries(questionId);
        finalBeforeRelease.set(
          questionId,
          stream.some((entry) => entry.type === 'question:completed' || entry.type === 'question:failed'),
        );
      },
    });
    consensusWorker = createConsensusWorker(runner, {
      connection: redisEnv.connection(),
      redisPrefix: prefix,
      concurrency: 5,
    });
    providerWorkers = PROVIDERS.map(
      (provider) =>
        new Worker(providerQueueName(provider), (job) => standIn(job, providerQueueName(provider)), {
          connection: redisEnv.connection(),
          prefix: redisEnv.queuePrefix(providerQueueName(provider)),
          concurrency: 5,
        }),
    );

    catalogue = await loadCouncilCatalogue(dataSource);
  });

  afterAll(async () => {
    await Promise.all([consensusWorker, ...providerWorkers].map((worker) => closeBullMq(worker)));
    await Promise.all([...queues.values()].map((queue) => closeBullMq(queue)));
    await closeBullMq(flows);
    redis.disconnect();
    await redisEnv.cleanup();
    await dataSource.destroy();
    await db.drop();
  });

  /** Stores the row like the provider worker (10 tokens each) and returns its `changed`. */
  async function standIn(job: Job, queue: string): Promise<{ changed: boolean | null }> {
    const data = job.data as MemberAnswerJobData;
    handled.push({ name: job.name, queue, data });
    const outcome = scripts.get(data.questionId)?.(data, job.name) ?? {};
    const tokens = outcome.fail || outcome.lost ? 0 : 1;
    if (outcome.cancelQuestion) {
      await dataSource.getRepository(QuestionEntity).update({ id: data.questionId }, { status: 'cancelled' });
    }
    const synthesis = job.name === JOBS.synthesis;
    await dataSource.getRepository(ResponseEntity).insert({
      questionId: data.questionId,
      provider: synthesis ? CONSENSUS_PROVIDER : data.provider,
      memberOrder: synthesis ? null : data.memberOrder,
      round: synthesis ? 0 : data.round,
      status: outcome.lost ? 'streaming' : outcome.fail ? 'failed' : 'completed',
      error: outcome.fail ? 'Service Issue' : null,
      response: outcome.fail ? '' : `Answer of ${data.memberOrder} in round ${data.round}`,
      promptTokens: 4 * tokens,
      completionTokens: 6 * tokens,
      totalTokens: 10 * tokens,
    });
    if (outcome.lost) throw new UnrecoverableError('Lost before storing its outcome');
    if (outcome.fail) throw new UnrecoverableError('Service Issue');
    return { changed: job.name === JOBS.debateRevision ? (outcome.changed ?? false) : null };
  }

  async function ask(
    showDebate: boolean,
    script: Script = () => ({}),
    leaderOrder = 1,
    until: QuestionEntity['status'] = 'completed',
    {
      weighIn = false,
      duringPause,
    }: { weighIn?: boolean; duringPause?: (questionId: number) => Promise<void> } = {},
  ): Promise<{ questionId: number; question: QuestionEntity }> {
    const user = await createTestUser(dataSource);
    const question = await createTestQuestion(dataSource, user.id, { showDebate });
    scripts.set(question.id, script);
    const members = await addCouncilMembers(dataSource, question.id, catalogue);
    await flows.add(
      buildQuestionFlow(
        { id: question.id, userId: user.id, showDebate, showReasoning: false, weighIn },
        members,
        { leaderOrder, attempts: 1 },
      ),
    );
    if (duringPause) await duringPause(question.id);
    await waitUntil(async () => {
      const stored = await dataSource.getRepository(QuestionEntity).findOneByOrFail({ id: question.id });
      return stored.status === until;
    });
    const consensusQueue = queues.get(QUEUES.consensus);
    await waitUntil(
      async () => (await consensusQueue?.getJobState(finaliseJobId(question.id))) === 'completed',
    );
    const done = await dataSource.getRepository(QuestionEntity).findOneByOrFail({ id: question.id });
    return { questionId: question.id, question: done };
  }

  async function entries(questionId: number): Promise<StreamEntry[]> {
    const raw = await redis.xrange(streamKeyFor(redisEnv.prefix, questionId), '-', '+');
    return raw.map(([, fields]) => decodeStreamEntry(fields)).filter((entry) => entry !== null);
  }

  function rounds(questionId: number): string[] {
    return handled
      .filter((entry) => entry.data.questionId === questionId)
      .map((entry) => `${entry.name}:${entry.data.memberOrder}:${entry.data.round}`)
      .sort();
  }

  it('finalises a question without debate: totals, final entry, stream expiry, release', async () => {
    const { questionId, question } = await ask(false);
    expect(question.totalTokensUsed).toBe(30);
    expect(rounds(questionId)).toEqual(['member-answer:0:0', 'member-answer:1:0', 'member-answer:2:0']);
    expect((await entries(questionId)).at(-1)).toEqual({ type: 'question:completed', totalTokensUsed: 30 });
    expect(await redis.ttl(streamKeyFor(redisEnv.prefix, questionId))).toBeGreaterThan(0);
    const release = await queues.get(QUEUES.usage)?.getJob(`${questionId}:release:0`);
    expect(release?.data).toMatchObject({ kind: 'release', questionId });
    // Billing processed the release (which settles the answers) before the client hears "completed",
    // so its balance refresh is final.
    expect(finalBeforeRelease.get(questionId)).toBe(false);
    const consensusQueue = queues.get(QUEUES.consensus);
    await waitUntil(
      async () => (await consensusQueue?.getJobState(finaliseJobId(questionId))) === 'completed',
    );
    const parent = await consensusQueue?.getJob(finaliseJobId(questionId));
    expect(parent?.returnvalue).toEqual({ totalTokensUsed: 30, rounds: 0 });
  });

  it('runs two debate rounds while positions change, then the leader synthesises', async () => {
    const { questionId, question } = await ask(true, () => ({ changed: true }), 1);
    expect(rounds(questionId)).toEqual([
      'debate-revision:0:1',
      'debate-revision:0:2',
      'debate-revision:1:1',
      'debate-revision:1:2',
      'debate-revision:2:1',
      'debate-revision:2:2',
      'member-answer:0:0',
      'member-answer:1:0',
      'member-answer:2:0',
      'synthesis:1:2',
    ]);
    const synthesis = handled.find(
      (entry) => entry.data.questionId === questionId && entry.name === JOBS.synthesis,
    );
    expect(synthesis?.queue).toBe(providerQueueName('anthropic'));
    // 3 members × 3 answers + the consensus, 10 tokens each.
    expect(question.totalTokensUsed).toBe(100);
    const debate = (await entries(questionId)).filter((entry) => entry.type === 'debate:round');
    expect(debate).toEqual([
      { type: 'debate:round', round: 1, status: 'started' },
      { type: 'debate:round', round: 1, status: 'completed' },
      { type: 'debate:round', round: 2, status: 'started' },
      { type: 'debate:round', round: 2, status: 'completed' },
    ]);
  });

  it('with weigh-in, pauses after each round on the question row, then carries on when the countdown ends', async () => {
    const started = Date.now();
    trims.length = 0;
    const { questionId, question } = await ask(true, () => ({ changed: false }), 0, 'completed', {
      weighIn: true,
      duringPause: async (id) => {
        await waitUntil(async () => (await entries(id)).some((entry) => entry.type === 'debate:paused'));
        const paused = await dataSource.getRepository(QuestionEntity).findOneByOrFail({ id });
        expect(paused.pausedAfterRound).toBe(0);
        expect(paused.pauseEndsAt?.getTime()).toBeGreaterThan(Date.now());
        // Billing kept only the next round's hold, and the calls' budget starts from it (DECISIONS 26).
        expect(trims).toEqual([{ userId: paused.userId, questionId: id, afterRound: 0 }]);
        expect(await redis.get(questionBudgetKey(redisEnv.prefix, id))).toBe('777');
        // The flow parent waits in BullMQ's delayed set, where a worker restart cannot lose it.
        expect(await queues.get(QUEUES.consensus)?.getJobState(finaliseJobId(id))).toBe('delayed');
      },
    });
    // Paused after the openings and after round 1 (nobody moved, so no round 2), each for the full countdown.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * PAUSE_MS);
    expect(rounds(questionId)).toEqual([
      'debate-revision:0:1',
      'debate-revision:1:1',
      'debate-revision:2:1',
      'member-answer:0:0',
      'member-answer:1:0',
      'member-answer:2:0',
      'synthesis:0:1',
    ]);
    const types = (await entries(questionId))
      .filter((entry) => entry.type.startsWith('debate:'))
      .map((entry) => `${entry.type}${'round' in entry ? `:${entry.round}` : ''}`);
    expect(types).toEqual([
      'debate:paused:0',
      'debate:resumed:0',
      'debate:round:1',
      'debate:round:1',
      'debate:paused:1',
      'debate:resumed:1',
    ]);
    expect(question.pausedAfterRound).toBeNull();
    expect(question.pauseEndsAt).toBeNull();
    expect(trims.map((trim) => trim.afterRound)).toEqual([0, 1]);
  });

  it('with weigh-in, a note ends the pause at once and earns another round even when nobody moved', async () => {
    const { questionId } = await ask(true, () => ({ changed: false }), 0, 'completed', {
      weighIn: true,
      duringPause: async (id) => {
        await waitUntil(async () => (await entries(id)).some((entry) => entry.type === 'debate:paused'));
        // What the gateway does for a note: store it, end the pause under the row lock, promote the parent.
        await dataSource.query(
          `INSERT INTO "debate_notes" ("questionId", "afterRound", "note") VALUES ($1, 0, 'Budget is tight.')`,
          [id],
        );
        await dataSource.query(
          `UPDATE "questions" SET "pausedAfterRound" = NULL, "pauseEndsAt" = NULL WHERE "id" = $1`,
          [id],
        );
        const parent = await queues.get(QUEUES.consensus)?.getJob(finaliseJobId(id));
        await parent?.promote();
        // Round 1 starts well before the countdown would have ended.
        await waitUntil(
          async () =>
            handled.some((entry) => entry.data.questionId === id && entry.name === JOBS.debateRevision),
          { timeoutMs: PAUSE_MS / 2 },
        );
        // After round 1, answer with a note again: round 2 runs though no member changed.
        await waitUntil(
          async () => (await entries(id)).filter((entry) => entry.type === 'debate:paused').length === 2,
        );
        await dataSource.query(
          `INSERT INTO "debate_notes" ("questionId", "afterRound", "note") VALUES ($1, 1, 'And time is short.')`,
          [id],
        );
      },
    });
    expect(rounds(questionId)).toContain('debate-revision:0:2');
    const resumed = (await entries(questionId)).filter((entry) => entry.type === 'debate:resumed');
    // The gateway announces the early end itself; only the countdown's end is the worker's to announce.
    expect(resumed).toEqual([{ type: 'debate:resumed', round: 1 }]);
  });

  it('stops early when nobody changes position, and debates without a failed member', async () => {
    const { questionId } = await ask(true, (data) => ({ changed: false, fail: data.memberOrder === 2 }), 0);
    expect(rounds(questionId)).toEqual([
      'debate-revision:0:1',
      'debate-revision:1:1',
      'member-answer:0:0',
      'member-answer:1:0',
      'member-answer:2:0',
      'synthesis:0:1',
    ]);
    const consensus = await dataSource
      .getRepository(ResponseEntity)
      .findOneBy({ questionId, provider: CONSENSUS_PROVIDER });
    expect(consensus?.status).toBe('completed');
  });

  it('marks a member whose job ended without an outcome as failed when finalising', async () => {
    const { questionId } = await ask(false, (data) => ({ lost: data.memberOrder === 1 }));
    const lost = await dataSource
      .getRepository(ResponseEntity)
      .findOneByOrFail({ questionId, memberOrder: 1 });
    expect(lost).toMatchObject({ status: 'failed', error: UNFINISHED_ERROR });
    const stream = await entries(questionId);
    expect(stream.slice(-2)).toEqual([
      { type: 'answer:failed', memberOrder: 1, round: 0, responseId: lost.id, error: UNFINISHED_ERROR },
      { type: 'question:completed', totalTokensUsed: 20 },
    ]);
  });

  it('skips the debate of a cancelled question and leaves its status and stream alone', async () => {
    const { questionId, question } = await ask(
      true,
      (data) => ({ changed: true, cancelQuestion: data.memberOrder === 0 && data.round === 0 }),
      1,
      'cancelled',
    );
    expect(question.status).toBe('cancelled');
    expect(rounds(questionId)).toEqual(['member-answer:0:0', 'member-answer:1:0', 'member-answer:2:0']);
    const stream = await entries(questionId);
    expect(stream.some((entry) => entry.type === 'question:completed' || entry.type === 'debate:round')).toBe(
      false,
    );
    expect(await queues.get(QUEUES.usage)?.getJob(`${questionId}:release:0`)).toBeDefined();
  });

  it('finalises a cancelled question without debate: status and stream left alone, release', async () => {
    const { questionId, question } = await ask(
      false,
      (data) => ({ cancelQuestion: data.memberOrder === 0 }),
      1,
      'cancelled',
    );
    expect(question.status).toBe('cancelled');
    expect((await entries(questionId)).some((entry) => entry.type === 'question:completed')).toBe(false);
    expect(await queues.get(QUEUES.usage)?.getJob(`${questionId}:release:0`)).toBeDefined();
    const parent = await queues.get(QUEUES.consensus)?.getJob(finaliseJobId(questionId));
    expect(parent?.returnvalue).toEqual({ totalTokensUsed: question.totalTokensUsed, rounds: 0 });
  });

  it('completes the question when the synthesis fails', async () => {
    const { questionId, question } = await ask(true, (_data, name) => ({
      changed: false,
      fail: name === JOBS.synthesis,
    }));
    expect(question.status).toBe('completed');
    const consensus = await dataSource
      .getRepository(ResponseEntity)
      .findOneBy({ questionId, provider: CONSENSUS_PROVIDER });
    expect(consensus).toMatchObject({ status: 'failed', error: 'Service Issue' });
    expect((await entries(questionId)).at(-1)?.type).toBe('question:completed');
  });

  it('fails a question whose flow parent failed for good: open members closed, release, final entry', async () => {
    const user = await createTestUser(dataSource);
    const question = await createTestQuestion(dataSource, user.id, { showDebate: false });
    await dataSource.getRepository(QuestionEntity).update({ id: question.id }, { status: 'running' });
    await dataSource.getRepository(ResponseEntity).insert({
      questionId: question.id,
      provider: 'openai',
      memberOrder: 0,
      round: 0,
      status: 'streaming',
      response: 'Half an ans',
    });
    const data = { questionId: question.id, userId: user.id, showDebate: false, showReasoning: false };
    const parent = { ...data, leaderOrder: null, step: 'answers', round: 0 };

    await runner.failQuestion(parent);
    await runner.failQuestion(parent);

    const stored = await dataSource.getRepository(QuestionEntity).findOneByOrFail({ id: question.id });
    expect(stored.status).toBe('failed');
    const member = await dataSource
      .getRepository(ResponseEntity)
      .findOneByOrFail({ questionId: question.id });
    expect(member).toMatchObject({ status: 'failed', error: UNFINISHED_ERROR, response: 'Half an ans' });
    expect(await queues.get(QUEUES.usage)?.getJob(`${question.id}:release:0`)).toBeDefined();
    const stream = await entries(question.id);
    expect(stream.filter((entry) => entry.type === 'question:failed')).toEqual([
      { type: 'question:failed', error: QUESTION_FAILED_MESSAGE, reason: 'error' },
    ]);
    expect(finalBeforeRelease.get(question.id)).toBe(false);
  });

  it('leaves a completed question alone when a late failure arrives', async () => {
    const { questionId } = await ask(false);
    const before = await entries(questionId);

    await runner.failQuestion({
      questionId,
      userId: 1,
      showDebate: false,
      showReasoning: false,
      leaderOrder: null,
      step: 'done',
      round: 0,
    });

    expect((await dataSource.getRepository(QuestionEntity).findOneByOrFail({ id: questionId })).status).toBe(
      'completed',
    );
    expect(await entries(questionId)).toEqual(before);
  });
});
