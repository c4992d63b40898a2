import { type DynamicModule, Module } from '@nestjs/common';
import { type Provider, QUEUES, providerQueueName } from '@council/contracts';
import {
  BillingReleaseClient,
  MetricsService,
  QueueModule,
  ReleaseClientsModule,
  UsageReleaseWaiter,
  queueDepthMetricsProvider,
  questionsFinishedCounter,
} from '@council/server-kit';
import { type LlmConfig } from '@council/llm';
import { ProviderWorkerEnv } from '../config/provider-worker.env';
import {
  PROVIDER_JOB_BILLING,
  PROVIDER_JOB_PROVIDERS,
  PROVIDER_JOB_SETTINGS,
  type ProviderJobBilling,
  type ProviderJobSettings,
} from './provider-job.providers';
import { firstTokenHistogram } from './provider-metrics';
import { providerProcessorClass } from './provider.processor';

/**
 * One processor per provider queue this process serves, all running one ProviderJobRunner. The
 * queues are registered by this module's imports, which Nest shuts down after it, so the last jobs
 * can still queue their usage.
 */
@Module({})
export class ProviderProcessorsModule {
  static forProviders(providers: readonly Provider[], env: ProviderWorkerEnv, llm: LlmConfig): DynamicModule {
    const names = providers.map(providerQueueName);
    const settings = {
      concurrency: env.PROVIDER_CONCURRENCY,
      limiter: env.PROVIDER_RATE_LIMIT_MAX
        ? { max: env.PROVIDER_RATE_LIMIT_MAX, duration: env.PROVIDER_RATE_LIMIT_DURATION_MS }
        : undefined,
      lockDurationMs: env.PROVIDER_LOCK_DURATION_MS,
      stalledIntervalMs: env.PROVIDER_STALLED_INTERVAL_MS,
    };
    return {
      module: ProviderProcessorsModule,
      imports: [
        QueueModule.registerQueues(...names, QUEUES.usage),
        ReleaseClientsModule.forRoot(ProviderWorkerEnv),
      ],
      providers: [
        {
          provide: PROVIDER_JOB_SETTINGS,
          inject: [MetricsService],
          useFactory: (metrics: MetricsService): ProviderJobSettings => ({
            prefix: env.REDIS_PREFIX,
            llm,
            idleTimeoutMs: env.PROVIDER_IDLE_TIMEOUT_MS,
            metrics: {
              finished: questionsFinishedCounter(metrics.registry),
              firstToken: firstTokenHistogram(metrics.registry),
            },
          }),
        },
        {
          provide: PROVIDER_JOB_BILLING,
          inject: [BillingReleaseClient, UsageReleaseWaiter],
          useFactory: (billing: BillingReleaseClient, releases: UsageReleaseWaiter): ProviderJobBilling => ({
            releaseCall: (request) => billing.release(request),
            holdTopUp: (request) => billing.topUpHold(request),
            waitForUsage: (usage) => releases.wait(usage),
          }),
        },
        ...PROVIDER_JOB_PROVIDERS,
        ...providers.map((provider) => providerProcessorClass(provider, env, settings)),
        // The depth of the queues this process serves is what the HPA scales on.
        queueDepthMetricsProvider(names),
      ],
    };
  }
}
