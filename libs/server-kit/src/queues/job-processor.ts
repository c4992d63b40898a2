import { WorkerHost } from '@nestjs/bullmq';
import {
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { type QueueName } from '@council/contracts';
import { type Job } from 'bullmq';
import { type MetricsService } from '../metrics/metrics.service';
import { instrumentWorker } from '../metrics/queue-metrics';
import { closeBullMq } from './bull-connection';
import { JobDispatcher, type JobHandlers } from './job-dispatcher';

/**
 * The one way a service runs a queue's jobs: a @nestjs/bullmq `@Processor` whose subclass names its
 * queue and a handler per job the queue carries (QUEUE_JOBS). Start-up fails when a carried job has
 * no handler (onModuleInit), or when another processor of the app handles the same job
 * (JobHandlerRegistry). Every worker is measured and its failures logged alike.
 */
export abstract class JobProcessor<Q extends QueueName>
  extends WorkerHost
  implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown
{
  protected readonly logger = new Logger(this.constructor.name);
  private dispatcher: JobDispatcher<Q> | null = null;

  abstract readonly queueName: Q;
  protected abstract readonly metrics: MetricsService;

  /** The handler of each job the queue carries. */
  protected abstract handlers(): JobHandlers<Q>;

  onModuleInit(): void {
    this.dispatcher = new JobDispatcher(this.queueName, this.handlers());
  }

  /** Job names handled, for JobHandlerRegistry. */
  handledJobs(): readonly string[] {
    return (this.dispatcher ?? new JobDispatcher(this.queueName, this.handlers())).jobNames;
  }

  onApplicationBootstrap(): void {
    instrumentWorker(this.metrics, this.worker);
    this.worker.on('error', (error) => this.logger.warn(`Worker ${this.queueName}: ${error.message}`));
    this.worker.on('failed', (job, error) => {
      if (job) {
        this.logger.warn(`Job ${job.id} (${job.name}) attempt ${job.attemptsMade} failed: ${error.message}`);
      }
    });
  }

  /**
   * Lets running jobs finish before the queues they add to close: this module shuts down before the
   * queue registrations it imports (Nest goes from the root down). BullExplorer closes the worker
   * again at the very end, which returns the same promise; disconnect also ends a Redis Cluster
   * client handed to the worker (bullConnection), which BullMQ never closes itself.
   */
  async onApplicationShutdown(): Promise<void> {
    await closeBullMq(this.worker);
  }

  async process(job: Job, token?: string): Promise<unknown> {
    if (!this.dispatcher)
      throw new Error(`Processor of ${this.queueName} ran a job before it was initialised`);
    return this.dispatcher.dispatch(job, token);
  }
}
