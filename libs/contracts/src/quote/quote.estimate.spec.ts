import fc from 'fast-check';
import { AGREEMENT_MAP_LIMITS } from '../agreement/agreement-map';
import { PROMPT_OVERHEAD_TOKENS, estimateQuestionTokens } from '../council/council.constants';
import { AGENTS_MAX, DEBATE_MAX_ROUNDS, QUESTION_MAX_LENGTH } from '../limits/limits.constants';
import { PLANS } from '../plans/plans.constants';
import { DEMO_EXAMPLE_QUESTIONS } from '../demo/demo.texts';
import {
  DEMO_TYPICAL_OUTPUT_TOKENS,
  QUOTE_AGREEMENT_MAP_OUTPUT,
  QUOTE_OUTPUT_RANGE,
  QUOTE_PROMPT_TOKENS,
  QUOTE_REASONING_SHARE,
  TYPICAL_OUTPUT_TOKENS_DEFAULT,
} from './quote.constants';
import {
  type QuestionQuoteInput,
  type QuoteMember,
  demoTypicalOutputTokens,
  quoteQuestionTokens,
} from './quote.estimate';

const three = (typical = 500): QuoteMember[] => [0, 1, 2].map(() => ({ typicalOutputTokens: typical }));

const base: QuestionQuoteInput = {
  questionLength: 400,
  members: three(),
  showDebate: false,
  showReasoning: false,
};

