/**
 * The backup of a hosted cluster's workloads with Pulumi, under strict mocks: every object through
 * the hosted cluster's provider, in phase order, the same objects as cdk8s.
 */
import * as pulumi from '@pulumi/pulumi';
import { App, Chart } from 'cdk8s';
import { adminKubeconfigRead, strictMocks, valueOf } from './strict-mocks';
import { HostedClusterBundle as Cdk8sBundle, HostedClusterWorkloadBackup as Cdk8sWorkloadBackup } from '../../lib/cdk8s';
import { SecretSource } from '../../lib';
import { EXAMPLE_OPTIONS, awsCluster } from '../../examples/clusters';

const BACKUP = {
  namespaces: ['shop', 'payments'],
  schedule: '0 3 * * *',
  dataProtection: { backupLocations: [{ bucket: 'aws-prod-apps', prefix: 'velero', region: 'us-east-2', credentials: SecretSource.existing('cloud-credentials') }] },
};
const mocked = strictMocks(adminKubeconfigRead);
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
beforeAll(async () => {
  hcp = await mocked.load();
});

test('OADP and the Schedule through the hosted cluster provider, in phase order, equal to the cdk8s objects', async () => {
  const bundle = new hcp.HostedClusterBundle('prod', { ...awsCluster, options: EXAMPLE_OPTIONS });
  const backup = new hcp.HostedClusterWorkloadBackup('prod-apps', { cluster: bundle, ...BACKUP });
  await Promise.all(backup.phases.flatMap((p) => p.resources).map((r) => valueOf(r.urn)));
  await valueOf(backup.urn);
  expect(backup.phases.map((p) => `${p.name}:${p.resources.length}`)).toEqual(['operators:3', 'operator-configuration:1', 'day-2:1']);
  const providerRef = await valueOf(pulumi.all([backup.provider.urn, backup.provider.id]).apply(([urn, id]) => `${urn}::${id}`));
  const hosted = registrations.filter((r) => r.name.startsWith('prod-apps-') && r.type !== 'pulumi:providers:kubernetes' && r.id === undefined);
  for (const r of hosted) expect(r.provider).toBe(providerRef);
  const schedule = hosted.find((r) => r.name === 'prod-apps-schedule-openshift-adp/workloads')!;
  expect((schedule.inputs as { metadata: { annotations: Record<string, string> } }).metadata.annotations['pulumi.com/waitFor']).toBe('jsonpath={.status.phase}=Enabled');

  const chart = new Chart(new App(), 'c');
  const cdk8s = new Cdk8sWorkloadBackup(chart, 'apps', { cluster: new Cdk8sBundle(chart, 'cluster', { ...awsCluster, options: EXAMPLE_OPTIONS }), ...BACKUP });
  const strip = (o: { kind: string; metadata: { name: string; annotations?: unknown } }) => ({ ...o, metadata: { ...o.metadata, annotations: undefined } });
  const byName = (a: { kind: string; metadata: { name: string } }, b: { kind: string; metadata: { name: string } }) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`);
  expect(hosted.map((r) => strip(JSON.parse(JSON.stringify(r.inputs)))).sort(byName)).toEqual(cdk8s.plan!.objects.map((p) => strip(JSON.parse(JSON.stringify(p.object)))).sort(byName));
});
