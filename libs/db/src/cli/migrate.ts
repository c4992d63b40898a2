import 'reflect-metadata';
import { revertLastMigration, runPendingMigrations } from '../migrations/migration-runner';
import { runCli, withCliDataSource } from './cli.util';

const USAGE = `Usage: node dist/cli/migrate.js [--revert]

Applies pending migrations to the database in DATABASE_URL.
  --revert   revert the most recently applied migration instead`;

async function main(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const unknown = args.filter((arg) => arg !== '--revert');
  if (unknown.length > 0) throw new Error(`unknown argument ${unknown.join(' ')}\n${USAGE}`);

  await withCliDataSource(console.log, async (dataSource) => {
    if (args.includes('--revert')) {
      const reverted = await revertLastMigration(dataSource);
      console.log(reverted ? `Reverted ${reverted}` : 'No applied migration to revert');
      return;
    }
    const applied = await runPendingMigrations(dataSource);
    if (applied.length === 0) {
      console.log('No pending migrations: the schema is up to date');
      return;
    }
    console.log(`Applied ${applied.length} migration(s):`);
    for (const name of applied) console.log(`  ${name}`);
  });
}

runCli('migrate', () => main(process.argv.slice(2)));