describe('quoteQuestionTokens', () => {
  it('counts each member once without debate: the question, its system prompt and its answer', () => {
    const quote = quoteQuestionTokens(base);
    // 400 characters are 100 tokens; low: 0.6 × 500 written after a 60-token system prompt.
    expect(quote.low).toBe(3 * (100 + QUOTE_PROMPT_TOKENS.system + 500 * QUOTE_OUTPUT_RANGE.low));
    expect(quote.high).toBe(3 * (100 + PROMPT_OVERHEAD_TOKENS + 500 * QUOTE_OUTPUT_RANGE.high));
    expect(quote.rounds).toEqual({ low: 0, high: 0 });
    expect(quote.lowParts.debate + quote.lowParts.consensus).toBe(0);
    // Typical: every answer at its typical length after the real system prompt.
    expect(quote.typical).toBe(3 * (100 + QUOTE_PROMPT_TOKENS.system + 500));
  });

  it('adds one debate round at the low end, every round at the high, then the consensus and its map', () => {
    const quote = quoteQuestionTokens({ ...base, showDebate: true });
    expect(quote.rounds).toEqual({ low: 1, high: DEBATE_MAX_ROUNDS });
    const answer = 500 * QUOTE_OUTPUT_RANGE.low;
    const prompt = 100 + QUOTE_PROMPT_TOKENS.system;
    const readingAll = 3 * (answer + QUOTE_PROMPT_TOKENS.perAnswer);
    expect(quote.lowParts.answers).toBe(3 * (prompt + answer));
    expect(quote.lowParts.debate).toBe(3 * (prompt + QUOTE_PROMPT_TOKENS.revision + readingAll + answer));
    const { claims, perClaim, perStance } = QUOTE_AGREEMENT_MAP_OUTPUT;
    const map =
      100 +
      QUOTE_PROMPT_TOKENS.agreementMap +
      3 * (answer + QUOTE_PROMPT_TOKENS.perMapMember) +
      claims * QUOTE_OUTPUT_RANGE.low * (perClaim + 3 * perStance);
    expect(quote.lowParts.consensus).toBe(prompt + QUOTE_PROMPT_TOKENS.synthesis + readingAll + answer + map);
    expect(quote.low).toBe(quote.lowParts.answers + quote.lowParts.debate + quote.lowParts.consensus);

    const oneRound = quote.highParts.debate / DEBATE_MAX_ROUNDS;
    expect(Number.isInteger(oneRound)).toBe(true);
    // Typical answers, and half-way between one round and every round.
    const typicalRound =
      3 * (100 + QUOTE_PROMPT_TOKENS.system + QUOTE_PROMPT_TOKENS.revision + 3 * 512 + 500);
    expect(quote.typical).toBeGreaterThan(quote.low);
    expect(quote.typical).toBeLessThan(quote.high);
    expect(quote.typical - quoteQuestionTokens({ ...base, showDebate: false }).typical).toBe(
      Math.round(((1 + DEBATE_MAX_ROUNDS) / 2) * typicalRound) +
        (100 + QUOTE_PROMPT_TOKENS.system + QUOTE_PROMPT_TOKENS.synthesis + 3 * 512 + 500) +
        (100 + QUOTE_PROMPT_TOKENS.agreementMap + 3 * (500 + QUOTE_PROMPT_TOKENS.perMapMember)) +
        QUOTE_AGREEMENT_MAP_OUTPUT.claims *
          (QUOTE_AGREEMENT_MAP_OUTPUT.perClaim + 3 * QUOTE_AGREEMENT_MAP_OUTPUT.perStance),
    );
    expect(quote.high).toBe(quote.highParts.answers + quote.highParts.debate + quote.highParts.consensus);
  });

  it('adds the reasoning share to what every call writes, but not to what the others read', () => {
    const plain = quoteQuestionTokens({ ...base, showDebate: true });
    const reasoning = quoteQuestionTokens({ ...base, showDebate: true, showReasoning: true });
    const answer = 500 * QUOTE_OUTPUT_RANGE.low;
    const extra = answer * QUOTE_REASONING_SHARE;
    expect(reasoning.lowParts.answers - plain.lowParts.answers).toBe(3 * extra);
    expect(reasoning.lowParts.debate - plain.lowParts.debate).toBe(3 * extra);
    // The consensus writes its reasoning; the map asks for none.
    expect(reasoning.lowParts.consensus - plain.lowParts.consensus).toBe(extra);
  });

  it("uses each member's own typical answer, and the leader's for the consensus", () => {
    const members = [
      { typicalOutputTokens: 1000 },
      { typicalOutputTokens: 200 },
      { typicalOutputTokens: 200 },
    ];
    const shortLeader = quoteQuestionTokens({ ...base, members, showDebate: true, leaderIndex: 1 });
    const longLeader = quoteQuestionTokens({ ...base, members, showDebate: true, leaderIndex: 0 });
    expect(longLeader.lowParts.answers).toBe(shortLeader.lowParts.answers);
    expect(longLeader.lowParts.debate).toBe(shortLeader.lowParts.debate);
    // The leader writes the consensus, (1000 − 200) × 0.6; the map, drawn beside it, does not read it.
    expect(longLeader.lowParts.consensus - shortLeader.lowParts.consensus).toBe(800 * QUOTE_OUTPUT_RANGE.low);
  });

  it.each([[undefined], [null], [0], [-5], [Number.NaN]])(
    'falls back to the default typical answer for %p',
    (typical) => {
      const missing = quoteQuestionTokens({ ...base, members: [{ typicalOutputTokens: typical }] });
      const fallback = quoteQuestionTokens({
        ...base,
        members: [{ typicalOutputTokens: TYPICAL_OUTPUT_TOKENS_DEFAULT }],
      });
      expect(missing).toEqual(fallback);
    },
  );

  it("keeps every call within the tier's answer length (the free tier's short answers)", () => {
    const free = quoteQuestionTokens({
      ...base,
      members: three(2000),
      answerMaxOutputTokens: PLANS.free.answerMaxOutputTokens,
    });
    expect(free.high).toBe(3 * (100 + PROMPT_OVERHEAD_TOKENS + PLANS.free.answerMaxOutputTokens));
    expect(free.high).toBe(free.reservation);
  });

  it('counts a role prompt in place of the default one at the low end, on top of the overhead at the high', () => {
    const role = quoteQuestionTokens({
      ...base,
      members: [{ typicalOutputTokens: 500, rolePromptLength: 400 }],
    });
    const plain = quoteQuestionTokens({ ...base, members: [{ typicalOutputTokens: 500 }] });
    expect(role.low - plain.low).toBe(100 - QUOTE_PROMPT_TOKENS.system);
    expect(role.high - plain.high).toBe(100);
  });

  it('has a lone member with debate on go straight to the consensus, without rounds or a map', () => {
    const quote = quoteQuestionTokens({ ...base, members: three().slice(0, 1), showDebate: true });
    expect(quote.rounds).toEqual({ low: 0, high: 0 });
    expect(quote.lowParts.debate).toBe(0);
    const answer = 500 * QUOTE_OUTPUT_RANGE.low;
    const prompt = 100 + QUOTE_PROMPT_TOKENS.system;
    expect(quote.lowParts.consensus).toBe(
      prompt + QUOTE_PROMPT_TOKENS.synthesis + answer + QUOTE_PROMPT_TOKENS.perAnswer + answer,
    );
  });

  it('quotes nothing for an empty council', () => {
    const quote = quoteQuestionTokens({ ...base, members: [], showDebate: true });
    expect([quote.low, quote.high]).toEqual([0, 0]);
  });

  it('caps the agreement map at its own output limit', () => {
    const wide = quoteQuestionTokens({
      ...base,
      members: Array.from({ length: 200 }, () => ({ typicalOutputTokens: 10 })),
      showDebate: true,
    });
    // Answers of 6 tokens after a 160-token prompt; the map would write 3 × (30 + 200 × 20) tokens.
    const readingAll = 200 * (6 + QUOTE_PROMPT_TOKENS.perAnswer);
    const synthesis = 160 + QUOTE_PROMPT_TOKENS.synthesis + readingAll + 6;
    const mapPrompt = 100 + QUOTE_PROMPT_TOKENS.agreementMap + 200 * (6 + QUOTE_PROMPT_TOKENS.perMapMember);
    expect(wide.lowParts.consensus).toBe(synthesis + mapPrompt + AGREEMENT_MAP_LIMITS.maxOutputTokens);
  });
});

