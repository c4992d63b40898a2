import { getQueueToken } from '@nestjs/bullmq';
import { Logger, Module, type Provider } from '@nestjs/common';
import { QUEUES } from '@council/contracts';
import { QueueModule, queueDepthMetricsProvider } from '@council/server-kit';
import { type Queue } from 'bullmq';

/** The queues billing consumes: usage settlements and recorded Stripe events. */
export const BILLING_QUEUES = [QUEUES.usage, QUEUES.billingWebhooks] as const;

const registered = QueueModule.registerQueues(...BILLING_QUEUES);

/** A Redis hiccup on a queue connection is logged, not an unhandled 'error' event that kills the process. */
const queueErrorLogging: Provider = {
  provide: Symbol('BILLING_QUEUE_ERROR_LOGGING'),
  inject: BILLING_QUEUES.map((name) => getQueueToken(name)),
  useFactory: (...queues: Queue[]) => {
    const logger = new Logger('BillingQueues');
    for (const queue of queues) queue.on('error', (error) => logger.warn(`${queue.name}: ${error.message}`));
  },
};

@Module({
  imports: [registered],
  providers: [queueDepthMetricsProvider(BILLING_QUEUES), queueErrorLogging],
  exports: [registered],
})
export class BillingQueuesModule {}
