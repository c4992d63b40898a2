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
  ReleaseClientsModule,
  UsageReleaseWaiter,
  queueDepthMetricsProvider,
  questionsFinishedCounter,
} from '@council/server-kit';
import { type Queue } from 'bullmq';
import { ConsensusWorkerEnv } from '../config/consensus-worker.env';
import {
  CONSENSUS_JOB_DEPS,
  CONSENSUS_JOB_PROVIDERS,
  type ConsensusJobDeps,
} from './consensus-job.providers';
import { consensusProcessorClass } from './consensus.processor';

const PROVIDER_QUEUES: readonly ProviderQueueName[] = Object.values(PROVIDER_QUEUE_NAMES);

/**
 * The consensus queue's worker and what it adds jobs to. The queues and the release clients are
 * provided by this module's imports, which Nest shuts down after it, so the processor's last jobs
 * can still add to the queues and release their questions.
 */
@Module({})
export class ConsensusModule {
  static forRoot(env: ConsensusWorkerEnv): DynamicModule {
    return {
      module: ConsensusModule,
      imports: [
        QueueModule.registerQueues(QUEUES.consensus, QUEUES.usage, ...PROVIDER_QUEUES),
        ReleaseClientsModule.forRoot(ConsensusWorkerEnv),
      ],
      providers: [
        {
          // The built-in providers' queues, and any other provider's made on first use.
          provide: ProviderQueuePool,
          inject: [ConsensusWorkerEnv, ...PROVIDER_QUEUES.map((name) => getQueueToken(name))],
          useFactory: (config: ConsensusWorkerEnv, ...registered: Queue[]) =>
            new ProviderQueuePool(config, registered),
        },
        {
          provide: CONSENSUS_JOB_DEPS,
          inject: [
            REDIS_CLIENT,
            UsageReleaseWaiter,
            BillingReleaseClient,
            getQueueToken(QUEUES.consensus),
            getQueueToken(QUEUES.usage),
            ProviderQueuePool,
            MetricsService,
          ],
          useFactory: (
            redis: RedisClient,
            releases: UsageReleaseWaiter,
            billing: BillingReleaseClient,
            consensusQueue: Queue,
            usageQueue: Queue,
            providerQueues: ProviderQueuePool,
            metrics: MetricsService,
          ): ConsensusJobDeps => ({
            stream: new QuestionStreamWriter(redis, env.REDIS_PREFIX, {
              finished: questionsFinishedCounter(metrics.registry),
            }),
            consensusQueue,
            usageQueue,
            providerQueue: (name) => providerQueues.get(name).queue,
            maxRounds: env.DEBATE_MAX_ROUNDS,
            budget: new QuestionBudget(redis, env.REDIS_PREFIX),
            waitForUsage: (usage) => releases.wait(usage),
            releaseCall: (request) => billing.release(request),
            trimHold: (request) => billing.trimHold(request),
          }),
        },
        ...CONSENSUS_JOB_PROVIDERS,
        consensusProcessorClass(env),
        // The consensus queue's depth is what the HPA scales on.
        queueDepthMetricsProvider([QUEUES.consensus]),
      ],
    };
  }
}
