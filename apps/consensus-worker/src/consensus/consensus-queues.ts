// The consensus worker's queue side: the children a flow step adds, the release of a question's
// reservation, and the job that ends a question whose flow parent failed for good.

import { Logger } from '@nestjs/common';
import {
  type BillingReleaseReply,
  JOBS,
  type MemberAnswerJobData,
  type ProviderQueueName,
  QUEUES,
  type QuestionFailJobData,
  providerQueueName,
  errorMessage,
  questionFailJobId,
  usageJobId,
} from '@council/contracts';
import {
  JobQueue,
  type ProviderJobOptionsOverrides,
  type RpcAnswer,
  USAGE_JOB_OPTIONS,
  providerJobOptions,
} from '@council/server-kit';
import { type Job, type JobsOptions, type Queue } from 'bullmq';

/** A provider job a flow step adds under its parent. */
export type ChildJobName = typeof JOBS.debateRevision | typeof JOBS.synthesis;

export interface QuestionFailJobOverrides {
  attempts?: number;
  /** First retry delay, ms, doubled on each further retry (tests make it small). */
  backoffDelayMs?: number;
}

/** Ours: ten attempts from 2 s doubling reach about 17 minutes, past a database or Redis failover. */
export const QUESTION_FAIL_ATTEMPTS = 10;
export const QUESTION_FAIL_BACKOFF_MS = 2000;

export function questionFailJobOptions(
  questionId: number,
  overrides: QuestionFailJobOverrides = {},
): JobsOptions {
  return {
    jobId: questionFailJobId(questionId),
    attempts: overrides.attempts ?? QUESTION_FAIL_ATTEMPTS,
    backoff: { type: 'exponential', delay: overrides.backoffDelayMs ?? QUESTION_FAIL_BACKOFF_MS },
    removeOnComplete: { age: 24 * 60 * 60, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 60 * 60 },
  };
}

export interface ConsensusQueuesDeps {
  usageQueue: Queue;
  providerQueue: (name: ProviderQueueName) => Queue;
  /** The consensus queue, which carries the question-fail job. */
  consensusQueue?: Queue;
  childOptions?: ProviderJobOptionsOverrides;
  failJobOptions?: QuestionFailJobOverrides;
  /** See ConsensusJobRunnerDeps.waitForUsage. */
  waitForUsage?: (usage: Job) => Promise<void>;
  /**
   * Billing's release call (BILLING_RPC.release). Given, a release is asked of billing directly
   * and goes through the usage queue only when billing does not confirm it.
   */
  releaseCall?: (request: { userId: number; questionId: number }) => Promise<RpcAnswer<BillingReleaseReply>>;
}

export class ConsensusQueues {
  private readonly logger = new Logger(ConsensusQueues.name);
  private readonly usage: JobQueue<typeof QUEUES.usage>;
  private readonly consensus: JobQueue<typeof QUEUES.consensus> | null;

  constructor(private readonly deps: ConsensusQueuesDeps) {
    this.usage = new JobQueue(QUEUES.usage, deps.usageQueue);
    this.consensus = deps.consensusQueue ? new JobQueue(QUEUES.consensus, deps.consensusQueue) : null;
  }

  /** Adds a provider job as a child of the running flow parent, on its provider's queue. */
  async addChild(
    parent: Job,
    name: ChildJobName,
    payload: MemberAnswerJobData,
    childId: string,
  ): Promise<void> {
    if (!parent.id) throw new Error('The consensus job has no id');
    const queueName = providerQueueName(payload.provider);
    const queue = new JobQueue(queueName, this.deps.providerQueue(queueName));
    await queue.add(name, payload, {
      ...providerJobOptions(childId, this.deps.childOptions),
      parent: { id: parent.id, queue: parent.queueQualifiedName },
    });
  }

  /**
   * Closes the question's account: billing settles every completed answer (the flow's children
   * leave that to the parent) and hands back what the reservation still holds. Idempotent: billing
   * releases a question once and settles each answer once, whoever asks and however often.
   *
   * Billing is asked directly when it can be (one HTTP call instead of a job, its events and a
   * worker's polling); a call it does not confirm (down, slow, an error) leaves the release to the
   * usage queue, which retries until billing takes it.
   */
  async release(questionId: number, userId: number): Promise<void> {
    if (await this.releaseByCall(questionId, userId)) return;
    const release = {
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
    } as const;
    const job = await this.usage.add(JOBS.usageSettle, release, {
      ...USAGE_JOB_OPTIONS,
      jobId: usageJobId(release),
    });
    await this.deps.waitForUsage?.(job);
  }

  /** Whether billing confirmed the release it was asked for directly. */
  private async releaseByCall(questionId: number, userId: number): Promise<boolean> {
    if (!this.deps.releaseCall) return false;
    try {
      const answer = await this.deps.releaseCall({ userId, questionId });
      if (answer.ok) return true;
      this.logger.warn(
        `Question ${questionId}: billing answered the release with ${answer.status}; it goes through the usage queue`,
      );
    } catch (error) {
      this.logger.warn(
        `Question ${questionId}: the release call failed (${errorMessage(error)}); it goes through the usage queue`,
      );
    }
    return false;
  }

  /** Adds the retried job that ends a question; a second add for the same question is a no-op. */
  async addQuestionFail(data: QuestionFailJobData): Promise<void> {
    if (!this.consensus) throw new Error(`No consensus queue to end question ${data.questionId} through`);
    await this.consensus.add(
      JOBS.questionFail,
      { questionId: data.questionId, userId: data.userId },
      questionFailJobOptions(data.questionId, this.deps.failJobOptions),
    );
  }
}
