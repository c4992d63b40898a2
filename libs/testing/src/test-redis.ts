import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface TestRedis {
  url: string;
  /** A key prefix of this test file's own, so parallel runs never see each other's keys. */
  prefix: string;
  cleanup(): Promise<void>;
}

export function testRedis(label = 'test'): TestRedis {
  const url = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const base = process.env.REDIS_PREFIX ?? '{council-test}';
  const prefix = `${base.replace(/}$/, '')}-${label}-${randomBytes(4).toString('hex')}}`;
  return {
    url,
    prefix,
    cleanup: async () => {
      const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      try {
        const stream = redis.scanStream({ match: `${prefix}*`, count: 500 });
        for await (const keys of stream as AsyncIterable<string[]>)
          if (keys.length) await redis.unlink(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}
