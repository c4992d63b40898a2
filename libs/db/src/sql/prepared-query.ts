import { createHash } from 'node:crypto';
import { type DataSource, EntityManager, QueryFailedError } from 'typeorm';

export interface PreparedResult<Row> {
  rows: Row[];
  /** Rows inserted, updated, deleted or returned. */
  rowCount: number;
}

/** The part of node-postgres' client a prepared statement needs. */
interface PgClient {
  query(config: {
    name: string;
    text: string;
    values: readonly unknown[];
  }): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

const names = new Map<string, string>();

/** A statement's name: one per text, so a connection prepares each text once. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `council_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs `text` as a named prepared statement: PostgreSQL parses and plans it once per connection
 * instead of on every call (measured here: a 4-join CTE ≈ 270 → 50 µs of server CPU, a one-row
 * SELECT ≈ 90 → 30 µs). For the hot statements a question runs. Inside a transaction, pass its
 * EntityManager (the statement runs on the transaction's connection). Errors are TypeORM's
 * QueryFailedError, like manager.query's, and the statement is logged the same way.
 *
 * The texts must name their result columns (no `SELECT *` / `RETURNING *`): a prepared statement
 * whose result columns change under it (a migration adding a column) fails until it is re-prepared.
 * Prepared statements live on a server session, so a pooler in front of PostgreSQL must keep
 * sessions (PgBouncer: session pooling, or 1.21+ with max_prepared_statements).
 */
export async function preparedQuery<Row>(
  source: DataSource | EntityManager,
  text: string,
  values: readonly unknown[],
): Promise<PreparedResult<Row>> {
  const manager = source instanceof EntityManager ? source : source.manager;
  const own = manager.queryRunner ? null : manager.connection.createQueryRunner();
  const runner = manager.queryRunner ?? own;
  if (!runner) throw new Error('No query runner');
  try {
    const client = (await runner.connect()) as PgClient;
    manager.connection.logger.logQuery(text, [...values], runner);
    try {
      const result = await client.query({ name: statementName(text), text, values });
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    } catch (error) {
      manager.connection.logger.logQueryError(error as Error, text, [...values], runner);
      throw new QueryFailedError(text, [...values], error as Error);
    }
  } finally {
    await own?.release();
  }
}
