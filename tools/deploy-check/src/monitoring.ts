// k8s/monitoring/: the Prometheus Operator Component (a PrometheusRule of alerts, and a Grafana
// dashboard shipped as a ConfigMap by its configMapGenerator), and what its expressions must agree on
// with the apps: the names of the metrics they export. The PromQL here is read, never evaluated: a
// small tokenizer finds each vector selector's metric name and label matchers.
//
// Kept free of the apps' and libraries' sources: scripts/test/int/metric-names.test.ts imports this
// file to compare the names with the running apps' registries.
import { type Component, K8S_DIR, type Kustomization, loadComponent, type Manifest } from './k8s';
import { readRepoFile } from './repo';

/** The Component's directory, relative to k8s/. */
export const MONITORING_DIR = 'monitoring';

/** The value of each app's `service` label (its registry's default label). */
export const MONITORED_SERVICES = ['gateway', 'billing', 'provider-worker', 'consensus-worker'] as const;
export type MonitoredService = (typeof MONITORED_SERVICES)[number];

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface MetricContract {
  type: MetricType;
  /** Its own labels (every series also has `service`; a histogram's buckets `le`). */
  labels: readonly string[];
  /** The values of labels that take only these. */
  values?: Readonly<Record<string, readonly string[]>>;
}

const QUEUE_STATES = [
  'waiting',
  'active',
  'delayed',
  'failed',
  'completed',
  'prioritized',
  'waiting-children',
] as const;

/**
 * The metrics the monitoring files may use: what the apps export (Council's own, and the few of
 * prom-client's default metrics the dashboard shows). The running apps are the truth;
 * scripts/test/int/metric-names.test.ts compares the names the files use with their registries.
 */
export const METRIC_CONTRACT: Readonly<Record<string, MetricContract>> = {
  council_questions_finished_total: {
    type: 'counter',
    labels: ['outcome'],
    values: { outcome: ['completed', 'failed', 'cancelled'] },
  },
  council_job_wait_seconds: { type: 'histogram', labels: ['queue', 'name'] },
  council_first_token_seconds: { type: 'histogram', labels: ['provider', 'name'] },
  council_billing_rpc_requests_total: {
    type: 'counter',
    labels: ['call', 'outcome'],
    values: { outcome: ['ok', 'unreachable', 'error'] },
  },
  council_queue_jobs: { type: 'gauge', labels: ['queue', 'state'], values: { state: QUEUE_STATES } },
  council_webhook_redrive_events_total: { type: 'counter', labels: [] },
  council_ledger_mismatched_accounts: { type: 'gauge', labels: [] },
  council_http_request_duration_seconds: { type: 'histogram', labels: ['method', 'route', 'status'] },
  council_job_duration_seconds: {
    type: 'histogram',
    labels: ['queue', 'name', 'outcome'],
    values: { outcome: ['completed', 'failed'] },
  },
  council_jobs_finished_total: {
    type: 'counter',
    labels: ['queue', 'name', 'outcome'],
    values: { outcome: ['completed', 'failed'] },
  },
  council_stream_lag_seconds: { type: 'histogram', labels: [] },
  process_cpu_seconds_total: { type: 'counter', labels: [] },
  process_resident_memory_bytes: { type: 'gauge', labels: [] },
  nodejs_eventloop_lag_p99_seconds: { type: 'gauge', labels: [] },
};

/** The label every series carries (each app's registry sets it as a default label). */
export const SERVICE_LABEL = 'service';

// ---------------------------------------------------------------------------------------------
// The Component's files
// ---------------------------------------------------------------------------------------------

export interface AlertingRule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** The Prometheus Operator's PrometheusRule (monitoring.coreos.com/v1). */
export interface PrometheusRule extends Manifest {
  kind: 'PrometheusRule';
  spec: { groups: Array<{ name: string; interval?: string; rules: AlertingRule[] }> };
}

/** One entry of a kustomization's configMapGenerator. */
export interface ConfigMapGeneratorEntry {
  name: string;
  behavior?: string;
  /** `file` or `key=file`, relative to the kustomization. */
  files?: string[];
  literals?: string[];
  options?: { labels?: Record<string, string>; annotations?: Record<string, string> };
}

