import { type DataSource } from 'typeorm';
import { MIGRATIONS } from '../src/migrations/migrations';
import { runPendingMigrations } from '../src/migrations/migration-runner';
import { unappliedMigrations, waitForSchema } from '../src/migrations/wait-for-schema';
import { connectTestDataSource } from './support/test-data-source';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from './support/test-database';

const allNames = MIGRATIONS.map((migration) => new migration().name);

describe('waitForSchema', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await connectTestDataSource(database);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    if (database) await dropTestDatabase(database);
  });

  it('gives up on an empty database without creating anything in it', async () => {
    const lines: string[] = [];
    await expect(
      waitForSchema(database.url, { timeoutMs: 300, intervalMs: 100, log: (line) => lines.push(line) }),
    ).rejects.toThrow(`the schema was not up to date after 0 s (Waiting for ${allNames.length} migration(s)`);
    expect(lines).toEqual([`Waiting for ${allNames.length} migration(s): ${allNames.join(', ')}`]);
    const [row] = (await dataSource.query(`SELECT to_regclass('migrations') AS "table"`)) as {
      table: null;
    }[];
    expect(row?.table).toBeNull();
  });

  it('returns once another process has applied every migration', async () => {
    const lines: string[] = [];
    const waiting = waitForSchema(database.url, {
      timeoutMs: 30_000,
      intervalMs: 50,
      log: (line) => lines.push(line),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await runPendingMigrations(dataSource)).toEqual(allNames);

    await expect(waiting).resolves.toBeUndefined();
    expect(lines.at(0)).toMatch(/^Waiting for \d+ migration\(s\)/);
    expect(lines.at(-1)).toBe('The schema is up to date');
    expect(await unappliedMigrations(dataSource)).toEqual([]);
  });

  it('names a migration the database lacks', async () => {
    const last = allNames.at(-1) ?? '';
    await dataSource.query(`DELETE FROM "migrations" WHERE "name" = $1`, [last]);
    try {
      expect(await unappliedMigrations(dataSource)).toEqual([last]);
    } finally {
      await dataSource.query(`INSERT INTO "migrations" ("timestamp", "name") VALUES ($1, $2)`, [
        Number(/\d+$/.exec(last)?.[0]),
        last,
      ]);
    }
  });

  it('keeps waiting while the database does not answer, and says so', async () => {
    const lines: string[] = [];
    const closedPort = 'postgres://postgres@127.0.0.1:1/none';
    await expect(
      waitForSchema(closedPort, { timeoutMs: 300, intervalMs: 100, log: (line) => lines.push(line) }),
    ).rejects.toThrow(/not up to date after 0 s \(Waiting for the database: .*ECONNREFUSED/);
    expect(lines).toHaveLength(1);
  });
});
