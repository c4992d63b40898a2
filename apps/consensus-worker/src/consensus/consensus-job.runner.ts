// The flow parent of a question (ARCHITECTURE "Flows"), in BullMQ's process-step pattern: each
// step adds its children (debate revisions, then the synthesis) to the provider queues, records the
// next step in the job's data and waits for them (moveToWaitingChildren); BullMQ runs the job again
// once they have finished, and it resumes at the recorded step.

import {
  type ConsensusFinaliseJobData,
  type DebateRevisionJobData,
  JOBS,
  type MemberAnswerJobData,
  QUESTION_CANCELLED_MESSAGE,
  QUESTION_FAILED_MESSAGE,
  type StreamEntry,
  type SynthesisJobData,
  type UsageSettleJobData,
  jobId,
  parseJobPayload,
  type ProviderQueueName,
  providerQueueName,
  synthesisJobId,
  usageJobId,
} from '@council/contracts';
import { QuestionAgentEntity, QuestionEntity, ResponseEntity, preparedQuery } from '@council/db';
import {
  type ProviderJobOptionsOverrides,
  type QuestionStreamWriter,
  USAGE_JOB_OPTIONS,
  providerJobOptions,
} from '@council/server-kit';
import { type Job, type Queue, UnrecoverableError, WaitingChildrenError } from 'bullmq';
import { type DataSource } from 'typeorm';

/** One row of FINALISE_SQL: the question, or a member closed as unfinished. */
interface FinaliseRow {
  part: 'question' | 'unfinished';
  id: number | null;
  memberOrder: number | null;
  round: number | null;
  error: string | null;
  status: string | null;
  total: string | number | null;
}

/**
 * The end of a question in one statement (one round trip instead of five): members still open are
 * closed with an error ($2 when the question was cancelled, else $3), and the question gets its
 * total and is completed (a cancelled one keeps its status). Both parts read the same snapshot;
 * closing rows changes no token counts.
 */
const FINALISE_SQL = `
  WITH "unfinished" AS (
    UPDATE "responses" r
       SET "status" = 'failed',
           "error" = COALESCE(r."error", CASE
             WHEN (SELECT "status" FROM "questions" WHERE "id" = $1) = 'cancelled' THEN $2 ELSE $3 END),
           "updatedAt" = now()
     WHERE r."questionId" = $1 AND r."status" IN ('pending', 'streaming')
     RETURNING r."id", r."memberOrder", r."round", r."error"
  ), "question" AS (
    UPDATE "questions" q
       SET "totalTokensUsed" = (SELECT COALESCE(SUM("totalTokens"), 0) FROM "responses" WHERE "questionId" = $1),
           "status" = CASE WHEN q."status" = 'cancelled' THEN q."status" ELSE 'completed' END,
           "updatedAt" = now()
     WHERE q."id" = $1
     RETURNING q."status", q."totalTokensUsed"
  )
  SELECT 'question' AS "part", NULL::integer AS "id", NULL::integer AS "memberOrder", NULL::integer AS "round",
         NULL::text AS "error", "status"::text AS "status", "totalTokensUsed" AS "total"
    FROM "question"
  UNION ALL
  SELECT 'unfinished', "id", "memberOrder", "round", "error", NULL, NULL FROM "unfinished"`;

/** Stored on a response whose job ended without an outcome. */
export const UNFINISHED_ERROR = 'The answer could not be completed.';

export interface ConsensusJobRunnerDeps {
  dataSource: DataSource;
  stream: QuestionStreamWriter;
  usageQueue: Queue;
  /** Queue of each provider (children are added there). */
  providerQueue: (name: ProviderQueueName) => Queue;
  maxRounds: number;
  /** Retry settings of the children it adds (tests shorten the backoff). */
  childOptions?: ProviderJobOptionsOverrides;
  /**
   * Resolves once billing has processed the release (which settles the answers too), or gives up
   * after a bounded wait. The final stream entry is appended after it, so a client that reloads
   * its balance on completion sees the answers charged and the unused reservation back.
   */
  waitForUsage?: (usage: Job) => Promise<void>;
}

