// Stored values: never rename one once shipped. Candidate to move into @council/contracts.

/**
 * Which part of the balance an entry moves (spec §9). `monthly` is the paid plan's allocation,
 * reset on each billing date; `free` is the allowance every new account starts with (spec §9's
 * "tokensLeft 10000" with monthly and purchased at 0); `purchased` are token packs, which never
 * expire. `users.tokensLeft` caches the sum of all three, `monthlyTokens` and `purchasedTokens`
 * their own bucket; the free part is the difference.
 */
export const LEDGER_BUCKETS = ['monthly', 'purchased', 'free'] as const;
export type LedgerBucket = (typeof LEDGER_BUCKETS)[number];
