// The provider job as the integration tests run it: the app's own providers (provider-job.providers.ts)
// in a Nest context of their own, and bare workers with the processors' handlers and options.

import { getQueueToken } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Provider, QUEUES, providerQueueName } from '@council/contracts';
import { REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { startJobWorker } from '@council/testing';
import { type ConnectionOptions, type Queue, type Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  PROVIDER_JOB_BILLING,
  PROVIDER_JOB_PROVIDERS,
  PROVIDER_JOB_SETTINGS,
  type ProviderJobBilling,
  type ProviderJobSettings,
} from '../../src/answers/provider-job.providers';
import { ProviderJobRunner } from '../../src/answers/provider-job.runner';
import {
  type ProviderWorkerSettings,
  providerHandlers,
  providerWorkerOptions,
  watchFinalFailures,
} from '../../src/answers/provider-workers';

/** What the processors' module takes from the application, given directly. */
export interface ProviderJobRunnerDeps extends ProviderJobSettings, ProviderJobBilling {
  dataSource: DataSource;
  redis: RedisClient;
  usageQueue: Queue;
}

@Module({})
class ProviderJobTestModule {}

/** A ProviderJobRunner built by Nest from the app's providers. */
export async function providerJobRunner(deps: ProviderJobRunnerDeps): Promise<ProviderJobRunner> {
  const { dataSource, redis, usageQueue, releaseCall, waitForUsage, holdTopUp, ...settings } = deps;
  const billing: ProviderJobBilling = { releaseCall, waitForUsage, holdTopUp };
  const context = await NestFactory.createApplicationContext(
    {
      module: ProviderJobTestModule,
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: REDIS_CLIENT, useValue: redis },
        { provide: getQueueToken(QUEUES.usage), useValue: usageQueue },
        { provide: PROVIDER_JOB_SETTINGS, useValue: settings },
        { provide: PROVIDER_JOB_BILLING, useValue: billing },
        ...PROVIDER_JOB_PROVIDERS,
      ],
    },
    { logger: false },
  );
  return context.get(ProviderJobRunner);
}

export interface ProviderWorkersOptions extends ProviderWorkerSettings {
  providers: readonly Provider[];
  /** A new connection for each worker (on a Redis Cluster each owns its client; see bullConnection). */
  connection: () => ConnectionOptions;
  /** REDIS_PREFIX. */
  redisPrefix: string;
}

/** Bare workers of provider queues with the handlers and options the Nest processors use. */
export function createProviderWorkers(runner: ProviderJobRunner, options: ProviderWorkersOptions): Worker[] {
  return options.providers.map((provider) => {
    const worker = startJobWorker(providerQueueName(provider), providerHandlers(runner), {
      ...providerWorkerOptions(options),
      connection: options.connection(),
      redisPrefix: options.redisPrefix,
    });
    watchFinalFailures(worker, runner);
    return worker;
  });
}
