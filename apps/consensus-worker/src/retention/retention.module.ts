import { Module } from '@nestjs/common';
import { QUEUES } from '@council/contracts';
import { QueueModule } from '@council/server-kit';
import { RetentionProcessor } from './retention.processor';
import { RetentionScheduler } from './retention.scheduler';
import { RetentionService } from './retention.service';

/** Free history retention (DECISIONS 11): schedules and runs the repeatable sweep. */
@Module({
  imports: [QueueModule.registerQueues(QUEUES.retention)],
  providers: [RetentionService, RetentionProcessor, RetentionScheduler],
})
export class RetentionModule {}
