import { quoteQuestionTokens } from './quote.estimate';
import { questionHold } from './quote.hold';
import { quoteOnPlan } from './quote.plan';
import { QUOTE_TEXTS, formatQuoteMoney, formatQuoteTokens, formatRange, summarizeQuote } from './quote.texts';
import { formatTokens } from '../plans/plans.format';

const members = [0, 1, 2].map(() => ({ typicalOutputTokens: 600 }));

describe('formatRange', () => {
  it('shows both ends, or one figure when they read the same', () => {
    expect(formatRange({ low: 2_000, high: 7_400 }, formatTokens)).toBe('2K–7K');
    expect(formatRange({ low: 2_100, high: 2_400 }, formatTokens)).toBe('2K');
  });
});

describe('formatQuoteTokens', () => {
  it.each([
    [850, '850'],
    [1_000, '1K'],
    [1_410, '1.4K'],
    [3_210, '3.2K'],
    [9_949, '9.9K'],
    [9_950, '10K'],
    [24_600, '25K'],
  ])('%p → %p', (tokens, shown) => {
    expect(formatQuoteTokens(tokens)).toBe(shown);
  });
});

describe('formatQuoteMoney', () => {
  it.each([
    [{ low: 2.4, high: 8.4 }, '£0.02–£0.08'],
    [{ low: 0.2, high: 0.4 }, 'under £0.01'],
    [{ low: 0.3, high: 1.6 }, 'up to £0.02'],
    [{ low: 3, high: 3.2 }, '£0.03'],
    [{ low: 150, high: 420 }, '£1.50–£4.20'],
  ])('%p → %p', (pence, shown) => {
    expect(formatQuoteMoney(pence)).toBe(shown);
  });
});

describe('summarizeQuote', () => {
  it("gives a premium member's line: tokens, what is left, what it is worth", () => {
    const quote = quoteQuestionTokens({
      questionLength: 200,
      members,
      showDebate: false,
      showReasoning: false,
    });
    const summary = summarizeQuote(quote, quoteOnPlan(quote, { tier: 'premium', tokensLeft: 250_000 }));
    expect([quote.low, quote.high]).toEqual([1_410, 3_210]);
    expect(summary.tokens).toBe('about 1.4K–3.2K tokens');
    expect(summary.left).toBe('leaves 247K–249K');
    expect(summary.worth).toBe('worth £0.02–£0.04');
    expect(summary.warning).toBeNull();
    expect(summary.details[0]).toBe('Most likely about 2.1K tokens.');
    expect(summary.details).toContain(QUOTE_TEXTS.basis);
    expect(summary.details.some((line) => line.startsWith('Debate'))).toBe(false);
    expect(summary.details).toContain(
      'On the Premium plan tokens are worth £0.012 per 1K, the price of extra tokens.',
    );
  });

  it('details the debate rounds, the consensus and reasoning when they are on', () => {
    const quote = quoteQuestionTokens({
      questionLength: 200,
      members,
      showDebate: true,
      showReasoning: true,
    });
    const summary = summarizeQuote(quote, quoteOnPlan(quote, { tier: 'max', tokensLeft: 1_000_000 }), {
      showReasoning: true,
      demo: true,
    });
    expect(summary.details.find((line) => line.startsWith('Debate'))).toMatch(/^Debate, 1 to 2 rounds /);
    expect(summary.details.some((line) => line.startsWith("The leader's consensus"))).toBe(true);
    expect(summary.details).toContain(QUOTE_TEXTS.reasoning);
    expect(summary.details).toContain(QUOTE_TEXTS.demo);
  });

  it('warns calmly when the quote may pass the balance', () => {
    const quote = quoteQuestionTokens({
      questionLength: 200,
      members,
      showDebate: false,
      showReasoning: false,
    });
    const summary = summarizeQuote(quote, quoteOnPlan(quote, { tier: 'premium', tokensLeft: 1_500 }));
    expect(summary.warning).toBe('This may need more than the 2K tokens you have left.');
    expect(summary.left).toBe('leaves 0–90');
    // When even the low end is more, the warning says it all.
    const short = summarizeQuote(quote, quoteOnPlan(quote, { tier: 'premium', tokensLeft: 1_000 }));
    expect(short.warning).toBe('This needs more than the 1K tokens you have left.');
    expect(short.left).toBeNull();
  });

  it('says so when nothing can be spent, and leaves nothing (DECISIONS 24)', () => {
    const quote = quoteQuestionTokens({
      questionLength: 200,
      members,
      showDebate: false,
      showReasoning: false,
    });
    const summary = summarizeQuote(quote, quoteOnPlan(quote, { tier: 'free', tokensLeft: 0 }));
    expect(summary.warning).toBe(QUOTE_TEXTS.nothingToSpend);
    expect(summary.left).toBeNull();
  });

  it('prices a signed-out visitor on the Free plan without a balance', () => {
    const quote = quoteQuestionTokens({
      questionLength: 200,
      members,
      showDebate: false,
      showReasoning: false,
    });
    const summary = summarizeQuote(quote, quoteOnPlan(quote, { tier: 'free', tokensLeft: null }));
    expect(summary.left).toBeNull();
    expect(summary.details).toContain(QUOTE_TEXTS.signedOut);
  });
});

describe('what the quote says a question holds (DECISIONS 26)', () => {
  const quote = quoteQuestionTokens({
    questionLength: 40,
    members,
    showDebate: true,
    showReasoning: false,
    answerMaxOutputTokens: 4_096,
  });
  const onPlan = quoteOnPlan(quote, { tier: 'premium', tokensLeft: 250_000 });

  it('names the hold the header will show: twice the high end, formatted as the header formats it', () => {
    const held = formatTokens(questionHold(quote).initial);
    expect(questionHold(quote).initial).toBe(Math.min(quote.reservation, Math.ceil(2 * quote.high)));
    expect(summarizeQuote(quote, onPlan).details).toContain(QUOTE_TEXTS.balance('250K', held));
    expect(QUOTE_TEXTS.balance('250K', held)).toContain(`holds up to ${held} of them`);
  });

  it('leaves the hold to the cap’s own line when the question has a cap', () => {
    expect(summarizeQuote(quote, onPlan, { capped: true }).details).toContain('You have 250K tokens.');
  });
});
