/**
 * The cdk8s HostedClusterImport: its objects in the cluster's chart, ordered after the
 * HostedCluster by sync wave (pruned before it), and the auto-import check whichever construct comes first.
 */
import { App, Chart, Testing } from 'cdk8s';
import { HostedClusterBundle, HostedClusterImport, ManagementCluster } from '../../lib/cdk8s';
import { collectIssues } from '../../lib/cdk8s/engine/issues';
import { EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, noneCluster } from '../../examples/clusters';

const waves = (chart: Chart) =>
  Testing.synth(chart).map((o: { kind: string; metadata: { annotations: Record<string, string> } }) => [o.kind, o.metadata.annotations['argocd.argoproj.io/sync-wave']]);

test('the ManagedCluster at wave 3, after the HostedCluster at 2; the add-ons at 4', () => {
  const chart = new Chart(Testing.app(), 'edge');
  const cluster = new HostedClusterBundle(chart, 'cluster', { ...noneCluster, options: EXAMPLE_OPTIONS });
  const imported = new HostedClusterImport(chart, 'import', { cluster, addons: {} });
  expect(imported.issues.map((i) => i.severity)).toEqual(['warning']);
  const all = waves(chart);
  expect(all.filter(([kind]) => ['HostedCluster', 'ManagedCluster', 'KlusterletAddonConfig'].includes(kind))).toEqual([
    ['HostedCluster', '2'],
    ['ManagedCluster', '3'],
    ['KlusterletAddonConfig', '4'],
  ]);
  expect(all.some(([kind, wave]) => kind === 'Namespace' && wave === '3')).toBe(false);
});

test('beside a management cluster with auto-import on, synthesis fails naming the prop to set', () => {
  const app = new App();
  const hub = { ...EXAMPLE_MANAGEMENT_CLUSTER, multiclusterEngine: { ...EXAMPLE_MANAGEMENT_CLUSTER.multiclusterEngine, hypershiftAddOn: { hcMaxNumber: 80 } } };
  new ManagementCluster(new Chart(app, 'management-cluster'), 'management', hub);
  const chart = new Chart(app, 'edge');
  const imported = new HostedClusterImport(chart, 'import', { cluster: new HostedClusterBundle(chart, 'cluster', { ...noneCluster, options: EXAMPLE_OPTIONS }) });
  expect(imported.plan).toBeUndefined();
  expect(collectIssues(app).filter((i) => i.severity === 'error').map((i) => `${i.object}: ${i.path}`)).toEqual([
    'ManagementCluster (management-cluster/management): multiclusterEngine.hypershiftAddOn.autoImportDisabled',
  ]);
  expect(() => app.synth()).toThrow(/two imports of one cluster/);
});

test('auto-import off: the import is planned without findings', () => {
  const app = new App();
  const hub = { ...EXAMPLE_MANAGEMENT_CLUSTER, multiclusterEngine: { ...EXAMPLE_MANAGEMENT_CLUSTER.multiclusterEngine, hypershiftAddOn: { autoImportDisabled: true } } };
  new ManagementCluster(new Chart(app, 'management-cluster'), 'management', hub);
  const chart = new Chart(app, 'edge');
  const imported = new HostedClusterImport(chart, 'import', { cluster: new HostedClusterBundle(chart, 'cluster', { ...noneCluster, options: EXAMPLE_OPTIONS }) });
  expect(imported.issues).toEqual([]);
  expect(imported.apiObjects.map((o) => o.kind)).toEqual(['ManagedCluster']);
});
