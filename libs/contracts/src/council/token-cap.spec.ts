import { TOKEN_CAP_TEXTS, capShortenedCouncil, questionBudgetKey } from './token-cap';

describe('questionBudgetKey', () => {
  it('tags the key with the question id, like the question stream', () => {
    expect(questionBudgetKey('council-test', 42)).toBe('council-test:budget:{42}');
    for (const id of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => questionBudgetKey('p', id)).toThrow(RangeError);
    }
  });
});

describe('capShortenedCouncil', () => {
  const answer = (memberOrder: number | null, stoppedAtLimit = false, error: string | null = null) => ({
    memberOrder,
    stoppedAtLimit,
    error,
  });

  it('is true when the cap cut a member’s answer or kept one from starting', () => {
    expect(capShortenedCouncil([answer(0), answer(1, true)])).toBe(true);
    expect(capShortenedCouncil([answer(0), answer(1, false, TOKEN_CAP_TEXTS.notStarted)])).toBe(true);
  });

  it('ignores the consensus itself and other errors', () => {
    expect(capShortenedCouncil([answer(0), answer(null, true)])).toBe(false);
    expect(capShortenedCouncil([answer(0, false, 'OpenAI is overloaded.')])).toBe(false);
    expect(capShortenedCouncil([])).toBe(false);
  });
});
