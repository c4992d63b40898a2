// Free-history retention (DECISIONS 11) on real PostgreSQL and Redis: the sweep itself (which rows
// go, idempotence, concurrent sweeps), and the consensus-worker app scheduling and running it
// through BullMQ.

import { type NestExpressApplication } from '@nestjs/platform-express';
import {
  FREE_HISTORY_RETENTION_DAYS,
  JOBS,
  QUEUES,
  RETENTION_SWEEP_EVERY_MS,
  RETENTION_SWEEP_SCHEDULER_ID,
  type SubscriptionTier,
} from '@council/contracts';
import { AgentEntity, createDataSourceOptions } from '@council/db';
import { closeBullMq, createServerApp } from '@council/server-kit';
import {
  type TestDatabase,
  type TestRedis,
  createMigratedDatabase,
  createTestResponse,
  createTestUser,
  serverTestEnv,
  testRedis,
  waitUntil,
} from '@council/testing';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { ConsensusWorkerModule } from '../src/app.module';
import { ConsensusWorkerEnv } from '../src/config/consensus-worker.env';
import { RetentionService } from '../src/retention/retention.service';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('retention sweep (PostgreSQL + Redis)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let second: DataSource;
  let redis: TestRedis;
  let member: { agentId: number; modelId: number };

  beforeAll(async () => {
    db = await createMigratedDatabase('retention', { seed: true });
    dataSource = new DataSource(createDataSourceOptions({ url: db.url, poolSize: 4 }));
    second = new DataSource(createDataSourceOptions({ url: db.url, poolSize: 4 }));
    await Promise.all([dataSource.initialize(), second.initialize()]);
    redis = testRedis('retention');
    const agent = await dataSource.getRepository(AgentEntity).findOneOrFail({
      where: { isActive: true },
      relations: { models: true },
      order: { id: 'ASC' },
    });
    const model = agent.models?.[0];
    if (!model) throw new Error('seeded agent without a model');
    member = { agentId: agent.id, modelId: model.id };
  });

  afterEach(async () => {
    // Users cannot be deleted (the ledger keeps them); their questions can, so each test starts clean.
    await dataSource.query('DELETE FROM "questions"');
  });

  afterAll(async () => {
    await Promise.all([dataSource?.destroy(), second?.destroy()]);
    await redis?.cleanup();
    await db?.drop();
  });

  const user = (tier: SubscriptionTier) => createTestUser(dataSource, { subscriptionTier: tier });

  /**
   * A question `ageDays` old, with one council member and one answer. With `conversationId` it is a
   * follow-up, and its conversation's latest turn moves to it, as asking one does.
   */
  const question = async (
    userId: number,
    ageDays: number,
    conversationId: number | null = null,
  ): Promise<number> => {
    const ageSeconds = (ageDays * DAY_MS) / 1000;
    const [row] = await dataSource.query<Array<{ id: number }>>(
      `INSERT INTO "questions" ("userId", "question", "status", "createdAt", "lastTurnAt", "conversationId")
       VALUES ($1, $2, 'completed', now() - make_interval(secs => $3), now() - make_interval(secs => $3), $4)
       RETURNING "id"`,
      [userId, `Asked ${ageDays} days ago`, ageSeconds, conversationId],
    );
    if (!row) throw new Error('question not inserted');
    if (conversationId !== null) {
      await dataSource.query(
        `UPDATE "questions" SET "lastTurnAt" = now() - make_interval(secs => $2) WHERE "id" = $1`,
        [conversationId, ageSeconds],
      );
    }
    await dataSource.query(
      `INSERT INTO "question_agents" ("questionId", "agentId", "modelId", "order") VALUES ($1, $2, $3, 0)`,
      [row.id, member.agentId, member.modelId],
    );
    await createTestResponse(dataSource, row.id, { agentId: member.agentId, modelId: member.modelId });
    return row.id;
  };

  const remaining = async (): Promise<number[]> =>
    (await dataSource.query<Array<{ id: number }>>('SELECT "id" FROM "questions" ORDER BY "id"')).map(
      (row) => row.id,
    );

  const countWhereQuestion = async (table: string, ids: number[]): Promise<number> =>
    Number(
      (
        await dataSource.query<Array<{ n: string }>>(
          `SELECT count(*) AS "n" FROM "${table}" WHERE "questionId" = ANY($1::int[])`,
          [ids],
        )
      )[0]?.n,
    );

  it("deletes only free users' questions older than 30 days, with their answers and councils; a second run finds nothing", async () => {
    const free = await user('free');
    const otherFree = await user('free');
    const kept: number[] = [];
    const gone: number[] = [];
    gone.push(await question(free.id, 31), await question(free.id, 400), await question(otherFree.id, 30.01));
    kept.push(await question(free.id, 29.9), await question(free.id, 0));
    for (const tier of ['premium', 'max', 'enterprise'] as const) {
      const paid = await user(tier);
      kept.push(await question(paid.id, 31), await question(paid.id, 1000));
    }

    const service = new RetentionService(dataSource);
    expect(await service.sweep(FREE_HISTORY_RETENTION_DAYS)).toBe(gone.length);
    expect(await remaining()).toEqual([...kept].sort((a, b) => a - b));
    expect(await countWhereQuestion('responses', gone)).toBe(0);
    expect(await countWhereQuestion('question_agents', gone)).toBe(0);
    expect(await countWhereQuestion('responses', kept)).toBe(kept.length);
    expect(await countWhereQuestion('question_agents', kept)).toBe(kept.length);

    expect(await service.sweep(FREE_HISTORY_RETENTION_DAYS)).toBe(0);
    expect(await remaining()).toEqual([...kept].sort((a, b) => a - b));
  });

  it('ages a conversation by its latest turn: kept while that turn is recent, deleted with every turn once it is old', async () => {
    const free = await user('free');
    const premium = await user('premium');
    // Its first question is long past retention, its latest follow-up is not.
    const living = await question(free.id, 200);
    const livingTurns = [living, await question(free.id, 100, living), await question(free.id, 5, living)];
    // Every turn past retention, the latest only just.
    const stale = await question(free.id, 200);
    const staleTurns = [stale, await question(free.id, 90, stale), await question(free.id, 30.01, stale)];
    // A paid user's old conversation stays.
    const paid = await question(premium.id, 400);
    const paidTurns = [paid, await question(premium.id, 300, paid)];

    const service = new RetentionService(dataSource);
    // One conversation went (its follow-ups with it).
    expect(await service.sweep(FREE_HISTORY_RETENTION_DAYS)).toBe(1);
    const kept = [...livingTurns, ...paidTurns].sort((a, b) => a - b);
    expect(await remaining()).toEqual(kept);
    expect(await countWhereQuestion('responses', staleTurns)).toBe(0);
    expect(await countWhereQuestion('question_agents', staleTurns)).toBe(0);
    expect(await countWhereQuestion('responses', kept)).toBe(kept.length);
    expect(await countWhereQuestion('question_agents', kept)).toBe(kept.length);
    expect(await service.sweep(FREE_HISTORY_RETENTION_DAYS)).toBe(0);

    // Once the latest turn ages out too, the whole conversation goes.
    await dataSource.query(
      `UPDATE "questions" SET "lastTurnAt" = now() - interval '31 days' WHERE "id" = $1`,
      [living],
    );
    expect(await service.sweep(FREE_HISTORY_RETENTION_DAYS)).toBe(1);
    expect(await remaining()).toEqual(paidTurns.sort((a, b) => a - b));
    expect(await countWhereQuestion('responses', livingTurns)).toBe(0);
  });

  it('lets several sweeps run at once on separate connections: every old row goes exactly once, no errors', async () => {
    const free = await user('free');
    const premium = await user('premium');
    await dataSource.query(
      `INSERT INTO "questions" ("userId", "question", "createdAt", "lastTurnAt")
       SELECT $1, 'Old question ' || n, now() - interval '40 days', now() - interval '40 days'
         FROM generate_series(1, 1300) AS n`,
      [free.id],
    );
    const paidOld = await question(premium.id, 40);
    const freshFree = await question(free.id, 1);

    const sweeps = [
      new RetentionService(dataSource),
      new RetentionService(second),
      new RetentionService(dataSource),
      new RetentionService(second),
    ];
    // Small batches, so the sweeps really interleave.
    const counts = await Promise.all(sweeps.map((sweep) => sweep.sweep(FREE_HISTORY_RETENTION_DAYS, 50)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1300);
    expect(await remaining()).toEqual([paidOld, freshFree].sort((a, b) => a - b));
    expect(await new RetentionService(second).sweep(FREE_HISTORY_RETENTION_DAYS)).toBe(0);
  });

  describe('in the consensus-worker app', () => {
    const apps: NestExpressApplication[] = [];
    let queue: Queue;

    const startWorker = async (env: Record<string, string>): Promise<NestExpressApplication> => {
      const { app } = await createServerApp(
        {
          service: 'consensus-worker',
          env: ConsensusWorkerEnv,
          rootModule: (config) => ConsensusWorkerModule.forRoot(config),
        },
        { ...serverTestEnv(db, redis), ...env },
      );
      await app.init();
      apps.push(app);
      return app;
    };

    beforeAll(() => {
      queue = new Queue(QUEUES.retention, {
        connection: redis.connection(),
        prefix: redis.queuePrefix(QUEUES.retention),
      });
    });

    afterAll(async () => {
      for (const app of apps.reverse()) await app.close();
      if (queue) await closeBullMq(queue);
    });

    const waitFor = (probe: () => Promise<boolean>) =>
      waitUntil(probe, { timeoutMs: 20_000, intervalMs: 100 });

    it('schedules one sweep however many replicas start, and runs it through BullMQ', async () => {
      // The default is hourly; a replica with another interval replaces the one schedule.
      await startWorker({});
      expect(await queue.getJobScheduler(RETENTION_SWEEP_SCHEDULER_ID)).toMatchObject({
        every: RETENTION_SWEEP_EVERY_MS,
        name: JOBS.retentionSweep,
      });
      // A new schedule sweeps at once; let that sweep end, or it races the rows created below.
      await waitFor(async () => (await queue.getCompletedCount()) > 0);

      const free = await user('free');
      const old = await question(free.id, 45);
      const recent = await question(free.id, 2);

      await startWorker({ RETENTION_SWEEP_EVERY_MS: '1000' });
      await startWorker({ RETENTION_SWEEP_EVERY_MS: '1000' });
      expect(await queue.getJobSchedulersCount()).toBe(1);
      expect(await queue.getJobScheduler(RETENTION_SWEEP_SCHEDULER_ID)).toMatchObject({ every: 1000 });

      await waitFor(async () => !(await remaining()).includes(old));
      expect(await remaining()).toEqual([recent]);
      await waitFor(async () => (await queue.getCompletedCount()) > 0);
      const [done] = await queue.getCompleted();
      expect(done?.returnvalue).toEqual({ deleted: expect.any(Number) as number });
      expect(await queue.getFailedCount()).toBe(0);
    });

    it('fails a job with a malformed payload at once, without retries', async () => {
      const job = await queue.add(JOBS.retentionSweep, { retentionDays: 'thirty' }, { attempts: 5 });
      await waitFor(async () => (await job.getState()) === 'failed');
      const failed = await queue.getJob(job.id ?? '');
      expect(failed?.attemptsMade).toBe(1);
      expect(failed?.failedReason).toContain('retentionDays');
    });
  });
});
