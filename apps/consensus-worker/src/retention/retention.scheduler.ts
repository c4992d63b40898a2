import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QUEUES, RETENTION_SWEEP_SCHEDULER_ID } from '@council/contracts';
import { Queue } from 'bullmq';
import { ConsensusWorkerEnv } from '../config/consensus-worker.env';
import { retentionJobTemplate } from './retention.util';

/**
 * Every replica upserts the same scheduler id at boot: BullMQ keeps one schedule, so there is one
 * sweep per interval however many workers run, and a changed interval replaces the old one.
 */
@Injectable()
export class RetentionScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QUEUES.retention) private readonly queue: Queue,
    private readonly env: ConsensusWorkerEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      RETENTION_SWEEP_SCHEDULER_ID,
      { every: this.env.RETENTION_SWEEP_EVERY_MS },
      retentionJobTemplate(),
    );
  }
}
