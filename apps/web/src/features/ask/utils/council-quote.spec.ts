import {
  QUOTE_TEXTS,
  TOKEN_CAP_TEXTS,
  formatTokens,
  questionHold,
  quoteCouncilTokens,
} from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { defaultCouncil } from '@/lib/default-council';
import { catalogueFixture } from '@/testing/ask.fixture';
import { signedInUser } from '@/testing/session-user.fixture';
import { councilQuote } from './council-quote';

// On a paid plan the default council quotes 1,410 to 3,435 tokens (question-quote.spec.tsx works it
// out); 10,000 tokens left.
const input = {
  question: '',
  members: defaultCouncil(catalogueFixture),
  showDebate: false,
  showReasoning: false,
  debateLeaderId: null,
  catalogue: catalogueFixture,
  user: { ...signedInUser, subscriptionTier: 'premium' as const },
};

describe('the quote with a Stop at cap', () => {
  it('is the plain quote without a cap', () => {
    const quote = councilQuote(input);
    expect(quote?.onPlan.tokens).toEqual({ low: 1410, high: 3435 });
    expect(quote?.capLine).toBeNull();
  });

  it('never spends past a cap below its high end, and says where it stops', () => {
    const quote = councilQuote({ ...input, tokenCap: 2000 });
    expect(quote?.quote.high).toBe(3435);
    expect(quote?.onPlan.tokens).toEqual({ low: 1410, high: 2000 });
    expect(quote?.onPlan.tokensLeftAfter).toEqual({ low: 8000, high: 8590 });
    expect(quote?.capLine).toBe(TOKEN_CAP_TEXTS.capLine(2000));
    expect(quote?.summary.details).toContain(TOKEN_CAP_TEXTS.quoteDetail(2000));
  });

  it('keeps the quote of a cap it never reaches, and says so only in the detail', () => {
    const quote = councilQuote({ ...input, tokenCap: 5000 });
    expect(quote?.onPlan.tokens).toEqual({ low: 1410, high: 3435 });
    expect(quote?.capLine).toBeNull();
    expect(quote?.summary.details.at(-1)).toBe(TOKEN_CAP_TEXTS.quoteDetail(5000));
  });

  it('warns when the cap is below the least the question should use, and only then', () => {
    expect(councilQuote({ ...input, tokenCap: 2000 })?.summary.warning).toBeNull();
    const quote = councilQuote({ ...input, showDebate: true, tokenCap: 300 });
    expect(quote?.summary.warning).toBe(TOKEN_CAP_TEXTS.capBelowQuote(300, quote!.quote.low));
  });

  it('counts a follow-up thread as prompt on every call', () => {
    const plain = councilQuote(input)!;
    const threaded = councilQuote({ ...input, threadLength: 4_000 })!;
    // Three first answers, each reading about 1,000 tokens of thread.
    expect(threaded.quote.low - plain.quote.low).toBe(3_000);
  });
});

describe('what the quote says the question holds (DECISIONS 26)', () => {
  it('is the quote the gateway sizes the hold from', () => {
    const members = input.members.map((member) => ({
      demo: false,
      typicalOutputTokens: catalogueFixture.models.find((model) => model.id === member.modelId)
        ?.typicalOutputTokens,
      hasRole: member.roleId !== null,
      leader: false,
    }));
    const gateway = quoteCouncilTokens({ ...input, members, tier: 'premium' });
    expect(councilQuote(input)?.quote).toEqual(gateway?.quote);
  });

  it('without a cap, names what the question holds: twice the high end, never past the worst case', () => {
    const quote = councilQuote(input)!;
    // 2 × 3,435 = 6,870 is above the worst case of 6,504, which bounds the hold.
    expect(quote.quote.reservation).toBe(6504);
    expect(questionHold(quote.quote).initial).toBe(6504);
    expect(quote.summary.details).toContain(
      QUOTE_TEXTS.balance('10K', formatTokens(questionHold(quote.quote).initial)),
    );
    expect(quote.summary.details.join(' ')).toContain('holds up to 7K of them');
  });

  it('with debate, holds twice the high end where that is below the worst case', () => {
    const quote = councilQuote({ ...input, showDebate: true })!;
    // 2 × 38,099 = 76,198, below the worst case of 85,216.
    expect(quote.quote.high).toBe(38_099);
    expect(questionHold(quote.quote).initial).toBe(76_198);
    expect(quote.summary.details).toContain(QUOTE_TEXTS.balance('10K', '76K'));
  });

  it('with a cap, leaves the hold to the cap’s own line', () => {
    const details = councilQuote({ ...input, tokenCap: 2000 })!.summary.details;
    expect(details).toContain(QUOTE_TEXTS.balance('10K', null));
    expect(details.join(' ')).not.toContain('holds up to');
    expect(details.at(-1)).toBe(TOKEN_CAP_TEXTS.quoteDetail(2000));
  });
});
