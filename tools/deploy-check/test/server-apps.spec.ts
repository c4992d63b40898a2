// What the deployment files rely on in the apps themselves: entry points, health and metrics paths,
// shutdown time, the migration CLIs, the seed's data file, the queue-depth metric, and a
// production-only `npm install` that still has every package the servers load.
import { MIGRATE_COMMAND, SEED_COMMAND, SERVER_APPS, SHUTDOWN_SECONDS } from '../src/apps';
import { declaredVariables, requiredVariables } from '../src/env-schema';
import { externalPackages, runtimeSpecifiers } from '../src/imports';
import { listRepoFiles, readRepoFile, readRepoJson, repoFileExists } from '../src/repo';
import { lockedWorkspaceDirs, type PackageJson, workspaceDirs } from '../src/workspaces';

const sourceFiles = (dir: string) =>
  listRepoFiles(dir).filter((file) => /\.ts$/.test(file) && !/\.(spec|test)\.ts$/.test(file));

/** `X/dist/Y.js` -> `X/src/Y.ts`, after checking X builds src/ into dist/. */
function sourceOfDistFile(distFile: string): string {
  const match = /^(.+?)\/dist\/(.+)\.js$/.exec(distFile);
  if (!match) throw new Error(`${distFile} is not a dist/ file`);
  const [, project, rest] = match;
  const tsconfig = readRepoFile(`${project}/tsconfig.build.json`);
  expect(tsconfig).toMatch(/"rootDir":\s*"src"/);
  expect(tsconfig).toMatch(/"outDir":\s*"dist"/);
  return `${project}/src/${rest}.ts`;
}

describe('server apps', () => {
  it('every app with a src/main.ts is deployed, and only those', () => {
    const withMain = listRepoFiles('apps')
      .filter((file) => /^apps\/[^/]+\/src\/main\.ts$/.test(file))
      .map((file) => file.split('/')[1]);
    expect(SERVER_APPS.map((app) => app.name).sort()).toEqual(withMain.sort());
  });

  it.each(SERVER_APPS.map((app) => [app.name, app] as const))(
    '%s: its command runs its built main.ts',
    (name, app) => {
      const [node, entry] = app.command;
      expect(node).toBe('node');
      expect(readRepoJson<PackageJson>(`apps/${name}/package.json`).main).toBe('dist/main.js');
      expect(repoFileExists(sourceOfDistFile(entry))).toBe(true);
    },
  );

  it.each(SERVER_APPS.map((app) => [app.name, app] as const))(
    '%s: the health path matches its global prefix and the health controller',
    (name, app) => {
      const controller = /@Controller\('([^']*)'\)/.exec(
        readRepoFile('libs/server-kit/src/health/health.controller.ts'),
      );
      expect(controller?.[1]).toBe('health');
      const prefixes = sourceFiles(`apps/${name}/src`)
        .map((file) => /globalPrefix:\s*'([^']*)'/.exec(readRepoFile(file))?.[1])
        .filter((prefix): prefix is string => prefix !== undefined);
      expect(prefixes.length).toBeLessThanOrEqual(1);
      const path = `/${[...prefixes, controller?.[1]].filter(Boolean).join('/')}`;
      expect(app.healthPath).toBe(path);
    },
  );

  it('metrics are served at /metrics on every app, outside the gateway global prefix', () => {
    expect(readRepoFile('libs/server-kit/src/metrics/metrics.controller.ts')).toMatch(
      /@Controller\('metrics'\)/,
    );
    expect(readRepoFile('libs/server-kit/src/bootstrap/bootstrap-server.ts')).toMatch(
      /setGlobalPrefix\([^)]*exclude:\s*\[[^\]]*'metrics'/,
    );
    for (const app of SERVER_APPS) expect(app.metricsPath).toBe('/metrics');
  });

  it('the gateway serves metrics on METRICS_PORT only, never on its public port', () => {
    expect(readRepoFile('apps/gateway/src/app.module.ts')).toMatch(
      /coreImports\('gateway',\s*config,\s*\{\s*metricsOnAppPort:\s*false\s*\}\)/,
    );
    expect(readRepoFile('libs/server-kit/src/bootstrap/bootstrap-server.ts')).toMatch(/startMetricsServer\(/);
  });

  it('the queue-depth gauge the HPA notes refer to exists', () => {
    expect(readRepoFile('libs/server-kit/src/metrics/queue-metrics.ts')).toMatch(
      /name:\s*'council_queue_jobs'/,
    );
  });

  it(`apps stop within ${SHUTDOWN_SECONDS} s of SIGTERM (what the grace periods assume)`, () => {
    const match = /SHUTDOWN_TIMEOUT_MS\s*=\s*([\d_]+)/.exec(
      readRepoFile('libs/server-kit/src/bootstrap/bootstrap-server.ts'),
    );
    expect(match).not.toBeNull();
    expect(Number(match?.[1].replace(/_/g, ''))).toBeLessThanOrEqual(SHUTDOWN_SECONDS * 1000);
  });

  it.each(SERVER_APPS.map((app) => [app.name, app] as const))(
    '%s: its config class declares the base variables and requires DATABASE_URL and REDIS_URL',
    (_name, app) => {
      const declared = declaredVariables(app.envClass);
      expect(declared).toEqual(
        expect.arrayContaining([
          'NODE_ENV',
          'LOG_LEVEL',
          'DATABASE_URL',
          'REDIS_URL',
          'REDIS_PREFIX',
          'PORT',
        ]),
      );
      expect(requiredVariables(app.envClass)).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL']));
      expect(requiredVariables(app.envClass)).not.toContain('PORT');
      expect(app.defaultPort).toEqual(expect.any(Number));
    },
  );

  it('default ports are distinct, so the apps can share one host', () => {
    const ports = SERVER_APPS.map((app) => app.defaultPort);
    expect(new Set(ports).size).toBe(ports.length);
  });
});

