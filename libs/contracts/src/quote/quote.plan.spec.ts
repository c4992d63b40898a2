import { PLANS } from '../plans/plans.constants';
import { quoteOnPlan } from './quote.plan';

describe('quoteOnPlan', () => {
  const quote = { low: 2_000, high: 7_000 };

  it("takes the quote off the balance and prices it at the plan's extra-token price", () => {
    const onPlan = quoteOnPlan(quote, { tier: 'premium', tokensLeft: 250_000 });
    expect(onPlan.tokensLeftAfter).toEqual({ low: 243_000, high: 248_000 });
    // £0.012 per 1K: 2K tokens are 2.4p, 7K are 8.4p.
    expect(onPlan.pence.low).toBeCloseTo(2.4, 10);
    expect(onPlan.pence.high).toBeCloseTo(8.4, 10);
    expect(onPlan.pricePer1kPence).toBe(PLANS.premium.extraTokenPricePer1kPence);
    expect(onPlan.overBalance).toBe('no');
  });

  it.each([
    ['free', 1.5],
    ['premium', 1.2],
    ['max', 0.8],
  ] as const)('prices %s at %p pence per 1K (spec §9)', (tier, price) => {
    expect(quoteOnPlan({ low: 1000, high: 1000 }, { tier, tokensLeft: 0 }).pence.high).toBeCloseTo(price, 10);
  });

  it('says when the quote may or must pass the balance, and never leaves less than nothing', () => {
    const maybe = quoteOnPlan(quote, { tier: 'max', tokensLeft: 5_000 });
    expect(maybe.overBalance).toBe('maybe');
    expect(maybe.tokensLeftAfter).toEqual({ low: 0, high: 3_000 });
    const sure = quoteOnPlan(quote, { tier: 'max', tokensLeft: 1_000 });
    expect(sure.overBalance).toBe('yes');
    expect(sure.tokensLeftAfter).toEqual({ low: 0, high: 0 });
  });

  it('shows a signed-out visitor no balance', () => {
    const onPlan = quoteOnPlan(quote, { tier: 'free', tokensLeft: null });
    expect(onPlan.tokensLeftAfter).toBeNull();
    expect(onPlan.tokensLeft).toBeNull();
    expect(onPlan.overBalance).toBe('no');
  });
});
