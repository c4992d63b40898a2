import { Cluster, type ClusterNode, type ClusterOptions, Redis, type RedisOptions } from 'ioredis';
import { redisOptionsFromUrl } from './redis-url.util';

/** A client for a single Redis or a Redis Cluster; both speak the same commands. */
export type RedisClient = Redis | Cluster;

/** Where Redis is: the variables of BaseServerEnv that say so. */
export interface RedisTarget {
  REDIS_URL: string;
  /** `host:port,host:port`: a Redis Cluster's seed nodes (REDIS_URL then gives credentials and TLS). */
  REDIS_CLUSTER_NODES?: string;
}

/** The seed nodes of REDIS_CLUSTER_NODES, or null for a single Redis. */
export function clusterNodesOf(target: RedisTarget): ClusterNode[] | null {
  const list = target.REDIS_CLUSTER_NODES?.trim();
  if (!list) return null;
  return list.split(',').map((node) => {
    const separator = node.lastIndexOf(':');
    return { host: node.slice(0, separator), port: Number(node.slice(separator + 1)) };
  });
}

/**
 * Cluster options carrying the per-node options of REDIS_URL (credentials, TLS, timeouts). ioredis
 * takes offline queueing, retries and auto-pipelining at the cluster level, so they move up.
 */
export function clusterOptionsFor(target: RedisTarget, extra: RedisOptions = {}): ClusterOptions {
  const options = redisOptionsFromUrl(target.REDIS_URL, extra);
  const retry = options.retryStrategy;
  return {
    redisOptions: {
      username: options.username,
      password: options.password,
      tls: options.tls,
      connectTimeout: options.connectTimeout,
      maxRetriesPerRequest: options.maxRetriesPerRequest,
      lazyConnect: options.lazyConnect,
    },
    enableOfflineQueue: options.enableOfflineQueue ?? true,
    enableAutoPipelining: options.enableAutoPipelining,
    lazyConnect: options.lazyConnect,
    clusterRetryStrategy: (attempt) => (retry ? retry(attempt) : Math.min(attempt * 200, 2000)),
  };
}

/** A new client for the configured Redis: a Cluster when REDIS_CLUSTER_NODES is set. */
export function createRedisClient(target: RedisTarget, extra: RedisOptions = {}): RedisClient {
  const nodes = clusterNodesOf(target);
  if (nodes) return new Cluster(nodes, clusterOptionsFor(target, extra));
  return new Redis(redisOptionsFromUrl(target.REDIS_URL, extra));
}

export function isCluster(client: RedisClient): client is Cluster {
  return client instanceof Cluster;
}
