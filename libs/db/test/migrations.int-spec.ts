import { type DataSource } from 'typeorm';
import { MIGRATIONS } from '../src/migrations/migrations';
import { revertLastMigration, runPendingMigrations } from '../src/migrations/migration-runner';
import { connectTestDataSource } from './support/test-data-source';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from './support/test-database';

const migrationNames = MIGRATIONS.map((migration) => new migration().name);

/** SQL TypeORM would run to make the database match the entities: empty when they agree. */
async function schemaDrift(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((query) => query.query);
}

async function publicObjects(dataSource: DataSource): Promise<Record<string, string[]>> {
  const names = async (sql: string): Promise<string[]> =>
    ((await dataSource.query(sql)) as { name: string }[]).map((row) => row.name).sort();
  return {
    tables: await names(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
    ),
    types: await names(
      `SELECT t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE n.nspname = 'public' AND t.typtype = 'e'`,
    ),
    functions: await names(
      `SELECT routine_name AS name FROM information_schema.routines WHERE routine_schema = 'public'`,
    ),
  };
}

interface KeyColumn {
  table: string;
  column: string;
  kind: 'PRIMARY KEY' | 'FOREIGN KEY';
  type: string;
  identity: string | null;
}

/** Every primary and foreign key column of the application's tables, with its type. */
async function keyColumns(dataSource: DataSource): Promise<KeyColumn[]> {
  return dataSource.query(
    `SELECT tc.table_name AS "table", kcu.column_name AS "column", tc.constraint_type AS "kind",
            c.data_type AS "type", c.identity_generation AS "identity"
     FROM information_schema.table_constraints tc
     JOIN information_schema.key_column_usage kcu
       ON kcu.constraint_schema = tc.constraint_schema AND kcu.constraint_name = tc.constraint_name
     JOIN information_schema.columns c
       ON c.table_schema = kcu.table_schema AND c.table_name = kcu.table_name AND c.column_name = kcu.column_name
     WHERE tc.table_schema = 'public' AND tc.constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')
       AND tc.table_name <> 'migrations'
     ORDER BY 1, 2`,
  );
}

describe('migrations', () => {
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

  it('apply in order and produce exactly the schema the entities describe', async () => {
    expect(await runPendingMigrations(dataSource)).toEqual(migrationNames);
    expect(await schemaDrift(dataSource)).toEqual([]);
    expect(await runPendingMigrations(dataSource)).toEqual([]);
  });

  it('key every table by an integer identity and point every foreign key at one', async () => {
    const keys = await keyColumns(dataSource);
    // The schema diff above does not compare GENERATED ALWAYS with BY DEFAULT, so check it here.
    const primaryKeys = Object.fromEntries(
      keys
        .filter((key) => key.kind === 'PRIMARY KEY')
        .map((key) => [`${key.table}.${key.column}`, `${key.type} ${key.identity ?? '-'}`]),
    );
    expect(primaryKeys).toEqual({
      'agents.id': 'integer ALWAYS',
      'blog_posts.id': 'integer ALWAYS',
      'debate_notes.id': 'integer ALWAYS',
      'ledger_entries.id': 'integer ALWAYS',
      'models.id': 'integer ALWAYS',
      'payment_grants.id': 'integer ALWAYS',
      'providers.id': 'integer ALWAYS',
      'question_agents.id': 'integer ALWAYS',
      'questions.id': 'integer ALWAYS',
      'responses.id': 'integer ALWAYS',
      'roles.id': 'integer ALWAYS',
      // Stripe's own event id (evt_…).
      'stripe_events.id': 'character varying -',
      'support_messages.id': 'integer ALWAYS',
      'token_reservations.id': 'integer ALWAYS',
      'users.id': 'integer ALWAYS',
    });

    const foreignKeys = keys.filter((key) => key.kind === 'FOREIGN KEY');
    const entityForeignKeys = dataSource.entityMetadatas.flatMap((metadata) =>
      metadata.foreignKeys.flatMap((foreignKey) =>
        foreignKey.columns.map((column) => `${metadata.tableName}.${column.databaseName}`),
      ),
    );
    expect(foreignKeys.map((key) => `${key.table}.${key.column}`)).toEqual(entityForeignKeys.sort());
    expect(foreignKeys.filter((key) => key.type !== 'integer')).toEqual([]);
  });

  it('revert one by one, newest first, down to an empty schema', async () => {
    const reverted: string[] = [];
    for (
      let name = await revertLastMigration(dataSource);
      name;
      name = await revertLastMigration(dataSource)
    ) {
      reverted.push(name);
    }
    expect(reverted).toEqual([...migrationNames].reverse());
    // Only TypeORM's own bookkeeping tables remain.
    expect(await publicObjects(dataSource)).toEqual({
      tables: ['migrations', 'typeorm_metadata'],
      types: [],
      functions: [],
    });
    expect(await dataSource.query(`SELECT * FROM "typeorm_metadata"`)).toEqual([]);
  });

  it('apply again after a full revert, and only once when two processes race', async () => {
    const second = await connectTestDataSource(database);
    try {
      const [first, other] = await Promise.all([
        runPendingMigrations(dataSource),
        runPendingMigrations(second),
      ]);
      expect([...first, ...other]).toEqual(migrationNames);
    } finally {
      await second.destroy();
    }
    expect(await schemaDrift(dataSource)).toEqual([]);
  });
});
