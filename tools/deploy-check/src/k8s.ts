import { readdirSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { readRepoFile, repoFileExists, repoPath } from './repo';

export const K8S_DIR = 'k8s';
export const SECRET_TEMPLATE_FILE = 'secret.example.yaml';
export const KUSTOMIZATION_FILE = 'kustomization.yaml';
/**
 * Where every app's pod serves /metrics in k8s/ (METRICS_PORT), on the container port named
 * `metrics`: off the app's own port, so only Prometheus is let in to it (network-policies.yaml).
 */
export const POD_METRICS_PORT = 9464;
export const METRICS_PORT_NAME = 'metrics';

export interface Metadata {
  name: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: Metadata;
  /** The file it came from, relative to k8s/. */
  file: string;
}

export interface HttpGetProbe {
  httpGet?: { path?: string; port?: number | string };
  periodSeconds?: number;
  timeoutSeconds?: number;
  failureThreshold?: number;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
  };
}

export interface EnvFromSource {
  prefix?: string;
  configMapRef?: { name: string; optional?: boolean };
  secretRef?: { name: string; optional?: boolean };
}

export type Quantities = Partial<Record<'cpu' | 'memory', string | number>>;

export interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  ports?: Array<{ name?: string; containerPort: number; protocol?: string }>;
  env?: EnvVar[];
  envFrom?: EnvFromSource[];
  readinessProbe?: HttpGetProbe;
  livenessProbe?: HttpGetProbe;
  startupProbe?: HttpGetProbe;
  resources?: { requests?: Quantities; limits?: Quantities };
  lifecycle?: { preStop?: { exec?: { command?: string[] }; sleep?: { seconds: number } } };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    runAsNonRoot?: boolean;
  };
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  restartPolicy?: string;
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; runAsGroup?: number };
}

export interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: PodSpec;
}

export interface Deployment extends Manifest {
  kind: 'Deployment';
  spec: {
    replicas?: number;
    selector: { matchLabels?: Record<string, string> };
    strategy?: {
      type?: string;
      rollingUpdate?: { maxUnavailable?: number | string; maxSurge?: number | string };
    };
    template: PodTemplate;
  };
}

export interface Job extends Manifest {
  kind: 'Job';
  spec: { backoffLimit?: number; template: PodTemplate };
}

export interface Service extends Manifest {
  kind: 'Service';
  spec: {
    type?: string;
    selector?: Record<string, string>;
    ports: Array<{ name?: string; port: number; targetPort?: number | string; protocol?: string }>;
  };
}

export interface ConfigMap extends Manifest {
  kind: 'ConfigMap';
  data?: Record<string, string>;
}

export interface Secret extends Manifest {
  kind: 'Secret';
  stringData?: Record<string, string>;
  data?: Record<string, string>;
}

export interface HorizontalPodAutoscaler extends Manifest {
  kind: 'HorizontalPodAutoscaler';
  spec: {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicas?: number;
    maxReplicas: number;
    metrics?: Array<{
      type: string;
      resource?: { name: string; target: { type: string; averageUtilization?: number } };
    }>;
    behavior?: ScalingBehavior;
  };
}

export interface IngressBackend {
  service?: { name: string; port: { number?: number; name?: string } };
}

export interface Ingress extends Manifest {
  kind: 'Ingress';
  spec: {
    ingressClassName?: string;
    defaultBackend?: IngressBackend;
    tls?: Array<{ hosts?: string[]; secretName?: string }>;
    rules?: Array<{
      host?: string;
      http?: { paths: Array<{ path?: string; pathType?: string; backend: IngressBackend }> };
    }>;
  };
}

export interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  components?: string[];
  patches?: Array<{ path?: string; patch?: string; target?: Record<string, string> }>;
  images?: Array<{ name: string; newName?: string; newTag?: string; digest?: string }>;
}

/** A Kubernetes label selector: every matchLabels pair and every expression must hold. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }>;
}

export interface NetworkPolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}

export interface NetworkPolicyPort {
  port?: number | string;
  endPort?: number;
  protocol?: string;
}

export interface NetworkPolicyRule {
  from?: NetworkPolicyPeer[];
  to?: NetworkPolicyPeer[];
  ports?: NetworkPolicyPort[];
}

export interface NetworkPolicy extends Manifest {
  kind: 'NetworkPolicy';
  spec: {
    podSelector: LabelSelector;
    policyTypes?: Array<'Ingress' | 'Egress'>;
    ingress?: NetworkPolicyRule[];
    egress?: NetworkPolicyRule[];
  };
}

/** An HPA's scaling behaviour (autoscaling/v2), which KEDA passes on as it is. */
export interface ScalingBehavior {
  scaleUp?: unknown;
  scaleDown?: unknown;
}

