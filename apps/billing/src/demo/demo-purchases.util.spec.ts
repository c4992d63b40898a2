import { BILLING_MESSAGES } from '@council/contracts';
import { parseStripeEvent } from '../webhooks/billing-event';
import { demoDisputeEvent, demoRefundEvent, disputeCharge, refundCharge } from './demo-purchases.util';
import { type DemoCharge } from './demo.types';

function charge(fields: Partial<DemoCharge> = {}): DemoCharge {
  return {
    id: 'ch_demo_abcdefghijklmnopqrstuvwx',
    paymentIntentId: 'pi_demo_abcdefghijklmnopqrstuvwx',
    sessionId: 'cs_demo_abcdefghijklmnopqrstuvwx',
    userId: 5,
    customerId: 'cus_demo_5',
    packId: 'tokens_50k',
    amount: 999,
    amountRefunded: 0,
    dispute: null,
    createdAt: '2026-01-31T12:01:00.000Z',
    ...fields,
  };
}

describe('demo refunds', () => {
  it('refunds the rest of the charge, or part of it, never more than is left', () => {
    expect(refundCharge(charge()).amountRefunded).toBe(999);
    expect(refundCharge(charge(), 300).amountRefunded).toBe(300);
    expect(refundCharge(charge({ amountRefunded: 900 }), 300).amountRefunded).toBe(999);
  });

  it('changes nothing once refunded in full (the same object)', () => {
    const refunded = charge({ amountRefunded: 999 });
    expect(refundCharge(refunded)).toBe(refunded);
    expect(refundCharge(refunded, 1)).toBe(refunded);
  });

  it('refuses a charge under an open or lost dispute, as Stripe does, but not a won one', () => {
    for (const status of ['needs_response', 'lost']) {
      expect(() => refundCharge(charge({ dispute: { id: 'dp_1', status, amount: 999 } }))).toThrow(
        BILLING_MESSAGES.demoPurchaseDisputed,
      );
    }
    expect(refundCharge(charge({ dispute: { id: 'dp_1', status: 'won', amount: 999 } })).amountRefunded).toBe(
      999,
    );
  });

  it('builds a charge.refunded per refunded amount, of the shape a Stripe event parses to', () => {
    const refunded = refundCharge(charge(), 300);
    const event = demoRefundEvent(refunded);
    expect(event).toEqual({
      id: 'evt_demo_abcdefghijklmnopqrstuvwx_refund_300',
      type: 'charge.refunded',
      chargeId: refunded.id,
    });
    expect(
      parseStripeEvent({ id: event.id, type: event.type, data: { object: { id: refunded.id } } }),
    ).toEqual(event);
  });
});

describe('demo disputes', () => {
  it('opens one dispute of what was not refunded; opening again changes nothing', () => {
    const disputed = disputeCharge(charge({ amountRefunded: 99 }));
    expect(disputed.dispute).toEqual({
      id: 'dp_demo_abcdefghijklmnopqrstuvwx',
      status: 'needs_response',
      amount: 900,
    });
    expect(disputeCharge(disputed)).toBe(disputed);
    expect(demoDisputeEvent(disputed)).toEqual({
      id: 'evt_demo_abcdefghijklmnopqrstuvwx_dispute_open',
      type: 'charge.dispute.created',
      chargeId: disputed.id,
    });
  });

  it('closes it won or lost, once', () => {
    const disputed = disputeCharge(charge());
    const won = disputeCharge(disputed, 'won');
    expect(won.dispute?.status).toBe('won');
    expect(disputeCharge(won, 'won')).toBe(won);
    expect(() => disputeCharge(won, 'lost')).toThrow(BILLING_MESSAGES.demoDisputeClosed);
    expect(demoDisputeEvent(won)).toMatchObject({
      id: 'evt_demo_abcdefghijklmnopqrstuvwx_dispute_won',
      type: 'charge.dispute.closed',
    });
  });

  it('refuses to close a dispute never opened, or to dispute a charge refunded in full', () => {
    expect(() => disputeCharge(charge(), 'lost')).toThrow(BILLING_MESSAGES.demoNoDispute);
    expect(() => disputeCharge(charge({ amountRefunded: 999 }))).toThrow(
      BILLING_MESSAGES.demoPurchaseRefunded,
    );
    expect(demoDisputeEvent(charge())).toBeNull();
  });
});
