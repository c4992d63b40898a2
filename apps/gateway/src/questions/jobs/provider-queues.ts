import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type Provider, type ProviderQueueName, QUEUES } from '@council/contracts';
import { type JobQueue, ProviderQueuePool } from '@council/server-kit';
import { type Queue } from 'bullmq';
import { GatewayEnv } from '../../config/gateway.env';

/** The queue of any provider (ProviderQueuePool): a member's retry and removing a question's jobs. */
@Injectable()
export class ProviderQueues implements OnApplicationShutdown {
  private readonly pool: ProviderQueuePool;

  constructor(
    env: GatewayEnv,
    @InjectQueue(QUEUES.providerOpenai) openaiQueue: Queue,
    @InjectQueue(QUEUES.providerAnthropic) anthropicQueue: Queue,
    @InjectQueue(QUEUES.providerXai) xaiQueue: Queue,
  ) {
    this.pool = new ProviderQueuePool(env, [openaiQueue, anthropicQueue, xaiQueue]);
  }

  get(provider: Provider): JobQueue<ProviderQueueName> {
    return this.pool.forProvider(provider);
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}
