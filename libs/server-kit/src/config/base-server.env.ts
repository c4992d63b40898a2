import 'reflect-metadata';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Variables every server app needs. Each app extends this with its own. */
export class BaseServerEnv {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL!: string;

  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL!: string;

  /** Key prefix for every Redis key we write; the braces are a Redis Cluster hash tag. */
  @IsString()
  @IsNotEmpty()
  REDIS_PREFIX = '{council}';

  @IsInt()
  @Min(0)
  @Max(65535)
  PORT!: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  DATABASE_POOL_SIZE: number = 10;

  /**
   * When set, Prometheus metrics are served at /metrics on this port only (for scrapers inside the
   * cluster), not on PORT. The gateway serves them nowhere else: its PORT is public.
   */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  METRICS_PORT?: number;
}
