import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import {
  type BillingWebhookReply,
  JOBS,
  QUEUES,
  type WebhookBodyEncoding,
  webhookJobId,
} from '@council/contracts';
import { JobQueue } from '@council/server-kit';
import { Queue } from 'bullmq';
import { StripeSdkService } from '../stripe/stripe-sdk.service';
import { StripeEventsRepository } from './stripe-events.repository';

/** Retries with exponential backoff (2 s … ~68 min, about 2.3 h in all); Stripe's redeliveries re-drive a job that still failed. */
export const WEBHOOK_JOB_OPTIONS = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  // Kept for inspection (Bull Board) and so a redelivery can retry it.
  removeOnFail: false,
} as const;

/**
 * The webhook's fast path: verify the signature on the raw bytes, record the event id once,
 * queue the work, answer. Nothing here can lose an event: a failure before the reply makes Stripe
 * deliver again, and a redelivery of an event recorded but not yet processed queues it again.
 */
@Injectable()
export class WebhookIngressService {
  private readonly queue: JobQueue<typeof QUEUES.billingWebhooks>;

  constructor(
    private readonly stripe: StripeSdkService,
    private readonly events: StripeEventsRepository,
    @InjectQueue(QUEUES.billingWebhooks) queue: Queue,
  ) {
    this.queue = new JobQueue(QUEUES.billingWebhooks, queue);
  }

  async receive(
    rawBody: string,
    encoding: WebhookBodyEncoding,
    signature: string | undefined,
  ): Promise<BillingWebhookReply> {
    // Text is verified and stored as it came; only a body sent in base64 is decoded first.
    const body = encoding === 'utf8' ? rawBody : Buffer.from(rawBody, encoding);
    const event = this.stripe.constructEvent(body, signature);
    // Stored as received (the verified JSON), and applied from there by the processor.
    const payload = typeof body === 'string' ? body : body.toString('utf8');
    const duplicate = !(await this.events.record(event.id, event.type, payload));
    if (!duplicate) {
      await this.enqueue(event.id, event.type);
    } else if (await this.events.isUnprocessed(event.id)) {
      await this.requeue(event.id, event.type);
    }
    return { received: true, eventId: event.id, duplicate };
  }

  private async enqueue(eventId: string, type: string): Promise<void> {
    await this.queue.add(
      JOBS.webhookProcess,
      { eventId, type, source: 'stripe' },
      {
        ...WEBHOOK_JOB_OPTIONS,
        jobId: webhookJobId(eventId),
      },
    );
  }

  /**
   * An event recorded but not processed yet (a redelivery, or the re-drive): re-run a job that gave
   * up, else make sure one exists (a job still waiting or retrying is left as it is).
   */
  async requeue(eventId: string, type: string): Promise<void> {
    const job = await this.queue.queue.getJob(webhookJobId(eventId));
    if (job && (await job.isFailed())) {
      await job.retry();
      return;
    }
    await this.enqueue(eventId, type);
  }
}
