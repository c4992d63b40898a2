import { type QueueName, queuePrefix } from '@council/contracts';
import { type WorkerOptions } from 'bullmq';
import { type RedisTarget } from '../redis/redis-client.util';
import { queueTelemetry } from '../tracing/tracing';
import { bullConnection } from './bull-connection';

export interface WorkerRedisTarget extends RedisTarget {
  REDIS_PREFIX: string;
}

/**
 * Connection and prefix of a processor's worker, for its @Processor options (which BullExplorer
 * spreads over the queue registration's): a connection of its own, so closing the registered queue
 * never cuts off jobs still running, and the queue's prefix (queuePrefix), so jobs already in Redis
 * are found. JobProcessor closes the connection on shutdown.
 */
export function workerConnection(
  env: WorkerRedisTarget,
  queue: QueueName,
): Pick<WorkerOptions, 'connection' | 'prefix' | 'telemetry'> {
  return {
    connection: bullConnection(env),
    prefix: queuePrefix(env.REDIS_PREFIX, queue),
    telemetry: queueTelemetry(),
  };
}
