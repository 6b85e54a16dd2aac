/** The Pulumi ManagementCluster under strict mocks: the dependency graph, patches, parity with cdk8s. */
import * as pulumi from '@pulumi/pulumi';
import { isGuardWait, strictMocks, valueOf, withoutAnnotations } from './strict-mocks';
import { App, Chart } from 'cdk8s';
import { ManagementCluster as Cdk8sManagementCluster } from '../../lib/cdk8s';
import { checkManagementCluster } from '../../lib';
import { EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, kubevirtCluster } from '../../examples/clusters';
import { DISCONNECTED_MANAGEMENT_CLUSTER } from '../../examples/disconnected';

const mocked = strictMocks();
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
beforeAll(async () => {
  hcp = await mocked.load();
});

const kindOf = (r: pulumi.Resource) => valueOf((r as pulumi.CustomResource & { kind: pulumi.Output<string> }).kind);
const strip = withoutAnnotations;

test('phases become dependsOn: Subscriptions, then MCE/MetalLB/HyperConverged, then pools and AgentServiceConfig; nodes patched', async () => {
  const dependsOn = new Map<pulumi.Resource, unknown>();
  const record: pulumi.ResourceTransformation = (args) => {
    dependsOn.set(args.resource, args.opts.dependsOn);
    return undefined;
  };
  const mgmt = new hcp.ManagementCluster('mgmt', EXAMPLE_MANAGEMENT_CLUSTER, { transformations: [record] });
  const all = mgmt.phases.flatMap((p) => p.resources);
  await Promise.all([mgmt, ...all, ...mgmt.nodePatches].map((r) => valueOf(r.urn)));
  await valueOf(mgmt.warnings);
  expect(mgmt.phases.map((p) => [p.name, p.wave])).toEqual([
    ['operators', -3],
    ['operator-configuration', -2],
    ['webhooks-ready', -1],
  ]);
  const [operators, configuration, webhooks] = mgmt.phases.map((p) => p.resources);
  // Each waits for the phase before it (compared by identity: a failing diff of resources would print their whole graph).
  const waitsFor = (r: pulumi.Resource, before: readonly pulumi.Resource[]) => before.every((b) => (dependsOn.get(r) as pulumi.Resource[]).includes(b));
  expect(configuration.filter((r) => !waitsFor(r, operators))).toHaveLength(0);
  expect(webhooks.filter((r) => !waitsFor(r, configuration))).toHaveLength(0);
  expect((await Promise.all(configuration.map(kindOf))).sort()).toEqual(['DataProtectionApplication', 'ExternalSecret', 'HyperConverged', 'IngressController', 'KubeletConfig', 'MetalLB', 'MultiClusterEngine', 'StorageClass']);
  // The DataProtectionApplication waits for its store credentials too.
  const dpa = configuration[(await Promise.all(configuration.map(kindOf))).indexOf('DataProtectionApplication')];
  const credentials = configuration[(await Promise.all(configuration.map(kindOf))).indexOf('ExternalSecret')];
  expect((dependsOn.get(dpa) as pulumi.Resource[]).includes(credentials)).toBe(true);
  // A Subscription waits for its OperatorGroup and its Namespace (all three of one phase).
  const subscriptions = [];
  for (const r of operators) if ((await kindOf(r)) === 'Subscription') subscriptions.push(r);
  for (const s of subscriptions) expect((await Promise.all((dependsOn.get(s) as pulumi.Resource[]).map(kindOf)))).toEqual(['OperatorGroup', 'Namespace']);

  const byType = (t: string) => registrations.filter((r) => r.type === t);
  expect(byType('kubernetes:core/v1:NodePatch').map((r) => (r.inputs.metadata as { name: string }).name)).toEqual(['worker-0', 'worker-1', 'worker-2']);
  const patch = byType('kubernetes:addon.open-cluster-management.io/v1alpha1:AddOnDeploymentConfigPatch');
  expect(patch).toHaveLength(1);
  expect((patch[0].inputs.metadata as { annotations: Record<string, string> }).annotations['pulumi.com/patchForce']).toBe('true');
  const waitFor = (kind: string) =>
    registrations.filter((r) => (r.inputs as { kind?: string }).kind === kind).map((r) => (r.inputs.metadata as { annotations?: Record<string, string> }).annotations?.['pulumi.com/waitFor']);
  expect(new Set(waitFor('Subscription'))).toEqual(new Set(['jsonpath={.status.state}=AtLatestKnown']));
  expect(waitFor('MultiClusterEngine')).toEqual(['jsonpath={.status.phase}=Available']);
  expect(waitFor('MetalLB')).toEqual(['condition=Available']);
  expect(waitFor('HyperConverged')).toEqual(['condition=Available']);
  expect(waitFor('AgentServiceConfig')).toEqual(['condition=DeploymentsHealthy']);
  expect(waitFor('DataProtectionApplication')).toEqual(['condition=Reconciled']);
  // The objects the cluster has already are server-side patches; the KubeletConfig is created.
  expect(byType('kubernetes:operator.openshift.io/v1:IngressControllerPatch')).toHaveLength(1);
  expect(byType('kubernetes:storage.k8s.io/v1:StorageClassPatch')).toHaveLength(1);
  expect(byType('kubernetes:machineconfiguration.openshift.io/v1:KubeletConfig')).toHaveLength(1);
  expect(waitFor('KubeletConfig')).toEqual(['condition=Success']);
  expect(waitFor('IngressController')).toEqual(['condition=Available']);
});

