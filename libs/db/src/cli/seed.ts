import 'reflect-metadata';
import { loadCatalogueFile, resolveCatalogueFile } from '../catalogue/catalogue.loader';
import { seedCatalogue } from '../catalogue/catalogue.seeder';
import { listPendingMigrations } from '../migrations/migration-runner';
import { runCli, withCliDataSource } from './cli.util';

const USAGE = `Usage: node dist/cli/seed.js

Writes the agent, model and role catalogue into the database in DATABASE_URL.
Reads CATALOGUE_FILE if set, else libs/db/catalogue/catalogue.yaml. Safe to run repeatedly.`;

async function main(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  if (args.length > 0) throw new Error(`unknown argument ${args.join(' ')}\n${USAGE}`);

  // Validate the file before touching the database: a typo should not need a connection to find.
  const file = resolveCatalogueFile();
  console.log(`Catalogue: ${file}`);
  const catalogue = loadCatalogueFile(file);

  await withCliDataSource(console.log, async (dataSource) => {
    const pending = await listPendingMigrations(dataSource);
    if (pending.length > 0) {
      throw new Error(
        `${pending.length} migration(s) not applied yet (${pending.join(', ')}); run migrate first`,
      );
    }
    const result = await seedCatalogue(dataSource, catalogue);
    console.log(`Seeded ${result.agents} agents, ${result.models} models, ${result.roles} roles`);
    const { retired } = result;
    if (retired.agents + retired.models + retired.roles > 0) {
      console.log(
        `Retired (no longer in the file): ${retired.agents} agents, ${retired.models} models, ${retired.roles} roles`,
      );
    }
  });
}

runCli('seed', () => main(process.argv.slice(2)));
