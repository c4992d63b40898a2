import { type DynamicModule, type Type } from '@nestjs/common';
import { type BaseServerEnv } from '../config/base-server.env';
import { ServerConfigModule } from '../config/server-config.module';
import { DatabaseModule } from '../database/database.module';
import { HealthModule } from '../health/health.module';
import { createLoggerModule } from '../logging/logger.module';
import { MetricsModule } from '../metrics/metrics.module';
import { RedisModule } from '../redis/redis.module';

/** What every server app stands on: config, logs, metrics, Redis, PostgreSQL and a health check. */
export function coreImports(service: string, config: BaseServerEnv): Array<DynamicModule | Type> {
  return [
    ServerConfigModule.forRoot(config),
    createLoggerModule(service, config.LOG_LEVEL),
    MetricsModule,
    RedisModule,
    DatabaseModule.forRoot(),
    HealthModule,
  ];
}
