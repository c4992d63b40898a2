import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Prometheus metrics on a port of their own (METRICS_PORT), so they are never on the port the
 * public reaches: operators scrape it inside the cluster. GET /metrics only; anything else is 404.
 */
export async function startMetricsServer(
  registry: Registry,
  port: number,
  host?: string,
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== METRICS_PATH) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': CONTENT_TYPE }).end(req.method === 'HEAD' ? '' : text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
