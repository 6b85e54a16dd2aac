/**
 * Moving a hosted cluster with Pulumi, under strict mocks: the source's ConfigMap and Backup go
 * through the source provider, the destination's Restore through the destination provider, the
 * Restore waits for the Backup, and the objects are the cdk8s HostedClusterMigration's.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { App, Chart } from 'cdk8s';
import { dependsOnRecorder, isGuardWait, strictMocks, valueOf, withoutAdapterAnnotations } from './strict-mocks';
import { HostedClusterMigration as Cdk8sMigration } from '../../lib/cdk8s';
import { EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, awsCluster, kubevirtCluster } from '../../examples/clusters';

const mocked = strictMocks();
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
beforeAll(async () => {
  hcp = await mocked.load();
});

const MIGRATION = {
  source: 'east',
  destination: 'west',
  stage: 'restore' as const,
  cluster: awsCluster,
  options: EXAMPLE_OPTIONS,
  destinationCluster: awsCluster,
  sourceManagementCluster: EXAMPLE_MANAGEMENT_CLUSTER,
  destinationManagementCluster: EXAMPLE_MANAGEMENT_CLUSTER,
};
const kubeconfig = 'apiVersion: v1\nkind: Config\n';
const providerRef = (provider: k8s.Provider) => valueOf(pulumi.all([provider.urn, provider.id]).apply(([urn, id]) => `${urn}::${id}`));

test('the Backup goes through the source provider, the Restore through the destination provider, after the Backup', async () => {
  const east = new k8s.Provider('east', { kubeconfig });
  const west = new k8s.Provider('west', { kubeconfig });
  const { dependsOn, record } = dependsOnRecorder();
  const migration = new hcp.HostedClusterMigration('move-aws-prod', { ...MIGRATION, sourceProvider: east, destinationProvider: west }, { transformations: [record] });
  await Promise.all([migration, ...migration.phases.flatMap((p) => p.resources)].map((r) => valueOf(r.urn)));
  expect(migration.phases.map((p) => [p.name, p.wave, p.resources.length])).toEqual([
    ['operator-configuration', -2, 1],
    ['migration-backup', 0, 1],
    ['restore', 1, 1],
  ]);
  // After the Backup, and after the previous-state guard, which judges Restores.
  const restoreDeps = dependsOn.get(migration.restore!) as unknown[];
  expect(restoreDeps).toHaveLength(2);
  expect(restoreDeps[0]).toBe(migration.backup);
  expect(await isGuardWait(restoreDeps[1], registrations)).toBe(true);
  const providerOf = (kind: string) => registrations.find((r) => r.name.startsWith('move-aws-prod-') && (r.inputs as { kind?: string }).kind === kind)?.provider;
  const [eastRef, westRef] = await Promise.all([providerRef(east), providerRef(west)]);
  expect([providerOf('ConfigMap'), providerOf('Backup'), providerOf('Restore')]).toEqual([eastRef, eastRef, westRef]);
  const waitFor = (kind: string) => (registrations.find((r) => (r.inputs as { kind?: string }).kind === kind)?.inputs as { metadata: { annotations: Record<string, string> } }).metadata.annotations['pulumi.com/waitFor'];
  expect([waitFor('Backup'), waitFor('Restore')]).toEqual(['jsonpath={.status.phase}=Completed', 'jsonpath={.status.phase}=Completed']);
});

test('parity: the same objects as the cdk8s HostedClusterMigration', async () => {
  const east = new k8s.Provider('east-2', { kubeconfig });
  const west = new k8s.Provider('west-2', { kubeconfig });
  const migration = new hcp.HostedClusterMigration('parity', { ...MIGRATION, sourceProvider: east, destinationProvider: west });
  await Promise.all(migration.phases.flatMap((p) => p.resources).map((r) => valueOf(r.urn)));
  const cdk8s = new Cdk8sMigration(new Chart(new App(), 'm'), 'migration', MIGRATION);
  const fromPulumi = registrations.filter((r) => r.name.startsWith('parity-') && (r.inputs as { kind?: string }).kind !== undefined).map((r) => withoutAdapterAnnotations(r.inputs));
  expect(fromPulumi).toHaveLength(3);
  expect(fromPulumi).toEqual(cdk8s.apiObjects.map((o) => withoutAdapterAnnotations(o.toJson())));
});

test('a migration the platform cannot make throws before anything is registered', async () => {
  const east = new k8s.Provider('east-3', { kubeconfig });
  const west = new k8s.Provider('west-3', { kubeconfig });
  expect(() => new hcp.HostedClusterMigration('kv', { ...MIGRATION, cluster: kubevirtCluster, destinationCluster: undefined, sourceProvider: east, destinationProvider: west })).toThrow(
    /a hosted cluster of platform KubeVirt cannot be restored on another management cluster/,
  );
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(registrations.filter((r) => r.name.startsWith('kv-'))).toEqual([]);
});
