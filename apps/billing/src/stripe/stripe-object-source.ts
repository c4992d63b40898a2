import { Injectable } from '@nestjs/common';
import { StripeSdkService } from './stripe-sdk.service';
import {
  type BillingObjectSource,
  type CheckoutSessionLike,
  type CustomerLike,
  type SubscriptionLike,
} from './stripe.types';

/** Re-reads objects from Stripe itself: fulfilment converges on what Stripe says now. */
@Injectable()
export class StripeObjectSource implements BillingObjectSource {
  readonly mode = 'stripe' as const;

  constructor(private readonly stripe: StripeSdkService) {}

  retrieveSubscription(id: string): Promise<SubscriptionLike> {
    return this.stripe.call('subscriptions.retrieve', (stripe) => stripe.subscriptions.retrieve(id));
  }

  retrieveCheckoutSession(id: string): Promise<CheckoutSessionLike> {
    return this.stripe.call('checkout.sessions.retrieve', (stripe) => stripe.checkout.sessions.retrieve(id));
  }

  async retrieveCustomer(id: string): Promise<CustomerLike | null> {
    const customer = await this.stripe.call('customers.retrieve', (stripe) => stripe.customers.retrieve(id));
    return customer.deleted ? null : { id: customer.id, metadata: customer.metadata };
  }
}
