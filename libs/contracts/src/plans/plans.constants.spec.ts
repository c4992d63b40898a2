import { SUBSCRIPTION_TIERS } from '../domain/domain.constants';
import { PLANS, PRICING_PLAN_IDS, SELLABLE_TIERS } from './plans.constants';
import { formatPricePer1k } from './plans.format';

describe('PLANS (spec §9, §6, DECISIONS 4)', () => {
  it('has one plan per tier, keyed by its own id', () => {
    expect(Object.keys(PLANS).sort()).toEqual([...SUBSCRIPTION_TIERS].sort());
    for (const tier of SUBSCRIPTION_TIERS) expect(PLANS[tier].id).toBe(tier);
  });

  it.each([
    ['free', 0, 10_000, 1.5, 30, 3, 3],
    ['premium', 2999, 250_000, 1.2, null, 3, 3],
    ['max', 9999, 1_000_000, 0.8, null, 3, 10],
    ['enterprise', null, 1_000_000, 0.8, null, 3, 10],
  ] as const)(
    '%s: price %p, allowance %p, extra %p per 1K, history %p, agents %p..%p',
    (tier, price, allowance, extra, history, min, max) => {
      const plan = PLANS[tier];
      expect(plan.monthlyPricePence).toBe(price);
      expect(plan.tokenAllowance).toBe(allowance);
      expect(plan.extraTokenPricePer1kPence).toBe(extra);
      expect(plan.historyRetentionDays).toBe(history);
      expect(plan.agents).toEqual({ min, max });
    },
  );

  it('pins the §6 capability table, with debate and reasoning for premium, max and enterprise', () => {
    const table = Object.fromEntries(SUBSCRIPTION_TIERS.map((tier) => [tier, PLANS[tier].features]));
    expect(table).toEqual({
      free: {
        debate: false,
        reasoning: false,
        changeAgents: false,
        removeAgents: false,
        buyTokensInDialog: false,
        upgradeLinkShown: true,
      },
      premium: {
        debate: true,
        reasoning: true,
        changeAgents: true,
        removeAgents: false,
        buyTokensInDialog: true,
        upgradeLinkShown: true,
      },
      max: {
        debate: true,
        reasoning: true,
        changeAgents: true,
        removeAgents: true,
        buyTokensInDialog: true,
        upgradeLinkShown: false,
      },
      enterprise: {
        debate: true,
        reasoning: true,
        changeAgents: true,
        removeAgents: true,
        buyTokensInDialog: true,
        upgradeLinkShown: false,
      },
    });
  });

  it('marks premium as most popular and sells only premium and max', () => {
    expect(SUBSCRIPTION_TIERS.filter((tier) => PLANS[tier].mostPopular)).toEqual(['premium']);
    expect(SUBSCRIPTION_TIERS.filter((tier) => PLANS[tier].sellable)).toEqual([...SELLABLE_TIERS]);
  });

  it('shows free, premium and max on the pricing screen, with the spec names', () => {
    expect(PRICING_PLAN_IDS.map((tier) => PLANS[tier].title)).toEqual(['Free', 'Premium', 'Max Plan']);
    expect(PRICING_PLAN_IDS.map((tier) => PLANS[tier].name)).toEqual(['Free', 'Premium', 'Max']);
    for (const tier of PRICING_PLAN_IDS) expect(PLANS[tier].bullets.length).toBeGreaterThan(0);
  });

  it('quotes the table values in the paid plans’ bullets', () => {
    expect(PLANS.premium.bullets).toContain(`Extra tokens at ${formatPricePer1k(1.2)}`);
    expect(PLANS.max.bullets).toContain(`Extra tokens at ${formatPricePer1k(0.8)}`);
    expect(PLANS.premium.bullets).toContain('Mix and match up to 3 agents');
    expect(PLANS.max.bullets).toContain('Mix and match up to 10 agents');
  });
});
