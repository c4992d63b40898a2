// Stored values: never rename one once shipped. Candidate to move into @council/contracts.

/**
 * Which part of the balance an entry moves (spec §9): the monthly allocation is spent first, then
 * purchased tokens, which never expire.
 */
export const LEDGER_BUCKETS = ['monthly', 'purchased'] as const;
export type LedgerBucket = (typeof LEDGER_BUCKETS)[number];
