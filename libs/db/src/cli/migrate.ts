import 'reflect-metadata';
import { describeDatabaseUrl, requireDatabaseUrl } from '../config/database-url.util';
import { revertLastMigration, runPendingMigrations } from '../migrations/migration-runner';
import { waitForSchema } from '../migrations/wait-for-schema';
import { runCli, withCliDataSource } from './cli.util';

const DEFAULT_WAIT_SECONDS = 600;
const WAIT_INTERVAL_MS = 2000;

const USAGE = `Usage: node dist/cli/migrate.js [--revert | --wait [SECONDS]]

Applies pending migrations to the database in DATABASE_URL.
  --revert          revert the most recently applied migration instead
  --wait [SECONDS]  change nothing: wait until another process has applied every migration this
                    code knows (default ${DEFAULT_WAIT_SECONDS} s), exit 1 if it has not by then`;

type Mode = { kind: 'migrate' } | { kind: 'revert' } | { kind: 'wait'; seconds: number };

function parseMode(args: string[]): Mode {
  const [first, second, ...rest] = args;
  if (first === undefined) return { kind: 'migrate' };
  if (first === '--revert' && second === undefined) return { kind: 'revert' };
  if (first === '--wait' && rest.length === 0) {
    if (second === undefined) return { kind: 'wait', seconds: DEFAULT_WAIT_SECONDS };
    if (/^[1-9]\d{0,5}$/.test(second)) return { kind: 'wait', seconds: Number(second) };
    throw new Error(`--wait takes a whole number of seconds, not "${second}"\n${USAGE}`);
  }
  throw new Error(`unknown arguments ${args.join(' ')}\n${USAGE}`);
}

async function main(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const mode = parseMode(args);
  if (mode.kind === 'wait') {
    const url = requireDatabaseUrl();
    console.log(`Database: ${describeDatabaseUrl(url)}`);
    await waitForSchema(url, {
      timeoutMs: mode.seconds * 1000,
      intervalMs: WAIT_INTERVAL_MS,
      log: console.log,
    });
    return;
  }
  await withCliDataSource(console.log, async (dataSource) => {
    if (mode.kind === 'revert') {
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
