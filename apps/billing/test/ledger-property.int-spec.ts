// A small property run against the real LedgerService and PostgreSQL (DECISIONS 27): random
// sequences of grants, spends, holds, releases, refunds and disputes, each written as one locked
// operation. After every sequence the ledger's sums equal the cached balance and debt, and nothing is
// below zero. The pure version, with many more runs, is src/ledger/ledger.arithmetic.property.spec.ts.

import fc from 'fast-check';
import { UserEntity } from '@council/db';
import { createTestUser } from '@council/testing';
import {
  type AppliedState,
  type ChargeFacts,
  planChargeConvergence,
  tokensToRevoke,
} from '../src/charges/charge.arithmetic';
import {
  type Buckets,
  type Movement,
  NO_TOKENS,
  bucketsOf,
  planAllowanceReset,
  planPurchase,
  planRelease,
  planReservation,
  planSettlement,
} from '../src/ledger/ledger.arithmetic';
import { LedgerService } from '../src/ledger/ledger.service';
import { type BillingHarness, expectLedgerConsistent, startBilling } from './support/billing-harness';

type Step =
  | { op: 'pack' | 'allowance'; tokens: number }
  | { op: 'spend' | 'hold'; tokens: number }
  | { op: 'release'; pick: number }
  | { op: 'refund'; pick: number; amount: number }
  | { op: 'dispute'; pick: number }
  | { op: 'close'; pick: number; won: boolean };

const AMOUNT = 1_000;
const pick = fc.nat({ max: 100 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constantFrom('pack' as const, 'allowance' as const),
    tokens: fc.integer({ min: 1, max: 100_000 }),
  }),
  fc.record({ op: fc.constantFrom('spend' as const, 'hold' as const), tokens: fc.nat({ max: 120_000 }) }),
  fc.record({ op: fc.constant('release' as const), pick }),
  fc.record({ op: fc.constant('refund' as const), pick, amount: fc.integer({ min: 1, max: AMOUNT }) }),
  fc.record({ op: fc.constant('dispute' as const), pick }),
  fc.record({ op: fc.constant('close' as const), pick, won: fc.boolean() }),
);

interface PaidCharge {
  applied: AppliedState;
  facts: ChargeFacts;
}

describe('the ledger under random sequences of money events (property, PostgreSQL)', () => {
  let harness: BillingHarness;
  let ledger: LedgerService;

  beforeAll(async () => {
    harness = await startBilling();
    ledger = harness.get(LedgerService);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('keeps the cached balance and debt equal to the entries, and at or above zero', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 20_000 }),
        fc.array(step, { minLength: 5, maxLength: 25 }),
        async (free, steps) => {
          const { id: userId } = await createTestUser(harness.dataSource, { tokensLeft: free });
          const charges: PaidCharge[] = [];
          const holds: Buckets[] = [];
          for (const [index, s] of steps.entries()) {
            await ledger.runOnce(userId, `property:${userId}:${index}`, ({ user }) => ({
              movements: plan(s, bucketsOf(user), charges, holds),
            }));
          }
          const user = await harness.dataSource.getRepository(UserEntity).findOneByOrFail({ id: userId });
          expect(user.tokenDebt).toBeGreaterThanOrEqual(0);
          for (const { applied, facts } of charges) {
            expect(applied.revokedTokens).toBe(tokensToRevoke(applied.grantedTokens, facts));
          }
          await expectLedgerConsistent(harness);
        },
      ),
      { numRuns: 25 },
    );
  });
});

/** One step's movements, planned inside the account's lock from the balance it holds. */
function plan(s: Step, balance: Buckets, charges: PaidCharge[], holds: Buckets[]): Movement[] {
  const charge = 'pick' in s && charges.length > 0 ? charges[s.pick % charges.length]! : null;
  const converge = (next: ChargeFacts): Movement[] => {
    if (!charge) return [];
    charge.facts = next;
    const planned = planChargeConvergence(charge.applied, next, balance[charge.applied.bucket]);
    charge.applied = { ...charge.applied, ...planned.next };
    return planned.movements;
  };
  switch (s.op) {
    case 'pack':
    case 'allowance': {
      const bucket = s.op === 'pack' ? 'purchased' : 'monthly';
      charges.push({
        applied: {
          grantedTokens: s.tokens,
          bucket,
          revokedTokens: 0,
          debtTokens: 0,
          frozenTokens: 0,
          dispute: null,
        },
        facts: {
          chargeId: `ch_${charges.length}`,
          amount: AMOUNT,
          amountRefunded: 0,
          disputeId: null,
          dispute: null,
          disputedAmount: 0,
        },
      });
      return s.op === 'pack' ? planPurchase(s.tokens, 'pack') : planAllowanceReset(balance.monthly, s.tokens);
    }
    case 'spend':
      return planSettlement(s.tokens, NO_TOKENS, balance).movements;
    case 'hold': {
      const reservation = planReservation(s.tokens, balance);
      holds.push(reservation.held);
      return reservation.movements;
    }
    case 'release': {
      const held = holds.splice(s.pick % Math.max(1, holds.length), 1)[0];
      return held ? planRelease(held).movements : [];
    }
    case 'refund': {
      if (!charge || charge.facts.dispute === 'open') return [];
      const { facts } = charge;
      const limit = facts.amount - (facts.dispute === 'lost' ? facts.disputedAmount : 0);
      return converge({ ...facts, amountRefunded: Math.min(limit, facts.amountRefunded + s.amount) });
    }
    case 'dispute': {
      if (!charge || charge.facts.disputeId || charge.facts.amountRefunded >= charge.facts.amount) return [];
      const { facts } = charge;
      return converge({
        ...facts,
        disputeId: `dp_${facts.chargeId}`,
        dispute: 'open',
        disputedAmount: facts.amount - facts.amountRefunded,
      });
    }
    case 'close':
      if (!charge || charge.facts.dispute !== 'open') return [];
      return converge({ ...charge.facts, dispute: s.won ? 'won' : 'lost' });
  }
}
