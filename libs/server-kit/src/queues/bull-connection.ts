import { type ConnectionOptions } from 'bullmq';
import { Cluster } from 'ioredis';
import { type RedisTarget, clusterNodesOf, clusterOptionsFor } from '../redis/redis-client.util';
import { redisOptionsFromUrl } from '../redis/redis-url.util';

/**
 * The `connection` of one BullMQ queue, worker, flow producer or queue-events listener. On a single
 * Redis these are options, so BullMQ opens and closes its own connection. A Redis Cluster can only
 * be handed over as a client; BullMQ then treats it as shared and never closes it, so each call
 * makes a new one for exactly one owner, which closes it with closeBullMq.
 */
export function bullConnection(target: RedisTarget): ConnectionOptions {
  const nodes = clusterNodesOf(target);
  // Workers need blocking commands that must never give up on their own.
  if (nodes) return new Cluster(nodes, clusterOptionsFor(target, { maxRetriesPerRequest: null }));
  return redisOptionsFromUrl(target.REDIS_URL, { maxRetriesPerRequest: null });
}

interface BullMqCloseable {
  close(): Promise<void>;
  disconnect(): Promise<void>;
}

/** Closes a BullMQ object and then its connection, which bullConnection may have handed over. */
export async function closeBullMq(owner: BullMqCloseable): Promise<void> {
  await owner.close();
  await owner.disconnect().catch(() => undefined);
}
