import { describe, expect, it } from 'vitest';
import { filterFaq } from '../utils/filter-faq';
import { FAQ_ITEMS, faqItems } from './faq';

const whichModels = (items: ReturnType<typeof faqItems>) =>
  items.find((item) => item.id === 'which-models')?.answer.join(' ');

describe('faqItems', () => {
  it('keeps the spec’s answer, every model coming soon, until one is available', () => {
    expect(faqItems(new Set())).toEqual(FAQ_ITEMS);
    expect(whichModels(FAQ_ITEMS)).toMatch(/ Llama, Gemini and Mistral are coming soon\.$/);
  });

  it('says who the default assistants are on this deployment', () => {
    const line = 'On this Council the default assistants are Local Llama (llama3.2), Local Llama (qwen2.5).';
    const freeQueries = faqItems(new Set(), line).find((item) => item.id === 'free-queries');
    expect(freeQueries?.answer.at(-1)).toBe(line);
  });

  it('names the available models apart from those still coming soon', () => {
    expect(whichModels(faqItems(new Set(['Gemini'])))).toMatch(
      / Gemini is available too\. Llama and Mistral are coming soon\.$/,
    );
    expect(whichModels(faqItems(new Set(['Mistral', 'Llama'])))).toMatch(
      / Llama and Mistral are available too\. Gemini is coming soon\.$/,
    );
    expect(whichModels(faqItems(new Set(['Llama', 'Gemini', 'Mistral'])))).toMatch(
      / Llama, Gemini and Mistral are available too\.$/,
    );
    expect(faqItems(new Set(['Gemini']))).toHaveLength(FAQ_ITEMS.length);
  });

  it('tells a free account it can keep asking on a token pack after its free queries (DECISIONS 17)', () => {
    const freeQueries = FAQ_ITEMS.find((item) => item.id === 'free-queries')?.answer.join(' ');
    expect(freeQueries).toMatch(/5 queries in total per account/);
    expect(freeQueries).toMatch(/used up, you can keep asking with a token pack/);
  });

  it.each([
    ['weigh-in', 'weigh-in'],
    ['weigh in a note', 'weigh-in'],
    ['agreement map', 'agreement-map'],
    ['agreement figure', 'agreement-map'],
    ['estimate', 'quote-and-cap'],
    ['Stop at', 'quote-and-cap'],
    ['limit', 'quote-and-cap'],
    ['demo mode', 'demo-mode'],
    ['local model', 'other-models'],
    ['Ollama', 'other-models'],
    ['Gemini', 'other-models'],
    ['refund', 'refunds'],
    ['dispute', 'refunds'],
    ['share', 'sharing'],
  ])('the help centre’s search for “%s” finds the %s entry', (query, id) => {
    expect(filterFaq(FAQ_ITEMS, query).map((item) => item.id)).toContain(id);
  });
});
