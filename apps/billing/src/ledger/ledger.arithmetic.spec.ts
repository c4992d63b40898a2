import {
  type Buckets,
  applyDebt,
  applyMovements,
  bucketsOf,
  spendableBucketsOf,
  cachedBalanceOf,
  payDebtFromGrants,
  planAllowanceReset,
  planPurchase,
  planRelease,
  planReservation,
  planSettlement,
  planUpgradeTopUp,
  sumByBucket,
  takeInOrder,
  total,
} from './ledger.arithmetic';

const balance = (monthly: number, free: number, purchased: number): Buckets => ({ monthly, free, purchased });

describe('ledger arithmetic', () => {
  describe('buckets and the cached columns', () => {
    it('reads the free allowance as what monthly and purchased leave of tokensLeft', () => {
      expect(bucketsOf({ tokensLeft: 10_000, monthlyTokens: 0, purchasedTokens: 0 })).toEqual(
        balance(0, 10_000, 0),
      );
      expect(bucketsOf({ tokensLeft: 300, monthlyTokens: 100, purchasedTokens: 50 })).toEqual(
        balance(100, 150, 50),
      );
    });

    it('spends no trial tokens once a free account has used its free queries (DECISIONS 24)', () => {
      const cached = { tokensLeft: 57_000, monthlyTokens: 0, purchasedTokens: 50_000 };
      expect(spendableBucketsOf({ ...cached, subscriptionTier: 'free', queriesLeft: 0 })).toEqual(
        balance(0, 0, 50_000),
      );
      expect(spendableBucketsOf({ ...cached, subscriptionTier: 'free', queriesLeft: 1 })).toEqual(
        balance(0, 7_000, 50_000),
      );
      expect(spendableBucketsOf({ ...cached, subscriptionTier: 'premium', queriesLeft: 0 })).toEqual(
        balance(0, 7_000, 50_000),
      );
      // An ended plan's leftover monthly tokens are not spent either, as spendableTokens shows.
      const ended = { tokensLeft: 21_000, monthlyTokens: 20_000, purchasedTokens: 1_000 };
      expect(spendableBucketsOf({ ...ended, subscriptionTier: 'free', queriesLeft: 0 })).toEqual(
        balance(0, 0, 1_000),
      );
    });

    it('writes tokensLeft as the sum of all three', () => {
      expect(cachedBalanceOf(balance(100, 150, 50))).toEqual({
        tokensLeft: 300,
        monthlyTokens: 100,
        purchasedTokens: 50,
      });
    });

    it('refuses movements that take a bucket below zero', () => {
      expect(() =>
        applyMovements(balance(10, 0, 0), [{ kind: 'reservation', bucket: 'monthly', amount: -11 }]),
      ).toThrow(RangeError);
      expect(
        applyMovements(balance(10, 0, 0), [
          { kind: 'reservation', bucket: 'monthly', amount: -10 },
          { kind: 'purchase', bucket: 'purchased', amount: 5 },
        ]),
      ).toEqual(balance(0, 0, 5));
    });
  });

  describe('spending order (spec §9)', () => {
    it('takes the monthly allocation first, then the free allowance, then purchased tokens', () => {
      expect(takeInOrder(250, balance(100, 100, 100))).toEqual({
        taken: balance(100, 100, 50),
        uncovered: 0,
      });
    });

    it('reports what no bucket covers', () => {
      expect(takeInOrder(500, balance(100, 0, 100))).toEqual({ taken: balance(100, 0, 100), uncovered: 300 });
    });
  });

  describe('reservation', () => {
    it('holds maxTokens when the balance covers it', () => {
      const plan = planReservation(4_000, balance(1_000, 10_000, 0));
      expect(plan.reserved).toBe(4_000);
      expect(plan.held).toEqual(balance(1_000, 3_000, 0));
      expect(plan.movements).toEqual([
        { kind: 'reservation', bucket: 'monthly', amount: -1_000 },
        { kind: 'reservation', bucket: 'free', amount: -3_000 },
      ]);
    });

    it('holds the whole balance when it is smaller, and nothing when it is empty', () => {
      expect(planReservation(4_000, balance(0, 0, 700)).reserved).toBe(700);
      expect(planReservation(4_000, balance(0, 0, 0))).toEqual({
        reserved: 0,
        held: balance(0, 0, 0),
        movements: [],
      });
    });
  });

  describe('settlement', () => {
    it('spends usage within the hold: releases it and charges it, so the balance does not move', () => {
      const plan = planSettlement(300, balance(1_000, 0, 0), balance(0, 500, 0));
      expect(plan).toMatchObject({ covered: 300, overuse: 0, uncovered: 0, charged: 300 });
      expect(plan.heldAfter).toEqual(balance(700, 0, 0));
      expect(sumByBucket(plan.movements)).toEqual(balance(0, 0, 0));
      expect(plan.movements.map(({ kind, bucket, amount }) => ({ kind, bucket, amount }))).toEqual([
        { kind: 'release', bucket: 'monthly', amount: 300 },
        { kind: 'settlement', bucket: 'monthly', amount: -300 },
      ]);
    });

    it('takes overuse from the rest of the balance, in spending order', () => {
      const plan = planSettlement(1_500, balance(1_000, 0, 0), balance(0, 200, 1_000));
      expect(plan).toMatchObject({ covered: 1_000, overuse: 500, uncovered: 0, charged: 1_500 });
      expect(applyMovements(balance(0, 200, 1_000), plan.movements)).toEqual(balance(0, 0, 700));
    });

    it('caps overuse at a zero balance and writes the rest off', () => {
      const plan = planSettlement(5_000, balance(1_000, 0, 0), balance(0, 300, 0));
      expect(plan).toMatchObject({ covered: 1_000, overuse: 300, uncovered: 3_700, charged: 1_300 });
      expect(total(applyMovements(balance(0, 300, 0), plan.movements))).toBe(0);
      expect(plan.heldAfter).toEqual(balance(0, 0, 0));
    });

    it('always records the settlement, even when nothing could be charged', () => {
      const plan = planSettlement(800, balance(0, 0, 0), balance(0, 0, 0));
      expect(plan.charged).toBe(0);
      expect(plan.movements).toEqual([expect.objectContaining({ kind: 'settlement', amount: 0 })]);
    });

    it('never loses more than the hold plus the balance', () => {
      for (const [usage, held, available] of [
        [0, 100, 0],
        [50, 100, 10],
        [150, 100, 10],
        [10_000, 100, 10],
      ] as const) {
        const plan = planSettlement(usage, balance(held, 0, 0), balance(0, available, 0));
        expect(plan.charged).toBe(Math.min(usage, held + available));
        expect(plan.charged + plan.uncovered).toBe(usage);
      }
    });
  });

  it('releases what is held to the buckets it came from', () => {
    expect(planRelease(balance(10, 0, 40))).toEqual({
      released: 50,
      expired: 0,
      movements: [
        expect.objectContaining({ kind: 'release', bucket: 'monthly', amount: 10 }),
        expect.objectContaining({ kind: 'release', bucket: 'purchased', amount: 40 }),
      ],
    });
  });

  describe('a hold taken before the monthly reset', () => {
    // The hold: 600 monthly tokens of the old period, 400 purchased. The new period: 250,000.
    const held = balance(600, 0, 400);
    const newPeriod = balance(250_000, 0, 5_000);

    it('is released against its own period: the monthly part ends, purchased tokens come back', () => {
      const plan = planRelease(held, true);
      expect(plan).toMatchObject({ released: 400, expired: 600 });
      expect(applyMovements(newPeriod, plan.movements)).toEqual(balance(250_000, 0, 5_400));
      expect(plan.movements.map(({ kind, bucket, amount }) => ({ kind, bucket, amount }))).toEqual([
        { kind: 'release', bucket: 'monthly', amount: 600 },
        { kind: 'release', bucket: 'purchased', amount: 400 },
        { kind: 'adjustment', bucket: 'monthly', amount: -600 },
      ]);
    });

    it('pays its usage from its own buckets, overuse from the new balance in spending order', () => {
      const within = planSettlement(800, held, newPeriod, { heldFromEndedPeriod: true });
      expect(within).toMatchObject({ covered: 800, overuse: 0, charged: 800 });
      expect(within.heldAfter).toEqual(balance(0, 0, 200));
      expect(applyMovements(newPeriod, within.movements)).toEqual(newPeriod);

      const beyond = planSettlement(1_300, held, newPeriod, { heldFromEndedPeriod: true });
      expect(beyond).toMatchObject({ covered: 1_000, overuse: 300, charged: 1_300 });
      expect(applyMovements(newPeriod, beyond.movements)).toEqual(balance(249_700, 0, 5_000));
    });
  });

  describe('allowances and purchases', () => {
    it('resets the monthly allocation to the allowance: the rest of the old one ends', () => {
      const movements = planAllowanceReset(12_000, 250_000);
      expect(movements.map(({ kind, amount }) => ({ kind, amount }))).toEqual([
        { kind: 'adjustment', amount: -12_000 },
        { kind: 'grant', amount: 250_000 },
      ]);
      expect(applyMovements(balance(12_000, 3_000, 50_000), movements)).toEqual(
        balance(250_000, 3_000, 50_000),
      );
    });

    it("keeps what an ended plan left when a new subscription's first period starts", () => {
      const movements = planAllowanceReset(800_000, 250_000, true);
      expect(movements.map(({ kind, amount }) => ({ kind, amount }))).toEqual([
        { kind: 'grant', amount: 250_000 },
      ]);
      expect(applyMovements(balance(800_000, 0, 0), movements)).toEqual(balance(1_050_000, 0, 0));
    });

    it('adds only the difference on an upgrade, for the share of the period left, and nothing on a downgrade', () => {
      expect(planUpgradeTopUp(250_000, 1_000_000, 1)).toEqual([
        expect.objectContaining({ kind: 'grant', amount: 750_000 }),
      ]);
      expect(planUpgradeTopUp(250_000, 1_000_000, 1 / 30)).toEqual([
        expect.objectContaining({ kind: 'grant', amount: 25_000 }),
      ]);
      expect(planUpgradeTopUp(250_000, 1_000_000, 0)).toEqual([]);
      expect(planUpgradeTopUp(250_000, 1_000_000, Number.NaN)).toEqual([]);
      expect(planUpgradeTopUp(250_000, 1_000_000, 7)).toEqual([expect.objectContaining({ amount: 750_000 })]);
      expect(planUpgradeTopUp(1_000_000, 250_000, 1)).toEqual([]);
    });

    it('credits a pack to the purchased bucket', () => {
      expect(planPurchase(50_000, 'Basic Pack')).toEqual([
        { kind: 'purchase', bucket: 'purchased', amount: 50_000, note: 'Basic Pack' },
      ]);
    });

    it('rejects amounts that are not whole, non-negative numbers', () => {
      expect(() => planReservation(-1, balance(1, 0, 0))).toThrow(RangeError);
      expect(() => planSettlement(1.5, balance(1, 0, 0), balance(0, 0, 0))).toThrow(RangeError);
    });
  });
});

describe('payDebtFromGrants', () => {
  it('pays the debt from a grant first, and leaves other credits alone', () => {
    const { movements, debtLeft } = payDebtFromGrants(
      [
        { kind: 'release', bucket: 'purchased', amount: 500 },
        { kind: 'purchase', bucket: 'purchased', amount: 1000 },
      ],
      1500,
    );
    expect(debtLeft).toBe(500);
    expect(movements.slice(1)).toEqual([
      { kind: 'purchase', bucket: 'purchased', amount: 1000 },
      expect.objectContaining({ kind: 'adjustment', bucket: 'purchased', amount: -1000, debt: -1000 }),
    ]);
    expect(applyDebt(1500, movements)).toBe(500);
  });
});
