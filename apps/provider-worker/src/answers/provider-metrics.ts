import { type QuestionOutcomeCounter, queueWaitSeconds, registerOnce } from '@council/server-kit';
import { type Job } from 'bullmq';
import { Histogram, type Registry } from 'prom-client';

export const FIRST_TOKEN_METRIC = 'council_first_token_seconds';

export type FirstTokenHistogram = Pick<Histogram<'provider' | 'name'>, 'observe'>;

/** What the provider jobs count: questions they end, and how soon each answer's first text shows. */
export interface ProviderJobMetrics {
  finished?: QuestionOutcomeCounter;
  firstToken?: FirstTokenHistogram;
}

/**
 * From a job's add to its first text in the question's stream, where the gateway relays it: the
 * wait a user sees before a card starts to fill (queue wait and the provider's own first token).
 */
export function firstTokenHistogram(registry: Registry): Histogram<'provider' | 'name'> {
  return registerOnce(
    registry,
    FIRST_TOKEN_METRIC,
    () =>
      new Histogram({
        name: FIRST_TOKEN_METRIC,
        help: 'Time from a provider job being queued to its first text in the question stream, by provider and job name',
        labelNames: ['provider', 'name'] as const,
        buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60],
        registers: [registry],
      }),
  );
}

/**
 * Observes the first call only, for a job whose start measures a wait (queueWaitSeconds: a first
 * run of a job ready when added); undefined for any other job.
 */
export function firstTokenClock(
  histogram: FirstTokenHistogram | undefined,
  job: Job,
  provider: string,
): (() => void) | undefined {
  if (!histogram || queueWaitSeconds(job) === null) return undefined;
  let seen = false;
  return () => {
    if (seen) return;
    seen = true;
    histogram.observe({ provider, name: job.name }, Math.max(0, Date.now() - job.timestamp) / 1000);
  };
}
