import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { type QueueName, queuePrefix } from '@council/contracts';
import { BaseServerEnv } from '../config/base-server.env';
import { redisOptionsFromUrl } from '../redis/redis-url.util';
import { queueTelemetry } from '../tracing/tracing';
import { bullConnection } from './bull-connection';
import { JobHandlerRegistry } from './job-handler.registry';

/**
 * Options of one queue (or flow producer) registered with Nest: its own connection, which Nest's
 * shutdown disconnects (forceDisconnectOnShutdown), and its own prefix, whose hash tag keeps all of
 * the queue's keys in one Redis Cluster slot (QUEUE_HASH_TAGS).
 */
function queueOptions(env: BaseServerEnv, name: QueueName) {
  return {
    connection: bullConnection(env),
    prefix: queuePrefix(env.REDIS_PREFIX, name),
    forceDisconnectOnShutdown: true,
    telemetry: queueTelemetry(),
  };
}

/** BullMQ on the configured Redis or Redis Cluster. */
@Module({})
export class QueueModule {
  /** BullMQ's root options, and the registry that refuses two processors for one job at start-up. */
  static forRoot(): DynamicModule {
    return {
      module: QueueModule,
      providers: [JobHandlerRegistry],
      imports: [
        DiscoveryModule,
        BullModule.forRootAsync({
          inject: [BaseServerEnv],
          // Each registration brings its own connection and prefix (registerQueues); this fallback
          // is never used, so it never connects.
          useFactory: (env: BaseServerEnv) => ({
            connection: redisOptionsFromUrl(env.REDIS_URL, { lazyConnect: true }),
            prefix: env.REDIS_PREFIX,
          }),
        }),
      ],
    };
  }

  /** Producer handles for the queues, each under its own prefix and hash tag. */
  static registerQueues(...names: readonly QueueName[]): DynamicModule {
    return BullModule.registerQueueAsync(
      ...names.map((name) => ({
        name,
        inject: [BaseServerEnv],
        useFactory: (env: BaseServerEnv) => queueOptions(env, name),
      })),
    );
  }

  /**
   * A flow producer whose flows' parents sit in `parentQueue`. Every queue of one flow must share
   * the parent's hash tag (QUEUE_HASH_TAGS), so the parent's prefix serves the whole tree.
   */
  static registerFlowProducer(name: string, parentQueue: QueueName): DynamicModule {
    return BullModule.registerFlowProducerAsync({
      name,
      inject: [BaseServerEnv],
      useFactory: (env: BaseServerEnv) => queueOptions(env, parentQueue),
    });
  }
}
