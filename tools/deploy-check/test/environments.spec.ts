// The strongest check: every app's real config class (apps/*/src/config/*.env.ts, run through
// server-kit's loadConfig exactly as at boot) accepts the environment each deployment gives it, and
// no deployment sets a variable the app does not read (a typo there would silently fall back to a
// default).
import { ConfigValidationError, loadConfig } from '@council/server-kit';
import { SERVER_APPS } from '../src/apps';
import { catalogueVariables } from '../src/catalogue-variables';
import { loadCompose, serviceEnvironment } from '../src/compose';
import { declaredVariables, requiredVariables } from '../src/env-schema';
import { containerEnvironment, type Deployment, loadManifests } from '../src/k8s';
import { readRepoFile, repoFileExists } from '../src/repo';

const compose = loadCompose();
const manifests = loadManifests();
const appCases = SERVER_APPS.map((app) => [app.name, app] as const);

const environments = SERVER_APPS.flatMap((app) => {
  const deployment = manifests.deployments.find(
    (candidate) => candidate.metadata.name === `council-${app.name}`,
  ) as Deployment;
  return [
    {
      where: 'docker-compose.yml',
      app,
      // `${VAR:-default}` resolved with nothing set: `docker compose up` must work without an .env file.
      env: () => serviceEnvironment(compose.services[app.name], {}),
    },
    {
      where: 'k8s (ConfigMaps + Secret template + container env)',
      app,
      env: () => containerEnvironment(deployment.spec.template.spec.containers[0], manifests).env,
    },
  ];
});
const envCases = environments.map((entry) => [entry.app.name, entry.where, entry] as const);

function validationError(run: () => unknown): ConfigValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigValidationError) return error;
    throw error;
  }
  throw new Error('expected a ConfigValidationError');
}

describe.each(envCases)('%s in %s', (name, _where, { app, env }) => {
  it('validates with the app config class, on the app port, in production mode', () => {
    const config = loadConfig(app.envClass, name, env());
    expect(config.PORT).toBe(app.defaultPort);
    expect(config.NODE_ENV).toBe('production');
  });

  it('sets only variables the app reads', () => {
    const fromCatalogue = name === 'provider-worker' ? catalogueVariables() : [];
    const declared = new Set([...declaredVariables(app.envClass), ...fromCatalogue]);
    expect(Object.keys(env()).filter((key) => !declared.has(key))).toEqual([]);
  });

  it('fails naming DATABASE_URL (and each other required variable) when it is removed', () => {
    expect(requiredVariables(app.envClass)).toContain('DATABASE_URL');
    for (const variable of requiredVariables(app.envClass)) {
      const without = { ...env() };
      delete without[variable];
      const error = validationError(() => loadConfig(app.envClass, name, without));
      expect(error.problems.some((problem) => problem.startsWith(`${variable}:`))).toBe(true);
      expect(error.message).toContain(variable);
    }
  });
});

describe.each(appCases)('%s config class', (name, app) => {
  // Environment values are strings. class-transformer turns "10" into 10 only for properties whose
  // *declared* type is number (emitted as design:type Number); an unannotated `FOO = 10` is emitted as
  // Object, stays "10" and fails @IsInt, so setting the variable at all would stop the app booting.
  const numeric = Object.entries(new app.envClass() as unknown as Record<string, unknown>)
    .filter(([, value]) => typeof value === 'number')
    .map(([key, value]) => [key, String(value)] as const);

  it.each(numeric)('accepts %s from the environment as a string ("%s")', (key, value) => {
    const base = serviceEnvironment(compose.services[name], {});
    expect(() => loadConfig(app.envClass, name, { ...base, [key]: value })).not.toThrow();
  });
});

describe('k8s environments', () => {
  it.each(appCases)('%s: no variable is set by two sources (which one wins would be a surprise)', (name) => {
    const deployment = manifests.deployments.find(
      (candidate) => candidate.metadata.name === `council-${name}`,
    ) as Deployment;
    expect(containerEnvironment(deployment.spec.template.spec.containers[0], manifests).duplicates).toEqual(
      [],
    );
  });

  it('every ConfigMap and Secret key reaches at least one container', () => {
    const used = new Set<string>();
    for (const workload of [...manifests.deployments, ...manifests.jobs]) {
      for (const container of workload.spec.template.spec.containers) {
        for (const source of container.envFrom ?? []) {
          const ref = source.configMapRef ?? source.secretRef;
          if (ref) used.add(`${source.configMapRef ? 'ConfigMap' : 'Secret'}/${ref.name}`);
        }
      }
    }
    const unused = [...manifests.configMaps, ...manifests.secrets]
      .map((resource) => `${resource.kind}/${resource.metadata.name}`)
      .filter((id) => !used.has(id));
    expect(unused).toEqual([]);
  });
});

describe('docker-compose.yml and .env', () => {
  /** Fixed by the compose file itself (its ports, services, single Redis, image layout), or tests only. */
  const FIXED = new Set([
    'NODE_ENV',
    'PORT',
    'METRICS_PORT',
    // A container listens on every interface; only `npm start` binds to loopback.
    'LISTEN_HOST',
    'DATABASE_URL',
    'REDIS_URL',
    'REDIS_CLUSTER_NODES',
    'BILLING_URL',
    'WEB_DIST_DIR',
    'STRIPE_API_BASE',
  ]);

  it.each(appCases)('%s takes every other variable it reads from the environment or .env', (name, app) => {
    const raw = compose.services[name]?.environment;
    const entries = Array.isArray(raw) ? [] : Object.entries(raw ?? {});
    const passed = new Set(
      entries
        .filter(([key, value]) => typeof value === 'string' && value.includes(`\${${key}`))
        .map(([key]) => key),
    );
    const fromCatalogue = name === 'provider-worker' ? catalogueVariables() : [];
    const missing = [...declaredVariables(app.envClass), ...fromCatalogue].filter(
      (variable) => !FIXED.has(variable) && !passed.has(variable),
    );
    expect(missing).toEqual([]);
  });
});

describe('.env.example', () => {
  const exists = repoFileExists('.env.example');

  (exists ? it : it.skip)('lists every variable any app config class declares (set or commented out)', () => {
    const listed = new Set(
      readRepoFile('.env.example')
        .split('\n')
        .map((line) => /^\s*#?\s*(?:export\s+)?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
        .filter((name): name is string => name !== undefined),
    );
    const missing = SERVER_APPS.flatMap((app) =>
      declaredVariables(app.envClass)
        .filter((variable) => !listed.has(variable))
        .map((variable) => `${variable} (${app.name})`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});
