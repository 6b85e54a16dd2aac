/** Pulumi HostedClusterBackup and HostedClusterRestore, and OADP on the ManagementCluster, under strict mocks: parity with cdk8s, order, secrets. */
import * as pulumi from '@pulumi/pulumi';
import { App, Chart } from 'cdk8s';
import { SecretSource } from '../../lib';
import { HostedClusterBackup as Cdk8sBackup, HostedClusterRestore as Cdk8sRestore } from '../../lib/cdk8s';
import { planHostedCluster } from '../../lib/platforms';
import { EXAMPLE_OPTIONS, awsCluster, kubevirtCluster } from '../../examples/clusters';
import { strictMocks, valueOf, withoutAnnotations } from './strict-mocks';

const mocked = strictMocks();
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
beforeAll(async () => {
  hcp = await mocked.load();
});

const strip = withoutAnnotations;
const inputsOf = (prefix: string) =>
  registrations.filter((r) => r.name.startsWith(prefix) && r.type.startsWith('kubernetes:')).map((r) => strip(r.inputs, 'pulumi.com/waitFor'));

test('parity with cdk8s: the same Schedule and Restore; Pulumi waits for Enabled and Completed', async () => {
  const aws = { plan: planHostedCluster(awsCluster, EXAMPLE_OPTIONS) };
  const kv = { plan: planHostedCluster(kubevirtCluster, EXAMPLE_OPTIONS) };
  const chart = new Chart(new App(), 'parity');
  new Cdk8sBackup(chart, 'backup', { cluster: aws, schedule: '0 2 * * *' });
  new Cdk8sRestore(chart, 'restore', { cluster: kv, backupName: 'nightly-1' });
  const expected = chart.toJson().map((o) => strip(o, 'argocd.argoproj.io/sync-wave'));

  const backup = new hcp.HostedClusterBackup('pb', { cluster: aws, schedule: '0 2 * * *' });
  const restore = new hcp.HostedClusterRestore('pr', { cluster: kv, backupName: 'nightly-1' });
  await Promise.all([backup.backup, restore.restore].map((r) => valueOf(r.urn)));
  expect([...inputsOf('pb-'), ...inputsOf('pr-')]).toEqual(expected);
  const waitFor = (prefix: string) => registrations.find((r) => r.name.startsWith(prefix) && r.type.startsWith('kubernetes:'))!.inputs.metadata as { annotations: Record<string, string> };
  expect(waitFor('pb-').annotations['pulumi.com/waitFor']).toBe('jsonpath={.status.phase}=Enabled');
  expect(waitFor('pr-').annotations['pulumi.com/waitFor']).toBe('jsonpath={.status.phase}=Completed');
});

test('a restore set given to the bundle as dependsOn: the cluster waits for the Restore', async () => {
  const dependsOn = new Map<pulumi.Resource, unknown>();
  const record: pulumi.ResourceTransformation = (args) => (dependsOn.set(args.resource, args.opts.dependsOn), undefined);
  const planned = hcp.PlannedBundle.of({ ...kubevirtCluster, name: 'kv-restored', options: EXAMPLE_OPTIONS });
  const restore = new hcp.HostedClusterRestore('restore', { cluster: planned, scheduleName: 'kubevirt-clusters-kv-restored' });
  const cluster = new hcp.HostedClusterBundle('kv-restored', planned, { dependsOn: [restore], transformations: [record] });
  await Promise.all([restore.restore, ...cluster.phases.flatMap((p) => p.resources)].map((r) => valueOf(r.urn)));
  for (const r of cluster.phases[0].resources) expect((dependsOn.get(r) as pulumi.Resource[]).includes(restore)).toBe(true);
});

test('a cluster on a management provider: its Schedule and Restore go through that provider', async () => {
  const k8s = require('@pulumi/kubernetes') as typeof import('@pulumi/kubernetes');
  const mgmt = new k8s.Provider('mgmt', { kubeconfig: 'apiVersion: v1\nkind: Config\n' });
  const bundle = new hcp.HostedClusterBundle('aws', { ...awsCluster, options: EXAMPLE_OPTIONS }, { provider: mgmt });
  const backup = new hcp.HostedClusterBackup('mb', { cluster: bundle, schedule: '0 2 * * *' });
  const restore = new hcp.HostedClusterRestore('mr', { cluster: bundle, backupName: 'nightly-1' });
  await Promise.all([bundle, backup, restore, ...[bundle, backup, restore].flatMap((c) => c.phases.flatMap((p) => p.resources))].map((r) => valueOf(r.urn)));
  const providerRef = await valueOf(pulumi.all([mgmt.urn, mgmt.id]).apply(([urn, id]) => `${urn}::${id}`));
  const veleroObjects = registrations.filter((r) => /^m[br]-/.test(r.name) && r.type.startsWith('kubernetes:'));
  expect(veleroObjects.map((r) => [r.name, r.provider])).toEqual([
    ['mb-schedule-openshift-adp/aws-clusters-aws-prod', providerRef],
    ['mr-restore-openshift-adp/aws-clusters-aws-prod-restore', providerRef],
  ]);
});

test('an inline store credential (allowed) is a pulumi.secret', async () => {
  const mgmt = new hcp.ManagementCluster('secret-mgmt', {
    platforms: ['None'],
    allowInlineSecrets: true,
    dataProtection: { backupLocations: [{ bucket: 'oadp', prefix: 'hcp', region: 'us-east-1', credentials: SecretSource.inline('[default]\naws_access_key_id = AKIAEXAMPLE\n') }] },
  });
  const resources = mgmt.phases.flatMap((p) => p.resources);
  await Promise.all(resources.map((r) => valueOf(r.urn)));
  const secret = resources.find((r) => r instanceof (require('@pulumi/kubernetes') as typeof import('@pulumi/kubernetes')).core.v1.Secret) as unknown as { stringData: pulumi.Output<unknown>; metadata: pulumi.Output<{ name: string; namespace: string }> };
  expect(await valueOf(secret.metadata)).toMatchObject({ name: 'cloud-credentials', namespace: 'openshift-adp' });
  expect(await pulumi.isSecret(secret.stringData)).toBe(true);
});

test('invalid args throw before anything is registered, naming the prop', () => {
  const aws = { plan: planHostedCluster(awsCluster, EXAMPLE_OPTIONS) };
  expect(() => new hcp.HostedClusterBackup('bad-backup', { cluster: aws, schedule: '0 2 * *' })).toThrow(/schedule: "0 2 \* \*" has 4 fields/);
  expect(() => new hcp.HostedClusterRestore('bad-restore', { cluster: aws })).toThrow(/no backup to restore from is given/);
});
