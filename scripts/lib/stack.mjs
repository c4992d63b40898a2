// @ts-check
// The four server apps as one stack: start them with one environment, wait until each is healthy.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { ROOT } from './exec.mjs';
import { httpStatus, isPortFree, waitFor } from './net.mjs';
import { consoleSink, describeExit, startService } from './service-process.mjs';

/**
 * One app of the stack; `id` names an extra replica of `name`, `env` adds to the stack's environment.
 * @typedef {object} AppSpec
 * @property {string} name
 * @property {number} defaultPort
 * @property {string} portEnv
 * @property {string} healthPath
 * @property {import('./log.mjs').Colour} colour
 * @property {string} [id]
 * @property {NodeJS.ProcessEnv} [env]
 */
/**
 * Each app's port, keyed by the app's name, or by its id for a replica.
 * @typedef {Record<string, number>} Ports
 */
/** @typedef {import('./service-process.mjs').Exit} Exit */

/**
 * What each app answers on, per the apps' contract: `node apps/<name>/dist/main.js`, PORT, a health URL.
 * @type {readonly AppSpec[]}
 */
export const SERVER_APPS = [
  { name: 'gateway', defaultPort: 3000, portEnv: 'PORT', healthPath: '/api/health', colour: 'cyan' },
  { name: 'billing', defaultPort: 3001, portEnv: 'BILLING_PORT', healthPath: '/health', colour: 'magenta' },
  {
    name: 'provider-worker',
    defaultPort: 3002,
    portEnv: 'PROVIDER_WORKER_PORT',
    healthPath: '/health',
    colour: 'yellow',
  },
  {
    name: 'consensus-worker',
    defaultPort: 3003,
    portEnv: 'CONSENSUS_WORKER_PORT',
    healthPath: '/health',
    colour: 'green',
  },
];

export class AppExitError extends Error {
  /**
   * @param {string} app
   * @param {Exit} exit
   */
  constructor(app, exit) {
    super(`${app} ${describeExit(exit)}`);
    this.name = 'AppExitError';
    this.app = app;
    this.exit = exit;
  }
}

/** The key of an app in `ports` and `urls`: its name, or its `id` when it is an extra replica. */
const keyOf = (/** @type {AppSpec} */ app) => app.id ?? app.name;

/**
 * Starts every app with `env`, its spec's own `env` if any, and its own PORT from `ports` ({ gateway: 3000, ... }; a replica,
 * `{ ...spec, id: 'provider-worker-2' }`, is keyed by its id), and resolves
 * once every health URL answers 200. If an app exits first, the others are stopped and it rejects
 * with an AppExitError naming the app. The resolved stack has:
 *   urls      – { gateway: 'http://127.0.0.1:3000', ... }
 *   exited    – resolves { app, exit } when any app stops on its own (never for stop())
 *   stop()    – SIGTERM to all, SIGKILL after `graceMs`; resolves with each app's exit
 * @param {object} options
 * @param {NodeJS.ProcessEnv} options.env
 * @param {Ports} options.ports
 * @param {readonly AppSpec[]} [options.apps]
 * @param {string} [options.root]
 * @param {import('./service-process.mjs').Sink} [options.sink]
 * @param {number} [options.timeoutMs]
 * @param {number} [options.graceMs]
 * @returns {Promise<Stack>}
 */
export async function startStack({
  env,
  ports,
  apps = SERVER_APPS,
  root = ROOT,
  sink = consoleSink(),
  timeoutMs = 120_000,
  graceMs = 15_000,
}) {
  await assertReadyToStart({ ports, apps, root });

  const shared = { ...env, ...linkedEnv(ports, env) };
  let stopping = false;
  const services = apps.map((app) =>
    startService(keyOf(app), process.execPath, [path.join('apps', app.name, 'dist', 'main.js')], {
      env: { ...shared, ...app.env, PORT: String(ports[keyOf(app)]) },
      cwd: root,
      colour: app.colour,
      sink,
    }),
  );
  const stop = () => {
    stopping = true;
    return Promise.all(services.map((service) => service.stop(graceMs)));
  };
  // First app to exit on its own. Exits caused by stop() leave this pending on purpose.
  /** @type {Promise<{ app: string, exit: Exit }>} */
  const exited = Promise.race(
    services.map((service) =>
      service.exited.then((exit) => (stopping ? new Promise(() => {}) : { app: service.name, exit })),
    ),
  );
  // Stops every health poll at once: when an app dies, or when another app's wait has failed.
  /** @type {(reason: unknown) => void} */
  let cancel = () => {};
  /** @type {Promise<never>} */
  const cancelled = new Promise((_resolve, reject) => (cancel = reject));
  const abort = Promise.race([
    exited.then(({ app, exit }) => {
      throw new AppExitError(app, exit);
    }),
    cancelled,
  ]);
  abort.catch(() => {});

  const urls = Object.fromEntries(apps.map((app) => [keyOf(app), `http://127.0.0.1:${ports[keyOf(app)]}`]));
  try {
    await Promise.all(
      apps.map((app) =>
        waitFor(async () => (await httpStatus(`${urls[keyOf(app)]}${app.healthPath}`)) === 200, {
          timeoutMs,
          what: `${keyOf(app)} to answer 200 on ${app.healthPath}`,
          abort,
        }),
      ),
    );
  } catch (cause) {
    cancel(cause);
    await stop();
    throw cause;
  }
  return { urls, exited, stop, services };
}

/**
 * What the apps need to find each other on one machine, unless `env` says otherwise: the gateway
 * calls billing at BILLING_URL with BILLING_RPC_SECRET (a fresh one per stack, so no other stack on
 * this machine can call this billing).
 * @param {Ports} ports
 * @param {NodeJS.ProcessEnv} [env]
 */
export function linkedEnv(ports, env = {}) {
  return {
    ...(env.BILLING_URL || ports.billing === undefined
      ? { BILLING_URL: env.BILLING_URL }
      : { BILLING_URL: `http://127.0.0.1:${ports.billing}` }),
    BILLING_RPC_SECRET: env.BILLING_RPC_SECRET || randomBytes(32).toString('base64url'),
  };
}

/**
 * @typedef {object} Stack
 * @property {Record<string, string>} urls
 * @property {Promise<{ app: string, exit: Exit }>} exited
 * @property {() => Promise<Exit[]>} stop
 * @property {import('./service-process.mjs').Service[]} services
 */

/**
 * Fails with a clear message when an app is not built or its port is taken (cheap: run it early).
 * @param {{ ports: Ports, apps?: readonly AppSpec[], root?: string, requireBuild?: boolean }} options
 */
export async function assertReadyToStart({ ports, apps = SERVER_APPS, root = ROOT, requireBuild = true }) {
  for (const app of apps) {
    const entry = path.join(root, 'apps', app.name, 'dist', 'main.js');
    if (requireBuild && !existsSync(entry)) {
      throw new Error(`${path.relative(root, entry)} is missing: build first (nx run-many -t build)`);
    }
    if (!(await isPortFree(ports[keyOf(app)]))) {
      throw new Error(
        `Port ${ports[keyOf(app)]} for ${keyOf(app)} is already in use; set ${app.portEnv} to another port`,
      );
    }
  }
}

/**
 * Ports for `npm start`: PORT / BILLING_PORT / ... from env, else each app's default.
 * @param {NodeJS.ProcessEnv} [env]
 * @param {readonly AppSpec[]} [apps]
 * @returns {Ports}
 */
export function portsFromEnv(env = process.env, apps = SERVER_APPS) {
  return Object.fromEntries(apps.map((app) => [app.name, Number(env[app.portEnv] || app.defaultPort)]));
}
