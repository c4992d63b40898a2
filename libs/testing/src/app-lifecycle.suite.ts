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
  /**
   * Metrics only on a port of their own (METRICS_PORT), never on PORT: the gateway, whose PORT is
   * public. The suite then checks both.
   */
  metricsOnOwnPort?: boolean;
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
  metricsOnOwnPort = false,
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
      ...redis.env,
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
      const metricsPort = metricsOnOwnPort ? await freePort() : port;
      const env = metricsOnOwnPort ? { ...goodEnv(port), METRICS_PORT: String(metricsPort) } : goodEnv(port);
      const app = spawnApp(main, env);
      await app.waitForHealthy(`http://127.0.0.1:${port}${healthPath}`);
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain(`service="${service}"`);
      if (metricsOnOwnPort) {
        expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
        expect((await fetch(`http://127.0.0.1:${port}/metrics/`)).status).toBe(404);
      }
      app.child.kill('SIGTERM');
      expect(await app.exited).toBe(0);
    });
  });
}
