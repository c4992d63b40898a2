// Token arithmetic of the ledger, as pure functions (spec §9): a balance is three buckets, spending
// takes the monthly allocation first, then the free allowance, then purchased tokens, and nothing
// ever goes below zero. The services only lock rows and write what these functions plan.

import { type LedgerEntryKind, type SubscriptionTier, isTrialOver } from '@council/contracts';
import { LEDGER_BUCKETS, type LedgerBucket } from '@council/db';

export type Buckets = Readonly<Record<LedgerBucket, number>>;

/** Spec §9: purchased tokens are used after the monthly allocation; the free allowance sits between. */
export const SPEND_ORDER: readonly LedgerBucket[] = ['monthly', 'free', 'purchased'];

export const NO_TOKENS: Buckets = { monthly: 0, purchased: 0, free: 0 };

/** One ledger entry to write: positive credits the bucket, negative debits it. */
export interface Movement {
  readonly kind: LedgerEntryKind;
  readonly bucket: LedgerBucket;
  readonly amount: number;
  readonly note?: string;
  /** Signed change of the tokens owed (DECISIONS 27): + a spent refund, − paid back by a grant. */
  readonly debt?: number;
}

/** The users row's cached columns: tokensLeft is the total, the free part is what the others leave. */
export interface CachedBalance {
  tokensLeft: number;
  monthlyTokens: number;
  purchasedTokens: number;
}

export function bucketsOf(balance: CachedBalance): Buckets {
  return {
    monthly: balance.monthlyTokens,
    purchased: balance.purchasedTokens,
    free: balance.tokensLeft - balance.monthlyTokens - balance.purchasedTokens,
  };
}

/**
 * The buckets an account can spend from (docs/decisions.md, "24. Free tokens after the fifth free
 * query"): past a free account's free queries it spends its purchased tokens alone, as
 * spendableTokens says; the trial's tokens (and any an ended plan left) stay on it, unspent.
 */
export function spendableBucketsOf(
  balance: CachedBalance & { subscriptionTier: SubscriptionTier; queriesLeft: number },
): Buckets {
  const buckets = bucketsOf(balance);
  return isTrialOver(balance.subscriptionTier, balance.queriesLeft)
    ? { monthly: 0, free: 0, purchased: buckets.purchased }
    : buckets;
}

export function cachedBalanceOf(buckets: Buckets): CachedBalance {
  return {
    tokensLeft: total(buckets),
    monthlyTokens: buckets.monthly,
    purchasedTokens: buckets.purchased,
  };
}

export function total(buckets: Buckets): number {
  return buckets.monthly + buckets.purchased + buckets.free;
}

export function addBuckets(a: Buckets, b: Buckets): Buckets {
  return { monthly: a.monthly + b.monthly, purchased: a.purchased + b.purchased, free: a.free + b.free };
}

export function subtractBuckets(a: Buckets, b: Buckets): Buckets {
  return { monthly: a.monthly - b.monthly, purchased: a.purchased - b.purchased, free: a.free - b.free };
}

/** Sums movements (or stored entries) per bucket. */
export function sumByBucket(movements: readonly Pick<Movement, 'bucket' | 'amount'>[]): Buckets {
  const sums: Record<LedgerBucket, number> = { monthly: 0, purchased: 0, free: 0 };
  for (const { bucket, amount } of movements) sums[bucket] += amount;
  return sums;
}

/** The balance after the movements; refuses to produce a negative bucket. */
export function applyMovements(balance: Buckets, movements: readonly Movement[]): Buckets {
  const next = addBuckets(balance, sumByBucket(movements));
  for (const bucket of LEDGER_BUCKETS) {
    if (next[bucket] < 0) {
      throw new RangeError(`The ${bucket} bucket would go below zero (${next[bucket]})`);
    }
  }
  return next;
}

/** Takes up to `amount` from `available` in SPEND_ORDER; what no bucket covers is `uncovered`. */
export function takeInOrder(
  amount: number,
  available: Buckets,
  order: readonly LedgerBucket[] = SPEND_ORDER,
): { taken: Buckets; uncovered: number } {
  assertTokens('amount', amount);
  const taken: Record<LedgerBucket, number> = { monthly: 0, purchased: 0, free: 0 };
  let rest = amount;
  for (const bucket of order) {
    const share = Math.min(rest, Math.max(0, available[bucket]));
    taken[bucket] = share;
    rest -= share;
  }
  return { taken, uncovered: rest };
}

