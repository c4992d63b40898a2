import { AGREEMENT_MAP_LIMITS } from '../agreement/agreement-map';
import { QUESTION_STATUSES } from '../domain/domain.constants';
import { DEBATE_MAX_ROUNDS } from '../limits/limits.constants';
import { PLANS } from '../plans/plans.constants';
import {
  ANSWER_MAX_OUTPUT_TOKENS,
  PROMPT_OVERHEAD_TOKENS,
  answerMaxOutputTokensFor,
  estimateQuestionTokens,
  isQuestionFinal,
  questionCancelKey,
} from './council.constants';

describe('council constants', () => {
  it('estimates one prompt and one full answer per member without debate', () => {
    expect(estimateQuestionTokens({ members: 3, questionLength: 400, showDebate: false })).toBe(
      3 * (100 + PROMPT_OVERHEAD_TOKENS + ANSWER_MAX_OUTPUT_TOKENS),
    );
  });

  it('adds the debate rounds and the consensus with debate on', () => {
    const plain = estimateQuestionTokens({ members: 3, questionLength: 0, showDebate: false });
    const debate = estimateQuestionTokens({ members: 3, questionLength: 0, showDebate: true });
    const readingAll = PROMPT_OVERHEAD_TOKENS + 4 * ANSWER_MAX_OUTPUT_TOKENS;
    const agreementMap =
      AGREEMENT_MAP_LIMITS.attempts *
      (readingAll - ANSWER_MAX_OUTPUT_TOKENS + AGREEMENT_MAP_LIMITS.maxOutputTokens);
    expect(debate).toBe(plain + 3 * DEBATE_MAX_ROUNDS * readingAll + readingAll + agreementMap);
  });

  it('sizes a free question from its short answers, a fifth of the free allowance', () => {
    const free = estimateQuestionTokens({
      members: 3,
      questionLength: 120,
      showDebate: false,
      answerMaxOutputTokens: answerMaxOutputTokensFor('free'),
    });
    expect(free).toBe(3 * (30 + PROMPT_OVERHEAD_TOKENS + 600));
    expect(free).toBeLessThanOrEqual(PLANS.free.tokenAllowance / 4);
    expect(answerMaxOutputTokensFor('premium')).toBe(ANSWER_MAX_OUTPUT_TOKENS);
  });

  it('counts a role prompt into every call', () => {
    const plain = estimateQuestionTokens({ members: 3, questionLength: 0, showDebate: false });
    const withRole = estimateQuestionTokens({
      members: 3,
      questionLength: 0,
      showDebate: false,
      rolePromptLength: 400,
    });
    expect(withRole - plain).toBe(300);
  });

  it('names the cancel key under the prefix', () => {
    expect(questionCancelKey('council', 42)).toBe('council:cancel:{42}');
    expect(() => questionCancelKey('council', 0)).toThrow(RangeError);
  });

  it('calls a question final once it has completed, failed or been cancelled', () => {
    expect(QUESTION_STATUSES.filter(isQuestionFinal)).toEqual(['completed', 'failed', 'cancelled']);
  });
});
