// What the KEDA ScaledObjects in k8s/keda/ must agree on with the code: the Redis keys of the BullMQ
// lists they watch (queuePrefix from @council/contracts, REDIS_PREFIX as the ConfigMap sets it) and the
// queues each worker really consumes.
import {
  DEFAULT_REDIS_PREFIX,
  providerQueueName,
  QUESTION_FLOW_HASH_TAG,
  QUEUES,
  type QueueName,
  queueHashTag,
  queuePrefix,
} from '@council/contracts';
import { DEFAULT_CATALOGUE_FILE, loadCatalogueFile } from '@council/db';
import { providerSetup } from '@council/provider-worker/src/config/provider-setup';
import { ProviderWorkerEnv } from '@council/provider-worker/src/config/provider-worker.env';
import { loadConfig } from '@council/server-kit';
import { SERVER_APPS, type ServerAppName } from './apps';
import { containerEnvironment, type Deployment, type ManifestSet, type ScaledObject } from './k8s';
import { listRepoFiles, readRepoFile } from './repo';

/**
 * The BullMQ lists a worker's backlog is read from: jobs ready to start and jobs in progress. (Jobs
 * with a priority wait in the `prioritized` sorted set instead of `wait`; no Council job sets one.)
 */
export const WATCHED_LIST_STATES = ['wait', 'active'] as const;
export type ListState = (typeof WATCHED_LIST_STATES)[number];

/** KEDA's trigger types that read a Redis list: one server, or a Redis Cluster. */
export const REDIS_TRIGGER_TYPES = ['redis', 'redis-cluster'] as const;
export type RedisTriggerType = (typeof REDIS_TRIGGER_TYPES)[number];

/** The key of one of a queue's BullMQ lists: `<queuePrefix>:<queue>:<state>` (BullMQ's QueueKeys). */
export function bullListKey(redisPrefix: string, queue: QueueName, state: ListState): string {
  return `${queuePrefix(redisPrefix, queue)}:${queue}:${state}`;
}

/** REDIS_PREFIX as an app reads it: unset or empty means the default. */
export function redisPrefixOf(env: Record<string, string | undefined>): string {
  return env.REDIS_PREFIX || DEFAULT_REDIS_PREFIX;
}

