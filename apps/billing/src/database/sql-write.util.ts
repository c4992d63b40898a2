// Writes composed into one statement. Billing is on the critical path of every question and each
// statement is a round trip, so the writes of one ledger operation go to PostgreSQL together.

import { preparedQuery } from '@council/db';
import { type EntityManager } from 'typeorm';

/** One write's SQL; `param` binds a value and returns its placeholder ($n). */
export type SqlWrite = (param: (value: unknown) => string) => string;

/**
 * Runs the writes as one statement, the rest as data-modifying CTEs of the first (PostgreSQL runs
 * each exactly once, read or not, all on one snapshot: none may depend on another's effect).
 * Returns the first write's RETURNING rows. Constraint violations surface as QueryFailedError,
 * naming the constraint, as with separate statements.
 */
export async function writeTogether<Row>(
  manager: EntityManager,
  writes: readonly SqlWrite[],
): Promise<Row[]> {
  const params: unknown[] = [];
  const param = (value: unknown): string => `$${params.push(value)}`;
  const [first, ...rest] = writes.map((write) => write(param));
  if (first === undefined) return [];
  if (!manager.queryRunner) throw new Error('writeTogether belongs in a transaction');
  const ctes = rest.map((sql, index) => `"write${index + 2}" AS (${sql})`);
  const sql = ctes.length > 0 ? `WITH ${ctes.join(', ')} ${first}` : first;
  // Prepared: an operation's statement has one of a few shapes, each parsed and planned once.
  const { rows } = await preparedQuery<Row>(manager, sql, params);
  return rows;
}

/**
 * UPDATE of one row by id (the tables written here all keep an updatedAt). Column names come from
 * the typed patch, never from input, so they are interpolated; values are always bound.
 */
export function updateRow<Entity extends { id: number; updatedAt: Date }>(
  table: string,
  id: number,
  patch: Partial<Omit<Entity, 'id' | 'updatedAt'>>,
): SqlWrite {
  return (param) => {
    const sets = Object.entries(patch).map(([column, value]) => `"${column}" = ${param(value)}`);
    return `UPDATE "${table}" SET ${sets.join(', ')}, "updatedAt" = CURRENT_TIMESTAMP WHERE "id" = ${param(id)}`;
  };
}
