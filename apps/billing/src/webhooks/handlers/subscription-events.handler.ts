import { Injectable } from '@nestjs/common';
import { type BillingObjectSource } from '../../stripe/stripe.types';
import { SubscriptionSyncService } from '../../subscriptions/subscription-sync.service';
import { type SubscriptionEvent } from '../billing-event';
import { EventUserResolver } from '../event-user.resolver';
import { type BillingEventHandler, type FulfilmentOutcome } from './billing-event.handler';

/** A subscription created, changed or deleted: converge on what Stripe says now. */
@Injectable()
export class SubscriptionEventsHandler implements BillingEventHandler<SubscriptionEvent> {
  constructor(
    private readonly sync: SubscriptionSyncService,
    private readonly users: EventUserResolver,
  ) {}

  async handle(event: SubscriptionEvent, source: BillingObjectSource): Promise<FulfilmentOutcome> {
    const userId = await this.users.resolve(
      { customerId: event.customerId, userId: event.userIdHint },
      source,
    );
    if (userId === null) return 'ignored';
    const { decision } = await this.sync.sync(userId, event.subscriptionId, source, {
      stripeEventId: event.id,
    });
    return decision.apply ? 'synced' : 'ignored';
  }
}
