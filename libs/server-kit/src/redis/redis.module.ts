import {
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { BaseServerEnv } from '../config/base-server.env';
import { type RedisClient, createRedisClient } from './redis-client.util';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/** How long start-up waits for the first connection attempt to end (ready or failed). */
const FIRST_CONNECTION_TIMEOUT_MS = 5000;

/**
 * Resolves once the client is ready, or its first attempt failed, or the timeout passed: never
 * rejects, so an app still starts (and reports Redis down) without Redis.
 */
export function firstConnectionSettled(redis: RedisClient, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready' || redis.status === 'end') return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      redis.off('ready', settle);
      redis.off('error', settle);
      redis.off('end', settle);
      resolve();
    };
    const timer = setTimeout(settle, timeoutMs);
    redis.on('ready', settle);
    redis.on('error', settle);
    redis.on('end', settle);
  });
}

@Injectable()
class RedisCloser implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: RedisClient) {}

  /**
   * Commands fail fast while the client is not ready (no offline queue), so without this the first
   * requests after start-up could fail with a 500 just because the connection was still opening.
   */
  async onModuleInit(): Promise<void> {
    await firstConnectionSettled(this.redis, FIRST_CONNECTION_TIMEOUT_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One general-purpose client per process (a cluster client on a Redis Cluster); commands fail fast instead of queueing while Redis is down. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [BaseServerEnv],
      useFactory: (env: BaseServerEnv) =>
        createRedisClient(env, {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          connectTimeout: 2000,
          retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
          // Commands issued in the same tick (hundreds of streams' XADDs, cancel checks) go out
          // as one write instead of one syscall each.
          enableAutoPipelining: true,
        }),
    },
    RedisCloser,
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule {}
