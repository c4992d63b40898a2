import { Processor } from '@nestjs/bullmq';
import { type BillingReleaseReply, JOBS, QUEUES, type UsageSettleJobData } from '@council/contracts';
import { type JobHandlers, JobProcessor, MetricsService, permanentOnDomainError } from '@council/server-kit';
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
export class UsageProcessor extends JobProcessor<typeof QUEUES.usage> {
  readonly queueName = QUEUES.usage;

  constructor(
    private readonly reservations: ReservationsService,
    protected readonly metrics: MetricsService,
    private readonly config: BillingEnv,
  ) {
    super();
  }

  override onApplicationBootstrap(): void {
    // Configured per deployment; the decorator cannot read config.
    this.worker.concurrency = this.config.USAGE_CONCURRENCY;
    super.onApplicationBootstrap();
  }

  protected handlers(): JobHandlers<typeof QUEUES.usage> {
    return { [JOBS.usageSettle]: (data) => permanentOnDomainError(() => this.apply(data)) };
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
      answerAgain: data.answerAgain === true,
    });
  }
}
