import { join } from 'node:path';
import { type TestDatabase, createMigratedDatabase } from './migrated-database';
import { type TestRedis, testRedis } from './test-redis';
import { freePort } from './free-port';
import { spawnApp } from './app-process';

export interface LifecycleSuiteOptions {
  service: string;
  /** The app's folder, e.g. apps/gateway; its dist/main.js must be built. */
  appDir: string;
  healthPath: string;
  extraEnv?: Record<string, string>;
}

/**
 * The boot contract every server app shares, run against the built app as a real process:
 * a bad or missing variable stops it at once with a message naming the variable, and
 * SIGTERM drains it and exits 0.
 */
export function describeAppLifecycle({
  service,
  appDir,
  healthPath,
  extraEnv = {},
}: LifecycleSuiteOptions): void {
  describe(`${service} process lifecycle`, () => {
    const main = join(appDir, 'dist/main.js');
    let db: TestDatabase;
    let redis: TestRedis;

    beforeAll(async () => {
      db = await createMigratedDatabase(service.replace(/\W/g, ''), { seed: false });
      redis = testRedis(service);
    });

    afterAll(async () => {
      await redis?.cleanup();
      await db?.drop();
    });

    const goodEnv = (port: number) => ({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      PORT: String(port),
      ...extraEnv,
    });

    it('refuses to start without DATABASE_URL and names it', async () => {
      const env: Record<string, string> = goodEnv(await freePort());
      delete env.DATABASE_URL;
      const app = spawnApp(main, env);
      expect(await app.exited).toBe(1);
      expect(app.output()).toContain('DATABASE_URL');
      expect(app.output()).toContain('invalid configuration');
    });

    it('refuses a bad PORT value and names it', async () => {
      const app = spawnApp(main, { ...goodEnv(0), PORT: 'eighty' });
      expect(await app.exited).toBe(1);
      expect(app.output()).toMatch(/PORT: .*got "eighty"/);
    });

    it('serves health, then drains and exits 0 on SIGTERM', async () => {
      const port = await freePort();
      const app = spawnApp(main, goodEnv(port));
      await app.waitForHealthy(`http://127.0.0.1:${port}${healthPath}`);
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain(`service="${service}"`);
      app.child.kill('SIGTERM');
      expect(await app.exited).toBe(0);
    });
  });
}
