import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { PROVIDER_QUEUE_NAMES, QUEUES, type QueueName, queuePrefix } from '@council/contracts';
import {
  MetricsService,
  QuestionStreamWriter,
  REDIS_CLIENT,
  type RedisClient,
  bullConnection,
  closeBullMq,
  instrumentWorker,
} from '@council/server-kit';
import { type Job, Queue, QueueEvents, type Worker } from 'bullmq';
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
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
  ) {}

  onApplicationBootstrap(): void {
    const prefix = (name: QueueName): string => queuePrefix(this.env.REDIS_PREFIX, name);
    const queue = (name: QueueName): Queue => {
      let existing = this.queues.get(name);
      if (!existing) {
        existing = new Queue(name, { connection: bullConnection(this.env), prefix: prefix(name) });
        this.queues.set(name, existing);
      }
      return existing;
    };
    for (const name of [...Object.values(PROVIDER_QUEUE_NAMES), QUEUES.usage]) queue(name);
    const usageEvents = new QueueEvents(QUEUES.usage, {
      connection: bullConnection(this.env),
      prefix: prefix(QUEUES.usage),
    });
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
      connection: bullConnection(this.env),
      redisPrefix: this.env.REDIS_PREFIX,
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
    if (this.worker) await closeBullMq(this.worker);
    if (this.usageEvents) await closeBullMq(this.usageEvents);
    await Promise.all([...this.queues.values()].map((queue) => closeBullMq(queue)));
  }
}
