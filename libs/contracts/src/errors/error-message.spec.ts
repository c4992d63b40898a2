import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it('is an error’s message, or the string form of anything else thrown', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage('boom')).toBe('boom');
    expect(errorMessage(42)).toBe('42');
  });
});
