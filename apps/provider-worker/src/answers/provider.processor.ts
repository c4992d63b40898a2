import { Processor } from '@nestjs/bullmq';
import { Injectable, type Type } from '@nestjs/common';
import { type Provider, type ProviderQueueName, providerQueueName } from '@council/contracts';
import {
  type JobHandlers,
  JobProcessor,
  MetricsService,
  type WorkerRedisTarget,
  workerConnection,
} from '@council/server-kit';
import { ProviderJobRunner } from './provider-job.runner';
import {
  type ProviderWorkerSettings,
  providerHandlers,
  providerWorkerOptions,
  watchFinalFailures,
} from './provider-workers';

/** A provider queue's processor: every job is one provider call (ProviderJobRunner). */
// Injectable for the constructor's parameter types, which the decorated subclasses inherit.
@Injectable()
export abstract class ProviderProcessor extends JobProcessor<ProviderQueueName> {
  constructor(
    private readonly runner: ProviderJobRunner,
    protected readonly metrics: MetricsService,
  ) {
    super();
  }

  protected handlers(): JobHandlers<ProviderQueueName> {
    return providerHandlers(this.runner);
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    watchFinalFailures(this.worker, this.runner, this.logger);
  }
}

/**
 * The processor class of one provider's queue. @Processor takes the queue and worker options when
 * the class is defined, so one class is made per provider served, once the validated environment is
 * known (ProviderProcessorsModule.forProviders).
 */
export function providerProcessorClass(
  provider: Provider,
  env: WorkerRedisTarget,
  settings: ProviderWorkerSettings,
): Type<ProviderProcessor> {
  const queue = providerQueueName(provider);

  @Processor(queue, { ...providerWorkerOptions(settings), ...workerConnection(env, queue) })
  class ProviderQueueProcessor extends ProviderProcessor {
    readonly queueName = queue;
  }

  // Start-up errors and logs name the queue (JobHandlerRegistry, JobProcessor's logger).
  Object.defineProperty(ProviderQueueProcessor, 'name', { value: `ProviderProcessor(${queue})` });
  return ProviderQueueProcessor;
}
