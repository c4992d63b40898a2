import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@council/contracts';
import { RetentionProcessor } from './retention.processor';
import { RetentionScheduler } from './retention.scheduler';
import { RetentionService } from './retention.service';

/** Free history retention (DECISIONS 11): schedules and runs the repeatable sweep. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.retention })],
  providers: [RetentionService, RetentionProcessor, RetentionScheduler],
})
export class RetentionModule {}
