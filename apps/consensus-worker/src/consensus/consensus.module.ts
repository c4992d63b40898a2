import { getQueueToken } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { PROVIDER_QUEUE_NAMES, type ProviderQueueName, QUEUES } from '@council/contracts';
import {
  BillingReleaseClient,
  MetricsService,
  ProviderQueuePool,
  QueueModule,
  QuestionBudget,
  QuestionStreamWriter,
  REDIS_CLIENT,
  type RedisClient,
  UsageReleaseWaiter,
  billingRpcRequestsCounter,
  queueDepthMetricsProvider,
  questionsFinishedCounter,
} from '@council/server-kit';
import { type Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { ConsensusWorkerEnv } from '../config/consensus-worker.env';
import { ConsensusJobRunner } from './consensus-job.runner';
import { consensusProcessorClass } from './consensus.processor';

const PROVIDER_QUEUES: readonly ProviderQueueName[] = Object.values(PROVIDER_QUEUE_NAMES);

/**
 * The consensus queue's worker and what it adds jobs to. The queues are registered by this module's
 * imports, which Nest shuts down after it, so the processor's last jobs can still add to them.
 */
@Module({})
export class ConsensusModule {
  static forRoot(env: ConsensusWorkerEnv): DynamicModule {
    return {
      module: ConsensusModule,
      imports: [QueueModule.registerQueues(QUEUES.consensus, QUEUES.usage, ...PROVIDER_QUEUES)],
      providers: [
        {
          provide: UsageReleaseWaiter,
          inject: [ConsensusWorkerEnv],
          useFactory: (config: ConsensusWorkerEnv) => new UsageReleaseWaiter(config),
        },
        {
          provide: BillingReleaseClient,
          inject: [ConsensusWorkerEnv, MetricsService],
          useFactory: (config: ConsensusWorkerEnv, metrics: MetricsService) =>
            new BillingReleaseClient(config, billingRpcRequestsCounter(metrics.registry)),
        },
        {
          // The built-in providers' queues, and any other provider's made on first use.
          provide: ProviderQueuePool,
          inject: [ConsensusWorkerEnv, ...PROVIDER_QUEUES.map((name) => getQueueToken(name))],
          useFactory: (config: ConsensusWorkerEnv, ...registered: Queue[]) =>
            new ProviderQueuePool(config, registered),
        },
        {
          provide: ConsensusJobRunner,
          inject: [
            ConsensusWorkerEnv,
            DataSource,
            REDIS_CLIENT,
            UsageReleaseWaiter,
            BillingReleaseClient,
            getQueueToken(QUEUES.consensus),
            getQueueToken(QUEUES.usage),
            ProviderQueuePool,
            MetricsService,
          ],
          useFactory: (
            config: ConsensusWorkerEnv,
            dataSource: DataSource,
            redis: RedisClient,
            releases: UsageReleaseWaiter,
            billing: BillingReleaseClient,
            consensusQueue: Queue,
            usageQueue: Queue,
            providerQueues: ProviderQueuePool,
            metrics: MetricsService,
          ) =>
            new ConsensusJobRunner({
              dataSource,
              stream: new QuestionStreamWriter(redis, config.REDIS_PREFIX, {
                finished: questionsFinishedCounter(metrics.registry),
              }),
              consensusQueue,
              usageQueue,
              providerQueue: (name) => providerQueues.get(name).queue,
              maxRounds: config.DEBATE_MAX_ROUNDS,
              budget: new QuestionBudget(redis, config.REDIS_PREFIX),
              waitForUsage: (usage) => releases.wait(usage),
              releaseCall: (request) => billing.release(request),
              trimHold: (request) => billing.trimHold(request),
            }),
        },
        consensusProcessorClass(env),
        // The consensus queue's depth is what the HPA scales on.
        queueDepthMetricsProvider([QUEUES.consensus]),
      ],
    };
  }
}
