// Retry settings of every provider call (member answers, debate revisions, synthesis) and of the
// jobs workers hand to billing, in one place, so the gateway's flow and the consensus worker's
// children retry alike.

import { type JobsOptions, type MinimalJob } from 'bullmq';

/** Attempts of one provider call: the first plus three retries. */
export const PROVIDER_JOB_ATTEMPTS = 4;
/** First retry delay; doubled on each further retry (with jitter). */
export const PROVIDER_BACKOFF_DELAY_MS = 2000;
/** Longest wait a provider's Retry-After may impose before a retry. */
export const PROVIDER_RETRY_AFTER_CAP_MS = 60_000;
/**
 * Custom BullMQ backoff type of provider jobs. Workers serving provider queues must register
 * providerBackoffStrategy under `settings.backoffStrategy`.
 */
export const PROVIDER_BACKOFF_TYPE = 'provider';

/** Keep finished jobs a day, so a duplicate add of the same deterministic id stays a no-op. */
const KEEP_FINISHED = { age: 24 * 60 * 60, count: 10_000 } as const;

export const USAGE_JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: KEEP_FINISHED,
  removeOnFail: { age: 7 * 24 * 60 * 60 },
};

export interface ProviderJobOptionsOverrides {
  attempts?: number;
  /** First retry delay, ms (tests make it small). */
  backoffDelayMs?: number;
}

/** Options of a provider job that is a flow child: a failure never blocks its parent. */
export function providerJobOptions(jobId: string, overrides: ProviderJobOptionsOverrides = {}): JobsOptions {
  return {
    jobId,
    attempts: overrides.attempts ?? PROVIDER_JOB_ATTEMPTS,
    backoff: { type: PROVIDER_BACKOFF_TYPE, delay: overrides.backoffDelayMs ?? PROVIDER_BACKOFF_DELAY_MS },
    // The parent goes on without this child when it fails for good (the member's row carries the error).
    ignoreDependencyOnFailure: true,
    removeOnComplete: KEEP_FINISHED,
    removeOnFail: KEEP_FINISHED,
  };
}

/** An error that asks for a given minimum wait before the next attempt (a provider's Retry-After). */
export interface RetryAfterHint {
  retryAfterMs?: number;
}

/**
 * Delay before the next attempt of a provider job: exponential from the job's backoff delay, with
 * jitter, or the provider's Retry-After (capped) when the error carries one and it is longer.
 */
export function providerBackoffDelay(
  attemptsMade: number,
  baseDelayMs: number,
  error?: (Error & RetryAfterHint) | null,
  random: () => number = Math.random,
): number {
  const exponential = baseDelayMs * 2 ** Math.max(0, attemptsMade - 1);
  const jittered = Math.round(exponential * (0.8 + 0.4 * random()));
  const hinted = error?.retryAfterMs;
  if (typeof hinted === 'number' && Number.isFinite(hinted) && hinted > jittered) {
    return Math.min(hinted, PROVIDER_RETRY_AFTER_CAP_MS);
  }
  return jittered;
}

/** BullMQ `settings.backoffStrategy` for workers serving provider queues (and any other custom types: none). */
export function providerBackoffStrategy(
  attemptsMade: number,
  type?: string,
  error?: Error,
  job?: MinimalJob,
): number {
  if (type !== PROVIDER_BACKOFF_TYPE) return -1;
  const backoff = job?.opts.backoff;
  const base = typeof backoff === 'number' ? backoff : (backoff?.delay ?? PROVIDER_BACKOFF_DELAY_MS);
  return providerBackoffDelay(attemptsMade, base, error as (Error & RetryAfterHint) | undefined);
}
