import { type DynamicModule, type Type } from '@nestjs/common';
import { type BaseServerEnv } from '../config/base-server.env';
import { ServerConfigModule } from '../config/server-config.module';
import { DatabaseModule } from '../database/database.module';
import { HealthModule } from '../health/health.module';
import { createLoggerModule } from '../logging/logger.module';
import { MetricsModule } from '../metrics/metrics.module';
import { RedisModule } from '../redis/redis.module';

export interface CoreImportOptions {
  /**
   * Serve GET /metrics on the app's own port when METRICS_PORT is unset. The gateway, whose port
   * is the public one, passes false: its metrics are served on METRICS_PORT only.
   */
  metricsOnAppPort?: boolean;
  /** Routes without per-request logs (see createLoggerModule). */
  unloggedPaths?: readonly string[];
}

/** What every server app stands on: config, logs, metrics, Redis, PostgreSQL and a health check. */
export function coreImports(
  service: string,
  config: BaseServerEnv,
  { metricsOnAppPort = true, unloggedPaths }: CoreImportOptions = {},
): Array<DynamicModule | Type> {
  return [
    ServerConfigModule.forRoot(config),
    createLoggerModule(service, config.LOG_LEVEL, { unloggedPaths }),
    MetricsModule.forRoot({ onAppPort: metricsOnAppPort && config.METRICS_PORT === undefined }),
    RedisModule,
    DatabaseModule.forRoot(),
    HealthModule,
  ];
}
