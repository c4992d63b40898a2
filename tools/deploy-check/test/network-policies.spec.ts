// k8s/network-policies.yaml: every Council pod is isolated for ingress; billing's http port is open
// to its RPC callers only, the workers' http ports to nobody, the gateway's to the ingress controller,
// and every metrics port to Prometheus only. The policies are evaluated as the API defines them
// (policies add up; a rule without peers admits everyone; named ports are looked up on the pod).
import { SERVER_APPS } from '../src/apps';
import { declaredVariables } from '../src/env-schema';
import {
  type Container,
  containerEnvironment,
  type Deployment,
  ingressPeers,
  loadManifests,
  METRICS_PORT_NAME,
  type NetworkPolicyPeer,
  type PodTemplate,
  policyCoversIngress,
  resolvePort,
  selectorMatches,
} from '../src/k8s';

const manifests = loadManifests();
const policies = manifests.networkPolicies;
const appCases = SERVER_APPS.map((app) => [app.name, app] as const);
const deploymentOf = (name: string) =>
  manifests.deployments.find((deployment) => deployment.metadata.name === `council-${name}`) as Deployment;
const workloads = () => [...manifests.deployments, ...manifests.jobs];
const podOf = (template: PodTemplate) => ({
  labels: template.metadata?.labels,
  containers: template.spec.containers,
});
/** Who may connect to a container port of a workload's pods. */
const peersOf = (template: PodTemplate, port: number) =>
  ingressPeers(policies, template.metadata?.labels, template.spec.containers, port);
const portNamed = (container: Container, name: string) => resolvePort(name, container);
/** A peer that selects pods of this namespace by their labels, and nothing else. */
const isLocalPodPeer = (peer: NetworkPolicyPeer | 'any'): peer is NetworkPolicyPeer =>
  peer !== 'any' && peer.podSelector !== undefined && !peer.namespaceSelector && !peer.ipBlock;
/** The workloads a same-namespace peer admits. */
const admitted = (peers: Array<NetworkPolicyPeer | 'any'>) =>
  workloads()
    .filter((workload) =>
      peers.some(
        (peer) =>
          isLocalPodPeer(peer) && selectorMatches(peer.podSelector, workload.spec.template.metadata?.labels),
      ),
    )
    .map((workload) => workload.metadata.name)
    .sort();
/** A peer in another namespace: both selectors in one entry (both must match), neither empty. */
const isNamespacedPodPeer = (peer: NetworkPolicyPeer | 'any') =>
  peer !== 'any' &&
  !peer.ipBlock &&
  Object.keys(peer.namespaceSelector?.matchLabels ?? {}).includes('kubernetes.io/metadata.name') &&
  Object.keys(peer.podSelector?.matchLabels ?? {}).length > 0;

