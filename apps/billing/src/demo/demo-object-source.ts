import { Injectable } from '@nestjs/common';
import { BILLING_MESSAGES } from '@council/contracts';
import { DomainException } from '@council/server-kit';
import { parseUserId } from '../stripe/stripe.mappers';
import {
  type BillingObjectSource,
  type ChargeLike,
  type CheckoutSessionLike,
  type CustomerLike,
  type SubscriptionLike,
} from '../stripe/stripe.types';
import { cancelled, demoChargeId, demoCheckoutSession } from './demo.events';
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

  async retrieveCharge(id: string): Promise<ChargeLike> {
    const charge = await this.store.getCharge(id);
    if (!charge) throw new DomainException('NOT_FOUND', BILLING_MESSAGES.demoPurchaseNotFound);
    return {
      id: charge.id,
      amount: charge.amount,
      amount_refunded: charge.amountRefunded,
      payment_intent: charge.paymentIntentId,
      customer: charge.customerId,
      dispute: charge.dispute,
    };
  }

  async findCheckoutSessionByPaymentIntent(paymentIntentId: string): Promise<CheckoutSessionLike | null> {
    const charge = await this.store.getCharge(demoChargeId(paymentIntentId));
    const session = charge ? await this.store.getSession(charge.sessionId) : null;
    return session ? demoCheckoutSession(session) : null;
  }

  /** A demo plan's invoices take no money: no payment to link (DECISIONS 27). */
  async findInvoicePaymentIntent(): Promise<string | null> {
    return null;
  }

  async findInvoiceByPaymentIntent(): Promise<string | null> {
    return null;
  }

  /** A demo plan took no money, so there is nothing to refund: it just ends. */
  async cancelDuplicateSubscription(id: string): Promise<void> {
    const subscription = await this.store.getSubscription(id);
    if (subscription && subscription.status !== 'canceled')
      await this.store.saveSubscription(cancelled(subscription));
  }
}
