// The SQL of the ledger: its entries, the sums they add up to, and the user row's lock. The
// transactions around it are LedgerService's.
import { LedgerEntryEntity } from '@council/db';
import { type EntityManager, In } from 'typeorm';
import { type SqlWrite } from '../database/sql-write.util';
import { operationKeys } from './ledger.keys';

/** The columns of ledger_entries the ledger sets itself (the rest are generated). */
export type NewEntry = Pick<
  LedgerEntryEntity,
  | 'userId'
  | 'kind'
  | 'bucket'
  | 'amount'
  | 'debt'
  | 'idempotencyKey'
  | 'note'
  | 'stripeEventId'
  | 'questionId'
  | 'responseId'
>;

const ENTRY_COLUMNS = [
  'userId',
  'kind',
  'bucket',
  'amount',
  'debt',
  'idempotencyKey',
  'note',
  'stripeEventId',
  'questionId',
  'responseId',
] as const satisfies readonly (keyof NewEntry)[];

const RETURNED = ['id', ...ENTRY_COLUMNS, 'createdAt'].map((column) => `"${column}"`).join(', ');

/** INSERT of an operation's entries, returning the stored rows. */
export function insertEntries(entries: readonly NewEntry[]): SqlWrite {
  return (param) => {
    const values = entries.map(
      (entry) => `(${ENTRY_COLUMNS.map((column) => param(entry[column])).join(', ')})`,
    );
    const columns = ENTRY_COLUMNS.map((column) => `"${column}"`).join(', ');
    // Named columns, not *: the statement is prepared, and a prepared statement whose result
    // columns change under it (a migration adding one) fails until it is prepared again.
    return `INSERT INTO "ledger_entries" (${columns}) VALUES ${values.join(', ')} RETURNING ${RETURNED}`;
  };
}

/** The entries written under an operation key, oldest first ([] when it never ran). */
export function findOperationEntries(manager: EntityManager, key: string): Promise<LedgerEntryEntity[]> {
  return manager.getRepository(LedgerEntryEntity).find({
    where: { idempotencyKey: In(operationKeys(key)) },
    order: { id: 'ASC' },
  });
}

/** A user's entries summed per bucket, with the debt they carry. */
export interface BucketSum {
  bucket: LedgerEntryEntity['bucket'];
  amount: number;
  debt: number;
}

export async function entrySums(manager: EntityManager, userId: number): Promise<BucketSum[]> {
  const rows: { bucket: BucketSum['bucket']; amount: string; debt: string }[] = await manager.query(
    `SELECT "bucket", SUM("amount")::text AS "amount", SUM("debt")::text AS "debt" FROM "ledger_entries" WHERE "userId" = $1 GROUP BY "bucket"`,
    [userId],
  );
  return rows.map((row) => ({ bucket: row.bucket, amount: Number(row.amount), debt: Number(row.debt) }));
}

/**
 * A read that needs the user's row lock, sent in the lock's own round trip (withAccountReading).
 * Its SQL carries no parameters: the values it names must be inlined as sqlInteger() literals.
 */
export interface LockedRead<State> {
  sql: string;
  parse(rows: readonly unknown[]): State;
}

/**
 * The user's row, locked for the rest of the transaction. NO KEY UPDATE, the lock an UPDATE of the
 * balance columns takes anyway: operations on one account still run one at a time, but rows that
 * merely reference the user (a question being asked, whose foreign key check takes KEY SHARE) are
 * not made to wait for an operation to commit. `columns` lists the user entity's columns.
 */
export function lockUserSql(columns: string, userId: number): string {
  return `SELECT ${columns} FROM "users" WHERE "id" = ${sqlInteger(userId)} FOR NO KEY UPDATE`;
}

/**
 * A number as an SQL integer literal, for the lock's round trip (LockedRead). Ids reach billing
 * validated, so anything else is a bug and is refused rather than inlined.
 */
export function sqlInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer: ${String(value)}`);
  return String(value);
}