export interface MonitoringKustomization extends Kustomization {
  configMapGenerator?: ConfigMapGeneratorEntry[];
  generatorOptions?: { disableNameSuffixHash?: boolean; labels?: Record<string, string> };
}

export interface GrafanaTarget {
  refId: string;
  expr?: string;
  legendFormat?: string;
  datasource?: { type?: string; uid?: string };
}

export interface GrafanaPanel {
  id: number;
  type: string;
  title: string;
  description?: string;
  datasource?: { type?: string; uid?: string };
  gridPos?: { h: number; w: number; x: number; y: number };
  targets?: GrafanaTarget[];
  /** A row's panels (collapsed rows hold theirs here). */
  panels?: GrafanaPanel[];
}

export interface GrafanaVariable {
  name: string;
  type: string;
  query?: string | { query?: string };
  datasource?: { type?: string; uid?: string };
}

export interface GrafanaDashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  templating?: { list: GrafanaVariable[] };
  panels: GrafanaPanel[];
}

/** A file the generator ships: the key it has in the ConfigMap and its repo-relative path. */
export interface GeneratedFile {
  configMap: string;
  key: string;
  file: string;
}

export interface Monitoring {
  component: Component;
  kustomization: MonitoringKustomization;
  rules: PrometheusRule[];
  /** The dashboards (every *.json file of the configMapGenerator), by repo-relative path. */
  dashboards: Array<{ file: string; dashboard: GrafanaDashboard }>;
}

/** A configMapGenerator entry's files as key and repo-relative path. */
export function generatedFiles(dir: string, kustomization: MonitoringKustomization): GeneratedFile[] {
  return (kustomization.configMapGenerator ?? []).flatMap((entry) =>
    (entry.files ?? []).map((spec) => {
      const [key, path] = spec.includes('=') ? spec.split('=', 2) : [spec.split('/').pop() ?? spec, spec];
      return { configMap: entry.name, key, file: `${K8S_DIR}/${dir}/${path}` };
    }),
  );
}

export function loadMonitoring(dir = MONITORING_DIR): Monitoring {
  const component = loadComponent(dir);
  const kustomization = component.kustomization as MonitoringKustomization;
  const rules = component.manifests.filter(
    (manifest): manifest is PrometheusRule => manifest.kind === 'PrometheusRule',
  );
  const dashboards = generatedFiles(dir, kustomization)
    .filter(({ file }) => file.endsWith('.json'))
    .map(({ file }) => ({ file, dashboard: JSON.parse(readRepoFile(file)) as GrafanaDashboard }));
  return { component, kustomization, rules, dashboards };
}

/** Every panel of a dashboard, those inside rows included. */
export function allPanels(dashboard: GrafanaDashboard): GrafanaPanel[] {
  return dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
}

/** A PromQL expression of the monitoring files, and where it is. */
export interface MonitoringExpression {
  /** Repo-relative path. */
  file: string;
  /** e.g. `alert CouncilQueueWaitHigh`, `panel "Queue depth" (A)`. */
  where: string;
  expr: string;
}

/** The expressions of a PrometheusRule's alerts (and recording rules, if it ever has some). */
export function ruleExpressions(rule: PrometheusRule, file: string): MonitoringExpression[] {
  return rule.spec.groups.flatMap((group) =>
    group.rules.map((entry) => ({
      file,
      where: entry.alert ? `alert ${entry.alert}` : `record ${entry.record}`,
      expr: entry.expr,
    })),
  );
}

/** `label_values(<selector>, <label>)`: Grafana's variable query, whose first argument is PromQL. */
const LABEL_VALUES = /^\s*label_values\(\s*(.+),\s*[\w.]+\s*\)\s*$/s;

