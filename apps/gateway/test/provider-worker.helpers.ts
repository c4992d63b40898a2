// The provider worker as a real process for the gateway's end-to-end tests: built with Nx, spawned
// from its dist (apps never import each other, not even in tests).

import { join } from 'node:path';
import { type AppProcess, freePort, spawnApp } from '@council/testing';
import { buildApp } from './billing.helpers';

const PROVIDER_WORKER_MAIN = join(__dirname, '../../provider-worker/dist/main.js');

export function buildProviderWorker(): void {
  buildApp('@council/provider-worker');
}

export interface ProviderWorkerProcess {
  app: AppProcess;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** Starts the built provider worker with exactly this environment and waits until /health answers. */
export async function startProviderWorkerProcess(
  env: Record<string, string>,
): Promise<ProviderWorkerProcess> {
  const port = await freePort();
  const app = spawnApp(PROVIDER_WORKER_MAIN, { ...env, PORT: String(port) });
  const stop = async () => {
    if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGTERM');
    await app.exited;
  };
  try {
    await app.waitForHealthy(`http://127.0.0.1:${port}/health`, 30_000);
  } catch (error) {
    app.child.kill('SIGKILL');
    await app.exited;
    throw error;
  }
  return { app, stop };
}
