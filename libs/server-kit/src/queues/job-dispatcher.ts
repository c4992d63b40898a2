import {
  type JobName,
  type JobPayloads,
  queueJobs,
  type QueueJobName,
  type QueueName,
  queueCarries,
} from '@council/contracts';
import { type Job, UnrecoverableError } from 'bullmq';
import { parseJobOrFail } from './parse-job';

/** Runs one job whose payload has been checked; `token` is the job's lock token. */
export type JobHandler<N extends JobName> = (
  data: JobPayloads[N],
  job: Job,
  token: string | undefined,
) => Promise<unknown>;

/** A handler for every job queue Q carries. */
export type JobHandlers<Q extends QueueName> = { readonly [N in QueueJobName<Q>]: JobHandler<N> };

type Route = (job: Job, token: string | undefined) => Promise<unknown>;

/**
 * Routes a queue's jobs to their handlers by name, after checking name and payload (parseJobOrFail:
 * a job no handler knows, or a malformed payload, fails at once). Built at start-up, it refuses a
 * queue that carries a job it has no handler for, so such a job never waits for a worker that
 * cannot run it.
 */
export class JobDispatcher<Q extends QueueName> {
  private readonly routes = new Map<string, Route>();

  constructor(
    readonly queue: Q,
    handlers: JobHandlers<Q>,
  ) {
    const carried: readonly QueueJobName<Q>[] = queueJobs(queue);
    const missing = carried.filter((name) => typeof handlers[name] !== 'function');
    if (missing.length > 0) {
      throw new Error(`Queue ${queue} carries job(s) without a handler: ${missing.join(', ')}`);
    }
    const foreign = Object.keys(handlers).filter((name) => !queueCarries(queue, name));
    if (foreign.length > 0) {
      throw new Error(`Queue ${queue} does not carry job(s) it has handlers for: ${foreign.join(', ')}`);
    }
    for (const name of carried) this.routes.set(name, route(queue, name, handlers[name]));
  }

  /** The job names this dispatcher handles: exactly those its queue carries. */
  get jobNames(): readonly string[] {
    return [...this.routes.keys()];
  }

  async dispatch(job: Job, token: string | undefined): Promise<unknown> {
    const run = this.routes.get(job.name);
    if (!run) throw new UnrecoverableError(`Queue ${this.queue} has no handler for job "${job.name}"`);
    return run(job, token);
  }
}

function route<N extends JobName>(queue: QueueName, name: N, handler: JobHandler<N>): Route {
  return async (job, token) => handler(await parseJobOrFail(queue, name, job), job, token);
}