export interface ScaledObjectTrigger {
  type: string;
  name?: string;
  metricType?: string;
  metadata: Record<string, string>;
  authenticationRef?: { name: string; kind?: string };
}

/** KEDA's ScaledObject (keda.sh/v1alpha1). */
export interface ScaledObject extends Manifest {
  kind: 'ScaledObject';
  spec: {
    scaleTargetRef: { apiVersion?: string; kind?: string; name: string };
    minReplicaCount?: number;
    maxReplicaCount?: number;
    pollingInterval?: number;
    cooldownPeriod?: number;
    advanced?: { horizontalPodAutoscalerConfig?: { name?: string; behavior?: ScalingBehavior } };
    triggers: ScaledObjectTrigger[];
  };
}

export interface TriggerAuthentication extends Manifest {
  kind: 'TriggerAuthentication';
  spec: { secretTargetRef?: Array<{ parameter: string; name: string; key: string }> };
}

/** All *.yaml files in k8s/, sorted. */
export function k8sFiles(): string[] {
  return readdirSync(repoPath(K8S_DIR))
    .filter((file) => /\.ya?ml$/.test(file))
    .sort();
}

/** Every document of one file in k8s/; YAML errors fail loudly. */
export function loadK8sFile(file: string): Manifest[] {
  const text = readRepoFile(`${K8S_DIR}/${file}`);
  return parseAllDocuments(text).flatMap((document) => {
    if (document.errors.length > 0) {
      throw new Error(`${K8S_DIR}/${file}: ${document.errors.map((error) => error.message).join('; ')}`);
    }
    const value: unknown = document.toJS();
    if (value === null || value === undefined) return [];
    return [{ ...(value as Omit<Manifest, 'file'>), file }];
  });
}

export interface ManifestSet {
  all: Manifest[];
  deployments: Deployment[];
  services: Service[];
  configMaps: ConfigMap[];
  secrets: Secret[];
  jobs: Job[];
  hpas: HorizontalPodAutoscaler[];
  ingresses: Ingress[];
  networkPolicies: NetworkPolicy[];
}

/** Every resource in k8s/ (the Secret template included, the kustomization excluded). */
export function loadManifests(): ManifestSet {
  const all = k8sFiles()
    .filter((file) => file !== KUSTOMIZATION_FILE)
    .flatMap(loadK8sFile);
  const ofKind = <T extends Manifest>(kind: string) =>
    all.filter((manifest): manifest is T => manifest.kind === kind);
  return {
    all,
    deployments: ofKind<Deployment>('Deployment'),
    services: ofKind<Service>('Service'),
    configMaps: ofKind<ConfigMap>('ConfigMap'),
    secrets: ofKind<Secret>('Secret'),
    jobs: ofKind<Job>('Job'),
    hpas: ofKind<HorizontalPodAutoscaler>('HorizontalPodAutoscaler'),
    ingresses: ofKind<Ingress>('Ingress'),
    networkPolicies: ofKind<NetworkPolicy>('NetworkPolicy'),
  };
}

export function loadKustomization(dir = ''): Kustomization {
  const file = dir === '' ? KUSTOMIZATION_FILE : `${dir}/${KUSTOMIZATION_FILE}`;
  const [document] = parseAllDocuments(readRepoFile(`${K8S_DIR}/${file}`));
  return document.toJS() as Kustomization;
}

/** A kustomize Component under k8s/: what it adds, and which of the base's resources it deletes. */
export interface Component {
  /** Relative to k8s/, e.g. "keda/redis". */
  dir: string;
  kustomization: Kustomization;
  /** The documents of the files it lists as resources. */
  manifests: Manifest[];
  /** `$patch: delete` patches, as kind/name. */
  deletes: Array<{ kind: string; name: string }>;
}

