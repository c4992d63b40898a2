// Display helpers of the billing screens beyond contracts' formatTokens / formatGbp (spec §9).

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const COUNT = new Intl.NumberFormat('en-GB');

/** An ISO timestamp as "24 May 2026"; null for a missing or unreadable one. */
export function formatLongDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : LONG_DATE.format(date);
}

/** A token count in full, as the spec's tables write it: 50000 → "50,000". */
export function formatTokenCount(tokens: number): string {
  return COUNT.format(tokens);
}
