import { DataSource } from 'typeorm';
import { createDataSourceOptions } from './config/data-source-options';
import { requireDatabaseUrl } from './config/database-url.util';

export { createDataSourceOptions, type DatabaseConnectionConfig } from './config/data-source-options';

/**
 * For the TypeORM CLI only (`typeorm -d dist/data-source.js migration:generate …`); apps and scripts
 * build their own from createDataSourceOptions. Importing this file never throws; connecting
 * without DATABASE_URL fails with a message naming it.
 */
class EnvironmentDataSource extends DataSource {
  override async initialize(): Promise<this> {
    requireDatabaseUrl();
    return super.initialize();
  }
}

export default new EnvironmentDataSource(createDataSourceOptions({ url: process.env['DATABASE_URL'] ?? '' }));