/** The expressions of a dashboard: every panel target's `expr` and every label_values selector. */
export function dashboardExpressions(dashboard: GrafanaDashboard, file: string): MonitoringExpression[] {
  const targets = allPanels(dashboard).flatMap((panel) =>
    (panel.targets ?? [])
      .filter((target) => typeof target.expr === 'string' && target.expr.trim() !== '')
      .map((target) => ({
        file,
        where: `panel "${panel.title}" (${target.refId})`,
        expr: target.expr as string,
      })),
  );
  const variables = (dashboard.templating?.list ?? []).flatMap((variable) => {
    if (variable.type !== 'query') return [];
    const query = typeof variable.query === 'string' ? variable.query : (variable.query?.query ?? '');
    const match = LABEL_VALUES.exec(query);
    return match ? [{ file, where: `variable ${variable.name}`, expr: match[1] }] : [];
  });
  return [...targets, ...variables];
}

/** Every PromQL expression of the Component. */
export function monitoringExpressions(monitoring: Monitoring = loadMonitoring()): MonitoringExpression[] {
  return [
    ...monitoring.rules.flatMap((rule) => ruleExpressions(rule, `${K8S_DIR}/${rule.file}`)),
    ...monitoring.dashboards.flatMap(({ file, dashboard }) => dashboardExpressions(dashboard, file)),
  ];
}

// ---------------------------------------------------------------------------------------------
// PromQL: the metric names and label matchers of an expression
// ---------------------------------------------------------------------------------------------

export class PromQLSyntaxError extends Error {
  constructor(message: string, expr: string) {
    super(`${message} in: ${expr.replace(/\s+/g, ' ').trim()}`);
    this.name = 'PromQLSyntaxError';
  }
}

export type MatchOperator = '=' | '!=' | '=~' | '!~';

export interface LabelMatcher {
  label: string;
  op: MatchOperator;
  value: string;
}

/** A vector selector with a metric name: `name{matchers}` or `{__name__="name", …}`. */
export interface VectorSelector {
  name: string;
  matchers: LabelMatcher[];
}

/** PromQL's aggregation operators (case-insensitive keywords, followed by `(` or a modifier). */
export const AGGREGATIONS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'group',
  'stddev',
  'stdvar',
  'count',
  'count_values',
  'bottomk',
  'topk',
  'quantile',
  'limitk',
  'limit_ratio',
]);

/** PromQL's functions (Prometheus 3), and `start()` / `end()` of the @ modifier. */
export const FUNCTIONS = new Set([
  'abs',
  'absent',
  'absent_over_time',
  'acos',
  'acosh',
  'asin',
  'asinh',
  'atan',
  'atanh',
  'avg_over_time',
  'ceil',
  'changes',
  'clamp',
  'clamp_max',
  'clamp_min',
  'cos',
  'cosh',
  'count_over_time',
  'day_of_month',
  'day_of_week',
  'day_of_year',
  'days_in_month',
  'deg',
  'delta',
  'deriv',
  'double_exponential_smoothing',
  'exp',
  'floor',
  'histogram_avg',
  'histogram_count',
  'histogram_fraction',
  'histogram_quantile',
  'histogram_stddev',
  'histogram_stdvar',
  'histogram_sum',
  'holt_winters',
  'hour',
  'idelta',
  'increase',
  'info',
  'irate',
  'label_join',
  'label_replace',
  'last_over_time',
  'ln',
  'log10',
  'log2',
  'mad_over_time',
  'max_over_time',
  'min_over_time',
  'minute',
  'month',
  'pi',
  'predict_linear',
  'present_over_time',
  'quantile_over_time',
  'rad',
  'rate',
  'resets',
  'round',
  'scalar',
  'sgn',
  'sin',
  'sinh',
  'sort',
  'sort_by_label',
  'sort_by_label_desc',
  'sort_desc',
  'sqrt',
  'stddev_over_time',
  'stdvar_over_time',
  'sum_over_time',
  'tan',
  'tanh',
  'time',
  'timestamp',
  'vector',
  'year',
  'start',
  'end',
]);

/** Keywords followed by a parenthesised list of label names (group_left/right may stand alone). */
const LABEL_LIST_KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);
/** Binary set operators, modifiers and the number literals spelt as words. */
const KEYWORDS = new Set(['and', 'or', 'unless', 'atan2', 'bool', 'offset', 'inf', 'nan']);

