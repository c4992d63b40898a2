import { type PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';
import { ENTITIES } from '../entities';
import { MIGRATIONS } from '../migrations/migrations';

export interface DatabaseConnectionConfig {
  /** postgres://user:password@host:port/database */
  url: string;
  /** Connections in this process's pool (pg's default is 10). */
  poolSize?: number;
  /** Log every SQL statement (development only). */
  logging?: boolean;
}

/** Options shared by the apps (via @nestjs/typeorm), the CLIs and the tests. */
export function createDataSourceOptions(config: DatabaseConnectionConfig): PostgresDataSourceOptions {
  return {
    type: 'postgres',
    url: config.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    // The schema changes only through reviewed migrations, run by the migrate CLI before apps start.
    synchronize: false,
    migrationsRun: false,
    // Keys are identity columns and no column type needs an extension; never try to CREATE EXTENSION.
    installExtensions: false,
    poolSize: config.poolSize,
    logging: config.logging ?? false,
  };
}
