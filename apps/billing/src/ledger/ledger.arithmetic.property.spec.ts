import fc from 'fast-check';
import { LEDGER_BUCKETS, type LedgerBucket } from '@council/db';
import {
  type AppliedState,
  type ChargeFacts,
  planChargeConvergence,
  tokensToRevoke,
} from '../charges/charge.arithmetic';
import {
  type Buckets,
  type Movement,
  NO_TOKENS,
  applyDebt,
  applyMovements,
  payDebtFromGrants,
  planAllowanceReset,
  planPurchase,
  planRelease,
  planReservation,
  planSettlement,
  sumByBucket,
  total,
} from './ledger.arithmetic';

// Random sequences of grants, spends, holds, releases, refunds and disputes, run through the pure
// arithmetic exactly as LedgerService.appendAll and ChargesService compose it (each operation's
// movements pass through payDebtFromGrants, then applyMovements and applyDebt). After every step the
// ledger's sums equal the balance, no bucket and no debt is below zero, and each charge's state
// stays within what it granted (DECISIONS 27). A hold taken before a monthly reset is settled and
// released against its own period, so the monthly bucket (with what current holds keep of it) never
// exceeds what the current period allocated.

interface PaidCharge {
  applied: AppliedState;
  facts: ChargeFacts;
}

interface Hold {
  held: Buckets;
  /** Taken before the latest monthly reset. */
  fromEndedPeriod: boolean;
}

interface Model {
  balance: Buckets;
  debt: number;
  entries: Movement[];
  holds: Hold[];
  charges: PaidCharge[];
  /** Monthly tokens the current period allocated: its allowance, what it kept, what disputes restored. */
  periodMonthly: number;
}

type Step =
  | { op: 'pack'; tokens: number; amount: number }
  | { op: 'allowance'; tokens: number; amount: number; firstPeriod: boolean }
  | { op: 'spend'; usage: number }
  | { op: 'hold'; max: number }
  | { op: 'settle'; pick: number; usage: number }
  | { op: 'release'; pick: number }
  | { op: 'refund'; pick: number; amount: number }
  | { op: 'dispute'; pick: number }
  | { op: 'close'; pick: number; won: boolean }
  | { op: 'redeliver'; pick: number };

