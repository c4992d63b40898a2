// The deployable servers and what the deployment files must agree on. Ports come from the apps'
// own config classes; the health paths are the documented ones (server-apps.spec.ts checks them
// against the source: the gateway's 'api' global prefix plus server-kit's @Controller('health')).
import { type BaseServerEnv } from '@council/server-kit';
import { BillingEnv } from '@council/billing/src/config/billing.env';
import { ConsensusWorkerEnv } from '@council/consensus-worker/src/config/consensus-worker.env';
import { GatewayEnv } from '@council/gateway/src/config/gateway.env';
import { ProviderWorkerEnv } from '@council/provider-worker/src/config/provider-worker.env';

export type EnvClass = new () => BaseServerEnv;

export type ServerAppName = 'gateway' | 'billing' | 'provider-worker' | 'consensus-worker';

export interface ServerApp {
  name: ServerAppName;
  /** The class `runServer` validates the environment with. */
  envClass: EnvClass;
  /** PORT when the environment does not set it. */
  defaultPort: number;
  healthPath: string;
  metricsPath: string;
  /**
   * Where Prometheus scrapes metricsPath: the app's own port, except on the gateway, whose port is
   * public; it serves metrics on METRICS_PORT only (the deployment files set it to this).
   */
  metricsPort: number;
  /** The command that starts it in the image (relative to the image's WORKDIR, the repo root). */
  command: string[];
  scaling: Scaling;
}

/**
 * How many pods run an app:
 * - autoscaled: the queue workers; an HPA, and no fixed replica count in the Deployment;
 * - replicated: a fixed count of at least 2, so one pod can fail or roll without an outage;
 * - single: exactly 1 on purpose, rolled out surge-first so there is no gap (no app needs it now:
 *   billing left it when its RPC moved to HTTP behind its Service, docs/billing-rpc.md).
 */
export type Scaling = 'autoscaled' | 'replicated' | 'single';

/** The gateway's METRICS_PORT in the deployment files (9464: Prometheus's default exporter port). */
export const GATEWAY_METRICS_PORT = 9464;

function serverApp(
  name: ServerAppName,
  envClass: EnvClass,
  healthPath: string,
  scaling: Scaling,
  metricsPort?: number,
): ServerApp {
  const defaultPort = new envClass().PORT;
  return {
    name,
    envClass,
    defaultPort,
    healthPath,
    metricsPath: '/metrics',
    metricsPort: metricsPort ?? defaultPort,
    command: ['node', `apps/${name}/dist/main.js`],
    scaling,
  };
}

export const SERVER_APPS: readonly ServerApp[] = [
  serverApp('gateway', GatewayEnv, '/api/health', 'replicated', GATEWAY_METRICS_PORT),
  serverApp('billing', BillingEnv, '/health', 'replicated'),
  serverApp('provider-worker', ProviderWorkerEnv, '/health', 'autoscaled'),
  serverApp('consensus-worker', ConsensusWorkerEnv, '/health', 'autoscaled'),
];

export const MIGRATE_COMMAND = 'node libs/db/dist/cli/migrate.js';
export const SEED_COMMAND = 'node libs/db/dist/cli/seed.js';

/** Seconds an app may take to drain after SIGTERM (libs/server-kit bootstrap), plus the margin we want. */
export const SHUTDOWN_SECONDS = 30;
export const MIN_GRACE_SECONDS = 35;
