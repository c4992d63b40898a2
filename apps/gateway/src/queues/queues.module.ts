import { Module } from '@nestjs/common';
import { ALL_QUEUE_NAMES } from '@council/contracts';
import { QueueModule, queueDepthMetricsProvider } from '@council/server-kit';

const registrations = QueueModule.registerQueues(...ALL_QUEUE_NAMES);

/** Producer handles for every queue: the gateway enqueues, reports depth and shows them to operators. */
@Module({
  imports: [QueueModule.forRoot(), registrations],
  providers: [queueDepthMetricsProvider(ALL_QUEUE_NAMES)],
  exports: [registrations],
})
export class QueuesModule {}
