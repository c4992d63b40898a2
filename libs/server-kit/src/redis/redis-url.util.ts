import { type RedisOptions } from 'ioredis';

/**
 * ioredis and BullMQ take options objects, not URLs. Passing options (never a shared
 * instance) also lets BullMQ close its own connections on shutdown.
 */
export function redisOptionsFromUrl(url: string, extra: RedisOptions = {}): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    ...extra,
  };
}
