// k8s/keda/: optional kustomize Components that scale the workers with KEDA on their BullMQ queues'
// depth, one per Redis topology, each swapping the workers' CPU HPAs for ScaledObjects. The default
// `kubectl apply -k k8s` must keep working on a cluster without KEDA.
import { DEFAULT_REDIS_PREFIX, QUEUES, queueHashTag, queuePrefix } from '@council/contracts';
import { SERVER_APPS } from '../src/apps';
import {
  componentDirs,
  containerEnvironment,
  type Deployment,
  k8sFilesIn,
  KUSTOMIZATION_FILE,
  loadComponent,
  loadK8sFile,
  loadKustomization,
  loadManifests,
  type ScaledObject,
  type Secret,
  secretValues,
  type TriggerAuthentication,
} from '../src/k8s';
import {
  bullListKey,
  consumedQueues,
  type RedisTriggerType,
  scaledObjectContext,
  scaledObjectProblems,
  sourceConsumedQueues,
} from '../src/keda';
import { readRepoFile } from '../src/repo';

const manifests = loadManifests();
const KEDA_SECRET_TEMPLATE = 'keda/secret.example.yaml';
const VARIANTS: Record<string, RedisTriggerType> = {
  'keda/redis': 'redis',
  'keda/redis-cluster': 'redis-cluster',
};
/** The TriggerAuthentication parameter that carries each variant's Redis address(es). */
const ADDRESS_PARAMETER: Record<RedisTriggerType, string> = {
  redis: 'address',
  'redis-cluster': 'addresses',
};
const variantCases = Object.entries(VARIANTS);
const autoscaled = SERVER_APPS.filter((app) => app.scaling === 'autoscaled').map(
  (app) => `council-${app.name}`,
);
const ofKind = <T>(component: ReturnType<typeof loadComponent>, kind: string) =>
  component.manifests.filter((manifest) => manifest.kind === kind) as T[];
const deploymentNamed = (name: string) =>
  manifests.deployments.find((deployment) => deployment.metadata.name === name) as Deployment;
/** ConfigMaps, the Secret template and the container env, as k8s.spec.ts resolves them. */
const envOf = (deployment: Deployment) =>
  containerEnvironment(deployment.spec.template.spec.containers[0], manifests).env;