type TokenKind = 'identifier' | 'number' | 'string' | 'variable' | 'punctuation' | 'operator';

interface Token {
  kind: TokenKind;
  /** The string's value for strings; the source text otherwise. */
  text: string;
}

const TOKEN_PATTERNS: Array<[TokenKind | null, RegExp]> = [
  [null, /^(?:\s+|#[^\n]*)/],
  // Durations (5m, 1h30m) before plain numbers, so a unit is never read as an identifier.
  ['number', /^(?:(?:\d+(?:ms|[smhdwy]))+|0x[0-9a-f]+|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)/i],
  ['identifier', /^[a-z_:][a-z0-9_:]*/i],
  // Grafana's template variables: $name, ${name}, ${name:format}, [[name]] is not supported.
  ['variable', /^\$(?:\{[^}]*\}|\w+)/],
  ['punctuation', /^[(){}[\],]/],
  ['operator', /^(?:==|!=|<=|>=|=~|!~|[-+*/%^<>=@])/],
];

function readString(expr: string, start: number): { value: string; end: number } {
  const quote = expr[start];
  let value = '';
  for (let index = start + 1; index < expr.length; index++) {
    const char = expr[index];
    if (char === quote) return { value, end: index + 1 };
    if (char === '\\' && quote !== '`') {
      index++;
      value += expr[index] ?? '';
    } else {
      value += char;
    }
  }
  throw new PromQLSyntaxError(`unterminated string from offset ${start}`, expr);
}

function tokenize(expr: string): Token[] {
  const tokens: Token[] = [];
  let offset = 0;
  outer: while (offset < expr.length) {
    const char = expr[offset];
    if (char === '"' || char === "'" || char === '`') {
      const { value, end } = readString(expr, offset);
      tokens.push({ kind: 'string', text: value });
      offset = end;
      continue;
    }
    const rest = expr.slice(offset);
    for (const [kind, pattern] of TOKEN_PATTERNS) {
      const match = pattern.exec(rest);
      if (!match) continue;
      if (kind) tokens.push({ kind, text: match[0] });
      offset += match[0].length;
      continue outer;
    }
    throw new PromQLSyntaxError(`unexpected "${char}" at offset ${offset}`, expr);
  }
  return tokens;
}

const MATCH_OPERATORS = new Set<string>(['=', '!=', '=~', '!~']);

/** Reads `{…}` from tokens[start] (the `{`): its matchers, a quoted name, and where it ends. */
function readMatchers(
  tokens: Token[],
  start: number,
  expr: string,
): { matchers: LabelMatcher[]; quotedName?: string; end: number } {
  const matchers: LabelMatcher[] = [];
  let quotedName: string | undefined;
  let index = start + 1;
  for (;;) {
    const token = tokens[index];
    if (!token) throw new PromQLSyntaxError('unclosed "{"', expr);
    if (token.text === '}' && token.kind === 'punctuation') return { matchers, quotedName, end: index };
    const operator = tokens[index + 1];
    if (token.kind === 'string' && !(operator && MATCH_OPERATORS.has(operator.text))) {
      // Prometheus 3: {"metric.name", label="value"}.
      quotedName = token.text;
      index += 1;
    } else {
      const value = tokens[index + 2];
      if (token.kind !== 'identifier' && token.kind !== 'string') {
        throw new PromQLSyntaxError(`expected a label name in braces, found "${token.text}"`, expr);
      }
      if (!operator || operator.kind !== 'operator' || !MATCH_OPERATORS.has(operator.text)) {
        throw new PromQLSyntaxError(`expected =, !=, =~ or !~ after label ${token.text}`, expr);
      }
      if (!value || value.kind !== 'string') {
        throw new PromQLSyntaxError(`expected a quoted value for label ${token.text}`, expr);
      }
      matchers.push({ label: token.text, op: operator.text as MatchOperator, value: value.text });
      index += 3;
    }
    const separator = tokens[index];
    if (separator?.text === ',') index += 1;
    else if (separator?.text !== '}')
      throw new PromQLSyntaxError('expected "," or "}" between matchers', expr);
  }
}

/** Skips `(label, …)` from tokens[start] (the `(`); returns the index of its `)`. */
function skipLabelList(tokens: Token[], start: number, expr: string): number {
  for (let index = start + 1; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.text === ')') return index;
    if (token.kind !== 'identifier' && token.kind !== 'string' && token.text !== ',') {
      throw new PromQLSyntaxError(`"${token.text}" in a label list`, expr);
    }
  }
  throw new PromQLSyntaxError('unclosed label list', expr);
}

