// k8s/: a Deployment and a Service per app, the migration Job, HPAs for the workers, the Ingress,
// NetworkPolicies, the config and secret template, and a kustomization that applies all but the
// template. The KEDA components in k8s/keda/ are checked by keda.spec.ts, the NetworkPolicies by
// network-policies.spec.ts.
import {
  MIGRATE_COMMAND,
  MIN_GRACE_SECONDS,
  type Scaling,
  SEED_COMMAND,
  SERVER_APPS,
  SHUTDOWN_SECONDS,
} from '../src/apps';
import {
  type Container,
  containerEnvironment,
  type Deployment,
  k8sFiles,
  KUSTOMIZATION_FILE,
  loadKustomization,
  loadManifests,
  type Manifest,
  METRICS_PORT_NAME,
  parseQuantity,
  POD_METRICS_PORT,
  type PodTemplate,
  resolvePort,
  SECRET_TEMPLATE_FILE,
  secretValues,
  splitImage,
} from '../src/k8s';
import { readRepoFile } from '../src/repo';

const manifests = loadManifests();
const SCALING_TITLES: Record<Scaling, string> = {
  autoscaled: 'is scaled by an HPA, so it sets no replica count',
  replicated: 'runs more than one replica',
  single: 'runs exactly one replica on purpose, replaced surge-first',
};
const appCases = SERVER_APPS.map((app) => [app.name, app] as const);
const deploymentOf = (name: string) =>
  manifests.deployments.find((deployment) => deployment.metadata.name === `council-${name}`);
const serviceOf = (name: string) =>
  manifests.services.find((service) => service.metadata.name === `council-${name}`);
const containerOf = (template: PodTemplate): Container => template.spec.containers[0];
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  selector !== undefined &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => labels?.[key] === value);
const workloads = () => [...manifests.deployments, ...manifests.jobs];

/** Seconds a preStop hook holds the pod before SIGTERM. */
function preStopSeconds(container: Container): number {
  const preStop = container.lifecycle?.preStop;
  if (preStop?.sleep) return preStop.sleep.seconds;
  const command = preStop?.exec?.command ?? [];
  const sleep = /(?:^|\s)sleep\s+(\d+)/.exec(command.join(' '));
  return sleep ? Number(sleep[1]) : 0;
}

