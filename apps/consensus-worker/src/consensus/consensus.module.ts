import { getQueueToken } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { PROVIDER_QUEUE_NAMES, type ProviderQueueName, QUEUES } from '@council/contracts';
import {
  QueueModule,
  QuestionStreamWriter,
  REDIS_CLIENT,
  type RedisClient,
  queueDepthMetricsProvider,
} from '@council/server-kit';
import { type Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { ConsensusWorkerEnv } from '../config/consensus-worker.env';
import { ConsensusJobRunner } from './consensus-job.runner';
import { consensusProcessorClass } from './consensus.processor';
import { UsageReleaseWaiter } from './usage-release.waiter';

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
        UsageReleaseWaiter,
        {
          provide: ConsensusJobRunner,
          inject: [
            ConsensusWorkerEnv,
            DataSource,
            REDIS_CLIENT,
            UsageReleaseWaiter,
            getQueueToken(QUEUES.consensus),
            getQueueToken(QUEUES.usage),
            ...PROVIDER_QUEUES.map((name) => getQueueToken(name)),
          ],
          useFactory: (
            config: ConsensusWorkerEnv,
            dataSource: DataSource,
            redis: RedisClient,
            releases: UsageReleaseWaiter,
            consensusQueue: Queue,
            usageQueue: Queue,
            ...providerQueues: Queue[]
          ) => {
            const byName = new Map(providerQueues.map((queue) => [queue.name, queue]));
            return new ConsensusJobRunner({
              dataSource,
              stream: new QuestionStreamWriter(redis, config.REDIS_PREFIX),
              consensusQueue,
              usageQueue,
              providerQueue: (name) => {
                const queue = byName.get(name);
                if (!queue) throw new Error(`Queue ${name} is not registered`);
                return queue;
              },
              maxRounds: config.DEBATE_MAX_ROUNDS,
              waitForUsage: (usage) => releases.wait(usage),
            });
          },
        },
        consensusProcessorClass(env),
        // The consensus queue's depth is what the HPA scales on.
        queueDepthMetricsProvider([QUEUES.consensus]),
      ],
    };
  }
}
