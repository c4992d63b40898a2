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

/** pg's pool size when none is given. */
const PG_DEFAULT_POOL_SIZE = 10;

/**
 * Ours: connections each pool keeps open however long it stays idle (pg-pool's `min`; above it,
 * idle connections still close after pg's 10 s). A connection opened after a quiet spell costs a
 * backend's start and its prepared statements' planning again, which the first question after a
 * pause paid in its ask and its first answer text (docs/performance.md, "The first question after
 * a pause"). Four covers an ask's statements and the three members' jobs that follow it.
 */
export const WARM_POOL_CONNECTIONS = 4;

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
    extra: { min: Math.min(WARM_POOL_CONNECTIONS, config.poolSize ?? PG_DEFAULT_POOL_SIZE) },
    logging: config.logging ?? false,
  };
}
