// The image: multi-stage, node:20-bookworm-slim, production dependencies only, user node, and the
// built outputs at the paths the commands in docker-compose.yml and k8s/ run.
import { MIGRATE_COMMAND, SEED_COMMAND, SERVER_APPS } from '../src/apps';
import {
  copySources,
  envOf,
  execForm,
  instructionsOf,
  parseDockerfile,
  type Stage,
  substituteArgs,
} from '../src/dockerfile';
import { isIgnored, parseDockerignore } from '../src/dockerignore';
import { readRepoFile } from '../src/repo';

const BASE_IMAGE = 'node:20-bookworm-slim';
const dockerfile = parseDockerfile();
const runtime = dockerfile.stages[dockerfile.stages.length - 1];
const stage = (name: string | undefined) => dockerfile.stages.find((candidate) => candidate.name === name);
const runText = (target: Stage) => instructionsOf(target, 'RUN').map((run) => run.args);

/** The stages a stage is based on (its FROM chain). */
function baseChain(target: Stage): Stage[] {
  const chain: Stage[] = [];
  for (let current = stage(target.from); current && !chain.includes(current); current = stage(current.from)) {
    chain.push(current);
  }
  return chain;
}

describe('Dockerfile', () => {
  it(`builds every stage on ${BASE_IMAGE} (or on an earlier stage)`, () => {
    const names = new Set<string>();
    for (const current of dockerfile.stages) {
      const from = substituteArgs(current.from, dockerfile.globalArgs);
      expect(from === BASE_IMAGE || names.has(from)).toBe(true);
      if (current.name) names.add(current.name);
    }
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(3);
  });

  it('has a deps stage (npm install), a build stage (nx build) and a runtime stage named "runtime"', () => {
    expect(runText(stage('deps') as Stage).some((run) => /\bnpm install\b(?!.*--omit=dev)/.test(run))).toBe(
      true,
    );
    expect(runText(stage('build') as Stage).some((run) => /\bnx run-many -t build\b/.test(run))).toBe(true);
    expect(runtime.name).toBe('runtime');
  });

  it('the runtime stage runs as node with NODE_ENV=production', () => {
    expect(envOf(runtime).NODE_ENV).toBe('production');
    const users = instructionsOf(runtime, 'USER');
    expect(users[users.length - 1]?.args).toBe('node');
  });

  it('the runtime gets production dependencies only: its node_modules come from `npm install --omit=dev`', () => {
    const sources = copySources(runtime);
    const depsStages = sources
      .map(({ from }) => stage(from))
      .filter(
        (source): source is Stage =>
          source !== undefined && runText(source).some((run) => /\bnpm install\b/.test(run)),
      );
    expect(depsStages.length).toBeGreaterThan(0);
    for (const source of depsStages) {
      expect(runText(source).every((run) => !/\bnpm install\b/.test(run) || /--omit=dev/.test(run))).toBe(
        true,
      );
    }
    // Never based on the full install, nor copying the build stage's node_modules.
    expect(
      baseChain(runtime).filter((base) => runText(base).some((run) => /\bnpm install\b/.test(run))),
    ).toEqual([]);
    expect(runText(runtime)).toEqual([]);
    expect(sources.find(({ from }) => from === 'build')?.args).not.toMatch(/node_modules/);
  });

  it('the build stage gathers the servers, the libraries, the client and the catalogue for the runtime', () => {
    const gather = runText(stage('build') as Stage).join(' ');
    for (const path of ['apps/*/dist', 'libs/*/dist', 'libs/db/catalogue', '/out'])
      expect(gather).toContain(path);
    expect(gather).toContain('apps/web/dist/index.html');
    for (const command of [MIGRATE_COMMAND, SEED_COMMAND]) expect(gather).toContain(command.split(' ')[1]);
    expect(copySources(runtime).some(({ from, args }) => from === 'build' && /\/out\b/.test(args))).toBe(
      true,
    );
  });

  it('defaults to the gateway, exposes its port, and health-checks its health path', () => {
    const gateway = SERVER_APPS.find((app) => app.name === 'gateway');
    const cmd = instructionsOf(runtime, 'CMD');
    expect(execForm(cmd[cmd.length - 1])).toEqual(gateway?.command);
    expect(instructionsOf(runtime, 'ENTRYPOINT')).toEqual([]);
    expect(instructionsOf(runtime, 'EXPOSE').map((expose) => expose.args)).toContain(
      String(gateway?.defaultPort),
    );
    const [healthcheck] = instructionsOf(runtime, 'HEALTHCHECK');
    expect(healthcheck?.args).toContain(
      `http://127.0.0.1:\${PORT:-${gateway?.defaultPort}}${gateway?.healthPath}`,
    );
  });
});

describe('.dockerignore', () => {
  const rules = parseDockerignore(readRepoFile('.dockerignore'));

  it.each([
    'node_modules/express/package.json',
    'apps/web/node_modules/.vite/x',
    'apps/gateway/dist/main.js',
    'libs/db/dist/index.js',
    'libs/db/dist/.tsbuildinfo',
    '.nx/cache/x',
    '.git/HEAD',
    '.env',
    '.env.production',
    '.data/pg/PG_VERSION',
  ])('keeps %s out of the build context', (path) => {
    expect(isIgnored(rules, path)).toBe(true);
  });

  it.each([
    'package.json',
    'package-lock.json',
    '.npmrc',
    'nx.json',
    'tsconfig.base.json',
    'apps/gateway/package.json',
    'apps/gateway/src/main.ts',
    'apps/gateway/tsconfig.build.json',
    'apps/web/index.html',
    'apps/web/src/main.tsx',
    'apps/web/public/favicon.svg',
    'libs/db/src/cli/migrate.ts',
    'libs/db/catalogue/catalogue.yaml',
    'libs/contracts/src/index.ts',
    'tools/deploy-check/package.json',
  ])('sends %s to the build', (path) => {
    expect(isIgnored(rules, path)).toBe(false);
  });
});
