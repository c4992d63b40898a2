import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  JOBS,
  QUEUES,
  WEBHOOK_REDRIVE_AFTER_MS,
  WEBHOOK_REDRIVE_EVERY_MS,
  WEBHOOK_REDRIVE_SCHEDULER_ID,
} from '@council/contracts';
import { MetricsService, registerOnce } from '@council/server-kit';
import { Queue } from 'bullmq';
import { Counter } from 'prom-client';
import { StripeEventsRepository } from './stripe-events.repository';
import { WebhookIngressService } from './webhook-ingress.service';

/** Most events one re-drive queues; the next tick takes the rest. */
const REDRIVE_BATCH = 500;

export const REDRIVE_EVENTS_METRIC = 'council_webhook_redrive_events_total';

/**
 * Stripe delivers an event until it gets a 2xx, and ours comes once the event is recorded and
 * queued. So a job lost with Redis, or one that used up its retries in a long outage, would leave
 * a paid checkout uncredited for good. Every WEBHOOK_REDRIVE_EVERY_MS one billing replica (a shared
 * BullMQ job scheduler) queues again each recorded event still unprocessed after
 * WEBHOOK_REDRIVE_AFTER_MS; applying an event twice changes nothing.
 */
@Injectable()
export class WebhookRedriveService implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookRedriveService.name);
  /** Events the re-drive found unprocessed: each is one whose job was lost or ran out of retries. */
  private readonly found: Counter;

  constructor(
    private readonly events: StripeEventsRepository,
    private readonly ingress: WebhookIngressService,
    @InjectQueue(QUEUES.billingWebhooks) private readonly queue: Queue,
    metrics: MetricsService,
  ) {
    this.found = registerOnce(
      metrics.registry,
      REDRIVE_EVENTS_METRIC,
      () =>
        new Counter({
          name: REDRIVE_EVENTS_METRIC,
          help: 'Stripe events the periodic re-drive found unprocessed and queued again',
          registers: [metrics.registry],
        }),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      WEBHOOK_REDRIVE_SCHEDULER_ID,
      { every: WEBHOOK_REDRIVE_EVERY_MS },
      {
        name: JOBS.webhookRedrive,
        data: { olderThanMs: WEBHOOK_REDRIVE_AFTER_MS },
        opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
      },
    );
  }

  /** Queues again the events recorded more than `olderThanMs` ago and not processed; returns how many. */
  async redrive(olderThanMs: number): Promise<number> {
    const rows = await this.events.unprocessedOlderThan(olderThanMs, REDRIVE_BATCH);
    for (const row of rows) await this.ingress.requeue(row.id, row.type);
    this.found.inc(rows.length);
    if (rows.length > 0) this.logger.warn(`Queued ${rows.length} unprocessed Stripe event(s) again`);
    return rows.length;
  }
}
