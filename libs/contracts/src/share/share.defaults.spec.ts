import {
  cutAtWord,
  defaultShareDescription,
  defaultShareTitle,
  descriptionRepeatsQuestion,
  shareExpiresAt,
} from './share.defaults';

describe('share defaults (spec §5)', () => {
  const question = 'q'.repeat(250);

  it('uses the saved title and description first', () => {
    const saved = { question, shareTitle: 'Mine', shareDescription: 'About it' };
    expect(defaultShareTitle(saved)).toBe('Mine');
    expect(defaultShareDescription(saved)).toBe('About it');
  });

  it('otherwise gives the question in at most 100 and 200 characters, with an ellipsis when cut', () => {
    expect(defaultShareTitle({ question, shareTitle: null })).toHaveLength(100);
    expect(defaultShareTitle({ question, shareTitle: null }).endsWith('…')).toBe(true);
    expect(defaultShareDescription({ question, shareDescription: '  ' })).toHaveLength(200);
    expect(defaultShareTitle({ question: 'short' })).toBe('short');
    expect(defaultShareTitle({ question: 'x'.repeat(100) })).toBe('x'.repeat(100));
  });

  it('cuts at a word boundary, never mid-word (DECISIONS 20)', () => {
    const long =
      'Should I keep my current job at a large company, where I am comfortable, or leave to open a second shop with my brother, ' +
      'who has already run one café successfully for three years in the same town?';
    const title = defaultShareTitle({ question: long });
    expect(title).toBe(
      'Should I keep my current job at a large company, where I am comfortable, or leave to open a second…',
    );
    expect(Array.from(title).length).toBeLessThanOrEqual(100);
    const description = defaultShareDescription({ question: long });
    expect(Array.from(description).length).toBeLessThanOrEqual(200);
    expect(long.startsWith(description.slice(0, -1))).toBe(true);
    expect(description.endsWith(' …')).toBe(false);
  });

  it('never splits a character in two', () => {
    const emoji = '🙂'.repeat(150);
    expect(Array.from(defaultShareTitle({ question: emoji }))).toHaveLength(100);
    expect(cutAtWord('🙂 '.repeat(80), 10)).toBe('🙂 🙂 🙂 🙂 🙂…');
  });

  it('tells a description that only repeats the question', () => {
    const long = 'word '.repeat(60).trim();
    expect(descriptionRepeatsQuestion(defaultShareDescription({ question: long }), long)).toBe(true);
    expect(descriptionRepeatsQuestion(long, long)).toBe(true);
    expect(descriptionRepeatsQuestion('Something else', long)).toBe(false);
    expect(descriptionRepeatsQuestion(null, long)).toBe(false);
  });

  it('computes expiry dates', () => {
    const now = new Date('2025-04-24T12:00:00Z');
    expect(shareExpiresAt('never', now)).toBeNull();
    expect(shareExpiresAt('1d', now)?.toISOString()).toBe('2025-04-25T12:00:00.000Z');
    expect(shareExpiresAt('30d', now)?.toISOString()).toBe('2025-05-24T12:00:00.000Z');
  });
});
