import { type Provider, type ProviderQueueName, providerQueueName, queuePrefix } from '@council/contracts';
import { Queue } from 'bullmq';
import { type RedisTarget } from '../redis/redis-client.util';
import { queueTelemetry } from '../tracing/tracing';
import { bullConnection, closeBullMq } from './bull-connection';
import { JobQueue } from './job-queue';

/**
 * The queue of any provider for a producer: those registered with Nest (the built-in three), and
 * for a provider the catalogue adds, a queue made on first use under the same prefix rule
 * (queuePrefix). close() closes only the ones it made.
 */
export class ProviderQueuePool {
  private readonly queues = new Map<ProviderQueueName, JobQueue<ProviderQueueName>>();
  private readonly made: Queue[] = [];

  constructor(
    private readonly env: RedisTarget & { REDIS_PREFIX: string },
    registered: readonly Queue[] = [],
  ) {
    for (const queue of registered) {
      const name = queue.name as ProviderQueueName;
      this.queues.set(name, new JobQueue(name, queue));
    }
  }

  forProvider(provider: Provider): JobQueue<ProviderQueueName> {
    return this.get(providerQueueName(provider));
  }

  get(name: ProviderQueueName): JobQueue<ProviderQueueName> {
    const known = this.queues.get(name);
    if (known) return known;
    const queue = new Queue(name, {
      connection: bullConnection(this.env),
      prefix: queuePrefix(this.env.REDIS_PREFIX, name),
      telemetry: queueTelemetry(),
    });
    this.made.push(queue);
    const typed = new JobQueue(name, queue);
    this.queues.set(name, typed);
    return typed;
  }

  async close(): Promise<void> {
    await Promise.all(this.made.splice(0).map((queue) => closeBullMq(queue)));
  }

  /** Nest calls it when the pool is a provider of a module. */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}
