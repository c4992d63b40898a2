// A flow parent that fails for good, on real PostgreSQL and Redis: its question is ended by the
// question-fail job, which is retried until it holds.

import {
  type ConsensusFinaliseJobData,
  JOBS,
  QUESTION_FAILED_MESSAGE,
  QUEUES,
  type QueueName,
  type StreamEntry,
  decodeStreamEntry,
  finaliseJobId,
  questionFailJobId,
} from '@council/contracts';
import { QuestionEntity, ResponseEntity, createDataSourceOptions } from '@council/db';
import {
  JobQueue,
  QuestionStreamWriter,
  type RedisClient,
  closeBullMq,
  streamKeyFor,
} from '@council/server-kit';
import {
  type TestDatabase,
  type TestRedis,
  createMigratedDatabase,
  createTestQuestion,
  createTestUser,
  testRedis,
  waitUntil,
} from '@council/testing';
import { Queue, type Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { UNFINISHED_ERROR } from '../src/consensus/consensus.repository';
import { consensusJobRunner, createConsensusWorker } from './support/consensus-job-runner';

/** A stream that refuses entries of chosen types a number of times, like a Redis blip. */
class FlakyStream extends QuestionStreamWriter {
  readonly failures = new Map<string, number>();

  override async append(questionId: number, entries: readonly StreamEntry[]): Promise<string[]> {
    for (const entry of entries) {
      const key = `${questionId}:${entry.type}`;
      const left = this.failures.get(key) ?? 0;
      if (left > 0) {
        this.failures.set(key, left - 1);
        throw new Error(`Injected failure appending ${entry.type}`);
      }
    }
    return super.append(questionId, entries);
  }
}

describe('question-fail job (PostgreSQL + Redis)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let redisEnv: TestRedis;
  let redis: RedisClient;
  let worker: Worker;
  let stream: FlakyStream;
  const queues = new Map<string, Queue>();
  const released: number[] = [];

  beforeAll(async () => {
    db = await createMigratedDatabase('consensus_fail', { seed: true });
    dataSource = new DataSource(createDataSourceOptions({ url: db.url, poolSize: 4 }));
    await dataSource.initialize();
    redisEnv = testRedis('consensus-fail');
    redis = redisEnv.client();
    const queue = (name: QueueName): Queue => {
      let existing = queues.get(name);
      if (!existing) {
        existing = new Queue(name, { connection: redisEnv.connection(), prefix: redisEnv.queuePrefix(name) });
        queues.set(name, existing);
      }
      return existing;
    };
    stream = new FlakyStream(redis, redisEnv.prefix);
    const runner = await consensusJobRunner({
      dataSource,
      stream,
      usageQueue: queue(QUEUES.usage),
      providerQueue: queue,
      consensusQueue: queue(QUEUES.consensus),
      maxRounds: 2,
      failJobOptions: { attempts: 5, backoffDelayMs: 10 },
      waitForUsage: async (release) => {
        released.push((release.data as { questionId: number }).questionId);
      },
    });
    worker = createConsensusWorker(runner, {
      connection: redisEnv.connection(),
      redisPrefix: redisEnv.prefix,
      concurrency: 2,
    });
  });

  afterAll(async () => {
    await closeBullMq(worker);
    await Promise.all([...queues.values()].map((queue) => closeBullMq(queue)));
    redis.disconnect();
    await redisEnv.cleanup();
    await dataSource.destroy();
    await db.drop();
  });

  async function entries(questionId: number): Promise<StreamEntry[]> {
    const raw = await redis.xrange(streamKeyFor(redisEnv.prefix, questionId), '-', '+');
    return raw.map(([, fields]) => decodeStreamEntry(fields)).filter((entry) => entry !== null);
  }

  /** A running question with a member still streaming, whose flow parent resumes at "debate". */
  async function runningQuestion(): Promise<{ questionId: number; data: ConsensusFinaliseJobData }> {
    const user = await createTestUser(dataSource);
    const question = await createTestQuestion(dataSource, user.id, { showDebate: true });
    await dataSource.getRepository(QuestionEntity).update({ id: question.id }, { status: 'running' });
    await dataSource.getRepository(ResponseEntity).insert({
      questionId: question.id,
      provider: 'openai',
      memberOrder: 0,
      round: 1,
      status: 'streaming',
      response: 'Half a revis',
    });
    const data: ConsensusFinaliseJobData = {
      questionId: question.id,
      userId: user.id,
      showDebate: true,
      showReasoning: false,
      leaderOrder: 0,
      step: 'debate',
      round: 1,
    };
    return { questionId: question.id, data };
  }

  it('fails the question and releases its reservation after the parent’s last attempt, through retries', async () => {
    const { questionId, data } = await runningQuestion();
    // Every attempt of the parent fails (its first stream write); the fail job's first two do too.
    stream.failures.set(`${questionId}:debate:round`, Number.MAX_SAFE_INTEGER);
    stream.failures.set(`${questionId}:question:failed`, 2);

    const consensus = new JobQueue(QUEUES.consensus, queues.get(QUEUES.consensus) as Queue);
    await consensus.add(JOBS.consensusFinalise, data, {
      jobId: finaliseJobId(questionId),
      attempts: 2,
      backoff: { type: 'fixed', delay: 10 },
    });

    const failJob = async () => queues.get(QUEUES.consensus)?.getJob(questionFailJobId(questionId));
    await waitUntil(async () => (await (await failJob())?.getState()) === 'completed');

    expect(await queues.get(QUEUES.consensus)?.getJobState(finaliseJobId(questionId))).toBe('failed');
    expect((await failJob())?.attemptsMade).toBe(3);
    const stored = await dataSource.getRepository(QuestionEntity).findOneByOrFail({ id: questionId });
    expect(stored.status).toBe('failed');
    const member = await dataSource.getRepository(ResponseEntity).findOneByOrFail({ questionId });
    expect(member).toMatchObject({ status: 'failed', error: UNFINISHED_ERROR });
    const release = await queues.get(QUEUES.usage)?.getJob(`${questionId}:release:0`);
    expect(release?.data).toMatchObject({ kind: 'release', questionId });
    expect(released).toContain(questionId);
    expect((await entries(questionId)).filter((entry) => entry.type === 'question:failed')).toEqual([
      { type: 'question:failed', error: QUESTION_FAILED_MESSAGE, reason: 'error' },
    ]);
  });

  it('queues no question-fail job when a retry of the parent succeeds', async () => {
    const { questionId, data } = await runningQuestion();
    stream.failures.set(`${questionId}:debate:round`, 1);

    const consensus = new JobQueue(QUEUES.consensus, queues.get(QUEUES.consensus) as Queue);
    await consensus.add(JOBS.consensusFinalise, data, {
      jobId: finaliseJobId(questionId),
      attempts: 2,
      backoff: { type: 'fixed', delay: 10 },
    });
    // The retry goes past the flaky write; with no member answered, it completes the question.
    await waitUntil(
      async () =>
        (await queues.get(QUEUES.consensus)?.getJobState(finaliseJobId(questionId))) === 'completed',
    );
    expect(await queues.get(QUEUES.consensus)?.getJob(questionFailJobId(questionId))).toBeUndefined();
    const stored = await dataSource.getRepository(QuestionEntity).findOneByOrFail({ id: questionId });
    expect(stored.status).toBe('completed');
  });
});