describe('k8s manifests', () => {
  it('parse, and every resource has a name and no namespace (the files are namespace-agnostic)', () => {
    expect(manifests.all.length).toBeGreaterThan(0);
    for (const manifest of manifests.all) {
      expect({ file: manifest.file, name: manifest.metadata?.name }).toEqual({
        file: manifest.file,
        name: expect.any(String),
      });
      expect({
        file: manifest.file,
        namespace: (manifest.metadata as { namespace?: string }).namespace,
      }).toEqual({
        file: manifest.file,
        namespace: undefined,
      });
    }
    const ids = manifests.all.map((manifest) => `${manifest.kind}/${manifest.metadata.name}`);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('the kustomization lists every manifest file except the Secret template', () => {
    const kustomization = loadKustomization();
    const expected = k8sFiles().filter(
      (file) => file !== KUSTOMIZATION_FILE && file !== SECRET_TEMPLATE_FILE,
    );
    expect([...(kustomization.resources ?? [])].sort()).toEqual(expected);
    expect(kustomization.resources).not.toContain(SECRET_TEMPLATE_FILE);
  });

  it('the Secret template is clearly a template: a TEMPLATE header and only placeholder or empty values', () => {
    const text = readRepoFile(`k8s/${SECRET_TEMPLATE_FILE}`);
    expect(text.split('\n')[0]).toMatch(/TEMPLATE/);
    const templateSecrets = manifests.secrets.filter((secret) => secret.file === SECRET_TEMPLATE_FILE);
    expect(templateSecrets.length).toBe(manifests.secrets.length);
    for (const secret of templateSecrets) {
      for (const [key, value] of Object.entries(secretValues(secret))) {
        if (value !== '')
          expect({ key, value }).toEqual({ key, value: expect.stringContaining('REPLACE_ME') });
      }
    }
  });

  it('ConfigMaps hold no secrets (connection strings, keys, passwords go in Secrets)', () => {
    for (const configMap of manifests.configMaps) {
      const secretish = Object.keys(configMap.data ?? {}).filter((key) =>
        /SECRET|PASSWORD|_KEY$|TOKEN|^DATABASE_URL$|^REDIS_URL$/.test(key),
      );
      expect({ configMap: configMap.metadata.name, secretish }).toEqual({
        configMap: configMap.metadata.name,
        secretish: [],
      });
    }
  });

  it('every workload uses one image, whose name the kustomization can retag', () => {
    const images = workloads().flatMap((workload) =>
      [...(workload.spec.template.spec.initContainers ?? []), ...workload.spec.template.spec.containers].map(
        (container) => container.image,
      ),
    );
    expect(new Set(images).size).toBe(1);
    const kustomization = loadKustomization();
    expect(kustomization.images?.map((image) => image.name)).toEqual([splitImage(images[0]).name]);
  });

  it('Deployments and Services pair up one to one with the apps', () => {
    expect(manifests.deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(
      SERVER_APPS.map((app) => `council-${app.name}`).sort(),
    );
    expect(manifests.services.map((service) => service.metadata.name).sort()).toEqual(
      SERVER_APPS.map((app) => `council-${app.name}`).sort(),
    );
  });

  describe.each(appCases)('%s', (name, app) => {
    const deployment = deploymentOf(name) as Deployment;
    const container = () => containerOf(deployment.spec.template);

    it('has a Deployment running the app command in a single container', () => {
      expect(deployment).toBeDefined();
      expect(deployment.apiVersion).toBe('apps/v1');
      expect(deployment.spec.template.spec.containers).toHaveLength(1);
      expect([...(container().command ?? []), ...(container().args ?? [])]).toEqual(app.command);
    });

    it('starts only once the database has every migration of its image (an init container waits)', () => {
      const init = deployment.spec.template.spec.initContainers ?? [];
      expect(init).toHaveLength(1);
      const waiter = init[0] as Container;
      const words = [...(waiter.command ?? []), ...(waiter.args ?? [])].join(' ');
      expect(words).toMatch(new RegExp(`^${MIGRATE_COMMAND} --wait [1-9]\\d*$`));
      expect(waiter.image).toBe(container().image);
      expect(containerEnvironment(waiter, manifests).env.DATABASE_URL).toBe(
        containerEnvironment(container(), manifests).env.DATABASE_URL,
      );
      expect(waiter.securityContext?.allowPrivilegeEscalation).toBe(false);
      expect(waiter.resources?.limits?.memory).toBeDefined();
    });

    it('selects its own pods, and only them', () => {
      const labels = deployment.spec.template.metadata?.labels;
      expect(matches(deployment.spec.selector.matchLabels, labels)).toBe(true);
      for (const other of manifests.deployments.filter((candidate) => candidate !== deployment)) {
        expect(matches(deployment.spec.selector.matchLabels, other.spec.template.metadata?.labels)).toBe(
          false,
        );
      }
    });

    it(`exposes its default port ${app.defaultPort} as the container port named http, and sets PORT to it`, () => {
      expect(container().ports).toEqual([
        expect.objectContaining({ name: 'http', containerPort: app.defaultPort }),
        expect.objectContaining({ name: METRICS_PORT_NAME, containerPort: POD_METRICS_PORT }),
      ]);
      const env = containerEnvironment(container(), manifests).env;
      expect(Number(env.PORT ?? app.defaultPort)).toBe(app.defaultPort);
    });

    it(`probes ${app.healthPath} on that port (readiness, liveness, and startup if present)`, () => {
      const probes = { readiness: container().readinessProbe, liveness: container().livenessProbe };
      expect(probes.readiness?.httpGet).toBeDefined();
      expect(probes.liveness?.httpGet).toBeDefined();
      for (const probe of [probes.readiness, probes.liveness, container().startupProbe].filter(Boolean)) {
        expect(probe?.httpGet?.path).toBe(app.healthPath);
        expect(resolvePort(probe?.httpGet?.port, container())).toBe(app.defaultPort);
      }
      // Liveness restarts pods; it must be more patient than readiness.
      const budget = (probe: typeof probes.readiness) =>
        (probe?.periodSeconds ?? 10) * (probe?.failureThreshold ?? 3);
      expect(budget(probes.liveness)).toBeGreaterThan(budget(probes.readiness));
    });

    it(`serves /metrics on a port of its own, ${POD_METRICS_PORT} (METRICS_PORT), and is scraped there`, () => {
      const annotations = deployment.spec.template.metadata?.annotations ?? {};
      expect(annotations['prometheus.io/scrape']).toBe('true');
      expect(Number(annotations['prometheus.io/port'])).toBe(POD_METRICS_PORT);
      expect(annotations['prometheus.io/path']).toBe(app.metricsPath);
      const env = containerEnvironment(container(), manifests).env;
      expect(Number(env.METRICS_PORT)).toBe(POD_METRICS_PORT);
      expect(resolvePort(METRICS_PORT_NAME, container())).toBe(POD_METRICS_PORT);
      expect(POD_METRICS_PORT).not.toBe(app.defaultPort);
      // The gateway's is the port compose gives it too.
      if (app.metricsPort !== app.defaultPort) expect(app.metricsPort).toBe(POD_METRICS_PORT);
    });

    it('keeps its metrics port off its Service (Prometheus scrapes the pods)', () => {
      const service = manifests.services.find((candidate) => candidate.metadata.name === `council-${name}`);
      expect(service).toBeDefined();
      for (const port of service?.spec.ports ?? []) {
        expect(resolvePort(port.targetPort ?? port.port, container())).not.toBe(POD_METRICS_PORT);
      }
    });

    it('sets CPU and memory requests and limits, requests within limits', () => {
      const { requests, limits } = container().resources ?? {};
      for (const resource of ['cpu', 'memory'] as const) {
        expect(requests?.[resource]).toBeDefined();
        expect(limits?.[resource]).toBeDefined();
        expect(parseQuantity(requests?.[resource] ?? 0)).toBeLessThanOrEqual(
          parseQuantity(limits?.[resource] ?? 0),
        );
      }
    });

    it(`waits long enough for the ${SHUTDOWN_SECONDS} s drain (plus any preStop pause) before killing`, () => {
      const grace = deployment.spec.template.spec.terminationGracePeriodSeconds ?? 30;
      expect(grace).toBeGreaterThanOrEqual(MIN_GRACE_SECONDS + preStopSeconds(container()));
    });

    it('runs as the image user node (uid 1000), not root', () => {
      const pod = deployment.spec.template.spec.securityContext;
      expect(pod?.runAsNonRoot).toBe(true);
      expect(pod?.runAsUser).toBe(1000);
      expect(container().securityContext?.allowPrivilegeEscalation).toBe(false);
    });

    it(SCALING_TITLES[app.scaling], () => {
      switch (app.scaling) {
        case 'autoscaled':
          expect(deployment.spec.replicas).toBeUndefined();
          break;
        case 'replicated':
          expect(deployment.spec.replicas ?? 1).toBeGreaterThanOrEqual(2);
          break;
        case 'single':
          expect(deployment.spec.replicas).toBe(1);
          // The new pod is ready before the old one stops: no moment without a replica.
          expect(deployment.spec.strategy?.type ?? 'RollingUpdate').toBe('RollingUpdate');
          expect(deployment.spec.strategy?.rollingUpdate).toMatchObject({ maxUnavailable: 0, maxSurge: 1 });
          break;
      }
    });

    it('has a Service that selects its pods on the app port', () => {
      const service = serviceOf(name);
      expect(service?.apiVersion).toBe('v1');
      expect(matches(service?.spec.selector, deployment.spec.template.metadata?.labels)).toBe(true);
      const selected = manifests.deployments.filter((candidate) =>
        matches(service?.spec.selector, candidate.spec.template.metadata?.labels),
      );
      expect(selected).toEqual([deployment]);
      expect(service?.spec.ports).toHaveLength(1);
      const [port] = service?.spec.ports ?? [];
      expect(port.port).toBe(app.defaultPort);
      expect(resolvePort(port.targetPort ?? port.port, container())).toBe(app.defaultPort);
    });
  });

  describe('billing', () => {
    it('keeps one pod through voluntary disruptions (a PodDisruptionBudget over its pods)', () => {
      const budgets = manifests.all.filter((manifest) => manifest.kind === 'PodDisruptionBudget') as Array<
        Manifest & { spec: { minAvailable?: number; selector: { matchLabels?: Record<string, string> } } }
      >;
      const billing = deploymentOf('billing') as Deployment;
      const own = budgets.filter((budget) =>
        matches(budget.spec.selector.matchLabels, billing.spec.template.metadata?.labels),
      );
      expect(own).toHaveLength(1);
      expect(own[0].spec.minAvailable).toBeGreaterThanOrEqual(1);
      expect(own[0].spec.minAvailable).toBeLessThan(billing.spec.replicas ?? 1);
    });

    it.each(['gateway', 'consensus-worker', 'provider-worker'])(
      'is called by the %s through its Service, on the port billing listens on, with its secret',
      (caller) => {
        const { env, origin } = containerEnvironment(
          containerOf((deploymentOf(caller) as Deployment).spec.template),
          manifests,
        );
        const target = new URL(env.BILLING_URL);
        const service = serviceOf('billing');
        expect(target.hostname).toBe(service?.metadata.name);
        expect(service?.spec.ports.map((port) => port.port)).toContain(Number(target.port));
        // The bearer token comes from a Secret (the template's placeholders say which value).
        expect(origin.BILLING_RPC_SECRET).toMatch(/^Secret /);
      },
    );
  });

  describe('migration Job', () => {
    const [job] = manifests.jobs;

    it('is the only Job: it migrates, then seeds, with the app image and never restarts in place', () => {
      expect(manifests.jobs).toHaveLength(1);
      expect(job.apiVersion).toBe('batch/v1');
      const container = containerOf(job.spec.template);
      const words = [...(container.command ?? []), ...(container.args ?? [])];
      const script = words[0] === 'sh' || words[0] === '/bin/sh' ? words.slice(2).join(' ') : words.join(' ');
      expect(script.split('&&').map((step) => step.trim())).toEqual([MIGRATE_COMMAND, SEED_COMMAND]);
      expect(['Never', 'OnFailure']).toContain(job.spec.template.spec.restartPolicy);
      expect(job.spec.backoffLimit).toBeGreaterThanOrEqual(1);
      expect(job.spec.template.spec.securityContext?.runAsNonRoot).toBe(true);
    });

    it('migrates the database the apps use', () => {
      const jobEnv = containerEnvironment(containerOf(job.spec.template), manifests).env;
      expect(jobEnv.DATABASE_URL).toMatch(/^postgres(ql)?:\/\//);
      for (const app of SERVER_APPS) {
        const appEnv = containerEnvironment(
          containerOf((deploymentOf(app.name) as Deployment).spec.template),
          manifests,
        ).env;
        expect({ app: app.name, url: appEnv.DATABASE_URL }).toEqual({
          app: app.name,
          url: jobEnv.DATABASE_URL,
        });
      }
    });
  });

  describe('HorizontalPodAutoscalers', () => {
    it('exist for exactly the queue-scaled workers (autoscaling/v2) and target their Deployments', () => {
      const targets = manifests.hpas.map((hpa) => {
        expect(hpa.apiVersion).toBe('autoscaling/v2');
        expect(hpa.spec.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
        expect(manifests.deployments.map((deployment) => deployment.metadata.name)).toContain(
          hpa.spec.scaleTargetRef.name,
        );
        return hpa.spec.scaleTargetRef.name;
      });
      expect(targets.sort()).toEqual(
        SERVER_APPS.filter((app) => app.scaling === 'autoscaled')
          .map((app) => `council-${app.name}`)
          .sort(),
      );
    });

    it('scale on CPU (which needs CPU requests on the target) between sane bounds', () => {
      for (const hpa of manifests.hpas) {
        const cpu = hpa.spec.metrics?.find(
          (metric) => metric.type === 'Resource' && metric.resource?.name === 'cpu',
        );
        expect(cpu?.resource?.target).toMatchObject({
          type: 'Utilization',
          averageUtilization: expect.any(Number),
        });
        expect(hpa.spec.minReplicas ?? 1).toBeGreaterThanOrEqual(1);
        expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas ?? 1);
        const target = manifests.deployments.find(
          (deployment) => deployment.metadata.name === hpa.spec.scaleTargetRef.name,
        );
        expect(containerOf((target as Deployment).spec.template).resources?.requests?.cpu).toBeDefined();
      }
    });

    it('point to the KEDA components for scaling on queue depth, and document the gauge without KEDA', () => {
      const text = readRepoFile('k8s/hpa.yaml');
      expect(text).toContain('keda/');
      expect(text).toMatch(/type: External[\s\S]*council_queue_jobs|council_queue_jobs[\s\S]*type: External/);
    });
  });

  describe('Ingress', () => {
    const gateway = SERVER_APPS.find((app) => app.name === 'gateway');
    const gatewayService = serviceOf('gateway');
    const main = manifests.ingresses.find((ingress) =>
      ingress.spec.rules?.some((rule) => rule.http?.paths.some((path) => path.path === '/')),
    );

    it('sends / to the gateway Service on its port, through ingress-nginx', () => {
      expect(main).toBeDefined();
      expect(main?.apiVersion).toBe('networking.k8s.io/v1');
      expect(main?.spec.ingressClassName).toBe('nginx');
      const root = main?.spec.rules
        ?.flatMap((rule) => rule.http?.paths ?? [])
        .find((path) => path.path === '/');
      expect(root?.pathType).toBe('Prefix');
      expect(root?.backend.service?.name).toBe(gatewayService?.metadata.name);
    });

    it('every backend of every Ingress is an existing Service port, and only the gateway is public', () => {
      for (const ingress of manifests.ingresses) {
        const backends = [
          ...(ingress.spec.defaultBackend ? [ingress.spec.defaultBackend] : []),
          ...(ingress.spec.rules ?? []).flatMap((rule) =>
            (rule.http?.paths ?? []).map((path) => path.backend),
          ),
        ];
        for (const backend of backends) {
          expect(backend.service?.name).toBe(gatewayService?.metadata.name);
          const port = gatewayService?.spec.ports.find((candidate) =>
            backend.service?.port.name !== undefined
              ? candidate.name === backend.service.port.name
              : candidate.port === backend.service?.port.number,
          );
          expect(port?.port).toBe(gateway?.defaultPort);
        }
      }
    });

    it('keeps each Socket.IO client on one gateway pod (cookie affinity) and WebSockets open', () => {
      const annotations = main?.metadata.annotations ?? {};
      expect(annotations['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
      expect(annotations['nginx.ingress.kubernetes.io/session-cookie-name']).toEqual(expect.any(String));
      expect(annotations['nginx.ingress.kubernetes.io/affinity-mode']).toBe('persistent');
      for (const timeout of ['proxy-read-timeout', 'proxy-send-timeout']) {
        expect(Number(annotations[`nginx.ingress.kubernetes.io/${timeout}`])).toBeGreaterThanOrEqual(3600);
      }
    });

    it('is served on the origin the gateway and billing build links from (PUBLIC_URL)', () => {
      const hosts = new Set((main?.spec.rules ?? []).map((rule) => rule.host));
      expect(hosts.size).toBe(1);
      const tls = (main?.spec.tls ?? []).flatMap((entry) => entry.hosts ?? []);
      for (const name of ['gateway', 'billing']) {
        const env = containerEnvironment(
          containerOf((deploymentOf(name) as Deployment).spec.template),
          manifests,
        ).env;
        const url = new URL(env.PUBLIC_URL);
        expect(hosts.has(url.hostname)).toBe(true);
        expect(url.protocol).toBe(tls.includes(url.hostname) ? 'https:' : 'http:');
      }
    });
  });
});
