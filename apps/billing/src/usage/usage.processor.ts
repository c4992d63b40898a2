import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import { type BillingReleaseReply, JOBS, QUEUES, type UsageSettleJobData } from '@council/contracts';
import {
  MetricsService,
  instrumentWorker,
  parseJobOrFail,
  permanentOnDomainError,
} from '@council/server-kit';
import { Job } from 'bullmq';
import { BillingEnv } from '../config/billing.env';
import { ReservationsService, type SettleResult } from '../reservations/reservations.service';

/** Jobs at once until bootstrap applies BillingEnv.USAGE_CONCURRENCY. */
export const USAGE_CONCURRENCY = 4;

/**
 * Settles usage the workers report: one release per question (which settles its answers), and a
 * settlement of its own for an answer outside a flow or stopped by a cancel. Errors are rethrown
 * so BullMQ retries; the ledger keys make a retried or duplicated job a no-op.
 */
@Processor(QUEUES.usage, { concurrency: USAGE_CONCURRENCY })
export class UsageProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(UsageProcessor.name);

  constructor(
    private readonly reservations: ReservationsService,
    private readonly metrics: MetricsService,
    private readonly config: BillingEnv,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    // Configured per deployment; the decorator cannot read config.
    this.worker.concurrency = this.config.USAGE_CONCURRENCY;
    instrumentWorker(this.metrics, this.worker);
    this.worker.on('error', (error) => this.logger.warn(`Worker: ${error.message}`));
  }

  async process(job: Job): Promise<SettleResult | BillingReleaseReply> {
    const data = await parseJobOrFail(QUEUES.usage, JOBS.usageSettle, job);
    return permanentOnDomainError(() => this.apply(data));
  }

  private apply(data: UsageSettleJobData): Promise<SettleResult | BillingReleaseReply> {
    if (data.kind === 'release') return this.reservations.release(data.userId, data.questionId);
    return this.reservations.settle({
      userId: data.userId,
      questionId: data.questionId,
      responseId: data.responseId,
      memberOrder: data.memberOrder,
      round: data.round,
      totalTokens: data.totalTokens,
    });
  }
}
