// The consensus worker's queue side: the children a flow step adds, the release of a question's
// reservation, and the job that ends a question whose flow parent failed for good.

import {
  JOBS,
  type MemberAnswerJobData,
  type ProviderQueueName,
  QUEUES,
  type QuestionFailJobData,
  providerQueueName,
  questionFailJobId,
} from '@council/contracts';
import {
  JobQueue,
  type ProviderJobOptionsOverrides,
  ReservationRelease,
  type ReservationReleaseDeps,
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

export interface ConsensusQueuesDeps extends ReservationReleaseDeps {
  providerQueue: (name: ProviderQueueName) => Queue;
  /** The consensus queue, which carries the question-fail job. */
  consensusQueue?: Queue;
  childOptions?: ProviderJobOptionsOverrides;
  failJobOptions?: QuestionFailJobOverrides;
}

export class ConsensusQueues {
  private readonly reservations: ReservationRelease;
  private readonly consensus: JobQueue<typeof QUEUES.consensus> | null;

  constructor(private readonly deps: ConsensusQueuesDeps) {
    this.reservations = new ReservationRelease(deps);
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

  /** Closes the question's account (ReservationRelease.release). */
  release(questionId: number, userId: number): Promise<void> {
    return this.reservations.release(questionId, userId);
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
