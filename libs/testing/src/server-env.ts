import { type TestDatabase } from './test-database';
import { type TestRedis } from './test-redis';

/**
 * The variables every server app needs to boot in a test: its database, its Redis with this test's
 * key prefix, and the log level (quiet unless the test reads the logs).
 */
export function serverTestEnv(
  db: Pick<TestDatabase, 'url'>,
  redis: Pick<TestRedis, 'url' | 'prefix'> & { env?: Record<string, string> },
  logLevel = 'silent',
): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: logLevel,
    DATABASE_URL: db.url,
    // A test Redis's own variables also name its cluster nodes when it runs on a Redis Cluster.
    ...(redis.env ?? { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix }),
  };
}