export interface ConsensusJobResult {
  totalTokensUsed: number;
  rounds: number;
}

/** What a provider job returns; only `changed` of debate revisions matters here. */
interface ChildResult {
  changed?: unknown;
}

export class ConsensusJobRunner {
  constructor(private readonly deps: ConsensusJobRunnerDeps) {}

  async run(job: Job, token: string | undefined): Promise<ConsensusJobResult> {
    if (job.name !== JOBS.consensusFinalise) {
      throw new UnrecoverableError(`No handler for job "${job.name}" on the consensus queue`);
    }
    let data: ConsensusFinaliseJobData;
    try {
      data = await parseJobPayload(JOBS.consensusFinalise, job.data);
    } catch (error) {
      throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
    }
    // Without a debate the first answers are the whole question: nothing to load or record first
    // (finalise reads the status itself, keeps a cancelled question's, and fails a missing one).
    if (!data.showDebate && data.step === 'answers') return this.finalise(data);
    const question = await this.deps.dataSource
      .getRepository(QuestionEntity)
      .findOneBy({ id: data.questionId });
    if (!question) throw new UnrecoverableError(`Question ${data.questionId} does not exist`);

    for (;;) {
      if (question.status === 'cancelled' && data.step !== 'done')
        data = await this.next(job, data, { step: 'done' });
      switch (data.step) {
        case 'answers': {
          if (!data.showDebate) {
            data = await this.next(job, data, { step: 'done' });
            break;
          }
          const members = await this.succeeded(data.questionId, 0);
          if (members.length >= 2 && this.deps.maxRounds > 0) {
            data = await this.startRound(job, data, 1, members);
            await this.waitForChildren(job, token);
          } else {
            data = await this.startSynthesis(job, data);
            await this.waitForChildren(job, token);
          }
          break;
        }
        case 'debate': {
          const round = data.round;
          await this.append(data.questionId, [{ type: 'debate:round', round, status: 'completed' }]);
          const members = await this.succeeded(data.questionId, round);
          const changed = await this.anyChanged(job, data.questionId, round, members);
          if (changed && round < this.deps.maxRounds && members.length >= 2) {
            data = await this.startRound(job, data, round + 1, members);
          } else {
            data = await this.startSynthesis(job, data);
          }
          await this.waitForChildren(job, token);
          break;
        }
        case 'synthesis':
          // Only reached when the synthesis child could not be added (no member answered).
          data = await this.next(job, data, { step: 'done' });
          break;
        case 'done':
          return this.finalise(data);
      }
    }
  }

  /** Members (question_agents) whose answer of `round` is stored without error. */
  private async succeeded(questionId: number, round: number): Promise<QuestionAgentEntity[]> {
    const members = await this.members(questionId);
    const rows = await this.deps.dataSource.getRepository(ResponseEntity).find({
      where: { questionId, round, status: 'completed' },
    });
    const ok = new Set(
      rows.filter((row) => row.error === null && row.memberOrder !== null).map((row) => row.memberOrder),
    );
    return members.filter((member) => ok.has(member.order));
  }

  private members(questionId: number): Promise<QuestionAgentEntity[]> {
    return this.deps.dataSource.getRepository(QuestionAgentEntity).find({
      where: { questionId },
      relations: { agent: true },
      order: { order: 'ASC' },
    });
  }

  private async startRound(
    job: Job,
    data: ConsensusFinaliseJobData,
    round: number,
    members: readonly QuestionAgentEntity[],
  ): Promise<ConsensusFinaliseJobData> {
    // Step first: if this process dies after adding children, the rerun resumes at "debate".
    const next = await this.next(job, data, { step: 'debate', round });
    await this.append(data.questionId, [{ type: 'debate:round', round, status: 'started' }]);
    for (const member of members) {
      const payload: DebateRevisionJobData = { ...this.memberPayload(data, member), round };
      await this.addChild(job, JOBS.debateRevision, payload, jobId(data.questionId, member.order, round));
    }
    return next;
  }

