/**
 * Day 2 inside a hosted cluster with Pulumi, under strict mocks: the provider built from the
 * admin kubeconfig, the phases as dependsOn, every object through that provider, parity with cdk8s.
 */
import * as pulumi from '@pulumi/pulumi';
import { ADMIN_KUBECONFIG, adminKubeconfigRead, dependsOnRecorder, strictMocks, valueOf, withoutAdapterAnnotations } from './strict-mocks';
import { App, Chart } from 'cdk8s';
import type { HostedClusterProps } from '../../lib';
import { HostedClusterBundle as Cdk8sBundle, HostedClusterIngress as Cdk8sIngress } from '../../lib/cdk8s';
import { EXAMPLE_OPTIONS, agentCluster, kubevirtCluster } from '../../examples/clusters';

const ROUTER_ADDRESS = '10.1.1.7';
// A read of the admin kubeconfig Secret the operator writes; a router Service that got its address.
const mocked = strictMocks((args) =>
  args.type === 'kubernetes:core/v1:Service' && !args.id
    ? { id: `${args.name}-id`, state: { ...args.inputs, status: { loadBalancer: { ingress: [{ ip: ROUTER_ADDRESS }] } } } }
    : adminKubeconfigRead(args),
);
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
let render: typeof import('../../lib/pulumi/render');
beforeAll(async () => {
  hcp = await mocked.load();
  render = await import('../../lib/pulumi/render');
});

const metal: HostedClusterProps = { ...agentCluster, networking: { machineNetwork: ['10.1.0.0/24'] } };
const INGRESS = { metallb: { pools: [{ name: 'ingress-public-ip', addresses: ['10.1.0.240-10.1.0.240'], autoAssign: false }] } };

async function program() {
  const { dependsOn, record } = dependsOnRecorder();
  const bundle = new hcp.HostedClusterBundle('vc2', { ...metal, options: EXAMPLE_OPTIONS });
  const ingress = new hcp.HostedClusterIngress('vc2-ingress', { cluster: bundle, ...INGRESS }, { transformations: [record] });
  const all = ingress.phases.flatMap((p) => p.resources);
  await Promise.all([ingress, bundle, ...all].map((r) => valueOf(r.urn)));
  await valueOf(ingress.warnings);
  return { bundle, ingress, dependsOn };
}

test('the provider is built from the admin kubeconfig, read after the HostedCluster; every object goes through it', async () => {
  const { bundle, ingress } = await program();
  const read = registrations.find((r) => r.id !== undefined)!;
  expect(read).toMatchObject({ type: 'kubernetes:core/v1:Secret', name: 'vc2-ingress-hosted-admin-kubeconfig', id: 'clusters/vcluster2-admin-kubeconfig' });
  const provider = registrations.find((r) => r.type === 'pulumi:providers:kubernetes')!;
  expect(provider.name).toBe('vc2-ingress-hosted');
  // The kubeconfig is stored as a secret (a Pulumi secret sentinel in the mocked inputs).
  expect(JSON.stringify(provider.inputs.kubeconfig)).toContain('1b47061264138c4ac30d75fd1eb44270');
  expect(JSON.stringify(provider.inputs.kubeconfig)).toContain(JSON.stringify(ADMIN_KUBECONFIG).slice(1, -1));
  const providerRef = await valueOf(pulumi.all([ingress.provider.urn, ingress.provider.id]).apply(([urn, id]) => `${urn}::${id}`));
  const hosted = registrations.filter((r) => r.name.startsWith('vc2-ingress-') && r.type !== 'pulumi:providers:kubernetes' && r.id === undefined);
  expect(hosted).toHaveLength(7);
  for (const r of hosted) expect(r.provider).toBe(providerRef);
  // The bundle's own objects stay on the management cluster (the ambient provider).
  for (const r of registrations.filter((x) => x.name.startsWith('vc2-') && !x.name.startsWith('vc2-ingress'))) expect(r.provider ?? '').not.toBe(providerRef);
  expect(bundle.hostedCluster).toBeDefined();
});

test('phases become dependsOn: Subscription after its OperatorGroup, MetalLB after the operator, pools after MetalLB, the Service last', async () => {
  const { ingress, dependsOn } = await program();
  expect(ingress.phases.map((p) => [p.name, p.wave, p.resources.length])).toEqual([
    ['operators', -3, 3],
    ['operator-configuration', -2, 1],
    ['webhooks-ready', -1, 2],
    ['day-2', 4, 1],
  ]);
  const [operators, configuration, webhooks, day2] = ingress.phases.map((p) => p.resources);
  expect(dependsOn.get(operators[2])).toEqual([operators[1], operators[0]]); // its OperatorGroup and its Namespace, both of this phase
  expect(dependsOn.get(configuration[0])).toEqual(operators);
  for (const r of webhooks) expect(dependsOn.get(r)).toEqual(configuration);
  expect(dependsOn.get(day2[0])).toEqual(webhooks);
  expect(ingress.service).toBe(day2[0]);
  const waitFor = (kind: string) => registrations.filter((r) => (r.inputs as { kind?: string }).kind === kind).map((r) => (r.inputs.metadata as { annotations?: Record<string, string> }).annotations?.['pulumi.com/waitFor']);
  expect(waitFor('Subscription')).toEqual(['jsonpath={.status.state}=AtLatestKnown']);
  expect(waitFor('MetalLB')).toEqual(['condition=Available']);
});

