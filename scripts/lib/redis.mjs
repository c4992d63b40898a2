// @ts-check
// Redis through ioredis: reachability checks and removing one run's keys.
import { Redis } from 'ioredis';

/** @param {string} url */
function connect(url) {
  // No retries and no offline queue: a probe must fail fast instead of waiting for a server.
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => {}); // errors surface through the awaited calls below
  return client;
}

/** @typedef {{ ok: true, error?: undefined } | { ok: false, error: Error }} RedisProbe */

/**
 * PING. Resolves { ok: true } or { ok: false, error }.
 * @param {string} url
 * @returns {Promise<RedisProbe>}
 */
export async function probeRedis(url) {
  const client = connect(url);
  try {
    await client.connect();
    const reply = await client.ping();
    return reply === 'PONG' ? { ok: true } : { ok: false, error: new Error(`PING answered ${reply}`) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  } finally {
    client.disconnect();
  }
}

/**
 * Escapes Redis glob characters so a prefix like "{council-test-x}" matches literally.
 * @param {string} text
 */
export function globEscape(text) {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/**
 * Deletes every key starting with `prefix` (SCAN + UNLINK in batches: never KEYS on a shared server).
 * @param {string} url
 * @param {string} prefix
 */
export async function deleteKeysWithPrefix(url, prefix) {
  if (!prefix) throw new Error('Refusing to delete keys without a prefix');
  const client = connect(url);
  let deleted = 0;
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${globEscape(prefix)}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await client.unlink(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    client.disconnect();
  }
}
