import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { QUEUES, queuePrefix } from '@council/contracts';
import {
  MetricsService,
  REDIS_CLIENT,
  type RedisClient,
  bullConnection,
  closeBullMq,
  instrumentWorker,
} from '@council/server-kit';
import { Queue, type Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { llmConfigFromEnv } from '../config/llm-config';
import { ProviderWorkerEnv } from '../config/provider-worker.env';
import { ProviderJobRunner } from './provider-job.runner';
import { createProviderWorkers } from './provider-workers';

/** Starts the provider queues' workers after boot and drains them on shutdown. */
@Injectable()
export class ProviderWorkersService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProviderWorkersService.name);
  private workers: Worker[] = [];
  private usageQueue: Queue | null = null;

  constructor(
    private readonly env: ProviderWorkerEnv,
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
  ) {}

  onApplicationBootstrap(): void {
    this.usageQueue = new Queue(QUEUES.usage, {
      connection: bullConnection(this.env),
      prefix: queuePrefix(this.env.REDIS_PREFIX, QUEUES.usage),
    });
    const runner = new ProviderJobRunner({
      dataSource: this.dataSource,
      redis: this.redis,
      prefix: this.env.REDIS_PREFIX,
      usageQueue: this.usageQueue,
      llm: llmConfigFromEnv(this.env),
      idleTimeoutMs: this.env.PROVIDER_IDLE_TIMEOUT_MS,
    });
    this.workers = createProviderWorkers(runner, {
      providers: this.env.PROVIDER_QUEUES,
      connection: () => bullConnection(this.env),
      redisPrefix: this.env.REDIS_PREFIX,
      concurrency: this.env.PROVIDER_CONCURRENCY,
      limiter: this.env.PROVIDER_RATE_LIMIT_MAX
        ? { max: this.env.PROVIDER_RATE_LIMIT_MAX, duration: this.env.PROVIDER_RATE_LIMIT_DURATION_MS }
        : undefined,
      lockDurationMs: this.env.PROVIDER_LOCK_DURATION_MS,
      stalledIntervalMs: this.env.PROVIDER_STALLED_INTERVAL_MS,
    });
    for (const worker of this.workers) {
      instrumentWorker(this.metrics, worker);
      worker.on('error', (error) => this.logger.warn(`Worker ${worker.name}: ${error.message}`));
      worker.on('failed', (job, error) => {
        if (job)
          this.logger.warn(
            `Job ${job.id} (${job.name}) attempt ${job.attemptsMade} failed: ${error.message}`,
          );
      });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => closeBullMq(worker)));
    if (this.usageQueue) await closeBullMq(this.usageQueue);
  }
}
