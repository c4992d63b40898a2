import { formatGbp, formatPricePer1k, formatTokens } from './plans.format';

describe('formatTokens', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1499, '1K'],
    [1500, '2K'],
    [10_000, '10K'],
    [250_000, '250K'],
    [999_499, '999K'],
    [999_600, '1M'],
    [1_000_000, '1M'],
    [1_010_000, '1.01M'],
    [1_234_567, '1.23M'],
    [12_500_000, '12.5M'],
  ])('%p → %p', (tokens, shown) => {
    expect(formatTokens(tokens)).toBe(shown);
  });
});

describe('formatGbp', () => {
  it.each([
    [2999, '£29.99'],
    [9999, '£99.99'],
    [999, '£9.99'],
    [6999, '£69.99'],
    [0, '£0.00'],
    [5, '£0.05'],
    [123_450, '£1,234.50'],
  ])('%p pence → %p', (pence, shown) => {
    expect(formatGbp(pence)).toBe(shown);
  });
});

describe('formatPricePer1k', () => {
  it('quotes the extra-token prices as the spec does', () => {
    expect(formatPricePer1k(1.5)).toBe('£0.015 per 1K');
    expect(formatPricePer1k(1.2)).toBe('£0.012 per 1K');
    expect(formatPricePer1k(0.8)).toBe('£0.008 per 1K');
  });
});
