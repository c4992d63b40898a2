import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { QUEUES } from '@council/contracts';
import { MetricsService, REDIS_CLIENT, instrumentWorker, redisOptionsFromUrl } from '@council/server-kit';
import { Queue, type Worker } from 'bullmq';
import { type Redis } from 'ioredis';
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
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  onApplicationBootstrap(): void {
    const connection = redisOptionsFromUrl(this.env.REDIS_URL, { maxRetriesPerRequest: null });
    this.usageQueue = new Queue(QUEUES.usage, { connection, prefix: this.env.REDIS_PREFIX });
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
      connection,
      prefix: this.env.REDIS_PREFIX,
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
    await Promise.all(this.workers.map((worker) => worker.close()));
    await this.usageQueue?.close();
  }
}
