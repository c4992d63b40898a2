import { DataSource } from 'typeorm';
import { createDataSourceOptions } from '../../src/config/data-source-options';
import { runPendingMigrations } from '../../src/migrations/migration-runner';
import { type TestDatabase } from './test-database';

/** A connected DataSource on a test database, with the real options the apps use. */
export async function connectTestDataSource(database: TestDatabase): Promise<DataSource> {
  const dataSource = new DataSource(createDataSourceOptions({ url: database.url, poolSize: 4 }));
  return dataSource.initialize();
}

/** Connects and applies every migration: the starting point of most integration tests. */
export async function connectMigratedDataSource(database: TestDatabase): Promise<DataSource> {
  const dataSource = await connectTestDataSource(database);
  await runPendingMigrations(dataSource);
  return dataSource;
}
