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
import { type Job, Queue, QueueEvents, type Worker } from 'bullmq';
import { type Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { ConsensusWorkerEnv } from '../config/consensus-worker.env';
import { ConsensusJobRunner } from './consensus-job.runner';
import { createConsensusWorker } from './consensus-worker';

/** How long the final stream entry waits for billing to settle the answers and release the reservation. */
const RELEASE_WAIT_MS = 5000;

/** Starts the consensus queue's worker after boot and drains it on shutdown. */
@Injectable()
export class ConsensusWorkerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ConsensusWorkerService.name);
  private worker: Worker | null = null;
  private usageEvents: QueueEvents | null = null;
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
    const usageEvents = new QueueEvents(QUEUES.usage, { connection, prefix: this.env.REDIS_PREFIX });
    usageEvents.on('error', (error) => this.logger.warn(`Usage queue events: ${error.message}`));
    this.usageEvents = usageEvents;
    const waitForUsage = async (usage: Job): Promise<void> => {
      try {
        await usage.waitUntilFinished(usageEvents, RELEASE_WAIT_MS);
      } catch (error) {
        // Billing retries usage jobs on their own; the question still completes.
        this.logger.warn(`Usage job ${usage.id} not confirmed: ${(error as Error).message}`);
      }
    };
    const runner = new ConsensusJobRunner({
      dataSource: this.dataSource,
      stream: new QuestionStreamWriter(this.redis, this.env.REDIS_PREFIX),
      usageQueue: queue(QUEUES.usage),
      providerQueue: queue,
      maxRounds: this.env.DEBATE_MAX_ROUNDS,
      waitForUsage,
    });
    this.worker = createConsensusWorker(runner, {
      connection,
      prefix: this.env.REDIS_PREFIX,
      concurrency: this.env.CONSENSUS_CONCURRENCY,
    });
    instrumentWorker(this.metrics, this.worker);
    this.worker.on('error', (error) => this.logger.warn(`Worker: ${error.message}`));
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      this.logger.warn(`Job ${job.id} attempt ${job.attemptsMade} failed: ${error.message}`);
      // finishedOn is set only when BullMQ will not try the job again.
      if (job.finishedOn) {
        runner
          .failQuestion(job.data)
          .catch((cause: Error) =>
            this.logger.error(`Could not fail job ${job.id}'s question: ${cause.message}`),
          );
      }
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.usageEvents?.close();
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
