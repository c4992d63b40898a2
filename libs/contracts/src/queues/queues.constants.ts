/**
 * WARNING: queue names, job names, hash tags and the prefix below NEVER change once shipped. Jobs
 * already waiting in Redis are found by these strings; renaming one strands them (stalled questions,
 * lost usage settlements, unprocessed payments). Add new names instead, and retire old ones only
 * after their queues have drained (docs/redis-cluster.md, "Upgrading").
 */

import { type BuiltInProvider, type Provider } from '../domain/domain.constants';

/**
 * Default REDIS_PREFIX: the start of every Redis key we write. It carries no hash tag (no braces), so
 * the tag that decides a key's Redis Cluster slot is the queue's or the question's, further on.
 */
export const DEFAULT_REDIS_PREFIX = 'council';

export const QUEUES = {
  /** One queue per provider, so each has its own concurrency, rate limit and scaling. */
  providerOpenai: 'provider-openai',
  providerAnthropic: 'provider-anthropic',
  providerXai: 'provider-xai',
  /** Flow parents: debate rounds, synthesis hand-off and finalising a question. */
  consensus: 'consensus',
  /** Token usage to settle against the ledger (billing consumes). */
  usage: 'usage',
  /** Repeatable sweep deleting free users' old questions (DECISIONS 11). */
  retention: 'retention',
  /** Verified Stripe (or demo) events to apply (billing consumes). */
  billingWebhooks: 'billing-webhooks',
} as const;

/** The queue of a catalogue provider: `provider-<id>`, like the built-in three. */
export type ProviderQueueName = `provider-${string}`;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES] | ProviderQueueName;

/** The queues every deployment has: the built-in providers' and the rest. */
export const ALL_QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES);

export const PROVIDER_QUEUE_NAMES = {
  openai: QUEUES.providerOpenai,
  anthropic: QUEUES.providerAnthropic,
  xai: QUEUES.providerXai,
} as const satisfies Record<BuiltInProvider, QueueName>;

export function providerQueueName(provider: Provider): ProviderQueueName {
  return `provider-${provider}`;
}

export function isProviderQueue(queue: QueueName): queue is ProviderQueueName {
  return queue.startsWith('provider-');
}

/** The hash tag of the question flow's queues (see QUEUE_HASH_TAGS). */
export const QUESTION_FLOW_HASH_TAG = 'questions';

/**
 * The Redis Cluster hash tag of each queue's keys: every key of one queue sits in one slot, as BullMQ's
 * multi-key scripts require. A question's flow (consensus parent, provider children) must share one
 * tag: BullMQ's scripts update the parent's keys when a child finishes, and a cluster refuses a
 * script that reaches into another slot (docs/redis-cluster.md, "Flows"). The other queues each
 * have their own.
 */
export function queueHashTag(queue: QueueName): string {
  if (isProviderQueue(queue) || queue === QUEUES.consensus) return QUESTION_FLOW_HASH_TAG;
  return queue;
}

/**
 * The BullMQ prefix of one queue: `${REDIS_PREFIX}-{<tag>}`, e.g. `council-{usage}`. No colon:
 * BullMQ splits some keys on ':' and expects none inside a prefix.
 */
export function queuePrefix(redisPrefix: string, queue: QueueName): string {
  return `${redisPrefix}-{${queueHashTag(queue)}}`;
}

export const JOBS = {
  /** A council member's first answer (round 0). */
  memberAnswer: 'member-answer',
  /** A member revises its answer after reading the others (debate round 1..n). */
  debateRevision: 'debate-revision',
  /** The debate leader's model writes the consensus answer. */
  synthesis: 'synthesis',
  /** Flow parent: waits for members, runs debate rounds, hands off synthesis, completes the question. */
  consensusFinalise: 'consensus-finalise',
  /** Settle one response's actual token usage, or release what is left of a question's reservation. */
  usageSettle: 'usage-settle',
  retentionSweep: 'retention-sweep',
  webhookProcess: 'webhook-process',
  /** Queues again the recorded Stripe events whose processing was lost or gave up. */
  webhookRedrive: 'webhook-redrive',
  /** Ends a question whose flow parent failed for good: members closed, reservation released. */
  questionFail: 'question-fail',
} as const;

export type JobName = (typeof JOBS)[keyof typeof JOBS];

export const ALL_JOB_NAMES: readonly JobName[] = Object.values(JOBS);

/**
 * Jobs added as flow parents with their children: BullMQ starts one only once its children have
 * finished, so the time from its add to its first start is their run, not a wait in its queue.
 */
export const FLOW_PARENT_JOBS: readonly JobName[] = [JOBS.consensusFinalise];

const PROVIDER_JOBS = [JOBS.memberAnswer, JOBS.debateRevision, JOBS.synthesis] as const;

/**
 * Which jobs each queue carries, so a worker can refuse to start with a job it has no handler for,
 * and adding a job to a queue that does not carry it fails to compile (QueueJobName). Every
 * provider queue, built in or from the catalogue, carries the provider jobs.
 */
const STATIC_QUEUE_JOBS = {
  [QUEUES.consensus]: [JOBS.consensusFinalise, JOBS.questionFail],
  [QUEUES.usage]: [JOBS.usageSettle],
  [QUEUES.retention]: [JOBS.retentionSweep],
  [QUEUES.billingWebhooks]: [JOBS.webhookProcess, JOBS.webhookRedrive],
} as const satisfies Readonly<Record<Exclude<QueueName, ProviderQueueName>, readonly JobName[]>>;

type StaticQueueName = keyof typeof STATIC_QUEUE_JOBS;

/** The jobs queue Q carries. */
export type QueueJobName<Q extends QueueName> = Q extends StaticQueueName
  ? (typeof STATIC_QUEUE_JOBS)[Q][number]
  : (typeof PROVIDER_JOBS)[number];

export function queueJobs<Q extends QueueName>(queue: Q): readonly QueueJobName<Q>[] {
  const jobs: readonly JobName[] = isProviderQueue(queue)
    ? PROVIDER_JOBS
    : STATIC_QUEUE_JOBS[queue as StaticQueueName];
  return jobs as readonly QueueJobName<Q>[];
}

/** Whether queue `queue` carries job `name` (a run-time QueueJobName check). */
export function queueCarries<Q extends QueueName>(queue: Q, name: string): name is QueueJobName<Q> {
  return (queueJobs(queue) as readonly string[]).includes(name);
}

/** Job scheduler id of the retention sweep (BullMQ upsertJobScheduler), so replicas share one schedule. */
export const RETENTION_SWEEP_SCHEDULER_ID = 'retention-sweep';
/** Ours: hourly keeps deletions within an hour of the 30-day mark without heavy batches. */
export const RETENTION_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Job scheduler id of the webhook re-drive: one schedule however many billing replicas run. */
export const WEBHOOK_REDRIVE_SCHEDULER_ID = 'webhook-redrive';
/** Ours: how often billing looks for recorded Stripe events left unprocessed. */
export const WEBHOOK_REDRIVE_EVERY_MS = 15 * 60 * 1000;
/**
 * An unprocessed event this old whose job is gone (lost with Redis) or has given up (its retries
 * take about 2.3 hours) is queued again. Stripe does not redeliver an event it got a 2xx for.
 */
export const WEBHOOK_REDRIVE_AFTER_MS = 30 * 60 * 1000;

export function isJobName(value: unknown): value is JobName {
  return typeof value === 'string' && (ALL_JOB_NAMES as readonly string[]).includes(value);
}
