import { randomBytes } from 'node:crypto';
import { type QueueName, queuePrefix } from '@council/contracts';
import {
  type RedisClient,
  type RedisTarget,
  bullConnection,
  createRedisClient,
  isCluster,
} from '@council/server-kit';
import { type ConnectionOptions } from 'bullmq';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface TestRedis extends RedisTarget {
  url: string;
  /** A key prefix of this test file's own, so parallel runs never see each other's keys. */
  prefix: string;
  /** The variables an app under test needs for this Redis (REDIS_URL, REDIS_PREFIX, cluster nodes). */
  env: Record<string, string>;
  /** A new client (a cluster client when REDIS_CLUSTER_NODES is set); the caller closes it. */
  client(): RedisClient;
  /** A BullMQ connection for one owner (see bullConnection); close the owner with closeBullMq. */
  connection(): ConnectionOptions;
  /** The BullMQ prefix of a queue under this test's prefix. */
  queuePrefix(queue: QueueName): string;
  cleanup(): Promise<void>;
}

/** The keys matching a glob pattern: on a cluster, of every master (SCAN and KEYS are per node). */
export async function findKeys(redis: RedisClient, pattern: string): Promise<string[]> {
  const found: string[] = [];
  for (const node of isCluster(redis) ? redis.nodes('master') : [redis]) {
    const stream = node.scanStream({ match: pattern, count: 500 });
    for await (const keys of stream as AsyncIterable<string[]>) found.push(...keys);
  }
  return found;
}

/** Deletes every key starting with `prefix`. */
export async function deleteKeysByPrefix(redis: RedisClient, prefix: string): Promise<void> {
  const keys = await findKeys(redis, `${prefix}*`);
  // Key by key: on a cluster the keys sit in many slots.
  await Promise.all(keys.map((key) => redis.unlink(key)));
}

/**
 * This test file's Redis: REDIS_URL (default the local one) and, for a Redis Cluster,
 * REDIS_CLUSTER_NODES; its prefix builds on REDIS_PREFIX with any braces dropped, as a prefix must
 * carry no hash tag.
 */
export function testRedis(label = 'test', at: { url?: string } = {}): TestRedis {
  const url = at.url ?? process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  // A Redis of the test's own (`at.url`) is a single one.
  const clusterNodes = at.url ? undefined : process.env.REDIS_CLUSTER_NODES || undefined;
  const base = (process.env.REDIS_PREFIX ?? 'council-test').replace(/[{}]/g, '');
  const prefix = `${base}-${label}-${randomBytes(4).toString('hex')}`;
  const target: RedisTarget = { REDIS_URL: url, REDIS_CLUSTER_NODES: clusterNodes };
  return {
    ...target,
    url,
    prefix,
    env: {
      REDIS_URL: url,
      REDIS_PREFIX: prefix,
      ...(clusterNodes ? { REDIS_CLUSTER_NODES: clusterNodes } : {}),
    },
    client: () => createRedisClient(target),
    connection: () => bullConnection(target),
    queuePrefix: (queue) => queuePrefix(prefix, queue),
    cleanup: async () => {
      const redis = createRedisClient(target, { maxRetriesPerRequest: 1 });
      try {
        if (isCluster(redis)) await new Promise((resolve) => redis.once('ready', resolve));
        await deleteKeysByPrefix(redis, prefix);
      } finally {
        redis.disconnect();
      }
    },
  };
}
