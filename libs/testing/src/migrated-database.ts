import { createDataSourceOptions, loadCatalogueFile, seedCatalogue } from '@council/db';
import { DataSource } from 'typeorm';
import { type TestDatabase, createTestDatabase } from './test-database';

export type { TestDatabase } from './test-database';

/** A database of the test file's own, migrated to the latest schema and optionally seeded. */
export async function createMigratedDatabase(
  label: string,
  { seed }: { seed: boolean },
): Promise<TestDatabase> {
  const db = await createTestDatabase(label);
  const dataSource = new DataSource(createDataSourceOptions({ url: db.url, poolSize: 2 }));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    if (seed) await seedCatalogue(dataSource, loadCatalogueFile());
  } finally {
    await dataSource.destroy();
  }
  return db;
}
