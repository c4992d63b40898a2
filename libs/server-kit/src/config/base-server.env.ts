import 'reflect-metadata';
import { DEFAULT_REDIS_PREFIX } from '@council/contracts';
import { IsIP, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

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

  /**
   * Redis Cluster seed nodes, `host:port` comma-separated. When set, every client is a cluster
   * client; REDIS_URL still gives the credentials and TLS (docs/redis-cluster.md).
   */
  @IsOptional()
  @Matches(/^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/, {
    message: 'REDIS_CLUSTER_NODES must be host:port pairs separated by commas',
  })
  REDIS_CLUSTER_NODES?: string;

  /**
   * Start of every Redis key we write. No braces: the hash tags that spread keys over a Redis
   * Cluster's slots come after it (a queue's, a question's), and a tag here would win over them.
   * No colon: it starts BullMQ's prefixes, which BullMQ splits on ':'.
   */
  @IsString()
  @IsNotEmpty()
  @Matches(/^[^{}:]+$/, { message: 'REDIS_PREFIX must not contain "{", "}" or ":"' })
  REDIS_PREFIX = DEFAULT_REDIS_PREFIX;

  @IsInt()
  @Min(0)
  @Max(65535)
  PORT!: number;

  /**
   * The address PORT and METRICS_PORT listen on; unset, every interface (a container's). `npm start`
   * binds billing and the workers to 127.0.0.1, so nothing off the machine reaches them.
   */
  @IsOptional()
  @IsIP(undefined, { message: 'LISTEN_HOST must be an IP address, e.g. 127.0.0.1' })
  LISTEN_HOST?: string;

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