describe('NetworkPolicies', () => {
  it('are networking.k8s.io/v1 with explicit policy types, and none restricts egress', () => {
    expect(policies.length).toBeGreaterThan(0);
    for (const policy of policies) {
      expect(policy.apiVersion).toBe('networking.k8s.io/v1');
      expect(policy.spec.policyTypes).toEqual(['Ingress']);
      expect(policy.spec.egress).toBeUndefined();
    }
  });

  it.each(workloads().map((workload) => [`${workload.kind} ${workload.metadata.name}`, workload] as const))(
    '%s: its pods are isolated for ingress (some policy selects them)',
    (_name, workload) => {
      const { labels } = podOf(workload.spec.template);
      expect(
        policies.some(
          (policy) => policyCoversIngress(policy) && selectorMatches(policy.spec.podSelector, labels),
        ),
      ).toBe(true);
    },
  );

  it('every port a policy names exists on every container it selects, as TCP', () => {
    for (const policy of policies) {
      const selected = workloads().filter((workload) =>
        selectorMatches(policy.spec.podSelector, workload.spec.template.metadata?.labels),
      );
      for (const entry of (policy.spec.ingress ?? []).flatMap((rule) => rule.ports ?? [])) {
        expect({ policy: policy.metadata.name, protocol: entry.protocol ?? 'TCP' }).toEqual({
          policy: policy.metadata.name,
          protocol: 'TCP',
        });
        for (const workload of selected) {
          const ports = workload.spec.template.spec.containers.flatMap((container) => container.ports ?? []);
          const found = ports.some((port) =>
            typeof entry.port === 'string' ? port.name === entry.port : port.containerPort === entry.port,
          );
          expect({
            policy: policy.metadata.name,
            workload: workload.metadata.name,
            port: entry.port,
            found,
          }).toEqual({
            policy: policy.metadata.name,
            workload: workload.metadata.name,
            port: entry.port,
            found: true,
          });
        }
      }
    }
  });

  it('billing’s http port admits exactly the apps that call its RPC (BILLING_URL), no one else', () => {
    const billing = deploymentOf('billing');
    const container = billing.spec.template.spec.containers[0];
    const { isolated, peers } = peersOf(billing.spec.template, portNamed(container, 'http') as number);
    expect(isolated).toBe(true);
    expect(peers.filter((peer) => !isLocalPodPeer(peer))).toEqual([]);
    const billingService = billing.metadata.name; // its Service has the Deployment's name (k8s.spec.ts)
    const callers = SERVER_APPS.filter((app) => declaredVariables(app.envClass).includes('BILLING_URL'))
      .filter((app) => {
        const env = containerEnvironment(
          deploymentOf(app.name).spec.template.spec.containers[0],
          manifests,
        ).env;
        return new URL(env.BILLING_URL).hostname === billingService;
      })
      .map((app) => `council-${app.name}`)
      .sort();
    expect(callers).toEqual(['council-consensus-worker', 'council-gateway', 'council-provider-worker']);
    expect(admitted(peers)).toEqual(callers);
  });

  it.each(['provider-worker', 'consensus-worker'])('%s: nobody may reach its http port', (name) => {
    const worker = deploymentOf(name);
    const container = worker.spec.template.spec.containers[0];
    expect(peersOf(worker.spec.template, portNamed(container, 'http') as number)).toEqual({
      isolated: true,
      peers: [],
    });
  });

  it('the gateway’s http port admits the ingress controller only', () => {
    const gateway = deploymentOf('gateway');
    const container = gateway.spec.template.spec.containers[0];
    const { isolated, peers } = peersOf(gateway.spec.template, portNamed(container, 'http') as number);
    expect(isolated).toBe(true);
    expect(peers).toHaveLength(1);
    expect(isNamespacedPodPeer(peers[0])).toBe(true);
    // The controller the Ingress is written for (ingress.yaml: ingressClassName nginx).
    expect(manifests.ingresses.every((ingress) => ingress.spec.ingressClassName === 'nginx')).toBe(true);
    expect(peers[0]).toEqual({
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } },
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'ingress-nginx' } },
    });
  });

  describe.each(appCases)('%s metrics port', (name) => {
    const deployment = deploymentOf(name);
    const container = deployment.spec.template.spec.containers[0];

    it('admits Prometheus only (its pods, in the monitoring namespace)', () => {
      const port = portNamed(container, METRICS_PORT_NAME);
      expect(port).toBeDefined();
      const { isolated, peers } = peersOf(deployment.spec.template, port as number);
      expect(isolated).toBe(true);
      expect(peers).toEqual([
        {
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
          podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
        },
      ]);
      expect(isNamespacedPodPeer(peers[0])).toBe(true);
    });

    it('is not reachable through the http port’s peers, nor the http port through Prometheus', () => {
      const metrics = peersOf(
        deployment.spec.template,
        portNamed(container, METRICS_PORT_NAME) as number,
      ).peers;
      const http = peersOf(deployment.spec.template, portNamed(container, 'http') as number).peers;
      for (const peer of metrics) expect(http).not.toContainEqual(peer);
    });
  });
});

describe('label selectors and port matching (as the API evaluates them)', () => {
  it('match labels and expressions; an empty selector selects everything', () => {
    const labels = { 'app.kubernetes.io/name': 'billing', 'app.kubernetes.io/component': 'server' };
    expect(selectorMatches({}, labels)).toBe(true);
    expect(selectorMatches({ matchLabels: { 'app.kubernetes.io/name': 'billing' } }, labels)).toBe(true);
    expect(selectorMatches({ matchLabels: { 'app.kubernetes.io/name': 'gateway' } }, labels)).toBe(false);
    const component = (operator: 'In' | 'NotIn', values: string[]) => ({
      matchExpressions: [{ key: 'app.kubernetes.io/component', operator, values }],
    });
    expect(selectorMatches(component('In', ['server', 'worker']), labels)).toBe(true);
    expect(selectorMatches(component('NotIn', ['server']), labels)).toBe(false);
    expect(selectorMatches({ matchExpressions: [{ key: 'x', operator: 'Exists' }] }, labels)).toBe(false);
  });

  it('a rule without peers admits anyone; without ports it covers every port', () => {
    const containers: Container[] = [
      { name: 'app', image: 'council', ports: [{ name: 'http', containerPort: 3001 }] },
    ];
    const policy = (ingress: unknown) =>
      ({ kind: 'NetworkPolicy', spec: { podSelector: {}, ingress } }) as (typeof policies)[number];
    expect(ingressPeers([policy([{}])], {}, containers, 3001).peers).toEqual(['any']);
    expect(ingressPeers([policy([{ ports: [{ port: 'http' }] }])], {}, containers, 9464).peers).toEqual([]);
    expect(
      ingressPeers([policy([{ ports: [{ port: 3000, endPort: 3010 }] }])], {}, containers, 3001).peers,
    ).toEqual(['any']);
    expect(ingressPeers([], {}, containers, 3001)).toEqual({ isolated: false, peers: [] });
  });
});
