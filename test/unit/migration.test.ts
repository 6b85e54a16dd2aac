/**
 * Moving a hosted cluster to another management cluster (lib/management/migration.ts): the
 * source's Backup in the plugin's migration mode, the destination's Restore, and the rules M1-M5
 * of the issue-19 plan (and the backup-location and pause rules beside them), each with its exact message.
 */
import fc from 'fast-check';
import { App } from 'cdk8s';
import type { HostedClusterProps, ManagementClusterProps } from '../../lib';
import { SecretSource } from '../../lib';
import type { ValidationIssue } from '../../lib/core';
import { PHASES, Plan, contributionOf, managementTarget } from '../../lib/core';
import { HostedClusterMigration, synthesizeCharts } from '../../lib/cdk8s';
import { targetFolder } from '../../lib/cdk8s/engine/synth';
import { collectIssues } from '../../lib/cdk8s/engine/issues';
import { OADP_PLUGIN_CONFIG, checkHostedClusterMigration } from '../../lib/management';
import type { HostedClusterMigrationDescriptions } from '../../lib/management';
import { EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, awsCluster, kubevirtCluster } from '../../examples/clusters';

const sides = { source: 'east', destination: 'west' };
const described: HostedClusterMigrationDescriptions = {
  cluster: awsCluster,
  options: EXAMPLE_OPTIONS,
  sourceManagementCluster: EXAMPLE_MANAGEMENT_CLUSTER,
  destinationManagementCluster: EXAMPLE_MANAGEMENT_CLUSTER,
};
const migrate = (props: object = {}, more: Partial<HostedClusterMigrationDescriptions> = {}) => checkHostedClusterMigration({ ...described, ...more }, { ...sides, ...props });
const errors = (issues: readonly ValidationIssue[]) => issues.filter((i) => i.severity === 'error').map((i) => `${i.path}: ${i.message} Fix: ${i.fix}`);
const warnings = (issues: readonly ValidationIssue[]) => issues.filter((i) => i.severity === 'warning').map((i) => `${i.path}: ${i.message}`);
const withDns = (domainFilter: string | undefined, more: Partial<ManagementClusterProps> = {}): ManagementClusterProps => {
  const { externalDns, ...engine } = EXAMPLE_MANAGEMENT_CLUSTER.multiclusterEngine!;
  return { ...EXAMPLE_MANAGEMENT_CLUSTER, ...more, multiclusterEngine: { ...engine, ...(domainFilter === undefined ? {} : { externalDns: { ...externalDns!, domainFilter } }) } };
};
const IMPOSSIBLE = 'migration is impossible without stable hostnames';

