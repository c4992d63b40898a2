// The end of a question's account, asked of billing by whichever worker ends the question: the
// consensus worker for a flow parent, the provider worker for a question without a debate.

import { Logger } from '@nestjs/common';
import { type BillingReleaseReply, JOBS, QUEUES, errorMessage, usageJobId } from '@council/contracts';
import { type Job, type Queue } from 'bullmq';
import { USAGE_JOB_OPTIONS } from '../queues/job-options';
import { JobQueue } from '../queues/job-queue';
import { type RpcAnswer } from '../rpc/http-rpc.client';

export type ReleaseCall = (request: {
  userId: number;
  questionId: number;
}) => Promise<RpcAnswer<BillingReleaseReply>>;

export interface ReservationReleaseDeps {
  usageQueue: Queue;
  /**
   * Billing's release call (BILLING_RPC.release). Given, a release is asked of billing directly
   * and goes through the usage queue only when billing does not confirm it.
   */
  releaseCall?: ReleaseCall;
  /**
   * Resolves once billing has processed a queued release, or gives up after a bounded wait
   * (UsageReleaseWaiter), so the final stream entry follows the charge.
   */
  waitForUsage?: (usage: Job) => Promise<void>;
}

export class ReservationRelease {
  private readonly logger = new Logger(ReservationRelease.name);
  private readonly usage: JobQueue<typeof QUEUES.usage>;

  constructor(private readonly deps: ReservationReleaseDeps) {
    this.usage = new JobQueue(QUEUES.usage, deps.usageQueue);
  }

  /**
   * Closes the question's account: billing settles every completed answer no settlement names yet
   * and hands back what the reservation still holds. Idempotent: billing releases a question once
   * and settles each answer once, whoever asks and however often.
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
}