/** One movement per non-empty bucket, in SPEND_ORDER. `sign` -1 debits, +1 credits. */
export function movementsOf(
  kind: LedgerEntryKind,
  amounts: Buckets,
  sign: 1 | -1,
  note?: string,
): Movement[] {
  return SPEND_ORDER.filter((bucket) => amounts[bucket] !== 0).map((bucket) => ({
    kind,
    bucket,
    amount: sign * amounts[bucket],
    ...(note === undefined ? {} : { note }),
  }));
}

export interface ReservationPlan {
  /** maxTokens, or the whole balance when that is smaller; 0 means refuse. */
  reserved: number;
  held: Buckets;
  movements: Movement[];
}

/** A question holds up to maxTokens of the balance; a smaller balance is held whole. */
export function planReservation(maxTokens: number, balance: Buckets): ReservationPlan {
  assertTokens('maxTokens', maxTokens);
  const { taken } = takeInOrder(maxTokens, balance);
  return {
    reserved: total(taken),
    held: taken,
    movements: movementsOf('reservation', taken, -1),
  };
}

export interface SettlementPlan {
  /** Usage the question's hold paid for (released from the hold, then spent). */
  covered: number;
  /** Usage beyond the hold, taken from the rest of the balance. */
  overuse: number;
  /** Usage nothing could pay for: the balance is at zero, the rest is written off. */
  uncovered: number;
  /** Tokens actually spent: covered + overuse. */
  charged: number;
  /** What stays in the hold afterwards. */
  heldAfter: Buckets;
  movements: Movement[];
}

/**
 * Settles one response's usage. The covered part is released from the hold back to the buckets it
 * came from, then the whole usage is spent from the balance in SPEND_ORDER, capped at what is
 * there: so the balance never goes below zero, a response never loses more than the hold plus the
 * balance, and the ledger shows the actual spend as `settlement` entries. There is always at least
 * one settlement entry (possibly of 0), so the settlement itself is on record exactly once.
 * A hold taken in a period that has since ended (`heldFromEndedPeriod`) pays the covered part from
 * the buckets it came from, so its old monthly tokens never turn into the new period's: only the
 * usage beyond the hold is spent from the current balance in SPEND_ORDER.
 */
export function planSettlement(
  usage: number,
  held: Buckets,
  balance: Buckets,
  options: { capRoom?: number; heldFromEndedPeriod?: boolean } = {},
): SettlementPlan {
  assertTokens('usage', usage);
  const { taken: fromHold } = takeInOrder(usage, held);
  const covered = total(fromHold);
  const afterRelease = addBuckets(balance, fromHold);
  // A capped question (the asker's "Stop at N tokens") takes from the rest of the balance only
  // what its cap still allows beyond the hold (capRoom): never more than the cap in all.
  const capped = options.capRoom !== undefined;
  const chargeable = capped ? covered + Math.min(usage - covered, Math.max(0, options.capRoom ?? 0)) : usage;
  const spent = options.heldFromEndedPeriod
    ? addBuckets(fromHold, takeInOrder(chargeable - covered, balance).taken)
    : takeInOrder(chargeable, afterRelease).taken;
  const charged = total(spent);
  const uncovered = usage - charged;
  const why = capped ? "beyond the asker's limit" : 'balance empty';
  const note = `Usage ${usage} tokens: ${covered} from the reservation, ${charged - covered} from the balance${
    uncovered > 0 ? `, ${uncovered} not covered (${why})` : ''
  }`;
  const charges = movementsOf('settlement', spent, -1, note);
  const marker: Movement = { kind: 'settlement', bucket: 'monthly', amount: 0, note };
  return {
    covered,
    overuse: charged - covered,
    uncovered,
    charged,
    heldAfter: subtractBuckets(held, fromHold),
    movements: [
      ...movementsOf('release', fromHold, 1, 'Reserved tokens settled by usage'),
      ...(charges.length > 0 ? charges : [marker]),
    ],
  };
}

export interface ReleasePlan {
  /** Tokens given back to the balance. */
  released: number;
  /** Monthly tokens held across a reset: released, then ended with the period they came from. */
  expired: number;
  movements: Movement[];
}

/**
 * Gives everything still held back to the buckets it came from. A hold taken before the monthly
 * reset is released against the period it was taken in (`heldFromEndedPeriod`): its monthly part
 * ends with that period (an adjustment, as the reset ends the rest of the bucket), so the new
 * period's allocation stays the allowance; free and purchased tokens come back.
 */
export function planRelease(held: Buckets, heldFromEndedPeriod = false): ReleasePlan {
  const movements = movementsOf('release', held, 1, 'Unused reservation released');
  const expired = heldFromEndedPeriod ? held.monthly : 0;
  if (expired > 0) {
    movements.push({
      kind: 'adjustment',
      bucket: 'monthly',
      amount: -expired,
      note: "Held across the monthly reset: the previous period's monthly allocation ends",
    });
  }
  return { released: total(held) - expired, expired, movements };
}