describe('the objects: source Backup in migration mode, destination Restore', () => {
  test("stage backup (the default): the plugin's ConfigMap (migration: \"true\") and the one-off Backup on the source, nothing on the destination", () => {
    const { plan, issues } = migrate();
    expect(errors(issues)).toEqual([]);
    expect(plan!.target).toEqual(managementTarget('east'));
    const items = plan!.objects.map((o) => [o.object.kind, o.object.metadata.namespace, o.object.metadata.name, o.phase.name, o.target]);
    expect(items).toEqual([
      ['ConfigMap', 'openshift-adp', 'hypershift-oadp-plugin-config', 'operator-configuration', undefined],
      ['Backup', 'openshift-adp', 'aws-clusters-aws-prod-migration', 'migration-backup', undefined],
    ]);
    expect(plan!.pluginConfig.data).toEqual({ migration: 'true' });
    expect(OADP_PLUGIN_CONFIG).toEqual({ name: 'hypershift-oadp-plugin-config', migrationKey: 'migration', etcdBackupMethodKey: 'etcdBackupMethod', etcdSnapshot: 'etcdSnapshot' });
    expect(plan!.backup.spec).toMatchObject({ includedNamespaces: ['aws-clusters', 'aws-clusters-aws-prod'], storageLocation: 'default', snapshotMoveData: true });
    expect(plan!.backup.spec.includedResources).toEqual(expect.arrayContaining(['hostedcluster', 'nodepool', 'awsmachine']));
    expect(plan!.objects[1].readiness).toEqual({ kind: 'jsonpath', path: '.status.phase', value: 'Completed' });
    expect(plan!.restore).toBeUndefined();
  });

  test('stage restore: the Restore of that Backup on the destination, in phase restore, after the Backup (wave 0 < 1)', () => {
    const { plan } = migrate({ stage: 'restore', name: 'move-aws-prod', storageLocation: 'default', ttl: '48h' });
    const restore = plan!.objects.find((o) => o.object.kind === 'Restore')!;
    expect(restore.target).toEqual(managementTarget('west'));
    expect(restore.phase).toBe(PHASES.restore);
    expect(PHASES.migrationBackup.wave).toBeLessThan(PHASES.restore.wave);
    expect(plan!.restore).toMatchObject({
      metadata: { name: 'move-aws-prod-restore', namespace: 'openshift-adp' },
      spec: { backupName: 'move-aws-prod', includedNamespaces: ['aws-clusters', 'aws-clusters-aws-prod'], restorePVs: true, existingResourcePolicy: 'update' },
    });
    expect(plan!.backup.spec.ttl).toBe('48h');
    // In a plan the objects land on their own targets: two folders, two providers.
    const added = new Plan().add(contributionOf(plan!, [])).added;
    expect(added.map((p) => `${p.object.kind}@${p.target.kind === 'management' ? p.target.name : ''}`)).toEqual(['ConfigMap@east', 'Backup@east', 'Restore@west']);
  });

  test('M5: only a ConfigMap, a Backup and a Restore; no patch, no finalizers, no deletion', () => {
    const objects = migrate({ stage: 'restore' }).plan!.objects;
    expect(objects.map((o) => o.object.kind)).toEqual(['ConfigMap', 'Backup', 'Restore']);
    expect(objects.filter((o) => o.patch)).toEqual([]);
    expect(JSON.stringify(objects)).not.toMatch(/finalizers|\$patch|delete/i);
  });

  test('warns that every backup on the source runs in migration mode while the migration is committed, and names the step after the restore', () => {
    expect(warnings(migrate({ stage: 'restore' }).issues)).toEqual([
      "(source): while this migration is committed, every backup Velero makes on east runs in migration mode (the plugin's ConfigMap is read by each backup in openshift-adp) and leaves its hosted clusters paused.",
      '(destination): after the restore on west, run by hand: hypershift fix dr-oidc-iam --hc-name aws-prod --hc-namespace aws-clusters --aws-creds <credentials file>, when the control-plane operator reports WebIdentityErr or nodes stay NotReady (it uploads the OIDC documents again).',
    ]);
  });
});

describe('M1: stable hostnames through external DNS on both management clusters', () => {
  test('a management cluster without external DNS', () => {
    expect(errors(migrate({}, { destinationManagementCluster: withDns(undefined) }).issues)).toEqual([
      `destinationManagementCluster.multiclusterEngine.externalDns: management cluster west runs the HyperShift operator without external DNS, and ${IMPOSSIBLE}: the API server's DNS name must move with the control plane. Fix: Give both management clusters multiclusterEngine.externalDns with the same domainFilter.`,
    ]);
  });

  test('two domain filters', () => {
    expect(errors(migrate({}, { destinationManagementCluster: withDns('west.example.com') }).issues)).toEqual([
      `destinationManagementCluster.multiclusterEngine.externalDns.domainFilter: the external DNS domain filter "west.example.com" of west differs from "hcp.example.com" of east, so the destination could not take over the cluster's records: ${IMPOSSIBLE}. Fix: Give both management clusters the same domainFilter.`,
    ]);
  });

  test('an API server without a hostname', () => {
    const { externalDnsDomain, ...aws } = (awsCluster.platform as unknown as { aws: Record<string, unknown> }).aws;
    expect(externalDnsDomain).toBe('hcp.example.com');
    const cluster = { ...awsCluster, platform: { type: 'AWS', aws } } as unknown as HostedClusterProps;
    expect(errors(migrate({}, { cluster }).issues)).toEqual([
      `cluster.services.hostnames.APIServer: the API server of aws-clusters/aws-prod is published as a LoadBalancer without a hostname, so its address changes with the management cluster and the nodes could not follow: ${IMPOSSIBLE}. Fix: Give the API server a hostname inside the external DNS domain (services.hostnames.APIServer, or the platform's external DNS domain).`,
    ]);
  });

  test("an API server hostname outside the external DNS domain", () => {
    expect(errors(migrate({}, { sourceManagementCluster: withDns('service.hcp.example.com'), destinationManagementCluster: withDns('service.hcp.example.com') }).issues)).toEqual([
      `cluster.services.hostnames.APIServer: the API server's hostname "api-aws-prod.hcp.example.com" is not inside the external DNS domain "service.hcp.example.com", so external DNS does not publish it and the nodes could not follow the control plane: ${IMPOSSIBLE}. Fix: Give the API server a hostname ending in .service.hcp.example.com.`,
    ]);
  });

  test('without the management clusters described: a warning for each', () => {
    const { issues } = migrate({}, { sourceManagementCluster: undefined, destinationManagementCluster: undefined });
    expect(errors(issues)).toEqual([]);
    expect(warnings(issues).slice(0, 2)).toEqual([
      `sourceManagementCluster: the external DNS of management cluster east is not checked (no sourceManagementCluster given), and ${IMPOSSIBLE}: the HyperShift operator there must publish hostnames with external DNS.`,
      `destinationManagementCluster: the external DNS of management cluster west is not checked (no destinationManagementCluster given), and ${IMPOSSIBLE}: the HyperShift operator there must publish hostnames with external DNS.`,
    ]);
  });
});

