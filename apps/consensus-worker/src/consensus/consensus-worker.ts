import { QUEUES, errorMessage, queuePrefix } from '@council/contracts';
import { JobDispatcher } from '@council/server-kit';
import { Logger } from '@nestjs/common';
import { type ConnectionOptions, Worker } from 'bullmq';
import { type ConsensusJobRunner } from './consensus-job.runner';

export interface ConsensusWorkerOptions {
  connection: ConnectionOptions;
  /** REDIS_PREFIX; the queue's own prefix and hash tag follow from it (queuePrefix). */
  redisPrefix: string;
  concurrency: number;
  autorun?: boolean;
}

const logger = new Logger('ConsensusWorker');

/** Adds the question-fail job for a flow parent that failed for good out of its handler's sight. */
export function watchFinalFailures(worker: Worker, runner: ConsensusJobRunner, log: Logger = logger): void {
  worker.on('failed', (job) => {
    if (!job) return;
    runner
      .afterFailure(job)
      .catch((error: unknown) =>
        log.error(`Could not queue the end of job ${job.id}'s question: ${errorMessage(error)}`),
      );
  });
}

/**
 * A bare BullMQ worker of the consensus queue with the handlers ConsensusProcessor runs, for tests
 * that drive the queue without a Nest application.
 */
export function createConsensusWorker(runner: ConsensusJobRunner, options: ConsensusWorkerOptions): Worker {
  const dispatcher = new JobDispatcher(QUEUES.consensus, runner.handlers());
  const worker = new Worker(QUEUES.consensus, (job, token) => dispatcher.dispatch(job, token), {
    connection: options.connection,
    prefix: queuePrefix(options.redisPrefix, QUEUES.consensus),
    concurrency: options.concurrency,
    autorun: options.autorun ?? true,
  });
  watchFinalFailures(worker, runner);
  return worker;
}
