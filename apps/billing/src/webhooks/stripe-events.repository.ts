import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { StripeEventEntity } from '@council/db';
import { DataSource } from 'typeorm';

/** A recorded event still to apply. */
export interface UnprocessedEvent {
  id: string;
  type: string;
}

/**
 * The SQL of stripe_events: an event is recorded by its id once, as received, and marked processed
 * once its work has committed (docs/architecture.md).
 */
@Injectable()
export class StripeEventsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records a verified event; false when its id was recorded before (a redelivery). */
  async record(id: string, type: string, payload: string): Promise<boolean> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO "stripe_events" ("id", "type", "payload") VALUES ($1, $2, $3::jsonb)
       ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
      [id, type, payload],
    );
    return inserted.length > 0;
  }

  /** Whether the event is recorded and not yet processed. */
  async isUnprocessed(id: string): Promise<boolean> {
    const recorded = await this.dataSource.getRepository(StripeEventEntity).findOne({
      where: { id },
      select: { id: true, processedAt: true },
    });
    return recorded !== null && recorded.processedAt === null;
  }

  find(id: string): Promise<StripeEventEntity | null> {
    return this.dataSource.getRepository(StripeEventEntity).findOneBy({ id });
  }

  async markProcessed(id: string): Promise<void> {
    await this.dataSource.getRepository(StripeEventEntity).update(id, { processedAt: new Date() });
  }

  /** Events recorded more than `olderThanMs` ago and not processed, oldest first, at most `limit`. */
  unprocessedOlderThan(olderThanMs: number, limit: number): Promise<UnprocessedEvent[]> {
    return this.dataSource.query(
      `SELECT "id", "type" FROM "stripe_events"
        WHERE "processedAt" IS NULL AND "receivedAt" < now() - make_interval(secs => $1::double precision / 1000)
        ORDER BY "receivedAt" LIMIT $2`,
      [olderThanMs, limit],
    );
  }
}