  private async startSynthesis(job: Job, data: ConsensusFinaliseJobData): Promise<ConsensusFinaliseJobData> {
    const members = await this.members(data.questionId);
    const leader = members.find((member) => member.order === data.leaderOrder) ?? members[0];
    const answered = await this.succeeded(data.questionId, 0);
    if (!leader || answered.length === 0) {
      await this.failConsensus(data, 'No council member answered, so no consensus could be formed.');
      return this.next(job, data, { step: 'done' });
    }
    const next = await this.next(job, data, { step: 'done' });
    const payload: SynthesisJobData = { ...this.memberPayload(data, leader), round: data.round };
    await this.addChild(job, JOBS.synthesis, payload, synthesisJobId(data.questionId));
    return next;
  }

  private memberPayload(data: ConsensusFinaliseJobData, member: QuestionAgentEntity): MemberAnswerJobData {
    const provider = member.agent?.provider;
    if (!provider) throw new Error(`Member ${member.order} of question ${data.questionId} has no agent`);
    return {
      questionId: data.questionId,
      memberOrder: member.order,
      round: 0,
      agentId: member.agentId,
      modelId: member.modelId,
      roleId: member.roleId,
      provider,
      userId: data.userId,
      showReasoning: data.showReasoning,
    };
  }

  private async addChild(
    job: Job,
    name: string,
    payload: MemberAnswerJobData,
    childId: string,
  ): Promise<void> {
    if (!job.id) throw new Error('The consensus job has no id');
    const queue = this.deps.providerQueue(providerQueueName(payload.provider));
    await queue.add(name, payload, {
      ...providerJobOptions(childId, this.deps.childOptions),
      parent: { id: job.id, queue: job.queueQualifiedName },
    });
  }

  /** Whether any member changed its position in `round` (from the revisions' results, else by text). */
  private async anyChanged(
    job: Job,
    questionId: number,
    round: number,
    members: readonly QuestionAgentEntity[],
  ): Promise<boolean> {
    const values = (await job.getChildrenValues()) as Record<string, ChildResult | null>;
    for (const member of members) {
      const suffix = `:${jobId(questionId, member.order, round)}`;
      const entry = Object.entries(values).find(([key]) => key.endsWith(suffix));
      const changed = entry?.[1]?.changed;
      if (changed === true) return true;
      if (changed === false) continue;
      // No result recorded: compare the stored texts of this round and the one before.
      const rows = await this.deps.dataSource.getRepository(ResponseEntity).find({
        where: { questionId, memberOrder: member.order },
      });
      const now = rows.find((row) => row.round === round)?.response ?? '';
      const before = rows.find((row) => row.round === round - 1)?.response ?? '';
      if (normalise(now) !== normalise(before)) return true;
    }
    return false;
  }

  private async waitForChildren(job: Job, token: string | undefined): Promise<void> {
    if (!token) throw new Error('The consensus job needs its lock token to wait for children');
    const waiting = await job.moveToWaitingChildren(token);
    if (waiting) throw new WaitingChildrenError();
  }

  private async next(
    job: Job,
    data: ConsensusFinaliseJobData,
    change: Partial<Pick<ConsensusFinaliseJobData, 'step' | 'round'>>,
  ): Promise<ConsensusFinaliseJobData> {
    const next = { ...data, ...change };
    await job.updateData(next);
    return next;
  }

  /** A consensus that could not even start is stored with its error, like a failed synthesis. */
  private async failConsensus(data: ConsensusFinaliseJobData, error: string): Promise<void> {
    const rows: Array<{ id: number }> = await this.deps.dataSource.query(
      `INSERT INTO "responses" ("questionId", "provider", "memberOrder", "round", "status", "error")
       VALUES ($1, 'consensus', NULL, 0, 'failed', $2)
       ON CONFLICT ("questionId") WHERE "provider" = 'consensus' DO NOTHING
       RETURNING "id"`,
      [data.questionId, error],
    );
    if (rows.length > 0) {
      await this.append(data.questionId, [{ type: 'consensus:failed', responseId: rows[0].id, error }]);
    }
  }

