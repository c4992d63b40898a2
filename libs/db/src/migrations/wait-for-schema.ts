import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { errorMessage } from '@council/contracts';
import { createDataSourceOptions } from '../config/data-source-options';
import { MIGRATIONS } from './migrations';

export interface SchemaWaitOptions {
  /** Give up after this long. */
  timeoutMs: number;
  /** Time between two looks. */
  intervalMs: number;
  log: (line: string) => void;
}

/** The names of the migrations this code knows that the database has not applied, oldest first. */
export async function unappliedMigrations(dataSource: DataSource): Promise<string[]> {
  // Read only: TypeORM's own listing would create the migrations table, racing the migration run.
  const [table] = (await dataSource.query(`SELECT to_regclass('migrations') IS NOT NULL AS "exists"`)) as {
    exists: boolean;
  }[];
  const applied = new Set<string>();
  if (table?.exists) {
    const rows = (await dataSource.query(`SELECT "name" FROM "migrations"`)) as { name: string }[];
    for (const row of rows) applied.add(row.name);
  }
  return MIGRATIONS.map((migration) => new migration().name ?? migration.name).filter(
    (name) => !applied.has(name),
  );
}

/**
 * Waits until the database at `url` has every migration this code knows, so an app never starts
 * against an older schema: each Deployment's init container in k8s/ runs it while the migration
 * Job works (docs/operations.md). A database that does not answer yet counts as not ready.
 */
export async function waitForSchema(url: string, options: SchemaWaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  const dataSource = new DataSource(createDataSourceOptions({ url, poolSize: 1 }));
  let lastState = '';
  const report = (state: string) => {
    if (state !== lastState) options.log(state);
    lastState = state;
  };
  try {
    for (;;) {
      try {
        if (!dataSource.isInitialized) await dataSource.initialize();
        const pending = await unappliedMigrations(dataSource);
        if (pending.length === 0) {
          options.log('The schema is up to date');
          return;
        }
        report(`Waiting for ${pending.length} migration(s): ${pending.join(', ')}`);
      } catch (error) {
        report(`Waiting for the database: ${errorMessage(error)}`);
      }
      if (Date.now() + options.intervalMs > deadline) {
        throw new Error(
          `the schema was not up to date after ${Math.round(options.timeoutMs / 1000)} s (${lastState})`,
        );
      }
      await sleep(options.intervalMs);
    }
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}
