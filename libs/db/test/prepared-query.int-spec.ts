import { type DataSource, QueryFailedError } from 'typeorm';
import { UserEntity } from '../src';
import { entityColumnsSql } from '../src/sql/entity-columns';
import { preparedQuery } from '../src/sql/prepared-query';
import { connectMigratedDataSource } from './support/test-data-source';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from './support/test-database';

describe('preparedQuery', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('prepared');
    dataSource = await connectMigratedDataSource(database);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    if (database) await dropTestDatabase(database);
  });

  const insertUser = (name: string) =>
    preparedQuery<{ id: number }>(
      dataSource,
      `INSERT INTO "users" ("username", "password") VALUES ($1, 'hash') RETURNING "id"`,
      [name],
    );

  it('prepares a statement once per connection and runs it again with new values', async () => {
    await dataSource.transaction(async (manager) => {
      const text = `SELECT "id" FROM "users" WHERE "username" = $1 /* prepared-check */`;
      await insertUser('prepared-a');
      expect((await preparedQuery(manager, text, ['prepared-a'])).rowCount).toBe(1);
      expect((await preparedQuery(manager, text, ['nobody'])).rowCount).toBe(0);
      const prepared = await manager.query(
        `SELECT "name" FROM pg_prepared_statements WHERE "statement" LIKE '%prepared-check%'`,
      );
      expect(prepared).toEqual([{ name: expect.stringMatching(/^council_[0-9a-f]{24}$/) }]);
    });
    await insertUser('prepared-b');
    const updated = await preparedQuery(
      dataSource,
      `UPDATE "users" SET "queriesLeft" = 0 WHERE "username" LIKE $1`,
      ['prepared-%'],
    );
    expect(updated.rowCount).toBe(2);
  });

  it('runs on the transaction of an EntityManager, and rolls back with it', async () => {
    await expect(
      dataSource.transaction(async (manager) => {
        await preparedQuery(
          manager,
          `INSERT INTO "users" ("username", "password") VALUES ($1, 'hash') RETURNING "id"`,
          ['prepared-rolled-back'],
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const left = await dataSource.query(`SELECT 1 FROM "users" WHERE "username" = 'prepared-rolled-back'`);
    expect(left).toEqual([]);
  });

  it('fails like manager.query: a QueryFailedError naming the constraint', async () => {
    const failure = await insertUser('prepared-a').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(
      (failure as QueryFailedError & { driverError: { constraint?: string } }).driverError.constraint,
    ).toMatch(/username/i);
  });

  it('selects an entity by named columns that come back under its property names', async () => {
    const {
      rows: [inserted],
    } = await insertUser('columns-a');
    const sql = `SELECT ${entityColumnsSql(dataSource, UserEntity, 'u')} FROM "users" u WHERE u."id" = $1`;
    expect(sql).not.toContain('*');
    const {
      rows: [row],
    } = await preparedQuery<UserEntity>(dataSource, sql, [inserted?.id]);
    const viaOrm = await dataSource.getRepository(UserEntity).findOneByOrFail({ id: inserted?.id });
    expect(row).toEqual({ ...viaOrm });
  });
});
