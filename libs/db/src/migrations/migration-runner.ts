import { type DataSource, MigrationExecutor } from 'typeorm';

// Any fixed 64-bit number works; it only has to be the same for every process running migrations.
const MIGRATION_LOCK_KEY = '7302118441';

/**
 * TypeORM does not lock: two processes starting together (a k8s migration Job and a dev script, or
 * two replicas) would both apply the same migration. A session advisory lock queues them instead;
 * the second then finds nothing pending.
 */
async function withMigrationLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await lockRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await lockRunner.release();
  }
}

/** Applies every pending migration in one transaction; returns the names applied, oldest first. */
export async function runPendingMigrations(dataSource: DataSource): Promise<string[]> {
  return withMigrationLock(dataSource, async () => {
    const applied = await dataSource.runMigrations({ transaction: 'all' });
    return applied.map((migration) => migration.name);
  });
}

/** Reverts the most recently applied migration; returns its name, or null when none was applied. */
export async function revertLastMigration(dataSource: DataSource): Promise<string | null> {
  return withMigrationLock(dataSource, async () => {
    // Newest first, the same order undoLastMigration uses to pick its victim.
    const [last] = await new MigrationExecutor(dataSource).getExecutedMigrations();
    if (!last) return null;
    await dataSource.undoLastMigration({ transaction: 'each' });
    return last.name;
  });
}

/** Names of migrations known to the code but not yet applied, oldest first. */
export async function listPendingMigrations(dataSource: DataSource): Promise<string[]> {
  const pending = await new MigrationExecutor(dataSource).getPendingMigrations();
  return pending.map((migration) => migration.name);
}