  /** Totals, status, the final stream entry (which sets the stream's expiry) and the release. */
  private async finalise(data: ConsensusFinaliseJobData): Promise<ConsensusJobResult> {
    const { rows } = await preparedQuery<FinaliseRow>(this.deps.dataSource, FINALISE_SQL, [
      data.questionId,
      QUESTION_CANCELLED_MESSAGE,
      UNFINISHED_ERROR,
    ]);
    const question = rows.find((row) => row.part === 'question');
    if (!question) throw new UnrecoverableError(`Question ${data.questionId} does not exist`);
    // A cancelled question's stream was ended by the gateway (question:failed): nothing is added.
    const cancelled = question.status === 'cancelled';
    const totalTokensUsed = Number(question.total);
    const unfinished = rows.filter((row) => row.part === 'unfinished');
    await this.release(data.questionId, data.userId);
    if (!cancelled) {
      await this.append(data.questionId, [
        ...unfinished.map((row): StreamEntry =>
          row.memberOrder === null
            ? { type: 'consensus:failed', responseId: row.id ?? 0, error: row.error ?? UNFINISHED_ERROR }
            : {
                type: 'answer:failed',
                memberOrder: row.memberOrder,
                round: row.round ?? 0,
                responseId: row.id ?? 0,
                error: row.error ?? UNFINISHED_ERROR,
              },
        ),
        { type: 'question:completed', totalTokensUsed },
      ]);
    }
    return { totalTokensUsed, rounds: data.round };
  }

  /**
   * The flow parent failed for good (its last attempt, or an unrecoverable error): members still
   * open are closed, the question ends as failed, the client hears it and the reservation goes back.
   * Questions already final are left as they are.
   */
  async failQuestion(jobData: unknown): Promise<void> {
    const data = await parseJobPayload(JOBS.consensusFinalise, jobData);
    const [failed]: [Array<{ id: number }>, number] = await this.deps.dataSource.query(
      `UPDATE "questions" SET "status" = 'failed', "updatedAt" = now()
        WHERE "id" = $1 AND "status" IN ('pending', 'running')
        RETURNING "id"`,
      [data.questionId],
    );
    if (failed.length === 0) return;
    await this.deps.dataSource.query(
      `UPDATE "responses" SET "status" = 'failed', "error" = COALESCE("error", $2), "updatedAt" = now()
        WHERE "questionId" = $1 AND "status" IN ('pending', 'streaming')`,
      [data.questionId, UNFINISHED_ERROR],
    );
    await this.release(data.questionId, data.userId);
    await this.append(data.questionId, [
      { type: 'question:failed', error: QUESTION_FAILED_MESSAGE, reason: 'error' },
    ]);
  }

  /**
   * Closes the question's account: billing settles every completed answer (the flow's children
   * leave that to this job) and hands back what the reservation still holds. Idempotent: one job
   * id per question, and billing settles each answer once whoever asks.
   */
  private async release(questionId: number, userId: number): Promise<void> {
    const release: UsageSettleJobData = {
      kind: 'release',
      questionId,
      userId,
      responseId: null,
      memberOrder: null,
      round: 0,
      provider: null,
      promptTokens: 0,
      completionTokens: 0,
      totalTokens: 0,
    };
    const job = await this.deps.usageQueue.add(JOBS.usageSettle, release, {
      ...USAGE_JOB_OPTIONS,
      jobId: usageJobId(release),
    });
    await this.deps.waitForUsage?.(job);
  }

  private async append(questionId: number, entries: readonly StreamEntry[]): Promise<void> {
    await this.deps.stream.append(questionId, entries);
  }
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
