import { readdirSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { readRepoFile, repoPath } from './repo';

export const K8S_DIR = 'k8s';
export const SECRET_TEMPLATE_FILE = 'secret.example.yaml';
export const KUSTOMIZATION_FILE = 'kustomization.yaml';

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
  images?: Array<{ name: string; newName?: string; newTag?: string; digest?: string }>;
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
  };
}

export function loadKustomization(): Kustomization {
  const [document] = parseAllDocuments(readRepoFile(`${K8S_DIR}/${KUSTOMIZATION_FILE}`));
  return document.toJS() as Kustomization;
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