/** Skips `[…]` (a range, a subquery's range and step, or a Grafana variable) from its `[`. */
function skipRange(tokens: Token[], start: number, expr: string): number {
  for (let index = start + 1; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.text === ']') return index;
    // A subquery's `:` and step read as one identifier (`:1m`), names being allowed colons.
    const step = token.kind === 'identifier' && /^:(?:\d+(?:ms|[smhdwy]))*$/i.test(token.text);
    if (token.kind !== 'number' && token.kind !== 'variable' && !step) {
      throw new PromQLSyntaxError(`"${token.text}" in a range`, expr);
    }
  }
  throw new PromQLSyntaxError('unclosed "["', expr);
}

/**
 * Every vector selector of an expression that names a metric, in order: identifiers that are no
 * keyword, not followed by `(` (a function or an aggregation), outside label matchers, strings,
 * ranges and the label lists of by/without/on/ignoring/group_left/group_right. Throws
 * PromQLSyntaxError for what it cannot read: unknown functions, unbalanced brackets, stray tokens.
 * It does not check the grammar beyond that (operand order, argument counts): Prometheus does.
 */
export function vectorSelectors(expr: string): VectorSelector[] {
  const tokens = tokenize(expr);
  const selectors: VectorSelector[] = [];
  let depth = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    const next = tokens[index + 1];
    if (token.kind === 'identifier') {
      const word = token.text.toLowerCase();
      if (LABEL_LIST_KEYWORDS.has(word)) {
        if (next?.text === '(') index = skipLabelList(tokens, index + 1, expr);
        else if (word !== 'group_left' && word !== 'group_right') {
          throw new PromQLSyntaxError(`"${token.text}" without its label list`, expr);
        }
        continue;
      }
      if (KEYWORDS.has(word)) continue;
      if (next?.text === '(') {
        if (!AGGREGATIONS.has(word) && !FUNCTIONS.has(token.text)) {
          throw new PromQLSyntaxError(`unknown function ${token.text}()`, expr);
        }
        continue;
      }
      // An aggregation with its modifier first: `sum by (queue) (…)`.
      const nextWord = next?.kind === 'identifier' ? next.text.toLowerCase() : '';
      if (AGGREGATIONS.has(word) && (nextWord === 'by' || nextWord === 'without')) continue;
      const selector: VectorSelector = { name: token.text, matchers: [] };
      if (next?.text === '{') {
        const read = readMatchers(tokens, index + 1, expr);
        if (read.quotedName !== undefined) throw new PromQLSyntaxError(`${token.text} named twice`, expr);
        selector.matchers = read.matchers;
        index = read.end;
      }
      selectors.push(selector);
    } else if (token.text === '{') {
      const read = readMatchers(tokens, index, expr);
      const byName = read.matchers.find((matcher) => matcher.label === '__name__' && matcher.op === '=');
      const name = read.quotedName ?? byName?.value;
      if (name !== undefined) {
        selectors.push({ name, matchers: read.matchers.filter((matcher) => matcher !== byName) });
      }
      index = read.end;
    } else if (token.text === '[') {
      index = skipRange(tokens, index, expr);
    } else if (token.text === '(') {
      depth += 1;
    } else if (token.text === ')') {
      depth -= 1;
      if (depth < 0) throw new PromQLSyntaxError('unbalanced ")"', expr);
    } else if (token.text === '}' || token.text === ']') {
      throw new PromQLSyntaxError(`unbalanced "${token.text}"`, expr);
    }
  }
  if (depth !== 0) throw new PromQLSyntaxError('unclosed "("', expr);
  return selectors;
}

