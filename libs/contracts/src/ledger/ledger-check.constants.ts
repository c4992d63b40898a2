/**
 * Ours: how often each billing replica compares every account's cached token columns with the sums
 * of its ledger entries (ARCHITECTURE "Money and tokens": the columns are a cache of the ledger).
 * A mismatch is an alert, not a repair; five minutes keeps one full pass over the ledger cheap.
 */
export const LEDGER_CHECK_EVERY_MS = 5 * 60 * 1000;