describe('KEDA components (k8s/keda/)', () => {
  it('are exactly one Component per Redis topology', () => {
    // k8s/monitoring is a Component too (monitoring.spec.ts).
    expect(componentDirs().filter((dir) => dir.startsWith('keda/'))).toEqual(Object.keys(VARIANTS).sort());
  });

  it('stay out of the default kustomization, which holds nothing of KEDA', () => {
    expect(loadKustomization().components ?? []).toEqual([]);
    expect(manifests.all.filter((manifest) => manifest.apiVersion.startsWith('keda.sh/'))).toEqual([]);
  });

  it('a Secret template of their own holds KEDA’s Redis connection, listed by no kustomization', () => {
    const text = readRepoFile(`k8s/${KEDA_SECRET_TEMPLATE}`);
    expect(text.split('\n')[0]).toMatch(/TEMPLATE/);
    const secrets = loadK8sFile(KEDA_SECRET_TEMPLATE) as Secret[];
    expect(secrets.map((secret) => secret.kind)).toEqual(['Secret']);
    const values = secretValues(secrets[0]);
    for (const key of ['address', 'addresses', 'password']) {
      expect({ key, value: values[key] }).toEqual({ key, value: expect.stringContaining('REPLACE_ME') });
    }
    for (const dir of ['', ...componentDirs()]) {
      expect(loadKustomization(dir).resources ?? []).not.toContain(
        dir === '' ? KEDA_SECRET_TEMPLATE : '../secret.example.yaml',
      );
    }
    // Never among the apps' Secrets: they take every key of those as a variable.
    expect(manifests.secrets.map((secret) => secret.metadata.name)).not.toContain(secrets[0].metadata.name);
  });

  it('watch the same keys with the same thresholds in both topologies', () => {
    const shape = (dir: string) =>
      ofKind<ScaledObject>(loadComponent(dir), 'ScaledObject').map((scaledObject) => ({
        ...scaledObject,
        file: '',
        spec: {
          ...scaledObject.spec,
          triggers: scaledObject.spec.triggers.map((trigger) => ({
            ...trigger,
            type: trigger.type.replace(/-cluster$/, ''),
          })),
        },
      }));
    expect(shape('keda/redis-cluster')).toEqual(shape('keda/redis'));
  });

  describe.each(variantCases)('%s', (dir, triggerType) => {
    const component = loadComponent(dir);
    const scaledObjects = ofKind<ScaledObject>(component, 'ScaledObject');
    const authentications = ofKind<TriggerAuthentication>(component, 'TriggerAuthentication');
    const context = scaledObjectContext(
      manifests,
      triggerType,
      authentications.map((authentication) => authentication.metadata.name),
    );

    it('is a Component listing every file beside it except its kustomization', () => {
      expect(component.kustomization.apiVersion).toBe('kustomize.config.k8s.io/v1alpha1');
      expect(component.kustomization.kind).toBe('Component');
      expect((component.kustomization.resources ?? []).map((file) => `${dir}/${file}`).sort()).toEqual(
        k8sFilesIn(dir).filter((file) => file !== `${dir}/${KUSTOMIZATION_FILE}`),
      );
      for (const manifest of component.manifests) {
        expect((manifest.metadata as { namespace?: string }).namespace).toBeUndefined();
      }
    });

    it('scales each autoscaled worker with one ScaledObject and removes its HPA (one autoscaler each)', () => {
      expect(scaledObjects.map((scaledObject) => scaledObject.spec.scaleTargetRef.name).sort()).toEqual(
        [...autoscaled].sort(),
      );
      const deletedHpas = component.deletes
        .filter((entry) => entry.kind === 'HorizontalPodAutoscaler')
        .map((entry) => entry.name);
      expect(component.deletes.every((entry) => entry.kind === 'HorizontalPodAutoscaler')).toBe(true);
      for (const name of deletedHpas) {
        expect(manifests.hpas.map((hpa) => hpa.metadata.name)).toContain(name);
      }
      const remaining = manifests.hpas.filter((hpa) => !deletedHpas.includes(hpa.metadata.name));
      for (const deployment of manifests.deployments) {
        const autoscalers = [
          ...remaining.filter((hpa) => hpa.spec.scaleTargetRef.name === deployment.metadata.name),
          ...scaledObjects.filter(
            (scaledObject) => scaledObject.spec.scaleTargetRef.name === deployment.metadata.name,
          ),
        ];
        expect({ deployment: deployment.metadata.name, count: autoscalers.length }).toEqual({
          deployment: deployment.metadata.name,
          count: autoscaled.includes(deployment.metadata.name) ? 1 : 0,
        });
      }
    });

    it.each(autoscaled)(
      '%s: its ScaledObject passes every check (target, bounds, cooldown, keys)',
      (name) => {
        const scaledObject = scaledObjects.find((candidate) => candidate.spec.scaleTargetRef.name === name);
        expect(scaledObject?.apiVersion).toBe('keda.sh/v1alpha1');
        expect(scaledObjectProblems(scaledObject as ScaledObject, context)).toEqual([]);
      },
    );

    it.each(autoscaled)(
      '%s: keeps the HPA’s bounds, behaviour, CPU target and name (KEDA adopts it)',
      (name) => {
        const scaledObject = scaledObjects.find((candidate) => candidate.spec.scaleTargetRef.name === name);
        const hpa = manifests.hpas.find((candidate) => candidate.spec.scaleTargetRef.name === name);
        expect(scaledObject?.spec.minReplicaCount).toBe(hpa?.spec.minReplicas);
        expect(scaledObject?.spec.maxReplicaCount).toBe(hpa?.spec.maxReplicas);
        const config = scaledObject?.spec.advanced?.horizontalPodAutoscalerConfig;
        expect(config?.behavior).toEqual(hpa?.spec.behavior);
        expect(config?.name).toBe(hpa?.metadata.name);
        expect(scaledObject?.metadata.annotations?.['scaledobject.keda.sh/transfer-hpa-ownership']).toBe(
          'true',
        );
        // CPU stays as a floor, at the HPA's target (which needs the CPU request the Deployment sets).
        const cpu = hpa?.spec.metrics?.find((metric) => metric.resource?.name === 'cpu');
        const cpuTriggers = scaledObject?.spec.triggers.filter((trigger) => trigger.type === 'cpu') ?? [];
        expect(cpuTriggers).toEqual([
          expect.objectContaining({
            metricType: 'Utilization',
            metadata: { value: String(cpu?.resource?.target.averageUtilization) },
          }),
        ]);
        expect(deploymentNamed(name).spec.template.spec.containers[0].resources?.requests?.cpu).toBeDefined();
      },
    );

    it('uses only its Redis trigger type and the CPU trigger', () => {
      for (const scaledObject of scaledObjects) {
        expect([...new Set(scaledObject.spec.triggers.map((trigger) => trigger.type))].sort()).toEqual(
          ['cpu', triggerType].sort(),
        );
      }
    });

    it('authenticates from the KEDA Secret template: its address parameter, user, password and TLS', () => {
      expect(authentications).toHaveLength(1);
      const [secret] = loadK8sFile(KEDA_SECRET_TEMPLATE) as Secret[];
      const refs = authentications[0].spec.secretTargetRef ?? [];
      for (const ref of refs) {
        expect(ref.name).toBe(secret.metadata.name);
        expect(Object.keys(secretValues(secret))).toContain(ref.key);
      }
      expect(refs.map((ref) => ref.parameter).sort()).toEqual(
        [ADDRESS_PARAMETER[triggerType], 'password', 'tls', 'username'].sort(),
      );
    });
  });
});

