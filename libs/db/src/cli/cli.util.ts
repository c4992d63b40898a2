import { DataSource } from 'typeorm';
import { describeDatabaseUrl, requireDatabaseUrl } from '../config/database-url.util';
import { createDataSourceOptions } from '../config/data-source-options';
import { errorMessage } from '@council/contracts';

/** Connects with DATABASE_URL, runs `work`, and always closes the pool so the process can exit. */
export async function withCliDataSource<T>(
  log: (line: string) => void,
  work: (dataSource: DataSource) => Promise<T>,
): Promise<T> {
  const url = requireDatabaseUrl();
  log(`Database: ${describeDatabaseUrl(url)}`);
  // Two connections: one holds the migration lock while the other migrates.
  const dataSource = new DataSource(createDataSourceOptions({ url, poolSize: 2 }));
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** Runs a CLI's main function; any failure becomes one clear line on stderr and exit code 1. */
export function runCli(name: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const message = errorMessage(error);
    console.error(`${name}: ${message}`);
    process.exitCode = 1;
  });
}
