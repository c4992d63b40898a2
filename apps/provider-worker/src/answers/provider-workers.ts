// How a provider queue's jobs run, shared by the Nest processors (ProviderProcessorsModule) and the
// bare workers tests start: the handlers and the worker options.

import {
  JOBS,
  type Provider,
  type ProviderQueueName,
  errorMessage,
  providerQueueName,
  queuePrefix,
} from '@council/contracts';
import { JobDispatcher, type JobHandlers, providerBackoffStrategy } from '@council/server-kit';
import { Logger } from '@nestjs/common';
import { type ConnectionOptions, Worker, type WorkerOptions } from 'bullmq';
import { type ProviderJobRunner } from './provider-job.runner';

/** Every job of a provider queue is one provider call, run by the same runner. */
export function providerHandlers(runner: ProviderJobRunner): JobHandlers<ProviderQueueName> {
  return {
    [JOBS.memberAnswer]: (data, job) => runner.run(job, data),
    [JOBS.debateRevision]: (data, job) => runner.run(job, data),
    [JOBS.synthesis]: (data, job) => runner.run(job, data),
  };
}

const logger = new Logger('ProviderWorker');

/** Ends the member of a job that failed for good out of its handler's sight (it stalled too often). */
export function watchFinalFailures(worker: Worker, runner: ProviderJobRunner, log: Logger = logger): void {
  worker.on('failed', (job) => {
    if (!job) return;
    runner
      .afterFailure(job)
      .catch((error: unknown) =>
        log.error(`Could not end the member of job ${job.id}: ${errorMessage(error)}`),
      );
  });
}

export interface ProviderWorkerSettings {
  concurrency: number;
  /** Optional per-queue rate limit: at most `max` jobs started per `duration` ms. */
  limiter?: { max: number; duration: number };
  /** BullMQ lockDuration / stalledInterval (ms): how soon a dead worker's jobs are taken over. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

/** Worker options of a provider queue, without its connection and prefix. */
export function providerWorkerOptions(
  settings: ProviderWorkerSettings,
): Omit<WorkerOptions, 'connection' | 'prefix'> {
  return {
    concurrency: settings.concurrency,
    ...(settings.limiter ? { limiter: settings.limiter } : {}),
    ...(settings.lockDurationMs ? { lockDuration: settings.lockDurationMs } : {}),
    ...(settings.stalledIntervalMs ? { stalledInterval: settings.stalledIntervalMs } : {}),
    // Provider jobs back off by their own rule (a provider's Retry-After); see PROVIDER_BACKOFF_TYPE.
    settings: { backoffStrategy: providerBackoffStrategy },
  };
}

export interface ProviderWorkersOptions extends ProviderWorkerSettings {
  providers: readonly Provider[];
  /** A new connection for each worker (on a Redis Cluster each owns its client; see bullConnection). */
  connection: () => ConnectionOptions;
  /** REDIS_PREFIX; each queue's own prefix and hash tag follow from it (queuePrefix). */
  redisPrefix: string;
  autorun?: boolean;
}

/**
 * Bare BullMQ workers of provider queues with the handlers and options the Nest processors use,
 * for tests that drive the queues without a Nest application.
 */
export function createProviderWorkers(runner: ProviderJobRunner, options: ProviderWorkersOptions): Worker[] {
  return options.providers.map((provider) => {
    const queue = providerQueueName(provider);
    const dispatcher = new JobDispatcher(queue, providerHandlers(runner));
    const worker = new Worker(queue, (job, token) => dispatcher.dispatch(job, token), {
      ...providerWorkerOptions(options),
      connection: options.connection(),
      prefix: queuePrefix(options.redisPrefix, queue),
      autorun: options.autorun ?? true,
    });
    watchFinalFailures(worker, runner);
    return worker;
  });
}
