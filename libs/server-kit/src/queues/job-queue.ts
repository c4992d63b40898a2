import { type JobPayloads, type QueueJobName, type QueueName } from '@council/contracts';
import { type FlowJob, type Job, type JobsOptions, type Queue } from 'bullmq';

/**
 * A BullMQ queue that only takes the jobs its queue carries (QUEUE_JOBS), each with its payload
 * type: a job added to a queue whose workers have no handler for it, or with another job's payload,
 * fails to compile.
 */
export class JobQueue<Q extends QueueName> {
  constructor(
    readonly name: Q,
    readonly queue: Queue,
  ) {
    if (queue.name !== name) throw new RangeError(`Queue "${queue.name}" is not the "${name}" queue`);
  }

  add<N extends QueueJobName<Q>>(
    name: N,
    payload: JobPayloads[N],
    opts?: JobsOptions,
  ): Promise<Job<JobPayloads[N], unknown, string>> {
    return this.queue.add(name, payload, opts);
  }
}

/** One node of a BullMQ flow, typed like JobQueue.add: the queue must carry the job. */
export function flowJob<Q extends QueueName, N extends QueueJobName<Q>>(
  queueName: Q,
  name: N,
  data: JobPayloads[N],
  opts: JobsOptions,
  children?: FlowJob[],
): FlowJob {
  return { name, queueName, data, opts, ...(children ? { children } : {}) };
}
