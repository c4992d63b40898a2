import { CONVERSATION, CONVERSATION_TEXTS, fitThread } from './conversation';
import { PROMPT_OVERHEAD_TOKENS } from './council.constants';

describe('fitting a follow-up thread', () => {
  const base = { answerMaxOutputTokens: 1_000, promptChars: 0 };

  it('keeps every turn that fits the smallest context window beside the answer', () => {
    const fit = fitThread({
      ...base,
      turns: [{ chars: 400 }, { chars: 800 }],
      contextWindows: [200_000, 128_000],
    });
    expect(fit).toEqual({ omittedTurns: 0, threadChars: 1_200 });
  });

  it('leaves out the oldest turns first, by the smallest member', () => {
    // Room: 2,000 − 1,000 answer − overhead; each turn is 300 tokens.
    const room = 2_000 - 1_000 - PROMPT_OVERHEAD_TOKENS;
    const turns = [{ chars: 1_200 }, { chars: 1_200 }, { chars: 1_200 }, { chars: 1_200 }];
    const fit = fitThread({ ...base, turns, contextWindows: [200_000, 2_000] });
    const kept = Math.floor(room / 300);
    expect(fit).toEqual({ omittedTurns: turns.length - kept, threadChars: kept * 1_200 });
  });

  it('never keeps an older turn once a newer one did not fit', () => {
    const fit = fitThread({
      ...base,
      turns: [{ chars: 4 }, { chars: 40_000 }, { chars: 4 }],
      contextWindows: [4_000],
    });
    expect(fit).toEqual({ omittedTurns: 2, threadChars: 4 });
  });

  it('assumes a modest window for a model the catalogue does not describe', () => {
    const chars = (CONVERSATION.unknownContextWindowTokens - 1_000) * 4;
    expect(fitThread({ ...base, turns: [{ chars }], contextWindows: [null] }).omittedTurns).toBe(1);
  });

  it('says which turns were left out', () => {
    expect(CONVERSATION_TEXTS.omittedTurns(1)).toMatch(/^Question 1 of this conversation was left out/);
    expect(CONVERSATION_TEXTS.omittedTurns(3)).toMatch(/^Questions 1–3 of this conversation were left out/);
    expect(CONVERSATION_TEXTS.followUps(1)).toBe('1 follow-up');
    expect(CONVERSATION_TEXTS.followUps(2)).toBe('2 follow-ups');
  });
});