/** The metric names an expression references, as written (`…_bucket` included), sorted, unique. */
export function metricNames(expr: string): string[] {
  return [...new Set(vectorSelectors(expr).map((selector) => selector.name))].sort();
}

/** `x_bucket`, `x_sum` or `x_count` as x when x is a histogram; any other name as it is. */
export function histogramBase(name: string, histograms: ReadonlySet<string>): string {
  const match = /^(.+)_(bucket|sum|count)$/.exec(name);
  return match && histograms.has(match[1]) ? match[1] : name;
}

/** The histograms of the contract. */
export function contractHistograms(): Set<string> {
  return new Set(
    Object.entries(METRIC_CONTRACT)
      .filter(([, contract]) => contract.type === 'histogram')
      .map(([name]) => name),
  );
}

/** Whether a matcher selects a label value (PromQL regexes are anchored at both ends). */
export function matcherSelects(matcher: LabelMatcher, value: string): boolean {
  switch (matcher.op) {
    case '=':
      return value === matcher.value;
    case '!=':
      return value !== matcher.value;
    case '=~':
      return new RegExp(`^(?:${matcher.value})$`).test(value);
    case '!~':
      return !new RegExp(`^(?:${matcher.value})$`).test(value);
  }
}

/** One metric name used by the monitoring files, where, and with which matchers. */
export interface MetricUse extends VectorSelector {
  /** The name, or the histogram it is a series of (`x_bucket` → x). */
  metric: string;
  file: string;
  where: string;
}

export function metricUses(
  expressions: MonitoringExpression[] = monitoringExpressions(),
  histograms: ReadonlySet<string> = contractHistograms(),
): MetricUse[] {
  return expressions.flatMap(({ file, where, expr }) =>
    vectorSelectors(expr).map((selector) => ({
      ...selector,
      metric: histogramBase(selector.name, histograms),
      file,
      where,
    })),
  );
}

/**
 * The apps a use's `service` matcher selects; all of them without one. A matcher on a Grafana
 * variable (`$service`) selects what the viewer picks: all of them too.
 */
export function servicesSelected(use: VectorSelector): MonitoredService[] {
  const matchers = use.matchers.filter(
    (matcher) => matcher.label === SERVICE_LABEL && !matcher.value.includes('$'),
  );
  return MONITORED_SERVICES.filter((service) =>
    matchers.every((matcher) => matcherSelects(matcher, service)),
  );
}

/** Whether a use's matchers pin the services (a literal `service` matcher). */
export function pinsServices(use: VectorSelector): boolean {
  return use.matchers.some((matcher) => matcher.label === SERVICE_LABEL && !matcher.value.includes('$'));
}

// ---------------------------------------------------------------------------------------------
// Prometheus's text exposition format
// ---------------------------------------------------------------------------------------------

/** The `# TYPE <name> <type>` lines of a scrape (prom-client prints them for metrics without samples). */
export function exposedTypes(text: string): Map<string, MetricType> {
  const types = new Map<string, MetricType>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)\s*$/gm)) {
    types.set(match[1], match[2] as MetricType);
  }
  return types;
}

/** The series names those metrics are queried by: a histogram's _bucket, _sum and _count, etc. */
export function exposedSeriesNames(types: ReadonlyMap<string, MetricType>): Set<string> {
  const names = new Set<string>();
  for (const [name, type] of types) {
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

/** The values a label takes in a scrape's samples of one metric. */
export function sampleLabelValues(text: string, metric: string, label: string): Set<string> {
  const values = new Set<string>();
  const line = new RegExp(`^${metric.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\{([^}]*)\\}`, 'gm');
  for (const match of text.matchAll(line)) {
    const found = new RegExp(`(?:^|,)${label}="((?:[^"\\\\]|\\\\.)*)"`).exec(match[1]);
    if (found) values.add(found[1]);
  }
  return values;
}
