import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { PROVIDER_QUEUE_NAMES, QUEUES } from '@council/contracts';
import {
  MetricsService,
  QuestionStreamWriter,
  REDIS_CLIENT,
  instrumentWorker,
  redisOptionsFromUrl,
} from '@council/server-kit';
import { Queue, type Worker } from 'bullmq';
import { type Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { ConsensusWorkerEnv } from '../config/consensus-worker.env';
import { ConsensusJobRunner } from './consensus-job.runner';
import { createConsensusWorker } from './consensus-worker';

/** Starts the consensus queue's worker after boot and drains it on shutdown. */
@Injectable()
export class ConsensusWorkerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ConsensusWorkerService.name);
  private worker: Worker | null = null;
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly env: ConsensusWorkerEnv,
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  onApplicationBootstrap(): void {
    const connection = redisOptionsFromUrl(this.env.REDIS_URL, { maxRetriesPerRequest: null });
    const queue = (name: string): Queue => {
      let existing = this.queues.get(name);
      if (!existing) {
        existing = new Queue(name, { connection, prefix: this.env.REDIS_PREFIX });
        this.queues.set(name, existing);
      }
      return existing;
    };
    for (const name of [...Object.values(PROVIDER_QUEUE_NAMES), QUEUES.usage]) queue(name);
    const runner = new ConsensusJobRunner({
      dataSource: this.dataSource,
      stream: new QuestionStreamWriter(this.redis, this.env.REDIS_PREFIX),
      usageQueue: queue(QUEUES.usage),
      providerQueue: queue,
      maxRounds: this.env.DEBATE_MAX_ROUNDS,
    });
    this.worker = createConsensusWorker(runner, {
      connection,
      prefix: this.env.REDIS_PREFIX,
      concurrency: this.env.CONSENSUS_CONCURRENCY,
    });
    instrumentWorker(this.metrics, this.worker);
    this.worker.on('error', (error) => this.logger.warn(`Worker: ${error.message}`));
    this.worker.on('failed', (job, error) => {
      if (job) this.logger.warn(`Job ${job.id} attempt ${job.attemptsMade} failed: ${error.message}`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