test('the first phase waits for what the component was told to wait for (regression: it did not)', async () => {
  const dependsOn = new Map<pulumi.Resource, unknown>();
  const record: pulumi.ResourceTransformation = (args) => (dependsOn.set(args.resource, args.opts.dependsOn), undefined);
  const network = new pulumi.ComponentResource('test:index:Network', 'network');
  const mgmt = new hcp.ManagementCluster('mgmt', EXAMPLE_MANAGEMENT_CLUSTER, { dependsOn: [network], transformations: [record] });
  await Promise.all(mgmt.phases.flatMap((p) => p.resources).map((r) => valueOf(r.urn)));
  // Each also keeps its explicit dependencies (a Subscription on its OperatorGroup).
  const includes = (a: unknown, b: readonly unknown[]) => Array.isArray(a) && b.every((x) => a.includes(x));
  expect(mgmt.phases[0].resources.map((r) => includes(dependsOn.get(r), [network]))).toEqual(mgmt.phases[0].resources.map(() => true));
  expect(includes(dependsOn.get(mgmt.phases[1].resources[0]), mgmt.phases[0].resources)).toBe(true);
});

test('a HostedClusterBundle given the management cluster as dependsOn waits for it', async () => {
  const dependsOn = new Map<pulumi.Resource, unknown>();
  const record: pulumi.ResourceTransformation = (args) => {
    dependsOn.set(args.resource, args.opts.dependsOn);
    return undefined;
  };
  const mgmt = new hcp.ManagementCluster('mgmt', EXAMPLE_MANAGEMENT_CLUSTER);
  const cluster = new hcp.HostedClusterBundle('kv', { ...kubevirtCluster, options: EXAMPLE_OPTIONS }, { dependsOn: [mgmt], transformations: [record] });
  await Promise.all([mgmt, cluster, ...mgmt.phases.flatMap((p) => p.resources), ...cluster.phases.flatMap((p) => p.resources)].map((r) => valueOf(r.urn)));
  await valueOf(cluster.kubeconfigSecretName);
  await new Promise((resolve) => setTimeout(resolve, 50));
  // ...and nothing else: a bundle has no guard to wait for (hooks judge its objects).
  for (const r of cluster.phases[0].resources) expect(dependsOn.get(r)).toEqual([mgmt]);
  const hcDeps = dependsOn.get(cluster.hostedCluster) as unknown[];
  expect((await Promise.all(hcDeps.map((d) => isGuardWait(d, registrations)))).filter(Boolean)).toHaveLength(0);
});

test('a hosted cluster the management cluster is not prepared for fails at preview, naming the field', () => {
  new hcp.ManagementCluster('mgmt', { platforms: ['Agent'] });
  expect(() => new hcp.HostedClusterBundle('kv', { ...kubevirtCluster, options: EXAMPLE_OPTIONS })).toThrow(/spec.platform.type: ManagementCluster \(component mgmt\) is not prepared for KubeVirt/);
  expect(() => new hcp.ManagementCluster('bad', { platforms: ['Nope'] } as never)).toThrow(hcp.HcpResourceError);
});

