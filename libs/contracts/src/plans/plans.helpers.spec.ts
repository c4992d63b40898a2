import {
  balanceRatio,
  canAddAgent,
  canChangeAgents,
  canPickDebateLeader,
  canRemoveAgent,
  canUseDebate,
  canUseReasoning,
  getPlan,
  isLowBalance,
  isSellableTier,
  isSubscriptionTier,
  isTrialOver,
  isTrialRunningLow,
  maxAgentsFor,
  minAgentsFor,
  spendableTokens,
  tokenAllowanceFor,
  trialProgress,
} from './plans.helpers';

describe('plan helpers', () => {
  it('getPlan returns the tier’s plan', () => {
    expect(getPlan('premium').name).toBe('Premium');
    expect(tokenAllowanceFor('max')).toBe(1_000_000);
  });

  it('canUseDebate and canUseReasoning: premium, max and enterprise (DECISIONS 4)', () => {
    expect(canUseDebate('free')).toBe(false);
    expect(canUseDebate('premium')).toBe(true);
    expect(canUseDebate('max')).toBe(true);
    expect(canUseDebate('enterprise')).toBe(true);
    expect(canUseReasoning('free')).toBe(false);
    expect(canUseReasoning('max')).toBe(true);
  });

  it('maxAgentsFor: 10 for max (and enterprise), 3 otherwise; minimum always 3', () => {
    expect(maxAgentsFor('free')).toBe(3);
    expect(maxAgentsFor('premium')).toBe(3);
    expect(maxAgentsFor('max')).toBe(10);
    expect(maxAgentsFor('enterprise')).toBe(10);
    expect(minAgentsFor('free')).toBe(3);
    expect(minAgentsFor('max')).toBe(3);
  });

  it('free councils are fixed; adding stops at the tier maximum', () => {
    expect(canChangeAgents('free')).toBe(false);
    expect(canAddAgent('free', 2)).toBe(false);
    expect(canAddAgent('premium', 2)).toBe(true);
    expect(canAddAgent('premium', 3)).toBe(false);
    expect(canAddAgent('max', 9)).toBe(true);
    expect(canAddAgent('max', 10)).toBe(false);
  });

  it('only max-like tiers remove members, and only while more than 3 remain', () => {
    expect(canRemoveAgent('premium', 3)).toBe(false);
    expect(canRemoveAgent('max', 4)).toBe(true);
    expect(canRemoveAgent('max', 3)).toBe(false);
    expect(canRemoveAgent('enterprise', 5)).toBe(true);
  });

  it('the debate-leader picker needs debate on, a debate tier and two members', () => {
    expect(canPickDebateLeader('premium', true, 2)).toBe(true);
    expect(canPickDebateLeader('premium', false, 3)).toBe(false);
    expect(canPickDebateLeader('premium', true, 1)).toBe(false);
    expect(canPickDebateLeader('free', true, 3)).toBe(false);
  });

  it('isLowBalance: strictly under 10 % of the tier allowance', () => {
    expect(isLowBalance(999, 'free')).toBe(true);
    expect(isLowBalance(1000, 'free')).toBe(false);
    expect(isLowBalance(24_999, 'premium')).toBe(true);
    expect(isLowBalance(25_000, 'premium')).toBe(false);
    expect(isLowBalance(99_999, 'max')).toBe(true);
    expect(isLowBalance(100_000, 'max')).toBe(false);
    expect(isLowBalance(0, 'enterprise')).toBe(true);
  });

  it('balance and trial bars stay within 0..1', () => {
    expect(balanceRatio(5000, 'free')).toBe(0.5);
    expect(balanceRatio(2_000_000, 'max')).toBe(1);
    expect(trialProgress(5)).toBe(1);
    expect(trialProgress(2)).toBe(0.4);
    expect(trialProgress(-1)).toBe(0);
  });

  it('the trial banner warns below 2 queries left', () => {
    expect(isTrialRunningLow(2)).toBe(false);
    expect(isTrialRunningLow(1)).toBe(true);
    expect(isTrialRunningLow(0)).toBe(true);
  });

  it('recognises tiers and sellable tiers', () => {
    expect(isSubscriptionTier('enterprise')).toBe(true);
    expect(isSubscriptionTier('gold')).toBe(false);
    expect(isSubscriptionTier(undefined)).toBe(false);
    expect(isSellableTier('max')).toBe(true);
    expect(isSellableTier('free')).toBe(false);
    expect(isSellableTier('enterprise')).toBe(false);
  });
});

describe('spendable tokens (DECISIONS 24)', () => {
  const free = { subscriptionTier: 'free' as const, tokensLeft: 7_000, queriesLeft: 5, purchasedTokens: 0 };

  it('is the whole balance while free queries are left', () => {
    expect(spendableTokens(free)).toBe(7_000);
    expect(spendableTokens({ ...free, queriesLeft: 1, tokensLeft: 57_000, purchasedTokens: 50_000 })).toBe(
      57_000,
    );
  });

  it('is nothing past the free queries without purchased tokens: the free tokens ended with the trial', () => {
    expect(spendableTokens({ ...free, queriesLeft: 0 })).toBe(0);
  });

  it('is the purchased tokens only past the free queries', () => {
    expect(spendableTokens({ ...free, queriesLeft: 0, tokensLeft: 57_000, purchasedTokens: 50_000 })).toBe(
      50_000,
    );
  });

  it('never passes the whole balance, nor goes below zero', () => {
    expect(spendableTokens({ ...free, queriesLeft: 0, tokensLeft: 400, purchasedTokens: 500 })).toBe(400);
    expect(spendableTokens({ ...free, queriesLeft: 0, tokensLeft: -5, purchasedTokens: 0 })).toBe(0);
  });

  it('is the whole balance on every paid tier, whatever the free queries say', () => {
    for (const subscriptionTier of ['premium', 'max', 'enterprise'] as const) {
      expect(
        spendableTokens({ subscriptionTier, tokensLeft: 250_000, queriesLeft: 0, purchasedTokens: 50_000 }),
      ).toBe(250_000);
    }
  });

  it('ends the trial at 0 free queries on the free tier only', () => {
    expect(isTrialOver('free', 0)).toBe(true);
    expect(isTrialOver('free', 1)).toBe(false);
    expect(isTrialOver('premium', 0)).toBe(false);
  });
});