describe('migration and seed', () => {
  it.each([MIGRATE_COMMAND, SEED_COMMAND])('%s is built from a CLI source', (command) => {
    const [node, entry] = command.split(' ');
    expect(node).toBe('node');
    expect(repoFileExists(sourceOfDistFile(entry))).toBe(true);
  });

  it('the catalogue file the seed reads by default exists (the image copies libs/db/catalogue)', () => {
    expect(readRepoFile('libs/db/src/catalogue/catalogue.loader.ts')).toMatch(
      /'catalogue',\s*'catalogue\.yaml'/,
    );
    expect(repoFileExists('libs/db/catalogue/catalogue.yaml')).toBe(true);
  });
});

/** The servers plus every @council/* library they load, transitively, with what they import. */
function runtimeProjects(): {
  projects: string[];
  problems: string[];
  imports: Array<{ file: string; packages: string[] }>;
} {
  const projects = new Set(SERVER_APPS.map((app) => `apps/${app.name}`));
  const problems: string[] = [];
  const imports: Array<{ file: string; packages: string[] }> = [];
  const queue = [...projects];
  while (queue.length > 0) {
    const project = queue.shift() as string;
    for (const file of sourceFiles(`${project}/src`)) {
      const specifiers = runtimeSpecifiers(readRepoFile(file));
      for (const specifier of specifiers.filter((item) => item.startsWith('@council/'))) {
        const lib = `libs/${specifier.split('/')[1]}`;
        if (!repoFileExists(`${lib}/package.json`))
          problems.push(`${file}: ${specifier} is not a library in libs/`);
        else if (!projects.has(lib)) {
          projects.add(lib);
          queue.push(lib);
        }
      }
      imports.push({
        file,
        packages: externalPackages(specifiers.filter((item) => !item.startsWith('@council/'))),
      });
    }
  }
  return { projects: [...projects].sort(), problems, imports };
}

describe('the production install (npm install --omit=dev in the image)', () => {
  const root = readRepoJson<PackageJson>('package.json');
  const runtime = runtimeProjects();

  it('the lock file records exactly the workspaces package.json declares (else the install diverges)', () => {
    expect(lockedWorkspaceDirs()).toEqual(workspaceDirs(root));
  });

  it('the servers import only libraries that exist', () => {
    expect(runtime.problems).toEqual([]);
  });

  it('every library the servers load builds to the dist/index.js its package.json points at', () => {
    for (const lib of runtime.projects.filter((project) => project.startsWith('libs/'))) {
      const manifest = readRepoJson<PackageJson>(`${lib}/package.json`);
      expect({ lib, main: manifest.main, build: manifest.scripts?.build !== undefined }).toEqual({
        lib,
        main: 'dist/index.js',
        build: true,
      });
      expect(repoFileExists(sourceOfDistFile(`${lib}/dist/index.js`))).toBe(true);
    }
  });

  it('every package the servers load at runtime is a production dependency of the root package.json', () => {
    const problems = runtime.imports.flatMap(({ file, packages }) =>
      packages
        .filter((name) => !root.dependencies?.[name])
        .map((name) =>
          root.devDependencies?.[name]
            ? `${file}: imports ${name}, a devDependency, which the production image does not install`
            : `${file}: imports ${name}, which the root package.json does not declare`,
        ),
    );
    expect(problems).toEqual([]);
  });
});
