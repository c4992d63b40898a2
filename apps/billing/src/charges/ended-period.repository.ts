// Whether the period a subscription invoice paid for has ended, read from the ledger: a renewal's
// allocation came after the invoice's grant. Its unspent share is what the renewal ended of the
// monthly tokens that period allocated (its allowance and any upgrade's top-up).

import { type EntityManager } from 'typeorm';
import { ALLOWANCE_NOTES } from '../ledger/ledger.arithmetic';
import { ALLOWANCE_KEY_PREFIX } from '../ledger/ledger.keys';
import { type EndedPeriod } from './charge.arithmetic';

interface EndedRow {
  renewalId: number | null;
  allocated: number;
  ended: number;
}

export async function findEndedPeriod(
  manager: EntityManager,
  userId: number,
  grantKey: string,
): Promise<EndedPeriod | null> {
  const rows = (await manager.query(
    `WITH "granted" AS (
       SELECT min("id") AS "id" FROM "ledger_entries" WHERE "userId" = $1 AND split_part("idempotencyKey", '#', 1) = $2
     ), "renewal" AS (
       SELECT e."id", split_part(e."idempotencyKey", '#', 1) AS "key"
         FROM "ledger_entries" e, "granted" g
        WHERE e."userId" = $1 AND e."kind" = 'grant' AND e."bucket" = 'monthly' AND e."note" = $3
          AND e."idempotencyKey" LIKE $4 AND e."id" > g."id"
        ORDER BY e."id" LIMIT 1
     )
     SELECT (SELECT "id" FROM "renewal") AS "renewalId",
            COALESCE((SELECT sum(e."amount") FROM "ledger_entries" e, "granted" g, "renewal" r
                       WHERE e."userId" = $1 AND e."kind" = 'grant' AND e."bucket" = 'monthly'
                         AND e."amount" > 0 AND e."id" >= g."id" AND e."id" < r."id"), 0)::integer AS "allocated",
            COALESCE((SELECT -sum(e."amount") FROM "ledger_entries" e, "renewal" r
                       WHERE e."userId" = $1 AND e."kind" = 'adjustment' AND e."bucket" = 'monthly'
                         AND split_part(e."idempotencyKey", '#', 1) = r."key"), 0)::integer AS "ended"`,
    [userId, grantKey, ALLOWANCE_NOTES.renewal, `${ALLOWANCE_KEY_PREFIX}%`],
  )) as EndedRow[];
  const row = rows[0];
  if (!row || row.renewalId === null) return null;
  return { unspentShare: row.allocated > 0 ? Math.min(1, row.ended / row.allocated) : 0 };
}