/** Every directory under k8s/ whose kustomization is a Component, sorted (relative to k8s/). */
export function componentDirs(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(repoPath(`${K8S_DIR}/${dir}`), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const child = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (repoFileExists(`${K8S_DIR}/${child}/${KUSTOMIZATION_FILE}`)) {
        if (loadKustomization(child).kind === 'Component') found.push(child);
      }
      walk(child);
    }
  };
  walk('');
  return found.sort();
}

/** The *.yaml files directly in a directory under k8s/, relative to k8s/. */
export function k8sFilesIn(dir: string): string[] {
  return readdirSync(repoPath(`${K8S_DIR}/${dir}`))
    .filter((file) => /\.ya?ml$/.test(file))
    .map((file) => `${dir}/${file}`)
    .sort();
}

export function loadComponent(dir: string): Component {
  const kustomization = loadKustomization(dir);
  const manifests = (kustomization.resources ?? []).flatMap((resource) => loadK8sFile(`${dir}/${resource}`));
  const deletes = (kustomization.patches ?? []).flatMap((entry) => {
    const text = entry.patch ?? (entry.path ? readRepoFile(`${K8S_DIR}/${dir}/${entry.path}`) : '');
    return parseAllDocuments(text)
      .map((document) => document.toJS() as (Partial<Manifest> & { $patch?: string }) | null)
      .filter((patch) => patch?.$patch === 'delete')
      .map((patch) => ({ kind: String(patch?.kind), name: String(patch?.metadata?.name) }));
  });
  return { dir, kustomization, manifests, deletes };
}

/** Whether a label selector selects these labels (an empty selector selects everything). */
export function selectorMatches(
  selector: LabelSelector | undefined,
  labels: Record<string, string> = {},
): boolean {
  const pairs = Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const expressions = (selector?.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key]);
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key]);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
    }
  });
  return pairs && expressions;
}

/** A policy applies to ingress when it lists Ingress, or lists no types at all (the API's default). */
export function policyCoversIngress(policy: NetworkPolicy): boolean {
  return (policy.spec.policyTypes ?? ['Ingress']).includes('Ingress');
}

/** Whether a policy port entry covers a container port (by number, or by its name on the pod). */
export function policyPortCovers(
  entry: NetworkPolicyPort,
  containerPort: number,
  containers: Container[],
): boolean {
  if (entry.port === undefined) return true;
  if (typeof entry.port === 'number') {
    return entry.endPort === undefined
      ? entry.port === containerPort
      : containerPort >= entry.port && containerPort <= entry.endPort;
  }
  return containers.some((container) =>
    (container.ports ?? []).some((port) => port.name === entry.port && port.containerPort === containerPort),
  );
}

/**
 * Who may connect to one port of a pod with these labels and containers, as the API defines it: the
 * peers of every ingress rule, of every policy selecting the pod, whose ports cover that port. `any`
 * stands for a rule without peers (everyone). isolated is false when no policy selects the pod for
 * ingress (then everyone may connect, and peers is empty).
 */
export function ingressPeers(
  policies: NetworkPolicy[],
  labels: Record<string, string> | undefined,
  containers: Container[],
  containerPort: number,
): { isolated: boolean; peers: Array<NetworkPolicyPeer | 'any'> } {
  const applying = policies.filter(
    (policy) => policyCoversIngress(policy) && selectorMatches(policy.spec.podSelector, labels),
  );
  const peers = applying.flatMap((policy) =>
    (policy.spec.ingress ?? [])
      .filter(
        (rule) =>
          (rule.ports ?? []).length === 0 ||
          (rule.ports ?? []).some((entry) => policyPortCovers(entry, containerPort, containers)),
      )
      .flatMap((rule): Array<NetworkPolicyPeer | 'any'> =>
        (rule.from ?? []).length === 0 ? ['any'] : (rule.from ?? []),
      ),
  );
  return { isolated: applying.length > 0, peers };
}

export function secretValues(secret: Secret): Record<string, string> {
  const decoded = Object.fromEntries(
    Object.entries(secret.data ?? {}).map(([key, value]) => [
      key,
      Buffer.from(value, 'base64').toString('utf8'),
    ]),
  );
  // stringData wins over data, as the API server merges them.
  return { ...decoded, ...(secret.stringData ?? {}) };
}

export interface ResolvedEnvironment {
  env: Record<string, string>;
  /** Where each variable came from, e.g. "ConfigMap council-common". */
  origin: Record<string, string>;
  /** Variables set by more than one source (the later one wins, env over envFrom). */
  duplicates: string[];
}

