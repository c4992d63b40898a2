import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JOBS, QUEUES } from '@council/contracts';
import { MetricsService, instrumentWorker, parseJobOrFail } from '@council/server-kit';
import { type Job } from 'bullmq';
import { RetentionService } from './retention.service';

export interface RetentionSweepResult {
  deleted: number;
}

/**
 * Runs the retention sweep. Errors are rethrown so BullMQ retries; a job with a wrong name or
 * payload can never succeed, so it fails at once (UnrecoverableError).
 */
@Processor(QUEUES.retention, { concurrency: 1 })
export class RetentionProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(RetentionProcessor.name);

  constructor(
    private readonly retention: RetentionService,
    private readonly metrics: MetricsService,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    instrumentWorker(this.metrics, this.worker);
    this.worker.on('error', (error) => this.logger.warn(`Worker: ${error.message}`));
  }

  async process(job: Job): Promise<RetentionSweepResult> {
    const { retentionDays } = await parseJobOrFail(QUEUES.retention, JOBS.retentionSweep, job);
    return { deleted: await this.retention.sweep(retentionDays) };
  }
}
