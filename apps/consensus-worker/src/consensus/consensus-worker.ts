import { QUEUES, queuePrefix } from '@council/contracts';
import { type ConnectionOptions, Worker } from 'bullmq';
import { type ConsensusJobResult, type ConsensusJobRunner } from './consensus-job.runner';

export interface ConsensusWorkerOptions {
  connection: ConnectionOptions;
  /** REDIS_PREFIX; the queue's own prefix and hash tag follow from it (queuePrefix). */
  redisPrefix: string;
  concurrency: number;
  autorun?: boolean;
}

/** The consensus queue's worker: every job is a question's flow parent. */
export function createConsensusWorker(
  runner: ConsensusJobRunner,
  options: ConsensusWorkerOptions,
): Worker<unknown, ConsensusJobResult> {
  return new Worker<unknown, ConsensusJobResult>(QUEUES.consensus, (job, token) => runner.run(job, token), {
    connection: options.connection,
    prefix: queuePrefix(options.redisPrefix, QUEUES.consensus),
    concurrency: options.concurrency,
    autorun: options.autorun ?? true,
  });
}
