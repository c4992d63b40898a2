import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JOBS, QUEUES } from '@council/contracts';
import { StripeEventEntity } from '@council/db';
import {
  MetricsService,
  instrumentWorker,
  parseJobOrFail,
  permanentOnDomainError,
} from '@council/server-kit';
import { Job, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { StripeObjectSource } from '../stripe/stripe-object-source';
import { parseStripeEvent } from './billing-event';
import { type FulfilmentOutcome, WebhookEventsService } from './webhook-events.service';

export const WEBHOOK_CONCURRENCY = 4;

/**
 * Applies recorded Stripe events. Errors are rethrown so BullMQ retries with backoff; an event is
 * marked processed only after its work committed, and re-running one is harmless.
 */
@Processor(QUEUES.billingWebhooks, { concurrency: WEBHOOK_CONCURRENCY })
export class WebhookProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookProcessor.name);

  constructor(
    private readonly events: WebhookEventsService,
    private readonly source: StripeObjectSource,
    private readonly metrics: MetricsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    instrumentWorker(this.metrics, this.worker);
    this.worker.on('error', (error) => this.logger.warn(`Worker: ${error.message}`));
  }

  async process(job: Job): Promise<FulfilmentOutcome | 'done'> {
    const data = await parseJobOrFail(QUEUES.billingWebhooks, JOBS.webhookProcess, job);
    // Demo events are applied in the request that confirms them (DemoCheckoutService).
    if (data.source !== 'stripe') throw new UnrecoverableError(`Unexpected webhook source "${data.source}"`);
    const events = this.dataSource.getRepository(StripeEventEntity);
    const recorded = await events.findOneBy({ id: data.eventId });
    if (!recorded) throw new UnrecoverableError(`Stripe event ${data.eventId} was never recorded`);
    if (recorded.processedAt) return 'done';
    const event = parseStripeEvent(recorded.payload);
    const outcome = event
      ? await permanentOnDomainError(() => this.events.apply(event, this.source))
      : 'ignored';
    await events.update(recorded.id, { processedAt: new Date() });
    return outcome;
  }
}
