import { Processor } from '@nestjs/bullmq';
import { JOBS, QUEUES, type WebhookProcessJobData } from '@council/contracts';
import { type JobHandlers, JobProcessor, MetricsService, permanentOnDomainError } from '@council/server-kit';
import { UnrecoverableError } from 'bullmq';
import { StripeObjectSource } from '../stripe/stripe-object-source';
import { parseStripeEvent } from './billing-event';
import { StripeEventsRepository } from './stripe-events.repository';
import { type FulfilmentOutcome } from './handlers/billing-event.handler';
import { WebhookEventsService } from './webhook-events.service';
import { WebhookRedriveService } from './webhook-redrive.service';

export const WEBHOOK_CONCURRENCY = 4;

/**
 * Applies recorded Stripe events. Errors are rethrown so BullMQ retries with backoff; an event is
 * marked processed only after its work committed, and re-running one is harmless.
 */
@Processor(QUEUES.billingWebhooks, { concurrency: WEBHOOK_CONCURRENCY })
export class WebhookProcessor extends JobProcessor<typeof QUEUES.billingWebhooks> {
  readonly queueName = QUEUES.billingWebhooks;

  constructor(
    private readonly events: WebhookEventsService,
    private readonly source: StripeObjectSource,
    private readonly redrive: WebhookRedriveService,
    protected readonly metrics: MetricsService,
    private readonly recorded: StripeEventsRepository,
  ) {
    super();
  }

  protected handlers(): JobHandlers<typeof QUEUES.billingWebhooks> {
    return {
      [JOBS.webhookProcess]: (data) => this.apply(data),
      [JOBS.webhookRedrive]: (data) => this.redrive.redrive(data.olderThanMs),
    };
  }

  private async apply(data: WebhookProcessJobData): Promise<FulfilmentOutcome | 'done'> {
    // Demo events are applied in the request that confirms them (DemoCheckoutService).
    if (data.source !== 'stripe') throw new UnrecoverableError(`Unexpected webhook source "${data.source}"`);
    const recorded = await this.recorded.find(data.eventId);
    if (!recorded) throw new UnrecoverableError(`Stripe event ${data.eventId} was never recorded`);
    if (recorded.processedAt) return 'done';
    const event = parseStripeEvent(recorded.payload);
    const outcome = event
      ? await permanentOnDomainError(() => this.events.apply(event, this.source))
      : 'ignored';
    await this.recorded.markProcessed(recorded.id);
    return outcome;
  }
}
