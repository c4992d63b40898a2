import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  type Provider,
  type ProviderQueueName,
  QUEUES,
  providerQueueName,
  queuePrefix,
} from '@council/contracts';
import { JobQueue, bullConnection, closeBullMq } from '@council/server-kit';
import { Queue } from 'bullmq';
import { GatewayEnv } from '../../config/gateway.env';

/**
 * The queue of any provider: the built-in three's are registered with Nest; a provider the
 * catalogue adds gets its queue on first use, under the same prefix rule (queuePrefix).
 */
@Injectable()
export class ProviderQueues implements OnApplicationShutdown {
  private readonly queues = new Map<Provider, JobQueue<ProviderQueueName>>();
  private readonly added: Queue[] = [];

  constructor(
    private readonly env: GatewayEnv,
    @InjectQueue(QUEUES.providerOpenai) openaiQueue: Queue,
    @InjectQueue(QUEUES.providerAnthropic) anthropicQueue: Queue,
    @InjectQueue(QUEUES.providerXai) xaiQueue: Queue,
  ) {
    this.queues
      .set('openai', new JobQueue(QUEUES.providerOpenai, openaiQueue))
      .set('anthropic', new JobQueue(QUEUES.providerAnthropic, anthropicQueue))
      .set('xai', new JobQueue(QUEUES.providerXai, xaiQueue));
  }

  get(provider: Provider): JobQueue<ProviderQueueName> {
    const known = this.queues.get(provider);
    if (known) return known;
    const name = providerQueueName(provider);
    const queue = new Queue(name, {
      connection: bullConnection(this.env),
      prefix: queuePrefix(this.env.REDIS_PREFIX, name),
    });
    this.added.push(queue);
    const typed = new JobQueue(name, queue);
    this.queues.set(provider, typed);
    return typed;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.added.map((queue) => closeBullMq(queue)));
  }
}
