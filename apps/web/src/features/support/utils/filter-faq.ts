import { FAQ_CATEGORIES, type FaqItem } from '../content/faq';

/** Lower case, accents and punctuation dropped: "Café’s" and "cafes" look alike. */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9£]+/g, ' ')
    .trim();
}

function searchableText(item: FaqItem): string {
  return normalise([FAQ_CATEGORIES[item.category], item.question, ...item.answer.flat()].join(' '));
}

/**
 * The FAQ items that contain every word of `query` (in the question, the answer or the category name),
 * in their original order. A blank query keeps them all.
 */
export function filterFaq(items: readonly FaqItem[], query: string): FaqItem[] {
  const words = normalise(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = searchableText(item);
    return words.every((word) => text.includes(word));
  });
}
