// The metrics the alerts and the dashboard of k8s/monitoring/ use are the ones the apps export: the
// four apps run as real processes and each one's /metrics is scraped. prom-client prints a metric's
// `# TYPE` line even before it has a sample, so the names are all there at start-up.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { freePort, waitFor } from '../../lib/net.mjs';
import { type AppHandle, type Scenario, startScenario } from '../../faults/lib/scenario.ts';
import {
  exposedSeriesNames,
  exposedTypes,
  metricUses,
  type MonitoredService,
  pinsServices,
  sampleLabelValues,
  SERVICE_LABEL,
  servicesSelected,
} from '../../../tools/deploy-check/src/monitoring.ts';

/** What each app exports: the names its series are queried by, and its `service` label. */
interface Scrape {
  names: Set<string>;
  services: Set<string>;
}

let scenario: Scenario;
let gatewayMetricsPort: number;
const scrapes = new Map<MonitoredService, Scrape>();

async function scrape(url: string): Promise<Scrape> {
  const text = await waitFor(
    async () => {
      const response = await fetch(url).catch(() => null);
      return response?.ok ? response.text() : null;
    },
    { timeoutMs: 15_000, what: `${url} to answer` },
  );
  return {
    names: exposedSeriesNames(exposedTypes(text)),
    services: sampleLabelValues(text, 'process_cpu_seconds_total', SERVICE_LABEL),
  };
}

before(async () => {
  // The gateway serves metrics on METRICS_PORT only; the others, without it, on their own port.
  gatewayMetricsPort = await freePort();
  scenario = await startScenario({
    name: 'metric-names',
    gatewayEnv: { METRICS_PORT: String(gatewayMetricsPort) },
  });
  const apps: Array<[MonitoredService, AppHandle | null | undefined]> = [
    ['gateway', scenario.apps.gateways[0]],
    ['billing', scenario.apps.billing],
    ['provider-worker', [...scenario.apps.workers.values()][0]],
    ['consensus-worker', scenario.apps.consensus],
  ];
  for (const [service, handle] of apps) {
    assert.ok(handle, `${service} is running`);
    const url =
      service === 'gateway' ? `http://127.0.0.1:${gatewayMetricsPort}/metrics` : `${handle.url}/metrics`;
    scrapes.set(service, await scrape(url));
  }
});

after(async () => {
  await scenario?.cleanup();
});

test('each app labels its series with its own service name', () => {
  for (const [service, { services }] of scrapes) {
    assert.deepEqual([...services], [service], `${service}'s process_cpu_seconds_total{service}`);
  }
});

test('every metric the alerts and the dashboard use is exported by an app', () => {
  const missing = metricUses()
    .filter((use) => ![...scrapes.values()].some(({ names }) => names.has(use.name)))
    .map((use) => `${use.name}  (${use.file}: ${use.where})`);
  assert.deepEqual([...new Set(missing)], [], `exported by no app:\n  ${[...new Set(missing)].join('\n  ')}`);
});

test('a metric matched on `service` is exported by the apps the matcher names', () => {
  const problems = metricUses()
    .filter(pinsServices)
    .flatMap((use) =>
      servicesSelected(use)
        .filter((service) => !scrapes.get(service)?.names.has(use.name))
        .map((service) => `${use.name} is not exported by ${service}  (${use.file}: ${use.where})`),
    );
  assert.deepEqual(problems, [], problems.join('\n'));
});
