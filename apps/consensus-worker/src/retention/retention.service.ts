import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { tiersWithLimitedHistory } from './retention.util';

/** Conversations deleted per statement: short transactions, so asking and answering never wait long. */
export const RETENTION_BATCH_SIZE = 500;

/**
 * One batch: the oldest-first ids of conversations past retention (aged by their latest turn,
 * docs/decisions.md "25. Follow-ups") whose owner is on a limited tier,
 * locked with SKIP LOCKED so sweeps on several workers take different rows instead of waiting on
 * each other. Their follow-ups, responses and question_agents go with them (ON DELETE CASCADE).
 */
const DELETE_BATCH_SQL = `
  WITH "doomed" AS (
    SELECT q."id"
      FROM "questions" q
      JOIN "users" u ON u."id" = q."userId"
     WHERE u."subscriptionTier"::text = ANY($1::text[])
       AND q."conversationId" IS NULL
       AND q."lastTurnAt" < now() - make_interval(days => $2::int)
     ORDER BY q."id"
     LIMIT $3
       FOR UPDATE OF q SKIP LOCKED
  ), "deleted" AS (
    DELETE FROM "questions" WHERE "id" IN (SELECT "id" FROM "doomed") RETURNING 1
  )
  SELECT count(*)::int AS "deleted" FROM "deleted"`;

/** Deletes history past its plan's retention (DECISIONS 11). Idempotent: a second run finds nothing. */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger(RetentionService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Deletes, batch by batch, until a batch comes back short; returns how many conversations went
   * (each with its follow-ups).
   */
  async sweep(retentionDays: number, batchSize = RETENTION_BATCH_SIZE): Promise<number> {
    const tiers = tiersWithLimitedHistory();
    let total = 0;
    for (;;) {
      const rows = await this.dataSource.query<Array<{ deleted: number }>>(DELETE_BATCH_SQL, [
        tiers,
        retentionDays,
        batchSize,
      ]);
      const deleted = rows[0]?.deleted ?? 0;
      total += deleted;
      // Short: nothing left, or what is left is being deleted by another worker right now.
      if (deleted < batchSize) break;
    }
    if (total > 0) {
      this.logger.log(`Deleted ${total} conversation(s) last asked over ${retentionDays} days ago`);
    }
    return total;
  }
}
