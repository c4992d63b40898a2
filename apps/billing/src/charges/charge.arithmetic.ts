// Refunds and disputes of a paid grant (DECISIONS 27), as pure functions: what the ledger must do
// so a charge's grant reflects what Stripe says of the charge now. The service locks the account,
// reads the charge and the grant's row, and writes what planChargeConvergence plans.

import { type LedgerBucket, type PaymentDisputeState } from '@council/db';
import { type Movement } from '../ledger/ledger.arithmetic';

/** What Stripe says of the charge, as far as tokens are concerned. */
export interface ChargeFacts {
  chargeId: string;
  /** In minor units. */
  amount: number;
  amountRefunded: number;
  disputeId: string | null;
  dispute: PaymentDisputeState | null;
  disputedAmount: number;
}

/** How far the ledger reflects the charge so far (the payment_grants row). */
export interface AppliedState {
  grantedTokens: number;
  bucket: LedgerBucket;
  revokedTokens: number;
  debtTokens: number;
  frozenTokens: number;
  /** The dispute state the ledger reflects (a freeze was applied when it is 'open'). */
  dispute: PaymentDisputeState | null;
}

export interface ChargeConvergence {
  movements: Movement[];
  /** The row's new state. */
  next: Pick<AppliedState, 'revokedTokens' | 'debtTokens' | 'frozenTokens' | 'dispute'>;
}

/**
 * A dispute's Stripe status as a state: won and lost are final; an inquiry closed without a
 * chargeback (`warning_closed`) or one Stripe prevented gives the tokens back like a won one;
 * everything else is still open.
 */
export function disputeStateOf(status: string | null | undefined): PaymentDisputeState | null {
  if (!status) return null;
  if (status === 'lost') return 'lost';
  if (status === 'won' || status === 'warning_closed' || status === 'prevented') return 'won';
  return 'open';
}

/** Tokens the charge's refunds (and a lost dispute) take back in all: proportional to the money. */
export function tokensToRevoke(granted: number, facts: ChargeFacts): number {
  if (facts.amount <= 0) return 0;
  const returned =
    facts.dispute === 'lost' ? facts.amountRefunded + facts.disputedAmount : facts.amountRefunded;
  const share = Math.min(1, Math.max(0, returned / facts.amount));
  return Math.min(granted, Math.round(granted * share));
}

/**
 * A subscription period that has ended (a renewal came after its grant): its tokens left the
 * monthly bucket then, so a refund takes nothing from the bucket (that is the next period's).
 * `unspentShare` is the part of the grant that ended unspent with the period.
 */
export interface EndedPeriod {
  unspentShare: number;
}

/**
 * Moves the ledger from `applied` to what `facts` say, taking `balance` (the grant's bucket now)
 * into account:
 * - a refund (or a lost dispute) takes back its share of the grant: first from tokens a dispute
 *   froze, then from the bucket as far as it holds them; the rest was spent and becomes a debt;
 * - a dispute that opens freezes the grant's tokens still in the bucket (not what was spent);
 *   while it is open the frozen amount only shrinks (a refund takes from it);
 * - a dispute that closes releases what it froze (won), or takes it as a refund would (lost).
 * After the grant's period ended (`ended`), a refund's share splits as the period did: what ended
 * unspent is gone already, what was spent is owed; a released freeze ends with its period.
 * Only ever takes back more: a refund that Stripe reverses later gives nothing back here.
 */
export function planChargeConvergence(
  applied: AppliedState,
  facts: ChargeFacts,
  balance: number,
  options: { ended?: EndedPeriod } = {},
): ChargeConvergence {
  const { bucket, grantedTokens: granted } = applied;
  const { ended } = options;
  const target = tokensToRevoke(granted, facts);
  const revoke = Math.max(0, target - applied.revokedTokens);
  const fromFrozen = Math.min(revoke, applied.frozenTokens);
  // An ended period's tokens are no longer in the bucket: what is in it is the next period's.
  const inBucket = ended ? 0 : Math.max(0, balance);
  const fromBucket = Math.min(revoke - fromFrozen, inBucket);
  const rest = revoke - fromFrozen - fromBucket;
  // Of the rest, the share that ended unspent with the period is gone already; the spent share is owed.
  const fromExpired = ended ? Math.round(rest * Math.min(1, Math.max(0, ended.unspentShare))) : 0;
  const owed = rest - fromExpired;
  const frozenLeft = applied.frozenTokens - fromFrozen;
  const open = facts.dispute === 'open';
  const frozen = !open
    ? 0
    : applied.dispute === 'open'
      ? frozenLeft
      : Math.min(granted - target, inBucket - fromBucket);
  // Frozen tokens a closed dispute releases after their period ended end with it.
  const frozenEnded = ended ? Math.max(0, frozenLeft - frozen) : 0;
  const next = {
    revokedTokens: applied.revokedTokens + revoke,
    debtTokens: applied.debtTokens + owed,
    frozenTokens: frozen,
    dispute: facts.dispute,
  };
  if (revoke === 0 && frozen === applied.frozenTokens) return { movements: [], next };
  const of = `charge ${facts.chargeId}`;
  const movements: Movement[] = [];
  if (applied.frozenTokens > 0) {
    movements.push({
      kind: 'adjustment',
      bucket,
      amount: applied.frozenTokens,
      note: `Dispute of ${of}: frozen tokens released`,
    });
  }
  if (fromFrozen + fromBucket > 0) {
    movements.push({
      kind: 'adjustment',
      bucket,
      amount: -(fromFrozen + fromBucket),
      note: `${facts.dispute === 'lost' ? 'Dispute lost' : 'Refund'} of ${of}: unspent tokens taken back`,
    });
  }
  if (owed > 0) {
    movements.push({
      kind: 'adjustment',
      bucket,
      amount: 0,
      debt: owed,
      note: `${facts.dispute === 'lost' ? 'Dispute lost' : 'Refund'} of ${of}: ${owed} tokens already spent are owed`,
    });
  }
  if (frozen > 0) {
    movements.push({
      kind: 'adjustment',
      bucket,
      amount: -frozen,
      note: `Dispute of ${of}: tokens frozen until it closes`,
    });
  }
  if (frozenEnded > 0) {
    movements.push({
      kind: 'adjustment',
      bucket,
      amount: -frozenEnded,
      note: `Dispute of ${of}: released tokens end with their period`,
    });
  }
  return { movements, next };
}

/** The ledger key of one state of a charge: a redelivered or older event finds it used. */
export function chargeStateKey(facts: ChargeFacts): string {
  return `charge:${facts.chargeId}:${facts.amountRefunded}:${facts.disputeId ?? '-'}:${facts.dispute ?? '-'}`;
}
