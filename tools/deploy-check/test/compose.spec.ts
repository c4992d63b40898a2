// docker-compose.yml: infrastructure with health checks, the one-shot migration, and each app from
// the one image, started in order, health-checked on its own port and path.
import { MIGRATE_COMMAND, MIN_GRACE_SECONDS, SEED_COMMAND, SERVER_APPS } from '../src/apps';
import {
  commandWords,
  dependsOn,
  durationSeconds,
  healthcheckCommand,
  loadCompose,
  portMapping,
  rawEnvironmentValue,
  serviceEnvironment,
} from '../src/compose';
import { parseDockerfile } from '../src/dockerfile';
import { interpolate } from '../src/interpolate';

const compose = loadCompose();
const services = compose.services;
const appCases = SERVER_APPS.map((app) => [app.name, app] as const);
const INFRA = ['postgres', 'redis', 'migrate'];

/** The URL a healthcheck command requests. */
function healthcheckUrl(name: string): URL {
  const command = healthcheckCommand(services[name]?.healthcheck);
  const url = command && /https?:\/\/[^\s'"`)]+/.exec(command)?.[0];
  if (!url) throw new Error(`${name}: no URL in healthcheck "${command}"`);
  return new URL(url);
}

/** `sh -c 'a && b'` -> ['a', 'b'] (each step must succeed before the next runs). */
function shellSteps(words: string[]): string[] {
  const script = words[0] === 'sh' || words[0] === '/bin/sh' ? words.slice(2).join(' ') : words.join(' ');
  return script.split('&&').map((step) => step.trim().replace(/\s+/g, ' '));
}

describe('docker-compose.yml', () => {
  it('has postgres, redis, migrate and one service per app, and nothing else', () => {
    expect(Object.keys(services).sort()).toEqual([...INFRA, ...SERVER_APPS.map((app) => app.name)].sort());
  });

  it('runs PostgreSQL 15 on a named volume, health-checked with pg_isready', () => {
    const postgres = services.postgres;
    expect(postgres.image).toMatch(/^postgres:15(\.|$|-)/);
    expect(healthcheckCommand(postgres.healthcheck)).toMatch(/^pg_isready\b/);
    const volume = String(postgres.volumes?.[0]).split(':');
    expect(volume[1]).toBe('/var/lib/postgresql/data');
    expect(Object.keys(compose.volumes ?? {})).toContain(volume[0]);
    expect(postgres.restart).toBe('unless-stopped');
  });

  it('runs Redis 7 health-checked with redis-cli ping, without eviction (BullMQ needs noeviction)', () => {
    const redis = services.redis;
    expect(redis.image).toMatch(/^redis:7(\.|$|-)/);
    expect(healthcheckCommand(redis.healthcheck)).toBe('redis-cli ping');
    const command = commandWords(redis.command).join(' ');
    expect(command).not.toMatch(/maxmemory-policy\s+(?!noeviction)/);
    expect(redis.restart).toBe('unless-stopped');
  });

  it('pg_isready checks the user and database the apps connect as', () => {
    const env = serviceEnvironment(services.postgres);
    const check = healthcheckCommand(services.postgres.healthcheck) ?? '';
    expect(check).toContain(`-U ${env.POSTGRES_USER}`);
    expect(check).toContain(`-d ${env.POSTGRES_DB}`);
  });

  it('migrate is a one-shot that migrates, then seeds, once PostgreSQL is healthy', () => {
    const migrate = services.migrate;
    expect(shellSteps(commandWords(migrate.command))).toEqual([MIGRATE_COMMAND, SEED_COMMAND]);
    expect(migrate.restart ?? 'no').toBe('no');
    expect(dependsOn(migrate)).toMatchObject({ postgres: 'service_healthy' });
    expect(migrate.ports).toBeUndefined();
  });

  it('every app and migrate use the same image, built from the Dockerfile runtime stage', () => {
    const images = ['migrate', ...SERVER_APPS.map((app) => app.name)].map((name) => services[name].image);
    expect(new Set(images).size).toBe(1);
    const stages = parseDockerfile().stages.map((stage) => stage.name);
    for (const name of ['migrate', ...SERVER_APPS.map((app) => app.name)]) {
      const build = services[name].build;
      if (build === undefined) continue;
      expect(typeof build === 'string' ? build : build.context).toBe('.');
      if (typeof build !== 'string' && build.target) expect(stages).toContain(build.target);
    }
  });

  describe.each(appCases)('%s', (name, app) => {
    const service = services[name];

    it('runs the app command', () => {
      expect(commandWords(service.command)).toEqual(app.command);
    });

    it('starts after PostgreSQL and Redis are healthy and migrate has finished successfully', () => {
      expect(dependsOn(service)).toEqual({
        postgres: 'service_healthy',
        redis: 'service_healthy',
        migrate: 'service_completed_successfully',
      });
    });

    it('restarts unless stopped and gets time to drain on stop', () => {
      expect(service.restart).toBe('unless-stopped');
      expect(durationSeconds(service.stop_grace_period ?? '10s')).toBeGreaterThanOrEqual(MIN_GRACE_SECONDS);
    });

    it(`is health-checked on its own port (${app.defaultPort}) and ${app.healthPath}`, () => {
      const url = healthcheckUrl(name);
      expect(['127.0.0.1', 'localhost']).toContain(url.hostname);
      expect(Number(url.port)).toBe(app.defaultPort);
      expect(url.pathname).toBe(app.healthPath);
      expect(healthcheckCommand(service.healthcheck)).toMatch(/^(node|curl|wget)\b/);
    });

    it(`serves metrics on port ${app.metricsPort}, never published on the host`, () => {
      const env = serviceEnvironment(service);
      if (app.metricsPort === app.defaultPort) expect(env.METRICS_PORT).toBeUndefined();
      else expect(Number(env.METRICS_PORT)).toBe(app.metricsPort);
      for (const port of service.ports ?? []) {
        const mapping = portMapping(typeof port === 'string' ? interpolate(port, {}) : port);
        if (app.metricsPort !== app.defaultPort) expect(mapping.target).not.toBe(app.metricsPort);
      }
    });

    it('listens on the port it is health-checked and published on', () => {
      const env = serviceEnvironment(service);
      expect(Number(env.PORT ?? app.defaultPort)).toBe(app.defaultPort);
      for (const port of service.ports ?? []) {
        const mapping = portMapping(typeof port === 'string' ? interpolate(port, {}) : port);
        expect(mapping.target).toBe(app.defaultPort);
      }
    });

    it('takes secrets from the environment (`${VAR:-default}`), never as literals', () => {
      const env = serviceEnvironment(service);
      for (const key of Object.keys(env).filter((variable) => /SECRET|PASSWORD|_KEY$/.test(variable))) {
        expect({ key, value: rawEnvironmentValue(service, key) }).toEqual({
          key,
          value: expect.stringMatching(new RegExp(`^\\$\\{${key}(:?-[^}]*)?\\}$`)),
        });
      }
    });
  });

  it('only the gateway is published on the host, on 3000 by default', () => {
    const published = Object.entries(services)
      .filter(([, service]) => (service.ports ?? []).length > 0)
      .map(([name, service]) => [
        name,
        (service.ports ?? []).map((port) => (typeof port === 'string' ? interpolate(port, {}) : port)),
      ]);
    expect(published).toEqual([['gateway', ['3000:3000']]]);
  });

  it('builds links and accepts browsers on the host port chosen with GATEWAY_PORT (PUBLIC_URL)', () => {
    for (const variables of [{}, { GATEWAY_PORT: '8080' }]) {
      const port = variables.GATEWAY_PORT ?? '3000';
      const gatewayPorts = (services.gateway?.ports ?? []).map((entry) =>
        typeof entry === 'string' ? interpolate(entry, variables) : entry,
      );
      expect(gatewayPorts).toEqual([`${port}:3000`]);
      for (const name of ['gateway', 'billing']) {
        expect({ name, url: serviceEnvironment(services[name], variables).PUBLIC_URL }).toEqual({
          name,
          url: `http://localhost:${port}`,
        });
      }
    }
    const chosen = { GATEWAY_PORT: '8080', PUBLIC_URL: 'https://council.example.com' };
    expect(serviceEnvironment(services.gateway, chosen).PUBLIC_URL).toBe('https://council.example.com');
  });

  it('every app and migrate reach the compose PostgreSQL and Redis with its credentials', () => {
    const postgresEnv = serviceEnvironment(services.postgres);
    for (const name of ['migrate', ...SERVER_APPS.map((app) => app.name)]) {
      const env = serviceEnvironment(services[name]);
      const database = new URL(env.DATABASE_URL);
      expect({ name, host: database.hostname, port: database.port || '5432' }).toEqual({
        name,
        host: 'postgres',
        port: '5432',
      });
      expect(decodeURIComponent(database.username)).toBe(postgresEnv.POSTGRES_USER);
      expect(decodeURIComponent(database.password)).toBe(postgresEnv.POSTGRES_PASSWORD);
      expect(database.pathname).toBe(`/${postgresEnv.POSTGRES_DB}`);
      if (name !== 'migrate') expect(new URL(env.REDIS_URL).hostname).toBe('redis');
    }
  });

  it('the credentials follow the same variables when they are set', () => {
    const variables = { POSTGRES_PASSWORD: 's3cret' };
    const password = serviceEnvironment(services.postgres, variables).POSTGRES_PASSWORD;
    expect(password).toBe('s3cret');
    for (const name of ['migrate', ...SERVER_APPS.map((app) => app.name)]) {
      expect(new URL(serviceEnvironment(services[name], variables).DATABASE_URL).password).toBe(password);
    }
  });
});
