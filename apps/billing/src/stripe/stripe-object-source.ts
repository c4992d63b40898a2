import { Injectable } from '@nestjs/common';
import { StripeSdkService } from './stripe-sdk.service';
import { METADATA } from './stripe.constants';
import { refId } from './stripe.mappers';
import {
  type BillingObjectSource,
  type ChargeLike,
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

  async retrieveCharge(id: string): Promise<ChargeLike> {
    const charge = await this.stripe.call('charges.retrieve', (stripe) => stripe.charges.retrieve(id));
    // Stripe's charge only says whether it was disputed; the dispute itself is listed by charge.
    const disputes = charge.disputed
      ? await this.stripe.call('disputes.list', (stripe) => stripe.disputes.list({ charge: id, limit: 1 }))
      : null;
    const dispute = disputes?.data[0];
    return {
      id: charge.id,
      amount: charge.amount,
      amount_refunded: charge.amount_refunded,
      payment_intent: charge.payment_intent,
      customer: charge.customer,
      dispute: dispute ? { id: dispute.id, status: dispute.status, amount: dispute.amount } : null,
    };
  }

  async findCheckoutSessionByPaymentIntent(paymentIntentId: string): Promise<CheckoutSessionLike | null> {
    const sessions = await this.stripe.call('checkout.sessions.list', (stripe) =>
      stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 }),
    );
    return sessions.data[0] ?? null;
  }

  async findInvoicePaymentIntent(invoiceId: string): Promise<string | null> {
    const payments = await this.stripe.call('invoicePayments.list', (stripe) =>
      stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 }),
    );
    return refId(payments.data[0]?.payment.payment_intent) ?? null;
  }

  async findInvoiceByPaymentIntent(paymentIntentId: string): Promise<string | null> {
    const payments = await this.stripe.call('invoicePayments.list', (stripe) =>
      stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntentId },
        limit: 1,
      }),
    );
    return refId(payments.data[0]?.invoice) ?? null;
  }

  /**
   * Refund first, then cancel: once it is cancelled no event makes it a duplicate again, so a
   * failure in between is retried whole (the refund's idempotency key answers the first refund).
   */
  async cancelDuplicateSubscription(id: string): Promise<void> {
    const subscription = await this.stripe.call('subscriptions.retrieve', (stripe) =>
      stripe.subscriptions.retrieve(id),
    );
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
    const invoiceId = refId(subscription.latest_invoice);
    if (invoiceId) {
      const payments = await this.stripe.call('invoicePayments.list', (stripe) =>
        stripe.invoicePayments.list({ invoice: invoiceId }),
      );
      for (const payment of payments.data) {
        const paymentIntent = refId(payment.payment.payment_intent);
        if (payment.status !== 'paid' || !paymentIntent) continue;
        await this.stripe.call('refunds.create', (stripe) =>
          stripe.refunds.create(
            { payment_intent: paymentIntent, metadata: { [METADATA.duplicateOf]: id } },
            { idempotencyKey: `duplicate-refund:${invoiceId}:${paymentIntent}` },
          ),
        );
      }
    }
    await this.stripe.call('subscriptions.cancel', (stripe) =>
      stripe.subscriptions.cancel(id, {}, { idempotencyKey: `duplicate-cancel:${id}` }),
    );
  }
}
