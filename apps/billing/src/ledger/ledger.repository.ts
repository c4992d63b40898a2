import { type LedgerEntryEntity } from '@council/db';
import { type SqlWrite } from '../database/sql-write.util';

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
