import { defaultShareDescription, defaultShareTitle, shareExpiresAt } from './share.defaults';

describe('share defaults (spec §5)', () => {
  const question = 'q'.repeat(250);

  it('uses the saved title and description first', () => {
    const saved = { question, shareTitle: 'Mine', shareDescription: 'About it' };
    expect(defaultShareTitle(saved)).toBe('Mine');
    expect(defaultShareDescription(saved)).toBe('About it');
  });

  it('otherwise cuts the question to 100 and 200 characters', () => {
    expect(defaultShareTitle({ question, shareTitle: null })).toHaveLength(100);
    expect(defaultShareDescription({ question, shareDescription: '  ' })).toHaveLength(200);
    expect(defaultShareTitle({ question: 'short' })).toBe('short');
  });

  it('never splits a character in two', () => {
    const emoji = '🙂'.repeat(150);
    expect(Array.from(defaultShareTitle({ question: emoji }))).toHaveLength(100);
  });

  it('computes expiry dates', () => {
    const now = new Date('2025-04-24T12:00:00Z');
    expect(shareExpiresAt('never', now)).toBeNull();
    expect(shareExpiresAt('1d', now)?.toISOString()).toBe('2025-04-25T12:00:00.000Z');
    expect(shareExpiresAt('30d', now)?.toISOString()).toBe('2025-05-24T12:00:00.000Z');
  });
});
