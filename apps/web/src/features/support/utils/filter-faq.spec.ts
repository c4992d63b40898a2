import { describe, expect, it } from 'vitest';
import { FAQ_ITEMS, type FaqItem } from '../content/faq';
import { filterFaq } from './filter-faq';

const items: FaqItem[] = [
  { id: 'a', category: 'plans', question: 'How do I cancel?', answer: ['From the billing portal.'] },
  {
    id: 'b',
    category: 'history',
    question: 'Can I share?',
    answer: ['Yes, with a public link.', ['Copy it']],
  },
  { id: 'c', category: 'account', question: 'Café questions', answer: ['Résumé of the policy.'] },
];

const ids = (query: string) => filterFaq(items, query).map((item) => item.id);

describe('filterFaq', () => {
  it('keeps every item, in order, for a blank query', () => {
    expect(ids('')).toEqual(['a', 'b', 'c']);
    expect(ids('   ')).toEqual(['a', 'b', 'c']);
  });

  it('matches the question, the answer and its bullet lists, ignoring case', () => {
    expect(ids('CANCEL')).toEqual(['a']);
    expect(ids('public link')).toEqual(['b']);
    expect(ids('copy')).toEqual(['b']);
  });

  it('needs every word, in any order', () => {
    expect(ids('link share')).toEqual(['b']);
    expect(ids('share cancel')).toEqual([]);
  });

  it('matches the category name, so a documentation category lists its questions', () => {
    expect(ids('Plans & billing')).toEqual(['a']);
    expect(ids('history sharing')).toEqual(['b']);
  });

  it('ignores accents and punctuation', () => {
    expect(ids('cafe resume')).toEqual(['c']);
    expect(ids('cancel?!')).toEqual(['a']);
  });
});

describe('the real FAQ', () => {
  it('says the free plan gives 5 queries in total, not per month (DECISIONS 5)', () => {
    const [free] = filterFaq(FAQ_ITEMS, 'free queries');
    expect(free?.id).toBe('free-queries');
    const text = free?.answer.flat().join(' ');
    expect(text).toContain('5 queries in total per account');
    expect(text).toContain('do not reset each month');
  });

  it('quotes the plans, packs and billing rules of the spec', () => {
    const text = FAQ_ITEMS.flatMap((item) => item.answer.flat()).join(' ');
    expect(text).toContain('Premium, £29.99 a month');
    expect(text).toContain('Max, £99.99 a month');
    expect(text).toContain('Enterprise Pack: 1,000,000 tokens for £69.99');
    expect(text).toContain('refreshes on your billing date');
    expect(text).toContain('used after your monthly allocation');
    expect(text).toContain('takes effect at the end of your current billing cycle');
    expect(text).toContain('kept for 30 days and then deleted');
  });

  it('finds pricing questions by a price', () => {
    expect(filterFaq(FAQ_ITEMS, '£29.99').map((item) => item.id)).toContain('plans-compared');
  });
});
