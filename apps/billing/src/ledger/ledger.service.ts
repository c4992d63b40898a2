import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BILLING_MESSAGES } from '@council/contracts';
import { LedgerEntryEntity, UserEntity, entityColumnsSql } from '@council/db';
import { DomainException } from '@council/server-kit';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { type SqlWrite, updateRow, writeTogether } from '../database/sql-write.util';
import {
  type Buckets,
  type Movement,
  applyDebt,
  applyMovements,
  bucketsOf,
  cachedBalanceOf,
  payDebtFromGrants,
  sumByBucket,
  total,
} from './ledger.arithmetic';
import { MAX_OPERATION_ENTRIES, operationKeys } from './ledger.keys';
import {
  type LockedRead,
  entrySums,
  findOperationEntries,
  insertEntries,
  lockUserSql,
} from './ledger.repository';

/** A user row locked (SELECT … FOR NO KEY UPDATE) for the rest of the transaction. */
export interface LockedAccount {
  readonly manager: EntityManager;
  /** Fresh from the lock; append() keeps its balance columns current. */
  readonly user: UserEntity;
}

/** What an entry refers to; ids of rows that no longer exist must be left out (they are FKs). */
export interface EntryRefs {
  stripeEventId?: string | null;
  questionId?: number | null;
  responseId?: number | null;
}

/** One operation of appendAll: its entries go under `key`, `key#2`… */
export interface KeyedOperation extends PlannedOperation {
  key: string;
}

export interface PlannedOperation {
  movements: readonly Movement[];
  refs?: EntryRefs;
}

export interface AppendOptions {
  /** Also sets the user's free queries left (the reservation that takes one). */
  queriesLeft?: number;
  /** The caller's own writes of the operation, sent in the same statement. */
  alongside?: readonly SqlWrite[];
}

export interface OperationResult {
  entries: LedgerEntryEntity[];
  /** The key had been used: these are the first run's entries and nothing was written now. */
  duplicate: boolean;
  user: UserEntity;
}

export interface BalanceCheck {
  ok: boolean;
  cached: Buckets;
  /** Sums of the user's ledger entries per bucket. */
  derived: Buckets;
}

const IDEMPOTENCY_CONSTRAINT = 'UQ_ledger_entries_idempotencyKey';

/**
 * The only writer of ledger entries (besides the opening-balance trigger). Every write happens in a
 * transaction that holds the user's row lock, and moves the cached balance columns by exactly the
 * entries' amounts, so they always equal the sums of the entries. Concurrent operations on one
 * user queue on the lock; CHECK constraints catch anything that would still go below zero.
 */
@Injectable()
export class LedgerService {
  private lockColumns: string | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction holding the user's row lock. */
  withAccount<T>(userId: number, work: (account: LockedAccount) => Promise<T>): Promise<T> {
    return this.withAccountReading(userId, NOTHING_TO_READ, (account) => work(account));
  }

