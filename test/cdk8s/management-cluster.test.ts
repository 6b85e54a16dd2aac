/** The cdk8s ManagementCluster: sync waves, dependencies, and what hosted clusters of the app need from it. */
import { App, Chart } from 'cdk8s';
import { HostedClusterBundle, ManagementCluster } from '../../lib/cdk8s';
import { collectIssues } from '../../lib/cdk8s/engine/issues';
import { EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, awsCluster, kubevirtCluster } from '../../examples/clusters';
import { DISCONNECTED_MANAGEMENT_CLUSTER, define } from '../../examples/disconnected';

const wave = (o: { metadata: { annotations?: Record<string, string> } }) => Number(o.metadata.annotations?.['argocd.argoproj.io/sync-wave']);

test('operators at -3, their configuration at -2, webhook-bound objects at -1, hosted clusters after', () => {
  const app = new App();
  const chart = new Chart(app, 'm');
  new ManagementCluster(chart, 'management', EXAMPLE_MANAGEMENT_CLUSTER);
  const objects = chart.toJson() as Array<{ kind: string; metadata: { name: string; annotations?: Record<string, string> } }>;
  const waveOf = (kind: string) => [...new Set(objects.filter((o) => o.kind === kind).map(wave))];
  expect(waveOf('Subscription')).toEqual([-3]);
  expect(waveOf('OperatorGroup')).toEqual([-3]);
  expect(waveOf('MultiClusterEngine')).toEqual([-2]);
  expect(waveOf('MetalLB')).toEqual([-2]);
  expect(waveOf('HyperConverged')).toEqual([-2]);
  expect(waveOf('IPAddressPool')).toEqual([-1]);
  expect(waveOf('AgentServiceConfig')).toEqual([-1]);
  expect(waveOf('AddOnDeploymentConfig')).toEqual([-1]);
  // Custom resources whose CRD comes with an operator skip Argo CD's dry run.
  for (const o of objects.filter((o) => ['MultiClusterEngine', 'MetalLB', 'IPAddressPool', 'HyperConverged', 'AgentServiceConfig'].includes(o.kind))) {
    expect(o.metadata.annotations?.['argocd.argoproj.io/sync-options']).toBe('SkipDryRunOnMissingResource=true');
  }
  // cdk8s dependencies follow the phases: a pool depends on the MetalLB instance.
  const pool = chart.node.findAll().find((c) => c.node.id === 'IPAddressPool:metallb-system:hosted-control-planes')!;
  expect(pool.node.dependencies.map((d) => d.node.id)).toContain('MetalLB:metallb-system:metallb');
});

test('a hosted cluster of a platform the management cluster is not prepared for is an error, in either order', () => {
  for (const order of ['management first', 'cluster first']) {
    const app = new App();
    const addManagement = () => new ManagementCluster(new Chart(app, 'm'), 'management', { platforms: ['AWS'], multiclusterEngine: EXAMPLE_MANAGEMENT_CLUSTER.multiclusterEngine });
    const addCluster = () => new HostedClusterBundle(new Chart(app, 'kv'), 'cluster', { ...kubevirtCluster, options: EXAMPLE_OPTIONS });
    if (order === 'management first') (addManagement(), addCluster());
    else (addCluster(), addManagement());
    const found = collectIssues(app).filter((i) => i.severity === 'error');
    expect(found.map((i) => `${i.path}: ${i.message}`)).toEqual([expect.stringMatching(/^spec.platform.type: ManagementCluster \(m\/management\) is not prepared for KubeVirt hosted clusters/)]);
    expect(found[0].object).toMatch(/^HostedCluster kubevirt-clusters\/kv-dev/);
  }
});

test('a Private AWS cluster needs PrivateLink credentials on the management cluster', () => {
  const app = new App();
  const { privateLink: _omitted, ...mce } = EXAMPLE_MANAGEMENT_CLUSTER.multiclusterEngine!;
  new ManagementCluster(new Chart(app, 'm'), 'management', { platforms: ['AWS'], multiclusterEngine: mce });
  new HostedClusterBundle(new Chart(app, 'aws'), 'cluster', { ...awsCluster, options: EXAMPLE_OPTIONS });
  expect(collectIssues(app).filter((i) => i.severity === 'error').map((i) => i.path)).toEqual(['spec.platform.aws.endpointAccess']);
});