/**
 * A debate waits for the asker's note: the hold keeps `keep` (what the next round needs) and gives
 * back the rest (planRelease), keeping the buckets spent first, so what it keeps is what a
 * settlement would have taken.
 */
export function planTrim(
  held: Buckets,
  keep: number,
  heldFromEndedPeriod = false,
): ReleasePlan & { heldAfter: Buckets } {
  assertTokens('keep', keep);
  const { taken: heldAfter } = takeInOrder(keep, held);
  return { ...planRelease(subtractBuckets(held, heldAfter), heldFromEndedPeriod), heldAfter };
}

/**
 * The notes of a period's allocation. Only a renewal ends the period before it (a first period
 * adds to what an ended plan left), so the reservation reads tell the two apart by the note.
 */
export const ALLOWANCE_NOTES = {
  renewal: 'Monthly allocation',
  firstPeriod: 'Monthly allocation, added to what an earlier plan left',
} as const;

/**
 * A paid period starts: the monthly allocation is reset to the plan's allowance. What was left of
 * the previous period's allocation ends (an adjustment), then the allowance is granted. The first
 * period of a new subscription (`keepLeft`) only adds its allowance: tokens an ended plan left
 * behind stay, as they did when it ended, until this plan's first renewal.
 */
export function planAllowanceReset(monthlyLeft: number, allowance: number, keepLeft = false): Movement[] {
  assertTokens('allowance', allowance);
  const movements: Movement[] = [];
  if (monthlyLeft > 0 && !keepLeft) {
    movements.push({
      kind: 'adjustment',
      bucket: 'monthly',
      amount: -monthlyLeft,
      note: "The previous period's monthly allocation ends",
    });
  }
  if (allowance > 0) {
    const note = keepLeft ? ALLOWANCE_NOTES.firstPeriod : ALLOWANCE_NOTES.renewal;
    movements.push({ kind: 'grant', bucket: 'monthly', amount: allowance, note });
  }
  return movements;
}

/**
 * An upgrade mid-period adds the difference between the two plans' allowances for the share of the
 * period still to run (`periodLeft`, 0 to 1), as Stripe prorates its price: an upgrade on the
 * period's last day buys a thirtieth of the difference, not all of it.
 */
export function planUpgradeTopUp(fromAllowance: number, toAllowance: number, periodLeft: number): Movement[] {
  const share = Number.isFinite(periodLeft) ? Math.min(1, Math.max(0, periodLeft)) : 0;
  const amount = Math.round((toAllowance - fromAllowance) * share);
  if (amount <= 0) return [];
  return [{ kind: 'grant', bucket: 'monthly', amount, note: 'Plan upgrade: allowance difference' }];
}

/** A token pack lands in the purchased bucket. */
export function planPurchase(tokens: number, note: string): Movement[] {
  assertTokens('tokens', tokens);
  return [{ kind: 'purchase', bucket: 'purchased', amount: tokens, note }];
}

function assertTokens(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0`);
}

/** Kinds of entry that bring new tokens: the ones that pay a debt first (DECISIONS 27). */
const DEBT_PAYING_KINDS: readonly LedgerEntryKind[] = ['grant', 'purchase'];

/**
 * A grant pays the account's debt first (DECISIONS 27): after each credit of a grant or purchase,
 * as much of the debt as the credit covers is taken back from the same bucket. Returns the
 * movements with those payments added, and the debt left.
 */
export function payDebtFromGrants(
  movements: readonly Movement[],
  debt: number,
): { movements: Movement[]; debtLeft: number } {
  let owed = debt;
  const out: Movement[] = [];
  for (const movement of movements) {
    out.push(movement);
    owed += movement.debt ?? 0;
    if (owed <= 0 || movement.amount <= 0 || !DEBT_PAYING_KINDS.includes(movement.kind)) continue;
    const paid = Math.min(owed, movement.amount);
    owed -= paid;
    out.push({
      kind: 'adjustment',
      bucket: movement.bucket,
      amount: -paid,
      debt: -paid,
      note: `Pays ${paid} tokens owed for refunded tokens already spent`,
    });
  }
  return { movements: out, debtLeft: owed };
}

/** The debt after the movements; refuses to go below zero. */
export function applyDebt(debt: number, movements: readonly Movement[]): number {
  const next = movements.reduce((sum, movement) => sum + (movement.debt ?? 0), debt);
  if (next < 0) throw new RangeError(`The debt would go below zero (${next})`);
  return next;
}