describe('the queues the workers consume, as the ScaledObjects see them', () => {
  it('come from the code: processors in each app, and the provider worker’s own providerSetup', () => {
    expect(sourceConsumedQueues('consensus-worker')).toEqual([QUEUES.consensus, QUEUES.retention].sort());
    expect(sourceConsumedQueues('billing')).toEqual([QUEUES.billingWebhooks, QUEUES.usage].sort());
    const providerWorker = deploymentNamed('council-provider-worker');
    expect(consumedQueues('provider-worker', envOf(providerWorker))).toEqual(
      [QUEUES.providerAnthropic, QUEUES.providerOpenai, QUEUES.providerXai].sort(),
    );
    // Pinned with PROVIDER_QUEUES, it serves only those.
    expect(consumedQueues('provider-worker', { ...envOf(providerWorker), PROVIDER_QUEUES: 'xai' })).toEqual([
      QUEUES.providerXai,
    ]);
  });

  it('are keyed as BullMQ keys them: `<REDIS_PREFIX>-{<hash tag>}:<queue>:<list>`', () => {
    expect(bullListKey(DEFAULT_REDIS_PREFIX, QUEUES.providerOpenai, 'wait')).toBe(
      'council-{questions}:provider-openai:wait',
    );
    expect(bullListKey('acme', QUEUES.consensus, 'active')).toBe(
      `${queuePrefix('acme', QUEUES.consensus)}:consensus:active`,
    );
    expect(queueHashTag(QUEUES.consensus)).toBe(queueHashTag(QUEUES.providerXai));
  });
});

describe('the ScaledObject checks catch mistakes', () => {
  const component = loadComponent('keda/redis');
  const [authentication] = ofKind<TriggerAuthentication>(component, 'TriggerAuthentication');
  const context = scaledObjectContext(manifests, 'redis', [authentication.metadata.name]);
  const original = ofKind<ScaledObject>(component, 'ScaledObject').find(
    (scaledObject) => scaledObject.spec.scaleTargetRef.name === 'council-provider-worker',
  ) as ScaledObject;
  const withList = (from: string, to: string): ScaledObject => ({
    ...original,
    spec: {
      ...original.spec,
      triggers: original.spec.triggers.map((trigger) =>
        trigger.metadata.listName === from
          ? { ...trigger, metadata: { ...trigger.metadata, listName: to } }
          : trigger,
      ),
    },
  });
  const openaiWait = bullListKey(DEFAULT_REDIS_PREFIX, QUEUES.providerOpenai, 'wait');

  it.each([
    ['a wrong prefix', 'councl-{questions}:provider-openai:wait'],
    ['a missing hash tag', 'council:provider-openai:wait'],
    ['the queue’s name as its tag', 'council-{provider-openai}:provider-openai:wait'],
    ['a misspelt queue', 'council-{questions}:provider-opneai:wait'],
    ['a list BullMQ does not have', 'council-{questions}:provider-openai:waiting'],
    ['a queue the worker does not consume', bullListKey(DEFAULT_REDIS_PREFIX, QUEUES.usage, 'wait')],
  ])('%s', (_what, listName) => {
    const problems = scaledObjectProblems(withList(openaiWait, listName), context);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`watches "${listName}"`),
        expect.stringContaining(`does not watch "${openaiWait}"`),
      ]),
    );
  });

  it('another REDIS_PREFIX in the ConfigMap', () => {
    const problems = scaledObjectProblems(original, { ...context, redisPrefix: () => 'acme' });
    expect(problems).toEqual(expect.arrayContaining([expect.stringContaining(`watches "${openaiWait}"`)]));
  });

  it('no replica floor, no cooldown, an unknown target, inline credentials, the wrong topology', () => {
    const broken: ScaledObject = {
      ...original,
      spec: {
        ...original.spec,
        scaleTargetRef: { name: 'council-provider-workers' },
        minReplicaCount: 0,
        cooldownPeriod: undefined,
        triggers: [
          {
            ...original.spec.triggers[0],
            metadata: { ...original.spec.triggers[0].metadata, password: 'x' },
          },
        ],
      },
    };
    const problems = scaledObjectProblems(broken, { ...context, triggerType: 'redis-cluster' }).join('\n');
    for (const expected of [
      'which k8s/ does not define',
      'minReplicaCount is 0',
      'cooldownPeriod must be set',
      'sets password',
      'not redis-cluster',
    ]) {
      expect(problems).toContain(expected);
    }
  });
});
