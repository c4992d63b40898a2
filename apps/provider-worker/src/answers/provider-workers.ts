// How a provider queue's jobs run, shared by the Nest processors (ProviderProcessorsModule) and the
// bare workers the integration tests start: the handlers and the worker options.

import { JOBS, type ProviderQueueName, errorMessage } from '@council/contracts';
import { type JobHandlers, providerBackoffStrategy } from '@council/server-kit';
import { Logger } from '@nestjs/common';
import { type Worker, type WorkerOptions } from 'bullmq';
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