test('parity: the same objects as the cdk8s HostedClusterIngress', async () => {
  await program();
  const app = new App();
  const chart = new Chart(app, 'vc2');
  const bundle = new Cdk8sBundle(chart, 'cluster', { ...metal, options: EXAMPLE_OPTIONS });
  const cdk8s = new Cdk8sIngress(chart, 'ingress', { cluster: bundle, ...INGRESS });
  const strip = withoutAdapterAnnotations;
  const fromPulumi = registrations.filter((r) => r.name.startsWith('vc2-ingress-') && r.type !== 'pulumi:providers:kubernetes' && r.id === undefined).map((r) => strip(r.inputs));
  // Registration order within a phase is the engine's; compare by identity.
  const byKey = (list: unknown[]) => Object.fromEntries(list.map((o) => [JSON.stringify([(o as { kind: string }).kind, (o as { metadata: unknown }).metadata]), o]));
  expect(fromPulumi).toHaveLength(7);
  expect(byKey(fromPulumi)).toEqual(byKey(cdk8s.apiObjects.map((o) => strip(o.toJson()))));
});

test('bad input and collisions throw before anything is registered; no provider for a target is a clear error', async () => {
  const bundle = new hcp.HostedClusterBundle('vc2', { ...metal, options: EXAMPLE_OPTIONS });
  const before = registrations.length;
  expect(() => new hcp.HostedClusterIngress('bad', { cluster: bundle })).toThrow(/metallb: nothing gives LoadBalancer addresses/);
  expect(() => new hcp.HostedClusterIngress('bad2', { cluster: bundle, metallb: { pools: [{ name: 'p', addresses: ['192.0.2.1-192.0.2.2'] }] } })).toThrow(/outside the machine network \(10\.1\.0\.0\/24\)/);
  new hcp.HostedClusterIngress('once', { cluster: bundle, ...INGRESS });
  expect(() => new hcp.HostedClusterIngress('twice', { cluster: bundle, ...INGRESS })).toThrow(/is also planned by HostedClusterIngress clusters\/vcluster2 \(component once\)/);
  const planned = { object: { apiVersion: 'v1', kind: 'Service', metadata: { name: 's', namespace: 'openshift-ingress' } }, target: { kind: 'hosted-cluster' as const, namespace: 'clusters', name: 'x' }, phase: { name: 'day-2', wave: 4 }, readiness: { kind: 'exists' as const }, contributor: 'test' };
  expect(() => render.renderResource('s', planned, undefined, {})).toThrow('no Kubernetes provider is known for the API of hosted cluster clusters-x; give one built from its admin kubeconfig (hostedClusterProvider).');
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(registrations.filter((r) => r.name.startsWith('bad'))).toEqual([]);
  expect(registrations.length).toBeGreaterThan(before);
});

test("KubeVirt with LoadBalancer ingress: dnsRecords has the *.apps record of the address the router's Service got, or of the one given; none on bare metal", async () => {
  const kvLb: HostedClusterProps = { ...kubevirtCluster, name: 'kv-lb', baseDomain: 'apps.example.com', platform: { type: 'KubeVirt', kubevirt: { ingress: 'LoadBalancer' } }, nodePools: [] };
  const bundle = new hcp.HostedClusterBundle('kv-lb', { ...kvLb, options: EXAMPLE_OPTIONS });
  const read = new hcp.HostedClusterIngress('kv-lb-ingress', { cluster: bundle });
  expect(await valueOf(read.dnsRecords)).toEqual([{ name: '*.apps.kv-lb.apps.example.com.', type: 'A', value: ROUTER_ADDRESS }]);
  const given = new hcp.HostedClusterIngress('kv-lb-given', { cluster: bundle, ingressAddresses: ['192.0.2.9'], serviceName: 'apps' });
  expect(await valueOf(given.dnsRecords)).toEqual([{ name: '*.apps.kv-lb.apps.example.com.', type: 'A', value: '192.0.2.9' }]);
  const { ingress } = await program();
  expect(await valueOf(ingress.dnsRecords)).toEqual([]);
});