test('parity with cdk8s: the example gives the same Kubernetes objects', async () => {
  const app = new App();
  const chart = new Chart(app, 'parity');
  new Cdk8sManagementCluster(chart, 'management', EXAMPLE_MANAGEMENT_CLUSTER);
  const expected = chart.toJson().map((o) => strip(o, 'argocd.argoproj.io/sync-wave'));
  const mgmt = new hcp.ManagementCluster('parity', EXAMPLE_MANAGEMENT_CLUSTER);
  await Promise.all(mgmt.phases.flatMap((p) => p.resources).map((r) => valueOf(r.urn)));
  const actual = registrations
    .filter((r) => r.name.startsWith('parity-') && r.type.startsWith('kubernetes:') && !r.type.endsWith('NodePatch'))
    .map((r) => strip(r.inputs, 'pulumi.com/waitFor', 'pulumi.com/patchForce'));
  const key = (o: Record<string, unknown>) => `${o.kind} ${(o.metadata as { namespace?: string }).namespace ?? ''}/${(o.metadata as { name: string }).name}`;
  expect(actual.map(key).sort()).toEqual(expected.map(key).sort());
  const byKey = new Map(expected.map((o) => [key(o), o]));
  for (const o of actual) expect(o).toEqual(byKey.get(key(o)));
  // The ports to open: no resource, the same report as the cdk8s synth writes.
  expect(mgmt.portsReport).toBe(checkManagementCluster(EXAMPLE_MANAGEMENT_CLUSTER).plan!.portsReport);
  expect(mgmt.portsReport).toMatch(/^# Ports and endpoints to open: the management cluster\n/);
});

test('disconnected: mirror sets, the registry CA and the Image patch come first (wave -4), and the operators wait for them; the same objects as cdk8s', async () => {
  const dependsOn = new Map<pulumi.Resource, unknown>();
  const record: pulumi.ResourceTransformation = (args) => (dependsOn.set(args.resource, args.opts.dependsOn), undefined);
  const mgmt = new hcp.ManagementCluster('offline', DISCONNECTED_MANAGEMENT_CLUSTER, { transformations: [record] });
  await Promise.all(mgmt.phases.flatMap((p) => p.resources).map((r) => valueOf(r.urn)));
  expect(mgmt.phases.map((p) => [p.name, p.wave])).toEqual([
    ['image-configuration', -4],
    ['operators', -3],
    ['operator-configuration', -2],
    ['webhooks-ready', -1],
  ]);
  const [images, operators] = mgmt.phases.map((p) => p.resources);
  expect((await Promise.all(images.map(kindOf))).sort()).toEqual(['ConfigMap', 'Image', 'ImageDigestMirrorSet', 'ImageDigestMirrorSet', 'ImageTagMirrorSet']);
  const includes = (a: unknown, b: readonly unknown[]) => Array.isArray(a) && b.every((x) => a.includes(x));
  for (const r of operators) expect(includes(dependsOn.get(r), images)).toBe(true);
  const ours = registrations.filter((r) => r.name.startsWith('offline-'));
  // Image cluster exists on every cluster: a server-side patch; the ConfigMap and the mirror sets are created.
  expect(ours.filter((r) => r.type === 'kubernetes:config.openshift.io/v1:ImagePatch').map((r) => r.inputs.spec)).toEqual([{ additionalTrustedCA: { name: 'registry-config' } }]);
  expect(ours.filter((r) => r.type === 'kubernetes:config.openshift.io/v1:ImageDigestMirrorSet').map((r) => (r.inputs.metadata as { name: string }).name).sort()).toEqual(['hcp-mirrors', 'rhcos-boot-kubevirt']);
  expect(ours.filter((r) => r.type === 'kubernetes:core/v1:ConfigMap').map((r) => Object.keys((r.inputs.data as Record<string, string>) ?? {}))).toContainEqual(['mirror.example.com..5000']);
  // The hypershift add-on is created (not patched) in the last phase, and waits until it is Available.
  const addOns = ours.filter((r) => r.type === 'kubernetes:addon.open-cluster-management.io/v1alpha1:ManagedClusterAddOn');
  expect(addOns.map((r) => (r.inputs.metadata as { annotations: Record<string, string> }).annotations['pulumi.com/waitFor'])).toEqual(['condition=Available']);
  expect(await Promise.all(mgmt.phases[3].resources.map(kindOf))).toContain('ManagedClusterAddOn');

  const app = new App();
  const chart = new Chart(app, 'offline');
  new Cdk8sManagementCluster(chart, 'management', DISCONNECTED_MANAGEMENT_CLUSTER);
  const expected = chart.toJson().map((o) => strip(o, 'argocd.argoproj.io/sync-wave'));
  const actual = ours.filter((r) => r.type.startsWith('kubernetes:') && !r.type.endsWith('NodePatch')).map((r) => strip(r.inputs, 'pulumi.com/waitFor', 'pulumi.com/patchForce'));
  const key = (o: Record<string, unknown>) => `${o.kind} ${(o.metadata as { namespace?: string }).namespace ?? ''}/${(o.metadata as { name: string }).name}`;
  expect(actual.map(key).sort()).toEqual(expected.map(key).sort());
  const byKey = new Map(expected.map((o) => [key(o), o]));
  for (const o of actual) expect(o).toEqual(byKey.get(key(o)));
});
