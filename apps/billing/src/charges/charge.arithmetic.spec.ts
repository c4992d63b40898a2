import {
  type AppliedState,
  type ChargeFacts,
  disputeStateOf,
  planChargeConvergence,
} from './charge.arithmetic';

const applied = (fields: Partial<AppliedState> = {}): AppliedState => ({
  grantedTokens: 50_000,
  bucket: 'purchased',
  revokedTokens: 0,
  debtTokens: 0,
  frozenTokens: 0,
  dispute: null,
  ...fields,
});
const facts = (fields: Partial<ChargeFacts> = {}): ChargeFacts => ({
  chargeId: 'ch_1',
  amount: 1000,
  amountRefunded: 0,
  disputeId: null,
  dispute: null,
  disputedAmount: 0,
  ...fields,
});
const sum = (plan: ReturnType<typeof planChargeConvergence>) =>
  plan.movements.reduce(
    (totals, movement) => ({
      amount: totals.amount + movement.amount,
      debt: totals.debt + (movement.debt ?? 0),
    }),
    { amount: 0, debt: 0 },
  );

describe('planChargeConvergence', () => {
  it('takes back a refund in proportion, the spent part as a debt', () => {
    const plan = planChargeConvergence(applied(), facts({ amountRefunded: 500 }), 10_000);
    expect(sum(plan)).toEqual({ amount: -10_000, debt: 15_000 });
    expect(plan.next).toMatchObject({ revokedTokens: 25_000, debtTokens: 15_000 });
  });

  it('changes nothing when the state was already applied, or a refund went down', () => {
    expect(
      planChargeConvergence(applied({ revokedTokens: 25_000 }), facts({ amountRefunded: 500 }), 0).movements,
    ).toEqual([]);
    expect(
      planChargeConvergence(applied({ revokedTokens: 25_000 }), facts({ amountRefunded: 100 }), 0).movements,
    ).toEqual([]);
  });

  it('freezes only what is unspent, releases it when won, takes it when lost', () => {
    const open = planChargeConvergence(
      applied(),
      facts({ disputeId: 'dp', dispute: 'open', disputedAmount: 1000 }),
      30_000,
    );
    expect(sum(open)).toEqual({ amount: -30_000, debt: 0 });
    const frozen = applied({ frozenTokens: 30_000, dispute: 'open' });
    expect(
      planChargeConvergence(frozen, facts({ disputeId: 'dp', dispute: 'open', disputedAmount: 1000 }), 5_000)
        .movements,
    ).toEqual([]);
    expect(
      sum(planChargeConvergence(frozen, facts({ disputeId: 'dp', dispute: 'won', disputedAmount: 1000 }), 0)),
    ).toEqual({ amount: 30_000, debt: 0 });
    const lost = planChargeConvergence(
      frozen,
      facts({ disputeId: 'dp', dispute: 'lost', disputedAmount: 1000 }),
      0,
    );
    expect(sum(lost)).toEqual({ amount: 0, debt: 20_000 });
    expect(lost.next).toMatchObject({ revokedTokens: 50_000, debtTokens: 20_000, frozenTokens: 0 });
  });

  describe('after the grant’s period ended', () => {
    // A period's 250,000 tokens: 40% ended unspent with it; the bucket now holds the next period's.
    const period = applied({ grantedTokens: 250_000, bucket: 'monthly' });
    const ended = { unspentShare: 0.4 };

    it('takes nothing from the next period: what ended unspent is gone, what was spent is owed', () => {
      const plan = planChargeConvergence(period, facts({ amountRefunded: 1000 }), 250_000, { ended });
      expect(sum(plan)).toEqual({ amount: 0, debt: 150_000 });
      expect(plan.next).toMatchObject({ revokedTokens: 250_000, debtTokens: 150_000 });
      // Delivered again, the state is applied: nothing more.
      const again = planChargeConvergence(
        { ...period, ...plan.next },
        facts({ amountRefunded: 1000 }),
        250_000,
        {
          ended,
        },
      );
      expect(again.movements).toEqual([]);
    });

    it('splits a partial refund the same way', () => {
      const plan = planChargeConvergence(period, facts({ amountRefunded: 200 }), 250_000, { ended });
      expect(sum(plan)).toEqual({ amount: 0, debt: 30_000 });
    });

    it('lets tokens a dispute froze end with their period when it is won', () => {
      const disputed = { ...period, frozenTokens: 100_000, dispute: 'open' as const };
      const plan = planChargeConvergence(disputed, facts({ disputeId: 'dp_1', dispute: 'won' }), 250_000, {
        ended,
      });
      expect(sum(plan)).toEqual({ amount: 0, debt: 0 });
      expect(plan.next).toMatchObject({ frozenTokens: 0, revokedTokens: 0 });
    });
  });

  it('reads dispute statuses', () => {
    expect(
      ['needs_response', 'warning_under_review', 'won', 'warning_closed', 'lost'].map(disputeStateOf),
    ).toEqual(['open', 'open', 'won', 'won', 'lost']);
  });
});