describe('demoTypicalOutputTokens', () => {
  it("counts the demo's scripted answer for an example question, its short card for any other", () => {
    expect(demoTypicalOutputTokens(DEMO_EXAMPLE_QUESTIONS[0])).toBe(DEMO_TYPICAL_OUTPUT_TOKENS.example);
    expect(demoTypicalOutputTokens(`  ${DEMO_EXAMPLE_QUESTIONS[2].toUpperCase()}  `)).toBe(
      DEMO_TYPICAL_OUTPUT_TOKENS.example,
    );
    expect(demoTypicalOutputTokens('Why is the sky blue?')).toBe(DEMO_TYPICAL_OUTPUT_TOKENS.card);
    expect(DEMO_TYPICAL_OUTPUT_TOKENS.card).toBeLessThan(DEMO_TYPICAL_OUTPUT_TOKENS.example);
  });
});

describe('quoteQuestionTokens properties', () => {
  const member = fc.record({
    typicalOutputTokens: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: undefined }),
    rolePromptLength: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined }),
  });
  const input = fc
    .record({
      questionLength: fc.integer({ min: 0, max: QUESTION_MAX_LENGTH }),
      members: fc.array(member, { minLength: 1, maxLength: AGENTS_MAX }),
      showDebate: fc.boolean(),
      showReasoning: fc.boolean(),
      leader: fc.nat({ max: AGENTS_MAX - 1 }),
      answerMaxOutputTokens: fc.constantFrom(
        PLANS.free.answerMaxOutputTokens,
        PLANS.premium.answerMaxOutputTokens,
        undefined,
      ),
    })
    .map(({ leader, ...value }): QuestionQuoteInput & { members: QuoteMember[] } => ({
      ...value,
      leaderIndex: leader % value.members.length,
    }));

  it('gives 0 < low ≤ typical ≤ high ≤ the reservation, in whole tokens', () => {
    fc.assert(
      fc.property(input, (value) => {
        const quote = quoteQuestionTokens(value);
        const reservation = estimateQuestionTokens({
          members: value.members.length,
          questionLength: value.questionLength,
          showDebate: value.showDebate,
          answerMaxOutputTokens: value.answerMaxOutputTokens,
          rolePromptLength: Math.max(0, ...value.members.map((entry) => entry.rolePromptLength ?? 0)),
        });
        expect(quote.reservation).toBe(reservation);
        expect(quote.low).toBeGreaterThan(0);
        expect(quote.low).toBeLessThanOrEqual(quote.typical);
        expect(quote.typical).toBeLessThanOrEqual(quote.high);
        expect(quote.high).toBeLessThanOrEqual(reservation);
        expect([quote.low, quote.typical, quote.high].every(Number.isSafeInteger)).toBe(true);
      }),
    );
  });

  it('never quotes less for a longer question, another member, debate, reasoning or a longer answer', () => {
    fc.assert(
      fc.property(input, member, fc.integer({ min: 1, max: 2000 }), (value, extra, more) => {
        const quote = quoteQuestionTokens(value);
        const variants: QuestionQuoteInput[] = [
          { ...value, questionLength: value.questionLength + more },
          { ...value, members: [...value.members, extra] },
          { ...value, showDebate: true },
          { ...value, showReasoning: true },
          {
            ...value,
            members: value.members.map((entry) => ({
              ...entry,
              typicalOutputTokens: (entry.typicalOutputTokens ?? TYPICAL_OUTPUT_TOKENS_DEFAULT) + more,
            })),
          },
        ];
        for (const variant of variants) {
          const bigger = quoteQuestionTokens(variant);
          expect(bigger.low).toBeGreaterThanOrEqual(quote.low);
          expect(bigger.high).toBeGreaterThanOrEqual(quote.high);
        }
      }),
    );
  });

  it('quotes a debate at least one full revision round above the same council without it', () => {
    fc.assert(
      fc.property(input, (value) => {
        fc.pre(value.members.length >= 2);
        const plain = quoteQuestionTokens({ ...value, showDebate: false });
        const debate = quoteQuestionTokens({ ...value, showDebate: true });
        expect(debate.lowParts.debate).toBeGreaterThanOrEqual(plain.lowParts.answers);
        expect(debate.low).toBeGreaterThan(plain.low);
      }),
    );
  });
});
