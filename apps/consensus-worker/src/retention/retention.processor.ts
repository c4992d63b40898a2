import { Processor } from '@nestjs/bullmq';
import { JOBS, QUEUES } from '@council/contracts';
import { type JobHandlers, JobProcessor, MetricsService } from '@council/server-kit';
import { RetentionService } from './retention.service';

export interface RetentionSweepResult {
  deleted: number;
}

/**
 * Runs the retention sweep. Errors are rethrown so BullMQ retries; a job with a wrong name or
 * payload can never succeed, so it fails at once (UnrecoverableError).
 */
@Processor(QUEUES.retention, { concurrency: 1 })
export class RetentionProcessor extends JobProcessor<typeof QUEUES.retention> {
  readonly queueName = QUEUES.retention;

  constructor(
    private readonly retention: RetentionService,
    protected readonly metrics: MetricsService,
  ) {
    super();
  }

  protected handlers(): JobHandlers<typeof QUEUES.retention> {
    return {
      [JOBS.retentionSweep]: async ({ retentionDays }): Promise<RetentionSweepResult> => ({
        deleted: await this.retention.sweep(retentionDays),
      }),
    };
  }
}
