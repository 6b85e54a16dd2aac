/**
 * The backup of the workloads inside a hosted cluster (documentation 7.6.4): OADP applied to the
 * hosted cluster's API, a DataProtectionApplication without the hypershift plugin, and a Schedule
 * of the application namespaces; every finding with its path.
 */
import { Chart } from 'cdk8s';
import type { Schedule } from '../../lib/api';
import type { ValidationIssue } from '../../lib/core';
import { SecretSource, checkHostedClusterWorkloadBackup } from '../../lib';
import { HostedClusterBundle, HostedClusterWorkloadBackup } from '../../lib/cdk8s';
import { synthInMemory } from '../../lib/cdk8s/engine/synth';
import { planHostedCluster } from '../../lib/platforms';
import { EXAMPLE_OPTIONS, awsCluster } from '../../examples/clusters';

const cluster = planHostedCluster(awsCluster, EXAMPLE_OPTIONS);
const location = { bucket: 'aws-prod-apps', prefix: 'velero', region: 'us-east-2', credentials: SecretSource.existing('cloud-credentials') };
const check = (props: object) => checkHostedClusterWorkloadBackup(cluster, { namespaces: ['shop'], dataProtection: { backupLocations: [location] }, ...props });
const errors = (issues: readonly ValidationIssue[]) => issues.filter((i) => i.severity === 'error').map(({ path, message }) => ({ path, message }));

test('OADP and a Schedule of the namespaces, in the hosted cluster, in phase order', () => {
  const { plan, issues } = check({ schedule: '0 3 * * *' });
  expect(errors(issues)).toEqual([]);
  expect(plan!.target).toEqual({ kind: 'hosted-cluster', namespace: 'aws-clusters', name: 'aws-prod' });
  expect(plan!.objects.map((o) => `${o.phase.name} ${o.object.kind} ${o.object.metadata.namespace ?? ''}/${o.object.metadata.name}`)).toEqual([
    'operators Namespace /openshift-adp',
    'operators OperatorGroup openshift-adp/redhat-oadp-operator-group',
    'operators Subscription openshift-adp/redhat-oadp-operator',
    'operator-configuration DataProtectionApplication openshift-adp/dpa-instance',
    'day-2 Schedule openshift-adp/workloads',
  ]);
  expect(plan!.dataProtectionApplication.spec.configuration.velero!.defaultPlugins).toEqual(['openshift', 'aws', 'csi']);
  expect((plan!.backup as Schedule).spec).toEqual({
    schedule: '0 3 * * *',
    template: { includedNamespaces: ['shop'], storageLocation: 'default', ttl: '720h0m0s', snapshotMoveData: true, datamover: 'velero', defaultVolumesToFsBackup: false, snapshotVolumes: true },
  });
  expect(plan!.objects[4].readiness).toEqual({ kind: 'jsonpath', path: '.status.phase', value: 'Enabled' });
});

test('without schedule one Backup, ready when Completed; file-system volumes; the hypershift plugin is not asked for', () => {
  const { plan, issues } = check({ namespaces: ['*'], name: 'before-upgrade', volumes: 'file-system', dataProtection: { backupLocations: [location], plugins: ['openshift', 'aws'] } });
  expect(errors(issues)).toEqual([]);
  expect(plan!.backup).toMatchObject({ kind: 'Backup', metadata: { name: 'before-upgrade' }, spec: { includedNamespaces: ['*'], defaultVolumesToFsBackup: true } });
  expect(plan!.objects[plan!.objects.length - 1].readiness).toEqual({ kind: 'jsonpath', path: '.status.phase', value: 'Completed' });
});

test('findings name the props: namespaces, schedule, location, node agent, inline credentials', () => {
  expect(errors(check({ namespaces: [] }).issues)).toEqual([
    { path: 'namespaces', message: 'no namespace is given, and Velero backs up every namespace of the cluster when the list is empty.' },
  ]);
  expect(errors(check({ namespaces: ['shop', 'Shop_2'] }).issues)).toEqual([{ path: 'namespaces[1]', message: expect.stringMatching(/^"Shop_2" /) }]);
  expect(errors(check({ schedule: 'nightly', paused: true }).issues).map((e) => e.path)).toEqual(['schedule']);
  expect(errors(check({ paused: true }).issues)).toEqual([{ path: 'paused', message: 'only a Schedule can be paused; without schedule this is a one-off Backup.' }]);
  expect(errors(check({ storageLocation: 'offsite', volumes: 'file-system', dataProtection: { backupLocations: [location], nodeAgent: false } }).issues)).toEqual([
    { path: 'storageLocation', message: '"offsite" is not a backup location of its dataProtection ("default"), so Velero would fail the backup.' },
    { path: 'volumes', message: 'a file-system backup needs the node agent, which its dataProtection leaves off (nodeAgent: false), so no volume would be copied.' },
  ]);
  const inline = { backupLocations: [{ ...location, credentials: SecretSource.inline('[default]\n') }] };
  expect(errors(check({ dataProtection: inline }).issues)).toEqual([
    { path: 'dataProtection.backupLocations[0].credentials.inline', message: 'an inline secret value would be written into the synthesized YAML.' },
  ]);
  expect(errors(check({ dataProtection: inline, allowInlineSecrets: true }).issues)).toEqual([]);
});

test('any value gives findings, never an exception', () => {
  expect(errors(checkHostedClusterWorkloadBackup(cluster, { namespaces: 'shop', dataProtection: 7 }).issues).map((e) => e.path)).toEqual(['namespaces', 'dataProtection']);
  expect(errors(checkHostedClusterWorkloadBackup(cluster, { namespaces: ['shop'], dataProtection: { backupLocations: [location], etcdSnapshots: true } }).issues).map((e) => e.path)).toEqual(['dataProtection.etcdSnapshots']);
});

test("cdk8s: written into the hosted cluster's own folder", () => {
  const { files } = synthInMemory((app) => {
    const chart = new Chart(app, 'apps');
    const bundle = new HostedClusterBundle(chart, 'cluster', { ...awsCluster, options: EXAMPLE_OPTIONS });
    new HostedClusterWorkloadBackup(chart, 'workloads', { cluster: bundle, namespaces: ['shop'], dataProtection: { backupLocations: [location] } });
  });
  expect([...files.keys()].filter((f) => f.startsWith('hosted-aws-clusters-aws-prod/') && !f.endsWith('kustomization.yaml'))).toEqual([
    'hosted-aws-clusters-aws-prod/01-operators/apps.yaml',
    'hosted-aws-clusters-aws-prod/02-operator-configuration/apps.yaml',
    'hosted-aws-clusters-aws-prod/05-resources/apps.yaml',
  ]);
});
