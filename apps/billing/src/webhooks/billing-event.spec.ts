import { parseStripeEvent } from './billing-event';

const event = (type: string, object: object) => ({ id: 'evt_1', object: 'event', type, data: { object } });

describe('parseStripeEvent', () => {
  it('reads checkout sessions by id', () => {
    expect(parseStripeEvent(event('checkout.session.completed', { id: 'cs_1', mode: 'payment' }))).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      sessionId: 'cs_1',
    });
  });

  it('reads subscription events with their customer and user hint', () => {
    expect(
      parseStripeEvent(
        event('customer.subscription.deleted', {
          id: 'sub_1',
          customer: { id: 'cus_1' },
          metadata: { userId: '9' },
        }),
      ),
    ).toEqual({
      id: 'evt_1',
      type: 'customer.subscription.deleted',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      userIdHint: 9,
    });
  });

  it('reads invoices in the current API shape (parent.subscription_details, line pricing)', () => {
    const parsed = parseStripeEvent(
      event('invoice.paid', {
        id: 'in_1',
        customer: 'cus_1',
        billing_reason: 'subscription_update',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: 'sub_1', metadata: { userId: '3' } },
        },
        lines: {
          data: [
            {
              amount: -1000,
              period: { start: 1, end: 500 },
              pricing: { price_details: { price: 'price_premium' } },
            },
            {
              amount: 7000,
              period: { start: 1, end: 1000 },
              pricing: { price_details: { price: 'price_max' } },
            },
          ],
        },
      }),
    );
    expect(parsed).toEqual({
      id: 'evt_1',
      type: 'invoice.paid',
      invoice: {
        id: 'in_1',
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        userIdHint: 3,
        billingReason: 'subscription_update',
        periodEnd: new Date(1000 * 1000),
        chargedPriceIds: ['price_max'],
      },
    });
  });

  it('reads invoices in the older shape (invoice.subscription, line price)', () => {
    const parsed = parseStripeEvent(
      event('invoice.payment_failed', {
        id: 'in_2',
        customer: 'cus_1',
        subscription: 'sub_2',
        lines: { data: [{ amount: 2999, period: { end: 2000 }, price: { id: 'price_premium' } }] },
      }),
    );
    expect(parsed).toMatchObject({
      type: 'invoice.payment_failed',
      invoice: {
        subscriptionId: 'sub_2',
        chargedPriceIds: ['price_premium'],
        periodEnd: new Date(2000 * 1000),
      },
    });
  });

  it('reads refunds by their charge and disputes by the charge they name', () => {
    expect(parseStripeEvent(event('charge.refunded', { id: 'ch_1', object: 'charge' }))).toEqual({
      id: 'evt_1',
      type: 'charge.refunded',
      chargeId: 'ch_1',
    });
    expect(
      parseStripeEvent(event('charge.dispute.closed', { id: 'dp_1', object: 'dispute', charge: 'ch_2' })),
    ).toEqual({ id: 'evt_1', type: 'charge.dispute.closed', chargeId: 'ch_2' });
    expect(parseStripeEvent(event('charge.dispute.created', { id: 'dp_1', charge: { id: 'ch_3' } }))).toEqual(
      { id: 'evt_1', type: 'charge.dispute.created', chargeId: 'ch_3' },
    );
    expect(parseStripeEvent(event('charge.dispute.created', { id: 'dp_1' }))).toBeNull();
  });

  it('ignores other event types and malformed payloads', () => {
    expect(parseStripeEvent(event('charge.succeeded', { id: 'ch_1' }))).toBeNull();
    expect(parseStripeEvent({ id: 'evt_1', type: 'invoice.paid' })).toBeNull();
    expect(parseStripeEvent('nonsense')).toBeNull();
    expect(parseStripeEvent(event('checkout.session.completed', {}))).toBeNull();
  });
});
