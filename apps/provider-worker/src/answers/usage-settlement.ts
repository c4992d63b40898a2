import { JOBS, QUEUES, type TokenUsage, type UsageSettleJobData, usageJobId } from '@council/contracts';
import { JobQueue, USAGE_JOB_OPTIONS } from '@council/server-kit';
import { type Queue } from 'bullmq';
import { type ProviderJobTarget } from './provider-job.types';

/** The usage job of one stored answer. */
export function usageSettlePayload(
  target: ProviderJobTarget,
  responseId: number,
  usage: TokenUsage,
): UsageSettleJobData {
  return {
    kind: 'response',
    questionId: target.data.questionId,
    userId: target.data.userId,
    responseId,
    memberOrder: target.memberOrder,
    round: target.round,
    provider: target.provider,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    totalTokens: usage.totalTokens,
    // Its own key: the answer it replaced was settled under the member's first-answer key.
    ...(target.data.answerAgain === true ? { answerAgain: true } : {}),
  };
}

/** Enqueues the settlement of an answer's usage (idempotent: the job id follows from the answer). */
export class UsageSettlement {
  private readonly usageQueue: JobQueue<typeof QUEUES.usage>;

  constructor(usageQueue: Queue) {
    this.usageQueue = new JobQueue(QUEUES.usage, usageQueue);
  }

  /**
   * A completed answer's usage. The release at a question's end (the flow parent's, or the last
   * member's without a debate) settles every completed answer of the question in one ledger
   * transaction, so only a lone job (a retry after the question finished) enqueues its own.
   */
  async settleCompleted(target: ProviderJobTarget, responseId: number, usage: TokenUsage): Promise<void> {
    if (!target.settledAtEnd) await this.settle(target, responseId, usage);
  }

  async settle(target: ProviderJobTarget, responseId: number, usage: TokenUsage): Promise<void> {
    const payload = usageSettlePayload(target, responseId, usage);
    await this.usageQueue.add(JOBS.usageSettle, payload, {
      ...USAGE_JOB_OPTIONS,
      jobId: usageJobId(payload),
    });
  }
}
