import {
  type JobName,
  JobPayloadError,
  type JobPayloads,
  type QueueName,
  parseJobPayload,
} from '@council/contracts';
import { DomainException } from '../errors/domain.exception';
import { type Job, UnrecoverableError } from 'bullmq';

/**
 * Checks a job's name and payload before any work. Both failures are permanent (a malformed
 * payload never becomes valid), so they end the job at once instead of being retried.
 */
export async function parseJobOrFail<N extends JobName>(
  queue: QueueName,
  name: N,
  job: Pick<Job, 'name' | 'data'>,
): Promise<JobPayloads[N]> {
  if (job.name !== name) throw new UnrecoverableError(`Queue ${queue} has no handler for job "${job.name}"`);
  try {
    return await parseJobPayload(name, job.data);
  } catch (error) {
    if (error instanceof JobPayloadError) throw new UnrecoverableError(error.message);
    throw error;
  }
}

/** A job about a user or question that does not exist (or not together) cannot succeed later. */
export async function permanentOnDomainError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainException && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN')) {
      throw new UnrecoverableError(error.message);
    }
    throw error;
  }
}