test('PrivateLink zones: a private cluster in a zone the management cluster leaves out, or in another region, is refused', () => {
  const mce = EXAMPLE_MANAGEMENT_CLUSTER.multiclusterEngine!;
  const errorsWith = (zones: readonly string[], region = 'us-east-2') => {
    const app = new App();
    new ManagementCluster(new Chart(app, 'm'), 'management', { platforms: ['AWS'], multiclusterEngine: { ...mce, privateLink: { ...mce.privateLink!, region, zones } } });
    new HostedClusterBundle(new Chart(app, 'aws'), 'cluster', { ...awsCluster, options: EXAMPLE_OPTIONS });
    return collectIssues(app).filter((i) => i.severity === 'error');
  };
  expect(errorsWith(['us-east-2a', 'us-east-2b', 'us-east-2c'])).toEqual([]);
  expect(errorsWith(['us-east-2b', 'us-east-2c'])).toEqual([
    expect.objectContaining({
      object: expect.stringMatching(/^HostedCluster aws-clusters\/aws-prod/),
      path: 'spec.platform.aws.cloudProviderConfig.zone',
      message:
        "its zone us-east-2a is not one of ManagementCluster (m/management)'s PrivateLink zones (us-east-2b, us-east-2c): PrivateLink needs the management cluster in every zone of its region (zone names differ between AWS accounts), and endpoints in another region do not reach it.",
      fix: 'Give the management cluster subnets or workers in every zone of its region and list them all in multiclusterEngine.privateLink.zones, or move the cluster to that region.',
    }),
  ]);
  // The management cluster's own zones must be its region's, each once (a management cluster with errors plans nothing).
  expect(errorsWith(['us-east-2a', 'us-east-1b', 'us-east-2a']).map((i) => `${i.path}: ${i.message}`)).toEqual([
    'multiclusterEngine.privateLink.zones[1]: zone "us-east-1b" is not in region us-east-2.',
    'multiclusterEngine.privateLink.zones[2]: zone "us-east-2a" is listed twice.',
  ]);
});

test('invalid props emit nothing and fail synthesis with the paths', () => {
  const app = new App();
  const chart = new Chart(app, 'm');
  const m = new ManagementCluster(chart, 'management', { platforms: ['KubeVirt'], metallb: { pools: [{ name: 'a', addresses: ['10.0.0.0/33'] }] } } as never);
  expect(m.apiObjects).toEqual([]);
  expect(m.issues.map((i) => i.path)).toContain('metallb.pools[0].addresses[0]');
  expect(() => app.synth()).toThrow(/metallb.pools\[0\].addresses\[0\]/);
});

test('disconnected: the mirror sets, the registry CA ConfigMap and the Image patch at -4, before the operators pull anything', () => {
  const app = new App();
  const chart = new Chart(app, 'm');
  new ManagementCluster(chart, 'management', DISCONNECTED_MANAGEMENT_CLUSTER);
  const objects = chart.toJson() as Array<{ kind: string; metadata: { name: string; namespace?: string; annotations?: Record<string, string> } }>;
  const at = (w: number) => objects.filter((o) => wave(o) === w).map((o) => `${o.kind} ${o.metadata.name}`);
  expect(at(-4)).toEqual(['ImageDigestMirrorSet hcp-mirrors', 'ImageTagMirrorSet hcp-mirrors', 'ConfigMap registry-config', 'Image cluster', 'ImageDigestMirrorSet rhcos-boot-kubevirt']);
  expect(Math.min(...objects.filter((o) => o.kind === 'CatalogSource' || o.kind === 'Subscription').map(wave))).toBe(-3);
  expect(objects.find((o) => o.kind === 'Image')!.metadata.annotations?.['argocd.argoproj.io/sync-options']).toBe('ServerSideApply=true,Delete=false');
});

test("the hypershift add-on's ManagedClusterAddOn at -1, after MCE (-2) and before the hosted cluster (2) and its NodePools (3)", () => {
  const app = new App();
  define(app);
  const objects = app.charts.flatMap((c) => c.toJson()) as Array<{ kind: string; metadata: { name: string; namespace?: string; annotations?: Record<string, string> } }>;
  const waves = (kind: string) => objects.filter((o) => o.kind === kind).map(wave);
  expect(objects.filter((o) => o.kind === 'ManagedClusterAddOn').map((o) => `${o.metadata.namespace}/${o.metadata.name}`)).toEqual(['local-cluster/hypershift-addon']);
  expect([waves('MultiClusterEngine'), waves('ManagedClusterAddOn'), waves('HostedCluster'), waves('NodePool')]).toEqual([[-2], [-1], [2], [3]]);
});