const CONSUMER = /@Processor\(\s*QUEUES\.(\w+)|new Worker\(\s*QUEUES\.(\w+)/g;

/** Queues an app's source processes by name: `@Processor(QUEUES.x …)` or `new Worker(QUEUES.x …)`. */
export function sourceConsumedQueues(app: ServerAppName): QueueName[] {
  const found = new Set<QueueName>();
  const sources = listRepoFiles(`apps/${app}/src`).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'),
  );
  for (const file of sources) {
    for (const match of readRepoFile(file).matchAll(CONSUMER)) {
      const key = match[1] ?? match[2];
      if (!(key in QUEUES)) throw new Error(`${file}: QUEUES.${key} is not a queue`);
      found.add(QUEUES[key as keyof typeof QUEUES]);
    }
  }
  return [...found].sort();
}

/** The provider queues a provider worker with this environment serves (its own providerSetup). */
export function servedProviderQueues(env: Record<string, string>): QueueName[] {
  const config = loadConfig(ProviderWorkerEnv, 'provider-worker', env);
  const catalogue = loadCatalogueFile(DEFAULT_CATALOGUE_FILE).providers.map(
    ({ key, baseUrlEnv, apiKeyEnv, defaultBaseUrl, discoverModels }) => ({
      key,
      baseUrlEnv,
      apiKeyEnv,
      defaultBaseUrl,
      discoverModels,
    }),
  );
  return providerSetup(config, catalogue, env).served.map(providerQueueName);
}

/** Every queue an app with this environment takes jobs from. */
export function consumedQueues(app: ServerAppName, env: Record<string, string>): QueueName[] {
  const queues = new Set(sourceConsumedQueues(app));
  if (app === 'provider-worker') for (const queue of servedProviderQueues(env)) queues.add(queue);
  return [...queues].sort();
}

/**
 * The consumed queues whose backlog must drive scaling: those of the question flow, which users wait
 * on. The rest (the consensus worker's hourly retention sweep) would only add noise.
 */
export function queuesToScaleOn(consumed: readonly QueueName[]): QueueName[] {
  return consumed.filter((queue) => queueHashTag(queue) === QUESTION_FLOW_HASH_TAG);
}

/** What a ScaledObject is checked against. */
export interface ScaledObjectContext {
  deployments: Deployment[];
  /** REDIS_PREFIX as the Deployment's container gets it. */
  redisPrefix(deployment: Deployment): string;
  /** The queues the Deployment's app consumes with its environment. */
  consumedQueues(deployment: Deployment): QueueName[];
  triggerType: RedisTriggerType;
  /** The TriggerAuthentications beside the ScaledObject. */
  authenticationNames: string[];
}

/** The context for the manifests in k8s/, with each Deployment's own environment. */
export function scaledObjectContext(
  manifests: ManifestSet,
  triggerType: RedisTriggerType,
  authenticationNames: string[],
): ScaledObjectContext {
  const envOf = (deployment: Deployment) =>
    containerEnvironment(deployment.spec.template.spec.containers[0], manifests).env;
  return {
    deployments: manifests.deployments,
    redisPrefix: (deployment) => redisPrefixOf(envOf(deployment)),
    consumedQueues: (deployment) => {
      const app = SERVER_APPS.find((candidate) => `council-${candidate.name}` === deployment.metadata.name);
      return app ? consumedQueues(app.name, envOf(deployment)) : [];
    },
    triggerType,
    authenticationNames,
  };
}

/** Metadata a trigger must not carry: the address and credentials come from its TriggerAuthentication. */
const INLINE_CONNECTION = /^(address|addresses|host|hosts|port|ports|username|password)(FromEnv)?$/;

/** Everything wrong with one ScaledObject, as readable sentences; empty when it is right. */
export function scaledObjectProblems(scaledObject: ScaledObject, context: ScaledObjectContext): string[] {
  const name = scaledObject.metadata.name;
  const problems: string[] = [];
  const spec = scaledObject.spec;
  const target = spec.scaleTargetRef;
  if ((target.apiVersion ?? 'apps/v1') !== 'apps/v1' || (target.kind ?? 'Deployment') !== 'Deployment') {
    problems.push(`${name}: scales ${target.kind}/${target.name}, not a Deployment`);
  }
  const deployment = context.deployments.find((candidate) => candidate.metadata.name === target.name);
  if (!deployment) problems.push(`${name}: scales Deployment ${target.name}, which k8s/ does not define`);
  if ((spec.minReplicaCount ?? 0) < 1) {
    problems.push(`${name}: minReplicaCount is ${spec.minReplicaCount ?? 'unset (0)'}, not at least 1`);
  }
  if (spec.maxReplicaCount === undefined || spec.maxReplicaCount <= (spec.minReplicaCount ?? 0)) {
    problems.push(`${name}: maxReplicaCount must be set above minReplicaCount`);
  }
  if (typeof spec.cooldownPeriod !== 'number' || spec.cooldownPeriod <= 0) {
    problems.push(`${name}: cooldownPeriod must be set (seconds)`);
  }

  const consumed = deployment ? context.consumedQueues(deployment) : [];
  const prefix = deployment ? context.redisPrefix(deployment) : DEFAULT_REDIS_PREFIX;
  const expected = new Map(
    consumed.flatMap((queue) =>
      WATCHED_LIST_STATES.map((state) => [bullListKey(prefix, queue, state), { queue, state }] as const),
    ),
  );
  const watched = new Set<string>();
  for (const [index, trigger] of spec.triggers.entries()) {
    const label = `${name}: trigger ${trigger.name ?? index}`;
    if (!(REDIS_TRIGGER_TYPES as readonly string[]).includes(trigger.type)) continue;
    if (trigger.type !== context.triggerType) {
      problems.push(`${label} is of type ${trigger.type}, not ${context.triggerType}`);
    }
    const listName = trigger.metadata?.listName;
    if (!expected.has(listName)) {
      problems.push(
        `${label} watches "${listName}", which is none of the lists of the queues ${target.name} ` +
          `consumes: ${[...expected.keys()].join(', ') || '(none)'}`,
      );
    }
    if (watched.has(listName)) problems.push(`${label} watches "${listName}" a second time`);
    watched.add(listName);
    if (!/^[1-9]\d*$/.test(String(trigger.metadata?.listLength ?? ''))) {
      problems.push(`${label}: listLength must be a positive whole number, as a string`);
    }
    const inline = Object.keys(trigger.metadata ?? {}).filter((key) => INLINE_CONNECTION.test(key));
    if (inline.length > 0) {
      problems.push(`${label} sets ${inline.join(', ')}: the TriggerAuthentication supplies them`);
    }
    if (!trigger.authenticationRef || !context.authenticationNames.includes(trigger.authenticationRef.name)) {
      problems.push(`${label} must name one of the TriggerAuthentications: ${context.authenticationNames}`);
    }
  }
  for (const queue of queuesToScaleOn(consumed)) {
    for (const state of WATCHED_LIST_STATES) {
      const key = bullListKey(prefix, queue, state);
      if (!watched.has(key)) problems.push(`${name}: does not watch "${key}" (${queue} ${state})`);
    }
  }
  return problems;
}
