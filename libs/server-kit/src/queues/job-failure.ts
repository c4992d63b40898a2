import {
  DelayedError,
  type Job,
  RateLimitError,
  UnrecoverableError,
  WaitingChildrenError,
  WaitingError,
} from 'bullmq';

/** Errors a processor throws to park a job (wait for children, a delay, a rate limit), not failures. */
function parksTheJob(error: unknown): boolean {
  return (
    error instanceof WaitingChildrenError ||
    error instanceof DelayedError ||
    error instanceof WaitingError ||
    error instanceof RateLimitError
  );
}

/**
 * Whether BullMQ will not try the job again after `error` is thrown from this attempt: the error is
 * unrecoverable, or this is the last attempt (BullMQ's Job.shouldRetryJob, read before it runs).
 */
export function failsForGood(job: Pick<Job, 'attemptsMade' | 'opts'>, error: unknown): boolean {
  if (parksTheJob(error)) return false;
  if (
    error instanceof UnrecoverableError ||
    (error instanceof Error && error.name === 'UnrecoverableError')
  ) {
    return true;
  }
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/**
 * Runs a job's work and, when it throws for good (failsForGood), `onFinalFailure` before the error
 * goes back to BullMQ. An error from onFinalFailure replaces the work's: the attempt still fails.
 */
export async function withFinalFailure<T>(
  job: Pick<Job, 'attemptsMade' | 'opts'>,
  work: () => Promise<T>,
  onFinalFailure: (error: unknown) => Promise<void>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (failsForGood(job, error)) await onFinalFailure(error);
    throw error;
  }
}
