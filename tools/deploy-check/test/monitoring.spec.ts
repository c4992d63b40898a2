// k8s/monitoring/: an optional kustomize Component for clusters with the Prometheus Operator, holding
// Council's alerts (a PrometheusRule) and its Grafana dashboard (a ConfigMap made by the Component's
// configMapGenerator, for the Grafana sidecar). The default `kubectl apply -k k8s` must keep working
// without the operator's CRDs. Every metric the expressions name must be one the apps export: here
// against METRIC_CONTRACT, and in scripts/test/int/metric-names.test.ts against the running apps.
import { SERVER_APPS } from '../src/apps';
import {
  componentDirs,
  k8sFilesIn,
  KUSTOMIZATION_FILE,
  type LabelSelector,
  loadKustomization,
  loadManifests,
  METRICS_PORT_NAME,
  POD_METRICS_PORT,
  resolvePort,
  selectorMatches,
} from '../src/k8s';
import {
  allPanels,
  contractHistograms,
  exposedSeriesNames,
  exposedTypes,
  generatedFiles,
  histogramBase,
  loadMonitoring,
  matcherSelects,
  METRIC_CONTRACT,
  metricNames,
  metricUses,
  MONITORED_SERVICES,
  MONITORING_DIR,
  monitoringExpressions,
  PromQLSyntaxError,
  sampleLabelValues,
  SERVICE_LABEL,
  servicesSelected,
  vectorSelectors,
} from '../src/monitoring';
import { readRepoFile } from '../src/repo';

const monitoring = loadMonitoring();
const expressions = monitoringExpressions(monitoring);
const uses = metricUses(expressions);
const alerts = monitoring.rules.flatMap((rule) => rule.spec.groups.flatMap((group) => group.rules));
const DASHBOARD_FILE = `k8s/${MONITORING_DIR}/dashboard.json`;

/** The alerts operators need, and the metrics each must be computed from. */
const REQUIRED_ALERTS: Record<string, string[]> = {
  CouncilQuestionsFailing: ['council_questions_finished_total'],
  CouncilQueueWaitHigh: ['council_job_wait_seconds'],
  CouncilFirstTokenSlow: ['council_first_token_seconds'],
  CouncilBillingUnreachable: ['council_billing_rpc_requests_total'],
  CouncilBillingErrors: ['council_billing_rpc_requests_total'],
  CouncilWebhookBacklog: ['council_queue_jobs'],
  CouncilWebhookJobsFailed: ['council_queue_jobs'],
  CouncilWebhookRedriveFoundEvents: ['council_webhook_redrive_events_total'],
  CouncilLedgerMismatch: ['council_ledger_mismatched_accounts'],
};
/** The metrics the dashboard must show. */
const REQUIRED_PANEL_METRICS = [
  'council_questions_finished_total',
  'council_job_wait_seconds',
  'council_first_token_seconds',
  'council_queue_jobs',
  'council_billing_rpc_requests_total',
  'council_http_request_duration_seconds',
  'council_job_duration_seconds',
  'council_stream_lag_seconds',
  'council_webhook_redrive_events_total',
  'council_ledger_mismatched_accounts',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_p99_seconds',
];
const label = (use: { file: string; where: string }) => `${use.file}: ${use.where}`;

