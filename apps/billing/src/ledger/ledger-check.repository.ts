import { type DataSource } from 'typeorm';

/** How many accounts disagree with their ledger, and the first few of them. */
export interface LedgerMismatches {
  count: number;
  /** Up to MISMATCHES_NAMED ids, lowest first. */
  userIds: number[];
}

const MISMATCHES_NAMED = 20;

/**
 * Every account whose cached columns (tokensLeft, monthlyTokens, purchasedTokens, tokenDebt) differ
 * from the sums of its ledger entries. One statement, so one snapshot: a ledger write and its
 * account update commit together, and are seen together or not at all.
 */
const MISMATCHED_ACCOUNTS = `
  WITH "sums" AS (
    SELECT "userId",
           SUM("amount") AS "total",
           COALESCE(SUM("amount") FILTER (WHERE "bucket" = 'monthly'), 0) AS "monthly",
           COALESCE(SUM("amount") FILTER (WHERE "bucket" = 'purchased'), 0) AS "purchased",
           SUM("debt") AS "debt"
      FROM "ledger_entries"
     GROUP BY "userId"
  )
  SELECT u."id", count(*) OVER ()::int AS "count"
    FROM "users" u
    LEFT JOIN "sums" s ON s."userId" = u."id"
   WHERE u."tokensLeft" <> COALESCE(s."total", 0)
      OR u."monthlyTokens" <> COALESCE(s."monthly", 0)
      OR u."purchasedTokens" <> COALESCE(s."purchased", 0)
      OR u."tokenDebt" <> COALESCE(s."debt", 0)
   ORDER BY u."id"
   LIMIT ${MISMATCHES_NAMED}`;

export async function findLedgerMismatches(dataSource: DataSource): Promise<LedgerMismatches> {
  const rows: { id: number; count: number }[] = await dataSource.query(MISMATCHED_ACCOUNTS);
  return { count: rows[0]?.count ?? 0, userIds: rows.map((row) => Number(row.id)) };
}
