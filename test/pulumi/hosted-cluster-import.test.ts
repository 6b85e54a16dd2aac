/**
 * Importing a hosted cluster into ACM/MCE with Pulumi, under strict mocks: the ManagedCluster
 * depends on the HostedCluster resource (so `pulumi destroy` deletes it first), the add-ons wait
 * for the hub's acceptance, the same objects as cdk8s; and a named management cluster's objects
 * go through the provider given for its target key.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { App, Chart } from 'cdk8s';
import { dependsOnRecorder, strictMocks, valueOf, withoutAdapterAnnotations } from './strict-mocks';
import { HostedClusterBundle as Cdk8sBundle, HostedClusterImport as Cdk8sImport } from '../../lib/cdk8s';
import { managementTarget } from '../../lib/core';
import { EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, noneCluster } from '../../examples/clusters';

const mocked = strictMocks();
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
let render: typeof import('../../lib/pulumi/render');
beforeAll(async () => {
  hcp = await mocked.load();
  render = await import('../../lib/pulumi/render');
});

const IMPORT = { clusterSet: 'edge', addons: {} };

async function program() {
  const { dependsOn, record } = dependsOnRecorder();
  const bundle = new hcp.HostedClusterBundle('edge', { ...noneCluster, options: EXAMPLE_OPTIONS });
  const imported = new hcp.HostedClusterImport('edge-import', { cluster: bundle, ...IMPORT }, { transformations: [record] });
  await Promise.all([imported, bundle, ...imported.phases.flatMap((p) => p.resources)].map((r) => valueOf(r.urn)));
  return { bundle, imported, dependsOn };
}

const inputsOf = (kind: string) => registrations.filter((r) => (r.inputs as { kind?: string }).kind === kind).map((r) => r.inputs as { metadata: { annotations?: Record<string, string> } });

test('the ManagedCluster depends on the HostedCluster (destroyed first) and waits for the hub to accept it; the add-ons wait for the ManagedCluster', async () => {
  const { bundle, imported, dependsOn } = await program();
  expect(imported.phases.map((p) => [p.name, p.wave, p.resources.length])).toEqual([
    ['registration', 3, 1],
    ['day-2', 4, 1],
  ]);
  const [[managedCluster], [addons]] = imported.phases.map((p) => p.resources);
  expect(dependsOn.get(managedCluster)).toContain(bundle.hostedCluster);
  // The previous phase, and the explicit dependency on the ManagedCluster.
  expect(dependsOn.get(addons)).toEqual([managedCluster, managedCluster]);
  expect(inputsOf('ManagedCluster').map((o) => o.metadata.annotations?.['pulumi.com/waitFor'])).toEqual(['condition=HubAcceptedManagedCluster']);
  expect(inputsOf('KlusterletAddonConfig').map((o) => o.metadata.annotations?.['pulumi.com/waitFor'])).toEqual([undefined]);
});

test('parity: the same objects as the cdk8s HostedClusterImport', async () => {
  await program();
  const app = new App();
  const chart = new Chart(app, 'edge');
  const cdk8s = new Cdk8sImport(chart, 'import', { cluster: new Cdk8sBundle(chart, 'cluster', { ...noneCluster, options: EXAMPLE_OPTIONS }), ...IMPORT });
  const strip = withoutAdapterAnnotations;
  const fromPulumi = registrations.filter((r) => r.name.startsWith('edge-import-')).map((r) => strip(r.inputs));
  expect(fromPulumi).toHaveLength(2);
  expect(fromPulumi).toEqual(cdk8s.apiObjects.map((o) => strip(o.toJson())));
});

test('an explicit import beside the management cluster\'s auto-import throws before anything is registered', async () => {
  new hcp.ManagementCluster('hub', { ...EXAMPLE_MANAGEMENT_CLUSTER, multiclusterEngine: { ...EXAMPLE_MANAGEMENT_CLUSTER.multiclusterEngine, hypershiftAddOn: { hcMaxNumber: 80 } } });
  const bundle = new hcp.HostedClusterBundle('edge', { ...noneCluster, options: EXAMPLE_OPTIONS });
  expect(() => new hcp.HostedClusterImport('edge-import', { cluster: bundle })).toThrow(/the hypershift add-on imports new hosted clusters itself .* two imports of one cluster/);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(registrations.filter((r) => r.name.startsWith('edge-import'))).toEqual([]);
});

test('a named management cluster: its objects go through the provider given for management-<name>; without one, a clear error', async () => {
  const planned = {
    object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'marker', namespace: 'default' } },
    target: managementTarget('east'),
    phase: { name: 'prerequisites', wave: 1 },
    readiness: { kind: 'exists' as const },
    contributor: 'test',
  };
  expect(() => render.renderResource('marker', planned, undefined, {})).toThrow('no Kubernetes provider is known for management cluster east (management-east); give the provider of that cluster.');
  const east = new k8s.Provider('east', { kubeconfig: 'apiVersion: v1\nkind: Config\n' });
  const resource = render.renderResource('marker', planned, undefined, {}, new Map([['management-east', east]]));
  await valueOf(resource.urn);
  const providerRef = await valueOf(pulumi.all([east.urn, east.id]).apply(([urn, id]) => `${urn}::${id}`));
  expect(registrations.find((r) => r.name === 'marker')?.provider).toBe(providerRef);
});
