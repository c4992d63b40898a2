import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { BaseServerEnv } from '../config/base-server.env';
import { redisOptionsFromUrl } from './redis-url.util';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One general-purpose client per process; commands fail fast instead of queueing while Redis is down. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [BaseServerEnv],
      useFactory: (env: BaseServerEnv) =>
        new Redis(
          redisOptionsFromUrl(env.REDIS_URL, {
            maxRetriesPerRequest: 1,
            enableOfflineQueue: false,
            connectTimeout: 2000,
            retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
          }),
        ),
    },
    RedisCloser,
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule {}
