import { VALIDATION_MESSAGES } from '@council/contracts';
import { DomainException } from '@council/server-kit';
import { parseQuestionId } from './question-id.decorator';

describe('parseQuestionId', () => {
  it('accepts plain positive whole numbers within the integer column', () => {
    expect(parseQuestionId('1')).toBe(1);
    expect(parseQuestionId('0042')).toBe(42);
    expect(parseQuestionId('2147483647')).toBe(2_147_483_647);
  });

  it.each(['', '0', '-1', '1.5', '1e3', ' 1', '0x10', 'abc', '2147483648', '99999999999', undefined, 7])(
    'refuses %p with 400 VALIDATION_FAILED',
    (value) => {
      expect(() => parseQuestionId(value)).toThrow(
        new DomainException('VALIDATION_FAILED', VALIDATION_MESSAGES.questionIdInvalid),
      );
    },
  );
});
