import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { BaseServerEnv } from '../config/base-server.env';
import { redisOptionsFromUrl } from '../redis/redis-url.util';

/** BullMQ on the configured Redis; the prefix carries a hash tag so it runs on Redis Cluster unchanged. */
@Module({})
export class QueueModule {
  static forRoot(): DynamicModule {
    return {
      module: QueueModule,
      imports: [
        BullModule.forRootAsync({
          inject: [BaseServerEnv],
          useFactory: (env: BaseServerEnv) => ({
            // Workers need blocking commands that must never give up on their own.
            connection: redisOptionsFromUrl(env.REDIS_URL, { maxRetriesPerRequest: null }),
            prefix: env.REDIS_PREFIX,
          }),
        }),
      ],
    };
  }
}
