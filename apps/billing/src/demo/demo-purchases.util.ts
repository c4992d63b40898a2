// The demo refund and dispute controls (DECISIONS 27), as pure functions: what each does to a demo
// charge (as Stripe would: a disputed charge cannot be refunded, a closed dispute stays closed), and
// the event Stripe would send about the charge afterwards. Event ids derive from the charge's state,
// so repeating a control builds the same event, and the ledger key of that state makes it a no-op.

import { BILLING_MESSAGES, type DemoDisputeOutcome, type DemoPurchase, findPack } from '@council/contracts';
import { type PaymentGrantEntity } from '@council/db';
import { DomainException } from '@council/server-kit';
import { disputeStateOf } from '../charges/charge.arithmetic';
import { type ChargeEvent } from '../webhooks/billing-event';
import { type DemoCharge } from './demo.types';

const NUMBER = new Intl.NumberFormat('en-GB');

/** Stripe's status of a dispute that waits for the merchant's evidence. */
export const DEMO_DISPUTE_OPEN_STATUS = 'needs_response';

function suffixOf(charge: DemoCharge): string {
  return charge.id.replace(/^ch_demo_/, '');
}

/**
 * Refunds `amountPence` of the charge, or the rest of it; at most what is left (as the fake Stripe
 * does). Fully refunded already: the same charge (nothing changes).
 */
export function refundCharge(charge: DemoCharge, amountPence?: number): DemoCharge {
  const dispute = disputeStateOf(charge.dispute?.status);
  if (dispute === 'open' || dispute === 'lost') {
    throw new DomainException('CONFLICT', BILLING_MESSAGES.demoPurchaseDisputed);
  }
  const left = charge.amount - charge.amountRefunded;
  if (left <= 0) return charge;
  return { ...charge, amountRefunded: charge.amountRefunded + Math.min(amountPence ?? left, left) };
}

/**
 * Without an outcome, the cardholder opens a dispute of what was not refunded (one per charge:
 * asking again changes nothing); with one, the open dispute closes won or lost.
 */
export function disputeCharge(charge: DemoCharge, outcome?: DemoDisputeOutcome): DemoCharge {
  const state = disputeStateOf(charge.dispute?.status);
  if (!outcome) {
    if (charge.dispute) return charge;
    if (charge.amountRefunded >= charge.amount) {
      throw new DomainException('CONFLICT', BILLING_MESSAGES.demoPurchaseRefunded);
    }
    return {
      ...charge,
      dispute: {
        id: `dp_demo_${suffixOf(charge)}`,
        status: DEMO_DISPUTE_OPEN_STATUS,
        amount: charge.amount - charge.amountRefunded,
      },
    };
  }
  if (!charge.dispute) throw new DomainException('CONFLICT', BILLING_MESSAGES.demoNoDispute);
  if (state === outcome) return charge;
  if (state !== 'open') throw new DomainException('CONFLICT', BILLING_MESSAGES.demoDisputeClosed);
  return { ...charge, dispute: { ...charge.dispute, status: outcome } };
}

/** charge.refunded as Stripe sends it after the charge's latest refund. */
export function demoRefundEvent(charge: DemoCharge): ChargeEvent {
  return {
    id: `evt_demo_${suffixOf(charge)}_refund_${charge.amountRefunded}`,
    type: 'charge.refunded',
    chargeId: charge.id,
  };
}

/** charge.dispute.created, or charge.dispute.closed once it was won or lost; null without one. */
export function demoDisputeEvent(charge: DemoCharge): ChargeEvent | null {
  const state = disputeStateOf(charge.dispute?.status);
  if (!state) return null;
  return state === 'open'
    ? { id: `evt_demo_${suffixOf(charge)}_dispute_open`, type: 'charge.dispute.created', chargeId: charge.id }
    : {
        id: `evt_demo_${suffixOf(charge)}_dispute_${state}`,
        type: 'charge.dispute.closed',
        chargeId: charge.id,
      };
}

/** A demo charge and its grant's row (what the ledger reflects) as the web shows it. */
export function demoPurchaseView(charge: DemoCharge, grant: PaymentGrantEntity | undefined): DemoPurchase {
  const pack = findPack(charge.packId);
  const tokens = grant?.grantedTokens ?? pack?.tokens ?? 0;
  return {
    id: charge.id,
    packId: charge.packId,
    title: `${pack?.name ?? 'Token pack'} — ${NUMBER.format(tokens)} tokens`,
    tokens,
    amountPence: charge.amount,
    currency: 'gbp',
    createdAt: charge.createdAt,
    refundedPence: charge.amountRefunded,
    dispute: disputeStateOf(charge.dispute?.status),
    revokedTokens: grant?.revokedTokens ?? 0,
    debtTokens: grant?.debtTokens ?? 0,
    frozenTokens: grant?.frozenTokens ?? 0,
  };
}