describe('the monitoring Component (k8s/monitoring/)', () => {
  it('is a Component listing every YAML file beside it, with no namespace of its own', () => {
    expect(componentDirs()).toContain(MONITORING_DIR);
    expect(monitoring.kustomization.apiVersion).toBe('kustomize.config.k8s.io/v1alpha1');
    expect(monitoring.kustomization.kind).toBe('Component');
    expect(
      (monitoring.kustomization.resources ?? []).map((file) => `${MONITORING_DIR}/${file}`).sort(),
    ).toEqual(
      k8sFilesIn(MONITORING_DIR).filter((file) => file !== `${MONITORING_DIR}/${KUSTOMIZATION_FILE}`),
    );
    for (const manifest of monitoring.component.manifests) {
      expect((manifest.metadata as { namespace?: string }).namespace).toBeUndefined();
    }
  });

  it('stays out of the default kustomization, which holds nothing of the Prometheus Operator', () => {
    const base = loadKustomization();
    expect(base.resources ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^monitoring/)]));
    expect(base.components ?? []).toEqual([]);
    expect(
      loadManifests().all.filter((manifest) => manifest.apiVersion.startsWith('monitoring.coreos.com/')),
    ).toEqual([]);
    // …and says how to add it.
    expect(readRepoFile('k8s/kustomization.yaml')).toContain('kustomize edit add component monitoring');
  });

  it('scrapes every app pod on its metrics port with a PodMonitor, and no other pod', () => {
    type PodMonitor = {
      kind: string;
      spec: { selector: LabelSelector; podMetricsEndpoints: Array<{ port?: string; path?: string }> };
    };
    const monitors = monitoring.component.manifests.filter(
      (manifest) => manifest.kind === 'PodMonitor',
    ) as unknown as PodMonitor[];
    expect(monitors).toHaveLength(1);
    const [monitor] = monitors;
    expect(monitor.spec.podMetricsEndpoints).toEqual([{ port: METRICS_PORT_NAME, path: '/metrics' }]);
    const manifests = loadManifests();
    for (const app of SERVER_APPS) {
      const deployment = manifests.deployments.find(
        (candidate) => candidate.metadata.name === `council-${app.name}`,
      );
      const template = deployment?.spec.template;
      expect({
        app: app.name,
        selected: selectorMatches(monitor.spec.selector, template?.metadata?.labels),
      }).toEqual({
        app: app.name,
        selected: true,
      });
      expect(resolvePort(METRICS_PORT_NAME, template!.spec.containers[0])).toBe(POD_METRICS_PORT);
    }
    for (const job of manifests.jobs) {
      expect(selectorMatches(monitor.spec.selector, job.spec.template.metadata?.labels)).toBe(false);
    }
  });

  describe('the PrometheusRule', () => {
    it('is one monitoring.coreos.com/v1 PrometheusRule named council, part of council', () => {
      expect(monitoring.rules).toHaveLength(1);
      const [rule] = monitoring.rules;
      expect(rule.apiVersion).toBe('monitoring.coreos.com/v1');
      expect(rule.metadata.name).toBe('council');
      expect(rule.metadata.labels?.['app.kubernetes.io/part-of']).toBe('council');
      expect(rule.spec.groups.length).toBeGreaterThan(0);
    });

    it('holds alerts only, each named once', () => {
      expect(alerts.filter((entry) => !entry.alert)).toEqual([]);
      const names = alerts.map((entry) => entry.alert);
      expect(names).toEqual([...new Set(names)]);
    });

    it.each(Object.entries(REQUIRED_ALERTS))('%s: is there, computed from %s', (name, metrics) => {
      const alert = alerts.find((entry) => entry.alert === name);
      expect(alert).toBeDefined();
      const used = metricUses([{ file: '', where: '', expr: alert?.expr ?? '' }]).map((use) => use.metric);
      expect(used).toEqual(expect.arrayContaining(metrics));
    });

    it.each(alerts.map((entry) => [entry.alert ?? '?', entry] as const))(
      '%s: waits (for), has a severity, and tells the operator what it means and where to look',
      (_name, alert) => {
        expect(alert.for).toMatch(/^(\d+(ms|[smhdwy]))+$/);
        expect(['warning', 'critical']).toContain(alert.labels?.severity);
        expect(alert.annotations?.summary?.trim()).toBeTruthy();
        expect((alert.annotations?.description ?? '').length).toBeGreaterThan(80);
        expect(alert.annotations?.description).toMatch(/look (first )?at|check/i);
      },
    );

    it('treats a ledger mismatch as critical (money)', () => {
      expect(alerts.find((entry) => entry.alert === 'CouncilLedgerMismatch')?.labels?.severity).toBe(
        'critical',
      );
    });
  });

  describe('the dashboard', () => {
    const [entry] = monitoring.dashboards;
    const dashboard = entry?.dashboard;
    const panels = dashboard ? allPanels(dashboard) : [];

    it('is one Grafana dashboard, uid council, in a recent schema', () => {
      expect(monitoring.dashboards.map(({ file }) => file)).toEqual([DASHBOARD_FILE]);
      expect(dashboard.uid).toBe('council');
      expect(dashboard.title).toBe('Council');
      expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    });

    it('asks for a Prometheus data source, which every panel and query uses', () => {
      const variables = dashboard.templating?.list ?? [];
      expect(variables).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
        ]),
      );
      for (const panel of panels.filter((candidate) => candidate.type !== 'row')) {
        const datasources = [panel.datasource, ...(panel.targets ?? []).map((target) => target.datasource)];
        for (const datasource of datasources) {
          expect({ panel: panel.title, datasource }).toEqual({
            panel: panel.title,
            datasource: { type: 'prometheus', uid: '${datasource}' },
          });
        }
      }
      for (const variable of variables.filter((candidate) => candidate.type === 'query')) {
        expect(variable.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
      }
    });

    it('gives every panel its own id and a place on the 24-column grid', () => {
      const ids = panels.map((panel) => panel.id);
      expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
      expect(ids).toEqual([...new Set(ids)]);
      for (const panel of panels) {
        const grid = panel.gridPos;
        expect(grid && grid.x >= 0 && grid.w > 0 && grid.x + grid.w <= 24 && grid.h > 0).toBe(true);
      }
    });

    it('has a query in every panel but the rows, with distinct refIds', () => {
      for (const panel of panels.filter((candidate) => candidate.type !== 'row')) {
        const refIds = (panel.targets ?? []).map((target) => target.refId);
        expect({ panel: panel.title, queries: refIds.length > 0 }).toEqual({
          panel: panel.title,
          queries: true,
        });
        expect(refIds).toEqual([...new Set(refIds)]);
      }
    });

    it.each(REQUIRED_PANEL_METRICS)('shows %s', (metric) => {
      expect(uses.filter((use) => use.file === DASHBOARD_FILE).map((use) => use.metric)).toContain(metric);
    });
  });

  it('ships the dashboard as the ConfigMap the Grafana sidecar loads, under a fixed name', () => {
    const generators = monitoring.kustomization.configMapGenerator ?? [];
    expect(generators).toHaveLength(1);
    expect(generators[0].options?.labels?.grafana_dashboard).toBe('1');
    expect(generators[0].options?.labels?.['app.kubernetes.io/part-of']).toBe('council');
    expect(monitoring.kustomization.generatorOptions?.disableNameSuffixHash).toBe(true);
    const files = generatedFiles(MONITORING_DIR, monitoring.kustomization);
    expect(files.map(({ file }) => file)).toEqual([DASHBOARD_FILE]);
    expect(files[0].key).toMatch(/\.json$/);
  });

  describe('its expressions', () => {
    it('are found: every alert and every panel query', () => {
      expect(expressions.filter((expression) => expression.where.startsWith('alert '))).toHaveLength(
        alerts.length,
      );
      const queries = monitoring.dashboards.flatMap(({ dashboard }) =>
        allPanels(dashboard).flatMap((panel) => panel.targets ?? []),
      );
      expect(expressions.filter((expression) => expression.where.startsWith('panel '))).toHaveLength(
        queries.length,
      );
    });

    it.each(expressions.map((expression) => [label(expression), expression.expr] as const))(
      '%s: parses to at least one metric name',
      (_where, expr) => {
        expect(metricNames(expr).length).toBeGreaterThan(0);
      },
    );

    it('name only metrics the apps export (METRIC_CONTRACT), a histogram by its series', () => {
      const unknown = uses
        .filter((use) => !(use.metric in METRIC_CONTRACT))
        .map((use) => `${use.name} (${label(use)})`);
      expect(unknown).toEqual([]);
      // A histogram is queried by _bucket, _sum or _count, never by its bare name.
      const bare = uses
        .filter((use) => contractHistograms().has(use.name))
        .map((use) => `${use.name} (${label(use)})`);
      expect(bare).toEqual([]);
    });

    it('match on labels the metrics have, with values they take', () => {
      const problems: string[] = [];
      for (const use of uses) {
        const contract = METRIC_CONTRACT[use.metric];
        if (!contract) continue;
        const labels = [...contract.labels, SERVICE_LABEL, ...(use.name.endsWith('_bucket') ? ['le'] : [])];
        for (const matcher of use.matchers) {
          if (!labels.includes(matcher.label)) {
            problems.push(`${use.name} has no label ${matcher.label} (${label(use)})`);
            continue;
          }
          const known = contract.values?.[matcher.label];
          if (!known || matcher.op.startsWith('!')) continue;
          // A literal, or an alternation of literals (`waiting|delayed`).
          const wanted = matcher.op === '=' ? [matcher.value] : matcher.value.split('|');
          for (const value of wanted.filter((candidate) => /^[\w-]+$/.test(candidate))) {
            if (!known.includes(value))
              problems.push(`${use.name}{${matcher.label}="${value}"} (${label(use)})`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('name apps that exist in every service matcher', () => {
      expect([...MONITORED_SERVICES].sort()).toEqual(SERVER_APPS.map((app) => app.name).sort());
      const empty = uses.filter((use) => servicesSelected(use).length === 0).map(label);
      expect(empty).toEqual([]);
    });

    it('never sum council_queue_jobs, which every replica reports alike (max instead)', () => {
      const summed = expressions.filter(({ expr }) =>
        /\bsum\s*(?:(?:by|without)\s*\([^)]*\)\s*)?\(\s*council_queue_jobs\b/.test(expr),
      );
      expect(summed.map(label)).toEqual([]);
    });
  });
});

describe('PromQL metric names (vectorSelectors, metricNames)', () => {
  it('finds the histogram series inside aggregations and functions', () => {
    expect(
      metricNames('histogram_quantile(0.95, sum by (le, queue) (rate(council_job_wait_seconds_bucket[5m])))'),
    ).toEqual(['council_job_wait_seconds_bucket']);
  });

  it('skips label lists of by, without, on, ignoring and group_left/right', () => {
    expect(metricNames('sum by (queue) (a) + sum without (instance, le) (b)')).toEqual(['a', 'b']);
    expect(metricNames('a * on (queue) group_left (name) b')).toEqual(['a', 'b']);
    expect(metricNames('a / ignoring(state) group_right c')).toEqual(['a', 'c']);
    expect(metricNames('sum(a) by (queue)')).toEqual(['a']);
    expect(metricNames('SUM BY (le) (a)')).toEqual(['a']);
  });

  it('skips label matchers, their values, strings, ranges, subqueries and numbers', () => {
    expect(
      vectorSelectors('max by (queue) (q{queue="billing-webhooks", state=~"waiting|delayed"}) > 20'),
    ).toEqual([
      {
        name: 'q',
        matchers: [
          { label: 'queue', op: '=', value: 'billing-webhooks' },
          { label: 'state', op: '=~', value: 'waiting|delayed' },
        ],
      },
    ]);
    expect(metricNames('label_replace(up, "dst", "$1", "src_name", "(.*)")')).toEqual(['up']);
    expect(metricNames('max_over_time(rate(m_total[5m])[1h:1m])')).toEqual(['m_total']);
    expect(metricNames('rate(x{a!="b", c!~"d|e"}[1h30m]) * 1e3 > 0.5')).toEqual(['x']);
    expect(metricNames("count_values('version', v) or vector(0)")).toEqual(['v']);
  });

  it('skips keywords: sum, rate, and, or, unless, offset, bool, atan2, Inf, NaN', () => {
    expect(
      metricNames('sum(rate(a[5m] offset 1h)) and b or c unless d > bool 0 atan2 e != Inf or f == NaN'),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(metricNames('rate(a[5m] @ start()) + b @ 1609746000 + c offset -5m')).toEqual(['a', 'b', 'c']);
  });

  it('reads names with colons, by __name__ or quoted, and Grafana variables', () => {
    expect(metricNames('job:requests:rate5m > 0')).toEqual(['job:requests:rate5m']);
    expect(vectorSelectors('{__name__="n", job="j"}')).toEqual([
      { name: 'n', matchers: [{ label: 'job', op: '=', value: 'j' }] },
    ]);
    expect(metricNames('{"utf8.name", job="j"}')).toEqual(['utf8.name']);
    expect(metricNames('{job="j"}')).toEqual([]);
    expect(
      metricNames('rate(x{service=~"$service"}[$__rate_interval]) / increase(y[${__range}]) # a comment'),
    ).toEqual(['x', 'y']);
    expect(metricNames('sum(rate(a[5m])) / sum(rate(a[5m]))')).toEqual(['a']);
  });

  it.each([
    ['an unknown function', 'rat(x[5m])'],
    ['an unclosed parenthesis', 'sum(rate(x[5m])'],
    ['a stray parenthesis', 'x)'],
    ['a stray brace', 'x}'],
    ['an unclosed brace', 'x{a="b"'],
    ['an unquoted label value', 'x{a=b}'],
    ['a matcher without an operator', 'x{a}'],
    ['an unterminated string', 'x{a="b}'],
    ['an unclosed range', 'rate(x[5m)'],
    ['a by without its list', 'sum by a'],
    ['a stray character', 'x ; y'],
  ])('refuses %s', (_what, expr) => {
    expect(() => vectorSelectors(expr)).toThrow(PromQLSyntaxError);
  });

  it('maps _bucket, _sum and _count to their histogram, and nothing else', () => {
    const histograms = new Set(['h_seconds']);
    expect(histogramBase('h_seconds_bucket', histograms)).toBe('h_seconds');
    expect(histogramBase('h_seconds_sum', histograms)).toBe('h_seconds');
    expect(histogramBase('h_seconds_count', histograms)).toBe('h_seconds');
    expect(histogramBase('c_count', histograms)).toBe('c_count');
    expect(histogramBase('h_seconds', histograms)).toBe('h_seconds');
  });

  it('matches label values as PromQL does, regexes anchored', () => {
    expect(matcherSelects({ label: 'service', op: '=~', value: 'gate' }, 'gateway')).toBe(false);
    expect(matcherSelects({ label: 'service', op: '=~', value: 'gate.*|billing' }, 'billing')).toBe(true);
    expect(matcherSelects({ label: 'service', op: '!~', value: 'billing' }, 'gateway')).toBe(true);
    expect(matcherSelects({ label: 'service', op: '!=', value: 'billing' }, 'billing')).toBe(false);
    expect(
      servicesSelected({ name: 'x', matchers: [{ label: 'service', op: '=', value: 'billing' }] }),
    ).toEqual(['billing']);
    expect(
      servicesSelected({ name: 'x', matchers: [{ label: 'service', op: '=~', value: '$service' }] }),
    ).toEqual([...MONITORED_SERVICES]);
  });
});

describe('the exposition format (what metric-names.test.ts reads from the apps)', () => {
  const scrape = [
    '# HELP h_seconds A histogram',
    '# TYPE h_seconds histogram',
    'h_seconds_bucket{le="1",service="billing"} 0',
    '# HELP c_total A counter without samples yet',
    '# TYPE c_total counter',
    '# HELP process_cpu_seconds_total CPU',
    '# TYPE process_cpu_seconds_total counter',
    'process_cpu_seconds_total{service="billing"} 1.5',
    '# TYPE s summary',
  ].join('\n');

  it('reads the TYPE lines, samples or not, and the names their series are queried by', () => {
    const types = exposedTypes(scrape);
    expect([...types.entries()]).toEqual([
      ['h_seconds', 'histogram'],
      ['c_total', 'counter'],
      ['process_cpu_seconds_total', 'counter'],
      ['s', 'summary'],
    ]);
    expect([...exposedSeriesNames(types)].sort()).toEqual(
      [
        'c_total',
        'h_seconds',
        'h_seconds_bucket',
        'h_seconds_count',
        'h_seconds_sum',
        'process_cpu_seconds_total',
        's',
        's_count',
        's_sum',
      ].sort(),
    );
  });

  it('reads a label of a metric’s samples', () => {
    expect([...sampleLabelValues(scrape, 'process_cpu_seconds_total', 'service')]).toEqual(['billing']);
    expect([...sampleLabelValues(scrape, 'c_total', 'service')]).toEqual([]);
  });
});
