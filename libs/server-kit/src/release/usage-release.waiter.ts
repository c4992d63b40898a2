import { Logger } from '@nestjs/common';
import { QUEUES, errorMessage, queuePrefix } from '@council/contracts';
import { type Job, QueueEvents } from 'bullmq';
import { bullConnection, closeBullMq } from '../queues/bull-connection';
import { type RedisTarget } from '../redis/redis-client.util';

/** How long the final stream entry waits for billing to settle the answers and release the reservation. */
export const RELEASE_WAIT_MS = 5000;

/** Waits, bounded, for billing to process a question's queued release (ReservationReleaseDeps.waitForUsage). */
export class UsageReleaseWaiter {
  private readonly logger = new Logger(UsageReleaseWaiter.name);
  /** Made on the first queued release: with billing answering the release call, none is queued. */
  private events: QueueEvents | null = null;

  constructor(private readonly env: RedisTarget & { REDIS_PREFIX: string }) {}

  async wait(usage: Job): Promise<void> {
    try {
      await usage.waitUntilFinished(this.queueEvents(), RELEASE_WAIT_MS);
    } catch (error) {
      // Billing retries usage jobs on their own; the question still completes.
      this.logger.warn(`Usage job ${usage.id} not confirmed: ${errorMessage(error)}`);
    }
  }

  /** Call once the workers that release have stopped, so no running job still waits here. */
  async close(): Promise<void> {
    if (this.events) await closeBullMq(this.events);
  }

  private queueEvents(): QueueEvents {
    if (!this.events) {
      this.events = new QueueEvents(QUEUES.usage, {
        connection: bullConnection(this.env),
        prefix: queuePrefix(this.env.REDIS_PREFIX, QUEUES.usage),
      });
      this.events.on('error', (error) => this.logger.warn(`Usage queue events: ${error.message}`));
    }
    return this.events;
  }
}
