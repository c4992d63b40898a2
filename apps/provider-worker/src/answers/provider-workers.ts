import { type Provider, providerQueueName, queuePrefix } from '@council/contracts';
import { providerBackoffStrategy } from '@council/server-kit';
import { type ConnectionOptions, Worker } from 'bullmq';
import { type ProviderJobResult, type ProviderJobRunner } from './provider-job.runner';

export interface ProviderWorkersOptions {
  providers: readonly Provider[];
  /** A new connection for each worker (on a Redis Cluster each owns its client; see bullConnection). */
  connection: () => ConnectionOptions;
  /** REDIS_PREFIX; each queue's own prefix and hash tag follow from it (queuePrefix). */
  redisPrefix: string;
  concurrency: number;
  /** Optional per-queue rate limit: at most `max` jobs started per `duration` ms. */
  limiter?: { max: number; duration: number };
  /** BullMQ lockDuration / stalledInterval (ms): how soon a dead worker's jobs are taken over. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  autorun?: boolean;
}

/** One BullMQ worker per provider queue this process serves, all running the same runner. */
export function createProviderWorkers(
  runner: ProviderJobRunner,
  options: ProviderWorkersOptions,
): Array<Worker<unknown, ProviderJobResult>> {
  return options.providers.map(
    (provider) =>
      new Worker<unknown, ProviderJobResult>(providerQueueName(provider), (job) => runner.run(job), {
        connection: options.connection(),
        prefix: queuePrefix(options.redisPrefix, providerQueueName(provider)),
        concurrency: options.concurrency,
        autorun: options.autorun ?? true,
        ...(options.limiter ? { limiter: options.limiter } : {}),
        ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
        ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
        settings: { backoffStrategy: providerBackoffStrategy },
      }),
  );
}
