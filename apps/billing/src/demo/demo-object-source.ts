import { Injectable } from '@nestjs/common';
import { BILLING_MESSAGES } from '@council/contracts';
import { DomainException } from '@council/server-kit';
import { parseUserId } from '../stripe/stripe.mappers';
import {
  type BillingObjectSource,
  type CheckoutSessionLike,
  type CustomerLike,
  type SubscriptionLike,
} from '../stripe/stripe.types';
import { demoCheckoutSession } from './demo.events';
import { DemoStore } from './demo.store';

/** Fulfilment's re-reads in demo mode: the demo store answers what Stripe would. */
@Injectable()
export class DemoObjectSource implements BillingObjectSource {
  readonly mode = 'demo' as const;

  constructor(private readonly store: DemoStore) {}

  async retrieveSubscription(id: string): Promise<SubscriptionLike> {
    const subscription = await this.store.getSubscription(id);
    if (!subscription) throw new DomainException('NOT_FOUND', `Demo subscription ${id} not found`);
    return subscription;
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionLike> {
    const session = await this.store.getSession(id);
    if (!session) throw new DomainException('NOT_FOUND', BILLING_MESSAGES.demoSessionNotFound);
    return demoCheckoutSession(session);
  }

  async retrieveCustomer(id: string): Promise<CustomerLike | null> {
    const userId = parseUserId(/^cus_demo_(\d+)$/.exec(id)?.[1]);
    return userId === null ? null : { id, metadata: { userId: String(userId) } };
  }
}
