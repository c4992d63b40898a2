import { type QueueName, queuePrefix } from '@council/contracts';
import { JobDispatcher, type JobHandlers } from '@council/server-kit';
import { type ConnectionOptions, Worker, type WorkerOptions } from 'bullmq';

export interface JobWorkerOptions extends Omit<WorkerOptions, 'connection' | 'prefix'> {
  connection: ConnectionOptions;
  /** REDIS_PREFIX; the queue's own prefix and hash tag follow from it (queuePrefix). */
  redisPrefix: string;
}

/**
 * A bare BullMQ worker that runs a queue's jobs through the same handlers and dispatcher as the
 * app's Nest processor, for integration tests that drive the queues without a Nest application.
 */
export function startJobWorker<Q extends QueueName>(
  queue: Q,
  handlers: JobHandlers<Q>,
  { connection, redisPrefix, ...options }: JobWorkerOptions,
): Worker {
  const dispatcher = new JobDispatcher(queue, handlers);
  return new Worker(queue, (job, token) => dispatcher.dispatch(job, token), {
    ...options,
    connection,
    prefix: queuePrefix(redisPrefix, queue),
  });
}