  /**
   * withAccount, with `read` run once the lock is held and its result handed to `work`: one round
   * trip for the transaction's start, the lock and the read.
   */
  async withAccountReading<State, T>(
    userId: number,
    read: LockedRead<State>,
    work: (account: LockedAccount, state: State) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.lockAndRun(userId, read, work);
    } catch (error) {
      // Only reachable if two users' operations shared a key, or a lock was skipped: the retry
      // then finds the committed entries and answers as a duplicate.
      if (!isIdempotencyViolation(error)) throw error;
      return this.lockAndRun(userId, read, work);
    }
  }

  /** Runs an operation once per key: a repeated key returns the first run's entries. */
  async runOnce(
    userId: number,
    key: string,
    plan: (account: LockedAccount) => PlannedOperation | Promise<PlannedOperation>,
  ): Promise<OperationResult> {
    return this.withAccount(userId, (account) => this.runOnceLocked(account, key, plan));
  }

  /** runOnce inside a transaction that already holds the lock. */
  async runOnceLocked(
    account: LockedAccount,
    key: string,
    plan: (account: LockedAccount) => PlannedOperation | Promise<PlannedOperation>,
  ): Promise<OperationResult> {
    const existing = await this.findOperation(account.manager, key);
    if (existing.length > 0) return { entries: existing, duplicate: true, user: account.user };
    const { movements, refs } = await plan(account);
    const entries = await this.append(account, key, movements, refs);
    return { entries, duplicate: false, user: account.user };
  }

  /** The entries written under an operation key, oldest first ([] when it never ran). */
  findOperation(manager: EntityManager, key: string): Promise<LedgerEntryEntity[]> {
    return findOperationEntries(manager, key);
  }

  /**
   * Writes an operation's entries under `key`, `key#2`… and moves the cached balance by the same
   * amounts, in the caller's locked transaction. Refuses any bucket going below zero. The entries,
   * the users row (with `queriesLeft` when given) and the caller's `alongside` writes go to the
   * database as one statement (writeTogether), so they cannot depend on one another.
   */
  append(
    account: LockedAccount,
    key: string,
    movements: readonly Movement[],
    refs: EntryRefs = {},
    options: AppendOptions = {},
  ): Promise<LedgerEntryEntity[]> {
    return this.appendAll(account, [{ key, movements, refs }], options);
  }

  /** append() of several operations (each under its own key) in one statement. */
  async appendAll(
    account: LockedAccount,
    operations: readonly KeyedOperation[],
    { queriesLeft, alongside = [] }: AppendOptions = {},
  ): Promise<LedgerEntryEntity[]> {
    const { manager, user } = account;
    // A grant pays the account's debt first (DECISIONS 27), inside its own operation (its key).
    let owed = user.tokenDebt;
    const planned = operations.map((operation) => {
      const paying = payDebtFromGrants(operation.movements, owed);
      owed = paying.debtLeft;
      return { ...operation, movements: paying.movements };
    });
    const entries = planned.flatMap(({ key, movements, refs = {} }) => {
      if (movements.length > MAX_OPERATION_ENTRIES) {
        throw new RangeError(`An operation writes at most ${MAX_OPERATION_ENTRIES} entries`);
      }
      const keys = operationKeys(key);
      return movements.map((movement, index) => ({
        userId: user.id,
        kind: movement.kind,
        bucket: movement.bucket,
        amount: movement.amount,
        debt: movement.debt ?? 0,
        idempotencyKey: keys[index],
        note: movement.note ?? null,
        stripeEventId: refs.stripeEventId ?? null,
        questionId: refs.questionId ?? null,
        responseId: refs.responseId ?? null,
      }));
    });
    if (entries.length === 0) {
      await writeTogether(manager, alongside);
      return [];
    }
    const allMovements = planned.flatMap((operation) => operation.movements);
    const next = applyMovements(bucketsOf(user), allMovements);
    const tokenDebt = applyDebt(user.tokenDebt, allMovements);
    const columns = {
      ...cachedBalanceOf(next),
      ...(tokenDebt === user.tokenDebt ? {} : { tokenDebt }),
      ...(queriesLeft === undefined ? {} : { queriesLeft }),
    };
    const rows = await writeTogether<LedgerEntryEntity>(manager, [
      insertEntries(entries),
      updateRow<UserEntity>('users', user.id, columns),
      ...alongside,
    ]);
    Object.assign(user, columns);
    return manager
      .getRepository(LedgerEntryEntity)
      .create(rows)
      .sort((a, b) => a.id - b.id);
  }

  /** Compares the cached balance columns with the sums of the user's entries (tests, audits). */
  async verifyBalance(
    userId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<BalanceCheck> {
    const user = await manager.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) throw new DomainException('NOT_FOUND', BILLING_MESSAGES.accountNotFound);
    const rows = await entrySums(manager, userId);
    const derived = sumByBucket(rows);
    const debt = rows.reduce((sum, row) => sum + row.debt, 0);
    const cached = bucketsOf(user);
    const ok =
      derived.monthly === cached.monthly &&
      derived.purchased === cached.purchased &&
      total(derived) === user.tokensLeft &&
      debt === user.tokenDebt;
    return { ok, cached, derived };
  }

  /**
   * The transaction: BEGIN, the lock and the read go as one simple query (one round trip; billing
   * is on the path of every ask). In READ COMMITTED each statement of it takes its own snapshot
   * once the one before has finished, so the read sees everything committed before the lock was
   * granted, as a separate statement would.
   */
  private async lockAndRun<State, T>(
    userId: number,
    read: LockedRead<State>,
    work: (account: LockedAccount, state: State) => Promise<T>,
  ): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const client = (await runner.connect()) as SimpleQueryClient;
      const statements = ['BEGIN', this.lockStatement(userId), ...(read.sql ? [read.sql] : [])];
      const sql = statements.join(';\n');
      this.dataSource.logger.logQuery(sql, [], runner);
      const results = await client.query(sql).catch((error: unknown) => {
        this.dataSource.logger.logQueryError(error as Error, sql, [], runner);
        throw new QueryFailedError(sql, [], error as Error);
      });
      const [, lock, state] = results;
      const row = lock?.rows[0];
      if (!row) throw new DomainException('NOT_FOUND', BILLING_MESSAGES.accountNotFound);
      const user = runner.manager.getRepository(UserEntity).create(row as UserEntity);
      const value = await work({ manager: runner.manager, user }, read.parse(state?.rows ?? []));
      await runner.query('COMMIT');
      return value;
    } catch (error) {
      // Outside a transaction (the connection failed first), PostgreSQL only warns.
      await runner.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  private lockStatement(userId: number): string {
    this.lockColumns ??= entityColumnsSql(this.dataSource, UserEntity);
    return lockUserSql(this.lockColumns, userId);
  }
}

/** node-postgres answers a query of several statements with one result per statement. */
interface SimpleQueryClient {
  query(text: string): Promise<Array<{ rows: unknown[] }>>;
}

const NOTHING_TO_READ: LockedRead<null> = { sql: '', parse: () => null };

function isIdempotencyViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && driverError.constraint === IDEMPOTENCY_CONSTRAINT;
}