/**
 * The environment Kubernetes gives a container: envFrom sources in order, then `env` (which wins).
 * A reference to a ConfigMap, Secret or key that is not in k8s/ throws, unless marked optional.
 */
export function containerEnvironment(container: Container, manifests: ManifestSet): ResolvedEnvironment {
  const result: ResolvedEnvironment = { env: {}, origin: {}, duplicates: [] };
  const set = (key: string, value: string, origin: string) => {
    if (key in result.env) result.duplicates.push(`${key} (${result.origin[key]} and ${origin})`);
    result.env[key] = value;
    result.origin[key] = origin;
  };
  const configMap = (name: string) =>
    manifests.configMaps.find((candidate) => candidate.metadata.name === name);
  const secret = (name: string) => manifests.secrets.find((candidate) => candidate.metadata.name === name);

  for (const source of container.envFrom ?? []) {
    const prefix = source.prefix ?? '';
    if (source.configMapRef) {
      const found = configMap(source.configMapRef.name);
      if (!found && !source.configMapRef.optional)
        throw new Error(`ConfigMap ${source.configMapRef.name} is not in k8s/`);
      for (const [key, value] of Object.entries(found?.data ?? {})) {
        set(prefix + key, String(value), `ConfigMap ${source.configMapRef.name}`);
      }
    }
    if (source.secretRef) {
      const found = secret(source.secretRef.name);
      if (!found && !source.secretRef.optional)
        throw new Error(`Secret ${source.secretRef.name} is not in k8s/`);
      for (const [key, value] of Object.entries(found ? secretValues(found) : {})) {
        set(prefix + key, String(value), `Secret ${source.secretRef.name}`);
      }
    }
  }
  for (const variable of container.env ?? []) {
    const secretRef = variable.valueFrom?.secretKeyRef;
    const configMapRef = variable.valueFrom?.configMapKeyRef;
    if (secretRef) {
      const value = secret(secretRef.name) && secretValues(secret(secretRef.name) as Secret)[secretRef.key];
      if (value === undefined && !secretRef.optional) {
        throw new Error(`${variable.name}: Secret ${secretRef.name} has no key ${secretRef.key} in k8s/`);
      }
      if (value !== undefined) set(variable.name, value, `Secret ${secretRef.name}/${secretRef.key}`);
    } else if (configMapRef) {
      const value = configMap(configMapRef.name)?.data?.[configMapRef.key];
      if (value === undefined && !configMapRef.optional) {
        throw new Error(
          `${variable.name}: ConfigMap ${configMapRef.name} has no key ${configMapRef.key} in k8s/`,
        );
      }
      if (value !== undefined)
        set(variable.name, String(value), `ConfigMap ${configMapRef.name}/${configMapRef.key}`);
    } else {
      set(variable.name, variable.value ?? '', 'container env');
    }
  }
  return result;
}

/** A probe's or Service's port (a number or a container port name) as a number. */
export function resolvePort(port: number | string | undefined, container: Container): number | undefined {
  if (typeof port === 'number') return port;
  if (port === undefined) return undefined;
  if (/^\d+$/.test(port)) return Number(port);
  return container.ports?.find((candidate) => candidate.name === port)?.containerPort;
}

/** Kubernetes quantities: "250m" / "1" / "0.5" CPUs, "256Mi" / "1Gi" / "500M" bytes. */
export function parseQuantity(quantity: string | number): number {
  if (typeof quantity === 'number') return quantity;
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(quantity);
  if (!match) throw new Error(`not a quantity: "${quantity}"`);
  const factor: Record<string, number> = {
    m: 0.001,
    k: 1e3,
    M: 1e6,
    G: 1e9,
    T: 1e12,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
  };
  return Number(match[1]) * (match[2] ? factor[match[2]] : 1);
}

/** "council:latest" -> { name: "council", tag: "latest" } (registry ports are not tags). */
export function splitImage(image: string): { name: string; tag?: string } {
  const at = image.indexOf('@');
  const withoutDigest = at === -1 ? image : image.slice(0, at);
  const colon = withoutDigest.lastIndexOf(':');
  if (colon === -1 || withoutDigest.slice(colon).includes('/')) return { name: withoutDigest };
  return { name: withoutDigest.slice(0, colon), tag: withoutDigest.slice(colon + 1) };
}