const tokens = fc.integer({ min: 1, max: 300_000 });
const money = fc.integer({ min: 1, max: 20_000 });
const pick = fc.nat({ max: 1_000 });

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('pack' as const), tokens, amount: money }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('allowance' as const),
      tokens,
      amount: money,
      firstPeriod: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('spend' as const), usage: fc.nat({ max: 300_000 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('hold' as const), max: fc.nat({ max: 200_000 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('settle' as const), pick, usage: fc.nat({ max: 200_000 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('release' as const), pick }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('refund' as const), pick, amount: money }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('dispute' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('close' as const), pick, won: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('redeliver' as const), pick }) },
);

/** appendAll's arithmetic: a grant pays the debt first; nothing may go below zero. */
function append(model: Model, movements: readonly Movement[]): void {
  const paying = payDebtFromGrants(movements, model.debt);
  model.balance = applyMovements(model.balance, paying.movements);
  model.debt = applyDebt(model.debt, paying.movements);
  expect(model.debt).toBe(paying.debtLeft);
  model.entries.push(...paying.movements);
}

function grant(model: Model, bucket: LedgerBucket, movements: Movement[], granted: number, amount: number) {
  append(model, movements);
  model.charges.push({
    applied: {
      grantedTokens: granted,
      bucket,
      revokedTokens: 0,
      debtTokens: 0,
      frozenTokens: 0,
      dispute: null,
    },
    facts: {
      chargeId: `ch_${model.charges.length}`,
      amount,
      amountRefunded: 0,
      disputeId: null,
      dispute: null,
      disputedAmount: 0,
    },
  });
}

/** ChargesService.convergeLocked: plan against the grant's bucket, write, keep the row's state. */
function converge(model: Model, charge: PaidCharge): Movement[] {
  const { movements, next } = planChargeConvergence(
    charge.applied,
    charge.facts,
    model.balance[charge.applied.bucket],
  );
  append(model, movements);
  model.periodMonthly += sumByBucket(movements.filter((movement) => movement.amount > 0)).monthly;
  charge.applied = { ...charge.applied, ...next };
  return movements;
}

function run(model: Model, s: Step): void {
  const charge =
    model.charges.length > 0 && 'pick' in s ? model.charges[s.pick % model.charges.length] : null;
  const holdIndex = model.holds.length > 0 && 'pick' in s ? s.pick % model.holds.length : -1;
  switch (s.op) {
    case 'pack':
      return grant(model, 'purchased', planPurchase(s.tokens, 'pack'), s.tokens, s.amount);
    case 'allowance': {
      // The first period keeps what is in the bucket and the holds; a renewal ends them.
      const kept = s.firstPeriod
        ? model.balance.monthly +
          model.holds.reduce((sum, hold) => sum + (hold.fromEndedPeriod ? 0 : hold.held.monthly), 0)
        : 0;
      if (!s.firstPeriod) for (const hold of model.holds) hold.fromEndedPeriod = true;
      grant(
        model,
        'monthly',
        planAllowanceReset(model.balance.monthly, s.tokens, s.firstPeriod),
        s.tokens,
        s.amount,
      );
      model.periodMonthly = kept + s.tokens;
      return;
    }
    case 'spend': {
      const plan = planSettlement(s.usage, NO_TOKENS, model.balance);
      return append(model, plan.movements);
    }
    case 'hold': {
      const plan = planReservation(s.max, model.balance);
      append(model, plan.movements);
      model.holds.push({ held: plan.held, fromEndedPeriod: false });
      return;
    }
    case 'settle': {
      if (holdIndex < 0) return;
      const hold = model.holds[holdIndex]!;
      const plan = planSettlement(s.usage, hold.held, model.balance, {
        heldFromEndedPeriod: hold.fromEndedPeriod,
      });
      append(model, plan.movements);
      hold.held = plan.heldAfter;
      return;
    }
    case 'release': {
      if (holdIndex < 0) return;
      const hold = model.holds[holdIndex]!;
      append(model, planRelease(hold.held, hold.fromEndedPeriod).movements);
      model.holds.splice(holdIndex, 1);
      return;
    }
    case 'refund': {
      // Stripe refuses to refund a charge under an open dispute.
      if (!charge || charge.facts.dispute === 'open') return;
      const { facts } = charge;
      const limit = facts.amount - (facts.dispute === 'lost' ? facts.disputedAmount : 0);
      charge.facts = { ...facts, amountRefunded: Math.min(limit, facts.amountRefunded + s.amount) };
      converge(model, charge);
      return;
    }
    case 'dispute': {
      if (!charge || charge.facts.disputeId || charge.facts.amountRefunded >= charge.facts.amount) return;
      const { facts } = charge;
      charge.facts = {
        ...facts,
        disputeId: `dp_${facts.chargeId}`,
        dispute: 'open',
        disputedAmount: facts.amount - facts.amountRefunded,
      };
      converge(model, charge);
      return;
    }
    case 'close': {
      if (!charge || charge.facts.dispute !== 'open') return;
      charge.facts = { ...charge.facts, dispute: s.won ? 'won' : 'lost' };
      converge(model, charge);
      expect(charge.applied.frozenTokens).toBe(0);
      return;
    }
    case 'redeliver': {
      // The same state again (a redelivered or older event) changes nothing.
      if (!charge) return;
      expect(converge(model, charge)).toEqual([]);
      return;
    }
  }
}

function checkInvariants(model: Model): void {
  const sums = sumByBucket(model.entries);
  for (const bucket of LEDGER_BUCKETS) {
    expect(sums[bucket]).toBe(model.balance[bucket]);
    expect(model.balance[bucket]).toBeGreaterThanOrEqual(0);
  }
  expect(model.entries.reduce((sum, entry) => sum + (entry.debt ?? 0), 0)).toBe(model.debt);
  expect(model.debt).toBeGreaterThanOrEqual(0);
  // What the holds keep out of the balance is what reservations took and releases gave back.
  const held = model.entries
    .filter((entry) => entry.kind === 'reservation' || entry.kind === 'release')
    .reduce((sum, entry) => sum + entry.amount, 0);
  expect(held + model.holds.reduce((sum, hold) => sum + total(hold.held), 0)).toBe(0);
  // No monthly token outlives its period: the bucket and this period's holds stay within its allocation.
  const heldThisPeriod = model.holds.reduce(
    (sum, hold) => sum + (hold.fromEndedPeriod ? 0 : hold.held.monthly),
    0,
  );
  expect(model.balance.monthly + heldThisPeriod).toBeLessThanOrEqual(model.periodMonthly);
  for (const { applied, facts } of model.charges) {
    expect(applied.revokedTokens).toBe(tokensToRevoke(applied.grantedTokens, facts));
    expect(applied.debtTokens).toBeGreaterThanOrEqual(0);
    expect(applied.debtTokens).toBeLessThanOrEqual(applied.revokedTokens);
    expect(applied.frozenTokens).toBeGreaterThanOrEqual(0);
    expect(applied.revokedTokens + applied.frozenTokens).toBeLessThanOrEqual(applied.grantedTokens);
    if (facts.dispute !== 'open') expect(applied.frozenTokens).toBe(0);
  }
  // The debt is what refunds of spent tokens created, less what grants paid back.
  const owed = model.charges.reduce((sum, { applied }) => sum + applied.debtTokens, 0);
  const paid = model.entries.reduce((sum, entry) => sum + Math.min(0, entry.debt ?? 0), 0);
  expect(model.debt).toBe(owed + paid);
}

describe('ledger and charge arithmetic, as random sequences (property)', () => {
  it('keeps the ledger equal to the balance, nothing below zero, whatever the sequence', () => {
    fc.assert(
      fc.property(fc.nat({ max: 20_000 }), fc.array(step, { minLength: 5, maxLength: 40 }), (free, steps) => {
        const model: Model = {
          balance: NO_TOKENS,
          debt: 0,
          entries: [],
          holds: [],
          charges: [],
          periodMonthly: 0,
        };
        append(model, [{ kind: 'adjustment', bucket: 'free', amount: free, note: 'opening balance' }]);
        for (const s of steps) {
          run(model, s);
          checkInvariants(model);
        }
        // A renewal, then every hold released and every dispute closed: the balance is all that
        // is not spent, expired, taken back or owed, and no tokens stay frozen.
        run(model, { op: 'allowance', tokens: 1_000, amount: 1, firstPeriod: false });
        checkInvariants(model);
        for (const hold of model.holds) append(model, planRelease(hold.held, hold.fromEndedPeriod).movements);
        model.holds = [];
        for (const charge of model.charges) {
          if (charge.facts.dispute === 'open')
            run(model, { op: 'close', pick: model.charges.indexOf(charge), won: true });
        }
        checkInvariants(model);
      }),
      { numRuns: 100 },
    );
  });
});
