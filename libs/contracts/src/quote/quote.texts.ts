// What the Ask screen says about a question's quote, under the question box: one line, and the
// detail behind it in a popover.

import { formatGbp, formatPricePer1k, formatTokens } from '../plans/plans.format';
import { PLANS } from '../plans/plans.constants';
import { QUOTE_REASONING_SHARE } from './quote.constants';
import { type QuestionQuote } from './quote.estimate';
import { questionHold } from './quote.hold';
import { type QuoteOnPlan, type TokenRange } from './quote.plan';

export const QUOTE_TEXTS = {
  /** Before the line's figures. */
  label: 'Estimate',
  /** The button that opens the detail. */
  detailsButton: 'How this estimate is worked out',
  detailsTitle: 'What this question should use',
  tokens: (range: string) => `about ${range} tokens`,
  left: (range: string) => `leaves ${range}`,
  worth: (money: string) => `worth ${money}`,
  /** Worth less than a penny. */
  underOnePenny: `under ${formatGbp(1)}`,
  upTo: (money: string) => `up to ${money}`,
  overBalance: (left: string) => `This may need more than the ${left} tokens you have left.`,
  overBalanceSure: (left: string) => `This needs more than the ${left} tokens you have left.`,
  /** Instead of "more than the 0 tokens": a free account past its free queries without a pack (DECISIONS 24). */
  nothingToSpend: 'You have no tokens to spend.',
  typical: (tokens: string) => `Most likely about ${tokens} tokens.`,
  answers: (members: number, range: string) =>
    `First answers from ${members} ${members === 1 ? 'member' : 'members'}: ${range} tokens.`,
  debate: (rounds: string, range: string) =>
    `Debate, ${rounds} in which every member reads the others' answers and revises: ${range} tokens.`,
  rounds: (low: number, high: number) =>
    low === high ? `${low} ${low === 1 ? 'round' : 'rounds'}` : `${low} to ${high} rounds`,
  consensus: (range: string) => `The leader's consensus and its agreement map: ${range} tokens.`,
  reasoning: `Reasoning is on: each answer also writes its reasoning, about ${Math.round(
    QUOTE_REASONING_SHARE * 100,
  )}% more.`,
  price: (plan: string, price: string) =>
    `On the ${plan} plan tokens are worth ${price}, the price of extra tokens.`,
  /**
   * The balance, and what a question without a cap holds while it runs (questionHold: the header's
   * "reserved" figure); null `held` with a cap, whose own line says it holds the cap.
   */
  balance: (left: string, held: string | null) =>
    held === null
      ? `You have ${left} tokens.`
      : `You have ${left} tokens. While the council works it holds up to ${held} of them (twice this estimate's high end), takes more only if the answers need it, and gives back what it does not use.`,
  signedOut: 'Sign in to see what it leaves of your balance.',
  basis:
    "Worked out from each model's typical answer length and the question's; the real count depends on what the models write.",
  demo: "Members in demo mode write the demo's short answers instead of a model's, and the estimate counts those.",
} as const;

/** The quote in words: the line's parts and the popover's lines. */
export interface QuoteSummary {
  /** "about 2K–7K tokens" */
  tokens: string;
  /** "leaves 243K–248K"; null signed out, or when even the low end is more than the balance. */
  left: string | null;
  /** "worth £0.03–£0.09" */
  worth: string;
  /** Set when the quote is more than the balance. */
  warning: string | null;
  details: string[];
}

/** "2K–7K", or one figure when both ends read the same. */
export function formatRange(range: TokenRange, format: (value: number) => string): string {
  const low = format(range.low);
  const high = format(range.high);
  return low === high ? low : `${low}–${high}`;
}

/**
 * A quote's tokens: as balances are shown (formatTokens), but with one decimal from 1,000 to under
 * 10,000, so a small question's range does not blur ("1.4K–3.2K", not "1K–3K").
 */
export function formatQuoteTokens(tokens: number): string {
  if (tokens < 1000 || tokens >= 9950) return formatTokens(tokens);
  return `${Number((tokens / 1000).toFixed(1))}K`;
}

/** Money in pence (fractional) as the quote shows it: under a penny is "under £0.01". */
export function formatQuoteMoney(pence: TokenRange): string {
  const penny = (value: number): boolean => Math.round(value) >= 1;
  if (!penny(pence.high)) return QUOTE_TEXTS.underOnePenny;
  if (!penny(pence.low)) return QUOTE_TEXTS.upTo(formatGbp(pence.high));
  return formatRange(pence, formatGbp);
}

export interface QuoteSummaryOptions {
  /** Some member answers from the demo adapter (AgentResponse.demo). */
  demo?: boolean;
  /** The question has the asker's cap, so it holds the cap, not questionHold. */
  capped?: boolean;
  showReasoning?: boolean;
}

export function summarizeQuote(
  quote: QuestionQuote,
  onPlan: QuoteOnPlan,
  options: QuoteSummaryOptions = {},
): QuoteSummary {
  const tokens = (range: TokenRange): string => formatRange(range, formatQuoteTokens);
  const balance = (range: TokenRange): string => formatRange(range, formatTokens);
  const part = (key: keyof QuestionQuote['lowParts']): string =>
    tokens({ low: quote.lowParts[key], high: Math.min(quote.highParts[key], quote.high) });
  const left = onPlan.tokensLeft === null ? null : formatTokens(onPlan.tokensLeft);
  const warning =
    left === null || onPlan.overBalance === 'no'
      ? null
      : onPlan.tokensLeft === 0
        ? QUOTE_TEXTS.nothingToSpend
        : onPlan.overBalance === 'yes'
          ? QUOTE_TEXTS.overBalanceSure(left)
          : QUOTE_TEXTS.overBalance(left);
  const debating = quote.highParts.consensus > 0;
  const details = [
    QUOTE_TEXTS.typical(formatQuoteTokens(quote.typical)),
    QUOTE_TEXTS.answers(quote.members, part('answers')),
    ...(debating && quote.rounds.high > 0
      ? [QUOTE_TEXTS.debate(QUOTE_TEXTS.rounds(quote.rounds.low, quote.rounds.high), part('debate'))]
      : []),
    ...(debating ? [QUOTE_TEXTS.consensus(part('consensus'))] : []),
    ...(options.showReasoning ? [QUOTE_TEXTS.reasoning] : []),
    QUOTE_TEXTS.price(PLANS[onPlan.tier].name, formatPricePer1k(onPlan.pricePer1kPence)),
    left === null
      ? QUOTE_TEXTS.signedOut
      : QUOTE_TEXTS.balance(left, options.capped ? null : formatTokens(questionHold(quote).initial)),
    QUOTE_TEXTS.basis,
    ...(options.demo ? [QUOTE_TEXTS.demo] : []),
  ];
  return {
    tokens: QUOTE_TEXTS.tokens(tokens(onPlan.tokens)),
    left:
      onPlan.tokensLeftAfter && onPlan.overBalance !== 'yes'
        ? QUOTE_TEXTS.left(balance(onPlan.tokensLeftAfter))
        : null,
    worth: QUOTE_TEXTS.worth(formatQuoteMoney(onPlan.pence)),
    warning,
    details,
  };
}
