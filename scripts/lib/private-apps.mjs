// @ts-check
// What `npm start` keeps off the network: billing and the workers listen on loopback only, each
// with /metrics on a loopback port of its own (docs/operations.md, "Network").
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_APPS } from './stack.mjs';

export const LOOPBACK = '127.0.0.1';

/**
 * Metrics port of each internal app: its own variable, else its default.
 * @type {Readonly<Record<string, { env: string, port: number }>>}
 */
export const INTERNAL_METRICS_PORTS = {
  billing: { env: 'BILLING_METRICS_PORT', port: 9101 },
  'provider-worker': { env: 'PROVIDER_WORKER_METRICS_PORT', port: 9102 },
  'consensus-worker': { env: 'CONSENSUS_WORKER_METRICS_PORT', port: 9103 },
};

/**
 * Each internal app's metrics port, from `env` or the defaults.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Record<string, number>}
 */
export function internalMetricsPorts(env = process.env) {
  return Object.fromEntries(
    Object.entries(INTERNAL_METRICS_PORTS).map(([name, spec]) => [name, Number(env[spec.env] || spec.port)]),
  );
}

/**
 * The stack's apps with billing and the workers bound to loopback, metrics on their own port. The
 * gateway is left as it is: it is the one the browser reaches.
 * @param {Record<string, number>} metricsPorts
 * @returns {import('./stack.mjs').AppSpec[]}
 */
export function appsWithPrivateInternals(metricsPorts) {
  return SERVER_APPS.map((app) =>
    metricsPorts[app.name] === undefined
      ? app
      : { ...app, env: { ...app.env, LISTEN_HOST: LOOPBACK, METRICS_PORT: String(metricsPorts[app.name]) } },
  );
}

/**
 * The gateway's session secret for `npm start` when SESSION_SECRET is unset: made once (mode 600)
 * in `dataDir` and kept, as the embedded PostgreSQL's password is, so sessions survive a restart
 * and no cookie is signed with a secret anyone can read in the source.
 * @param {string} dataDir
 * @returns {string}
 */
export function localSessionSecret(dataDir) {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
