import { FLOW_PARENT_JOBS } from '@council/contracts';
import { type Job } from 'bullmq';

const FLOW_PARENTS = new Set<string>(FLOW_PARENT_JOBS);

export type StartedJob = Pick<
  Job,
  'name' | 'timestamp' | 'processedOn' | 'attemptsStarted' | 'repeatJobKey'
> & {
  opts: Pick<Job['opts'], 'delay'>;
};

/**
 * Seconds a job waited in its queue before a worker took it, or null when its start says nothing
 * about that: BullMQ records only when a job was added and when it last started, so only a first
 * start of a job that was ready when added is measured. Retries and stalled re-runs (a backoff
 * and earlier runs in between), delayed and scheduled jobs, and flow parents (FLOW_PARENT_JOBS) are
 * left out.
 */
export function queueWaitSeconds(job: StartedJob): number | null {
  if (!job.processedOn || job.attemptsStarted > 1) return null;
  if ((job.opts.delay ?? 0) > 0 || job.repeatJobKey || FLOW_PARENTS.has(job.name)) return null;
  // The two stamps come from different hosts' clocks: a skew must not make a negative wait.
  return Math.max(0, job.processedOn - job.timestamp) / 1000;
}
