// Display formats of spec §9: token balances in K, money in pounds with two decimals.

const GBP = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * 999 → "999"; 1,000 or more → rounded thousands with K (250000 → "250K", 1500 → "2K", spec §9);
 * from a million, millions with up to two decimals (1000000 → "1M", 1010000 → "1.01M"), never
 * "1000K".
 */
export function formatTokens(tokens: number): string {
  const thousands = Math.round(tokens / 1000);
  if (thousands >= 1000) return `${Number((tokens / 1_000_000).toFixed(2))}M`;
  if (tokens >= 1000) return `${thousands}K`;
  return String(Math.round(tokens));
}

/** Integer pence → "£29.99" (and "£1,234.50"). */
export function formatGbp(pence: number): string {
  return GBP.format(pence / 100);
}

/** Extra-token price in pence per 1K → "£0.015 per 1K"; three decimals, as the spec quotes it. */
export function formatPricePer1k(pencePer1k: number): string {
  return `£${(pencePer1k / 100).toFixed(3)} per 1K`;
}