describe('M2 and M3: the destination describes the same cluster, release and key', () => {
  test('M2: another release', () => {
    const destinationCluster = { ...awsCluster, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.1-x86_64' } };
    expect(errors(migrate({}, { destinationCluster }).issues)).toEqual([
      `destinationCluster.release: the destination describes release "quay.io/openshift-release-dev/ocp-release:4.17.1-x86_64", but aws-clusters/aws-prod runs "quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64": the restored control plane runs the source's release, and the destination's app would start an upgrade in the middle of the move. Fix: Move at one release: give the destination the source's release, and upgrade after the move.`,
    ]);
  });

  test('another cluster', () => {
    expect(errors(migrate({}, { destinationCluster: { ...awsCluster, name: 'aws-other' } }).issues)).toEqual([
      'destinationCluster.name: the destination describes aws-clusters/aws-other, but the Restore recreates aws-clusters/aws-prod. Fix: Describe the cluster on the destination as aws-clusters/aws-prod.',
    ]);
  });

  test('M3: another etcd encryption key', () => {
    const destinationCluster = { ...awsCluster, secretEncryption: { aescbc: SecretSource.external({ store: 'vault', key: 'aws-prod/etcd' }) } };
    expect(errors(migrate({}, { destinationCluster }).issues)).toEqual([
      `destinationCluster.secretEncryption: the destination describes the etcd encryption key as key "aws-prod/etcd" of ClusterSecretStore "vault", the source as a KMS key (provider AWS): the restored etcd is encrypted with the source's key and unreadable with another. Fix: Give the destination the source's secretEncryption (the same existing Secret or the same secret-store key).`,
    ]);
  });

  test('M3: the same key written alike on both sides is accepted (the default Secret name too)', () => {
    const { secretEncryption, ...plain } = awsCluster;
    expect(secretEncryption).toBeDefined();
    expect(errors(migrate({}, { cluster: plain, destinationCluster: { ...plain, secretEncryption: { aescbc: SecretSource.existing('aws-prod-etcd-encryption-key') } } }).issues)).toEqual([]);
  });
});

describe('M4: the platform decides whether a backup restores on another management cluster', () => {
  test('KubeVirt restores on its own management cluster only', () => {
    expect(errors(migrate({}, { cluster: kubevirtCluster, sourceManagementCluster: undefined, destinationManagementCluster: undefined }).issues)[0]).toBe(
      'cluster.platform.type: a hosted cluster of platform KubeVirt cannot be restored on another management cluster (its backup restores on the same management cluster only), so it cannot be moved this way. Fix: Move only clusters whose platform restores on another management cluster; recover this one on its own management cluster (docs/backup-restore.md).',
    );
  });
});

describe('the two management clusters and their backup location', () => {
  test('source and destination are one cluster', () => {
    expect(errors(migrate({ destination: 'east' }).issues)).toEqual([
      'destination: the source and the destination are both "east"; a migration moves a cluster to another management cluster. Fix: Name the management cluster the cluster moves to; to recover a cluster on its own management cluster, use HostedClusterRestore.',
    ]);
  });

  test('a name that cannot be a folder', () => {
    expect(errors(migrate({ source: 'East_1' }).issues)).toEqual([
      'source: management cluster name "East_1" must consist of lower-case letters, digits and "-", and start and end with a letter or digit; it names the folder management-<name> and the Pulumi provider. Fix: Use lower-case letters, digits and dashes.',
    ]);
  });

  test('a management cluster without OADP', () => {
    const { dataProtection, ...none } = EXAMPLE_MANAGEMENT_CLUSTER;
    expect(dataProtection).toBeDefined();
    expect(errors(migrate({}, { destinationManagementCluster: none }).issues)).toEqual([
      'destinationManagementCluster.dataProtection: management cluster west has no dataProtection (OADP), so nothing there can restore the cluster. Fix: Give west dataProtection with the location "default".',
    ]);
  });

  test('a location the management cluster does not have', () => {
    expect(errors(migrate({ storageLocation: 'archive' }).issues)).toEqual([
      'storageLocation: "archive" is not a backup location of management cluster east ("default"). Fix: Use a location both management clusters have.',
      'storageLocation: "archive" is not a backup location of management cluster west ("default"). Fix: Use a location both management clusters have.',
    ]);
  });

  test("M6: not from a source whose ManagementCluster writes the plugin's ConfigMap for etcd snapshots", () => {
    const east = { ...EXAMPLE_MANAGEMENT_CLUSTER, dataProtection: { ...EXAMPLE_MANAGEMENT_CLUSTER.dataProtection!, etcdSnapshots: true } };
    expect(errors(migrate({}, { sourceManagementCluster: east }).issues)).toEqual([
      'sourceManagementCluster.dataProtection.etcdSnapshots: the hypershift plugin\'s ConfigMap openshift-adp/hypershift-oadp-plugin-config on east is written by its ManagementCluster (etcdBackupMethod: etcdSnapshot), and a migration writes the same ConfigMap (migration: "true"); applied from two folders, each apply would remove the other\'s key. Fix: Move the cluster with volume snapshots: turn etcdSnapshots off on east (and etcdSnapshot off on its backups) until the migration is done.',
    ]);
    expect(errors(migrate({}, { destinationManagementCluster: east }).issues)).toEqual([]);
  });

  test('one location name on two buckets', () => {
    const location = EXAMPLE_MANAGEMENT_CLUSTER.dataProtection!.backupLocations[0];
    const west = { ...EXAMPLE_MANAGEMENT_CLUSTER, dataProtection: { backupLocations: [{ ...location, bucket: 'west-backups' }] } };
    expect(errors(migrate({}, { destinationManagementCluster: west }).issues)).toEqual([
      `storageLocation: location "default" is hcp-backups-example/hosted-clusters on east but west-backups/hosted-clusters on west, so the destination's Velero never sees the source's backup. Fix: Point that location of both management clusters at the same bucket and prefix.`,
    ]);
  });
});

describe('the pause the plugin owns', () => {
  test('a description that sets pausedUntil', () => {
    expect(errors(migrate({}, { cluster: { ...awsCluster, pausedUntil: true } }).issues)).toEqual([
      "cluster.pausedUntil: the cluster description sets pausedUntil: the hypershift plugin pauses the source for the backup and keeps it paused in migration mode, and unpauses the restored cluster; a value in git fights both (Argo CD would unpause the source while the destination runs the cluster). Fix: Remove pausedUntil from the description in both apps.",
    ]);
  });
});

describe('any value gives findings, never an exception', () => {
  test.each([
    ['the migration props', (input: unknown) => checkHostedClusterMigration(described, input)],
    ['the descriptions', (input: unknown) => checkHostedClusterMigration(input, sides)],
    ['a management cluster description', (input: unknown) => checkHostedClusterMigration({ ...described, destinationManagementCluster: input }, sides)],
  ])('%s', (_name, check) => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const { plan, issues } = check(input);
        expect(plan !== undefined || issues.some((i) => i.severity === 'error')).toBe(true);
      }),
      { seed: 19, numRuns: 150 },
    );
  });

  test('a broken cluster description names its props under cluster', () => {
    expect(errors(migrate({}, { cluster: { ...awsCluster, name: 'Bad_Name' } }).issues)[0]).toMatch(/^cluster\.name: /);
  });
});

test('examples/migration.ts: management-east/ holds the ConfigMap and Backup, management-west/ the Restore', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { define } = require('../../examples/migration') as typeof import('../../examples/migration');
  const app = new App();
  define(app);
  expect(collectIssues(app).filter((i) => i.severity === 'error')).toEqual([]);
  const files = synthesizeCharts(app).map((c) => [`${targetFolder(c.target)}/${c.name}`, c.documents.map((d) => `${(d as { kind: string }).kind} ${(d as { metadata: { name: string } }).metadata.name}`)]);
  expect(files).toEqual([
    ['management-east/migration-aws-prod', ['ConfigMap hypershift-oadp-plugin-config', 'Backup aws-clusters-aws-prod-migration']],
    ['management-west/migration-aws-prod', ['Restore aws-clusters-aws-prod-migration-restore']],
  ]);
});

test('cdk8s: a migration with errors emits nothing and fails synthesis', () => {
  const app = new App();
  const migration = new HostedClusterMigration(app, 'm', { ...described, ...sides, cluster: kubevirtCluster, sourceManagementCluster: undefined, destinationManagementCluster: undefined });
  expect(migration.apiObjects).toEqual([]);
  expect(() => app.synth()).toThrow(/cannot be restored on another management cluster/);
});
