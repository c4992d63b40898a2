// Pure pieces of the retention sweep (DECISIONS 11): which tiers lose old history, and the
// repeatable job every replica schedules.

import {
  FREE_HISTORY_RETENTION_DAYS,
  JOBS,
  PLANS,
  type RetentionSweepJobData,
  SUBSCRIPTION_TIERS,
  type SubscriptionTier,
} from '@council/contracts';
import { type JobsOptions } from 'bullmq';

/** Tiers whose plan keeps history for a limited time (free); the others keep everything. */
export function tiersWithLimitedHistory(): SubscriptionTier[] {
  return SUBSCRIPTION_TIERS.filter((tier) => PLANS[tier].historyRetentionDays !== null);
}

export interface RetentionJobTemplate {
  name: typeof JOBS.retentionSweep;
  data: RetentionSweepJobData;
  opts: JobsOptions;
}

/** What each tick of the schedule enqueues. A failed sweep is retried; the next tick comes anyway. */
export function retentionJobTemplate(): RetentionJobTemplate {
  return {
    name: JOBS.retentionSweep,
    data: { retentionDays: FREE_HISTORY_RETENTION_DAYS },
    opts: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 30_000 },
      removeOnComplete: { count: 100 },
      removeOnFail: { count: 100 },
    },
  };
}
