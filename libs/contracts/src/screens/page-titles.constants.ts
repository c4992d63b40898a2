// Main headings of the public screens. Texts the spec fixes are quoted from it; the rest are ours.
export const PAGE_TITLES = {
  auth: 'Sign in',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
  product: 'Features',
  support: 'Support',
  company: 'Meet the Council',
  /** What a free or signed-out visitor sees (spec §2, pricing screen). */
  subscription: 'Pricing',
  /** The shared page's fallback title (spec §2, shared page). */
  shared: 'Shared Question',
  history: 'History',
  question: 'Question',
} as const;
