// What a quote means on the asker's plan: the balance left after the question, and what its
// tokens are worth at the plan's price for extra tokens (spec §9).

import { type SubscriptionTier } from '../domain/domain.constants';
import { PLANS } from '../plans/plans.constants';
import { type QuestionQuote } from './quote.estimate';

export interface TokenRange {
  low: number;
  high: number;
}

export interface QuoteOnPlan {
  tier: SubscriptionTier;
  tokens: TokenRange;
  /** The balance after the question: tokensLeft − high … tokensLeft − low, never below 0. Null signed out. */
  tokensLeftAfter: TokenRange | null;
  tokensLeft: number | null;
  /** What the tokens are worth at the plan's per-1K price, in (fractional) pence. */
  pence: TokenRange;
  pricePer1kPence: number;
  /** 'maybe': the high end is more than the balance; 'yes': even the low end is. */
  overBalance: 'no' | 'maybe' | 'yes';
}

export interface QuoteAccount {
  tier: SubscriptionTier;
  /** What the account can spend now (spendableTokens, DECISIONS 24); null signed out. */
  tokensLeft: number | null;
}

/** The quote on a plan: a signed-out visitor sees the Free plan's price and no balance. */
export function quoteOnPlan(quote: Pick<QuestionQuote, 'low' | 'high'>, account: QuoteAccount): QuoteOnPlan {
  const price = PLANS[account.tier].extraTokenPricePer1kPence;
  const balance = account.tokensLeft === null ? null : Math.max(0, account.tokensLeft);
  const worth = (tokens: number): number => (tokens / 1000) * price;
  return {
    tier: account.tier,
    tokens: { low: quote.low, high: quote.high },
    tokensLeftAfter:
      balance === null
        ? null
        : { low: Math.max(0, balance - quote.high), high: Math.max(0, balance - quote.low) },
    tokensLeft: balance,
    pence: { low: worth(quote.low), high: worth(quote.high) },
    pricePer1kPence: price,
    overBalance:
      balance === null ? 'no' : quote.low > balance ? 'yes' : quote.high > balance ? 'maybe' : 'no',
  };
}
