/**
 * Protection (issue 19 part B): OADP on the management cluster (checks B1-B3), the backup of a
 * hosted cluster (B4-B8), its restore set (B9-B11), and the builders part D reuses. One test per
 * rule, with its exact message and path.
 */
import fc from 'fast-check';
import type { Backup, HostedCluster, Schedule } from '../../lib/api';
import type { DataProtectionProps, HostedClusterProps, ManagementClusterProps } from '../../lib';
import { SecretSource, checkManagementCluster } from '../../lib';
import type { PlannedPart, ValidationIssue } from '../../lib/core';
import { MANAGEMENT_CLUSTER, PHASES, Plan, contributionOf, previousObjects, reviewAgainstPrevious } from '../../lib/core';
import { restoreCheck } from '../../lib/management';
import {
  COMMON_BACKUP_RESOURCES,
  RESTORE_EXCLUDED_RESOURCES,
  backupSpecFor,
  checkHostedClusterBackup,
  checkHostedClusterRestore,
  restoreFor,
  veleroScheduleProblem,
} from '../../lib/management';
import { PLATFORM_DEFINITIONS, planHostedCluster } from '../../lib/platforms';
import { EXAMPLE_OPTIONS, agentCluster, awsCluster, kubevirtCluster, noneCluster } from '../../examples/clusters';
import { AZURE_EXAMPLE_OPTIONS, azureCluster } from '../../examples/azure';
import { POWERVS_CLUSTER } from '../../examples/powervs';

const location = { bucket: 'oadp-backup', prefix: 'hcp', region: 'us-east-1', credentials: SecretSource.existing('cloud-credentials') };
const management = (dataProtection: unknown, more: Partial<ManagementClusterProps> = {}) =>
  checkManagementCluster({ platforms: ['None'], ...more, dataProtection } as ManagementClusterProps);
const errors = (issues: readonly ValidationIssue[]) => issues.filter((i) => i.severity === 'error').map(({ path, message }) => ({ path, message }));
const warnings = (issues: readonly ValidationIssue[]) => issues.filter((i) => i.severity === 'warning').map(({ path, message }) => ({ path, message }));
const objectOf = (dataProtection: DataProtectionProps, kind: string) => management(dataProtection).plan!.objects.find((o) => o.object.kind === kind);

const clusters: Record<string, HostedClusterProps> = { AWS: awsCluster, KubeVirt: kubevirtCluster, Agent: agentCluster, None: noneCluster, Azure: azureCluster, PowerVS: POWERVS_CLUSTER };
// The Azure example's release (4.21) is newer than the built-in examples' supported versions.
const hc = (props: HostedClusterProps = awsCluster): HostedCluster => planHostedCluster(props, props === azureCluster ? AZURE_EXAMPLE_OPTIONS : EXAMPLE_OPTIONS).hostedCluster;
// Every registered platform has its example here (a missing one would fall back to nothing silently).
test('an example cluster per platform', () => expect(Object.keys(clusters).sort()).toEqual(PLATFORM_DEFINITIONS.map((d) => d.type).sort()));

describe('dataProtection: the OADP operator and the DataProtectionApplication', () => {
  test('installs redhat-oadp-operator from the stable channel in openshift-adp', () => {
    const objects = management({ backupLocations: [location] }).plan!.objects.map((o) => o.object);
    const subscription = objects.find((o) => o.kind === 'Subscription' && o.metadata.namespace === 'openshift-adp') as unknown as { spec: Record<string, string> };
    expect(subscription.spec).toMatchObject({ name: 'redhat-oadp-operator', channel: 'stable', source: 'redhat-operators' });
    expect(objects.find((o) => o.kind === 'OperatorGroup' && o.metadata.namespace === 'openshift-adp')).toMatchObject({ spec: { targetNamespaces: ['openshift-adp'] } });
  });

  test("the documentation's DPA: openshift, aws, csi, hypershift; kopia node agent; resourceTimeout 2h; key cloud of the existing Secret", () => {
    const dpa = objectOf({ backupLocations: [location] }, 'DataProtectionApplication')!;
    expect(dpa.phase).toBe(PHASES.operatorConfiguration);
    expect(dpa.readiness).toEqual({ kind: 'condition', type: 'Reconciled', status: 'True' });
    expect(dpa.object).toMatchObject({
      metadata: { name: 'dpa-instance', namespace: 'openshift-adp' },
      spec: {
        backupLocations: [
          { name: 'default', velero: { provider: 'aws', default: true, objectStorage: { bucket: 'oadp-backup', prefix: 'hcp' }, config: { region: 'us-east-1' }, credential: { name: 'cloud-credentials', key: 'cloud' } } },
        ],
        configuration: { nodeAgent: { enable: true, uploaderType: 'kopia' }, velero: { defaultPlugins: ['openshift', 'aws', 'csi', 'hypershift'], resourceTimeout: '2h' } },
      },
    });
  });

  test('MinIO: s3Url, path-style addressing, the CA bundle base64-encoded', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    const dpa = objectOf({ backupLocations: [{ ...location, region: 'minio', s3Url: 'https://minio.example.com:9000', caCertificate: pem }] }, 'DataProtectionApplication')!.object as never as {
      spec: { backupLocations: [{ velero: { config: Record<string, string>; objectStorage: { caCert: string } } }] };
    };
    expect(dpa.spec.backupLocations[0].velero.config).toEqual({ region: 'minio', s3ForcePathStyle: 'true', s3Url: 'https://minio.example.com:9000' });
    expect(Buffer.from(dpa.spec.backupLocations[0].velero.objectStorage.caCert, 'base64').toString()).toBe(pem);
  });

  test('credentials from a secret store: an ExternalSecret cloud-credentials (key cloud) the DPA waits for', () => {
    const found = management({ backupLocations: [{ ...location, credentials: SecretSource.external({ store: 'vault', key: 'oadp' }) }] }).plan!.objects;
    const external = found.find((o) => o.object.kind === 'ExternalSecret' && o.object.metadata.namespace === 'openshift-adp')!;
    expect(external.object.metadata.name).toBe('cloud-credentials');
    expect((external.object as never as { spec: { data: unknown[] } }).spec.data).toEqual([{ secretKey: 'cloud', remoteRef: { key: 'oadp' } }]);
    expect(found.find((o) => o.object.kind === 'DataProtectionApplication')!.dependsOn).toEqual(['external-secrets.io/ExternalSecret/openshift-adp/cloud-credentials']);
  });

  test('an inline credential needs allowInlineSecrets', () => {
    expect(errors(management({ backupLocations: [{ ...location, credentials: SecretSource.inline('[default]\n') }] }).issues)).toEqual([
      { path: 'dataProtection.backupLocations[0].credentials.inline', message: 'an inline secret value would be written into the synthesized YAML.' },
    ]);
  });

  test('B1: the hypershift plugin must be listed', () => {
    expect(errors(management({ backupLocations: [location], plugins: ['openshift', 'aws', 'csi'] }).issues)).toEqual([
      { path: 'dataProtection.plugins', message: 'the hypershift plugin is missing: without it Velero backs up a hosted cluster while its control plane keeps writing, and restores it without unpausing it.' },
    ]);
  });

  test("B1: each location's provider plugin must be listed", () => {
    expect(errors(management({ backupLocations: [location], plugins: ['openshift', 'csi', 'hypershift'] }).issues)).toEqual([
      { path: 'dataProtection.plugins', message: 'backup location "default" (backupLocations[0]) is a aws object store, but the aws plugin is missing, so Velero cannot write to it (OADP only logs this).' },
    ]);
  });

  test('B2: exactly one default location', () => {
    const two = [{ ...location, name: 'a' }, { ...location, name: 'b' }];
    expect(errors(management({ backupLocations: two }).issues)).toEqual([
      { path: 'dataProtection.backupLocations', message: 'no backup location is the default; OADP refuses a DataProtectionApplication without one.' },
    ]);
    expect(errors(management({ backupLocations: two.map((l) => ({ ...l, default: true })) }).issues)).toEqual([
      { path: 'dataProtection.backupLocations', message: '"a" and "b" are all the default; OADP accepts only one default location.' },
    ]);
  });

  test('B2: a location named default must be the default, and names are unique', () => {
    expect(errors(management({ backupLocations: [{ ...location, name: 'default', default: false }, { ...location, name: 'x', default: true }, { ...location, name: 'x' }] }).issues)).toEqual([
      { path: 'dataProtection.backupLocations[0].default', message: 'a location named "default" must be the default (OADP refuses it otherwise).' },
      { path: 'dataProtection.backupLocations[2].name', message: 'backup location "x" is defined twice; OADP refuses duplicate names.' },
    ]);
  });

  test('B3: the uploader is kopia or restic; restic is warned about', () => {
    expect(errors(management({ backupLocations: [location], nodeAgent: { uploaderType: 'zip' } }).issues)).toEqual([
      { path: 'dataProtection.nodeAgent.uploaderType', message: '"zip" (a string) is not one of kopia, restic.' },
    ]);
    expect(errors(management({ backupLocations: [location], nodeAgent: 'on' }).issues)).toEqual([
      { path: 'dataProtection.nodeAgent', message: '"on" (a string) is neither node agent settings nor false.' },
    ]);
    expect(warnings(management({ backupLocations: [location], nodeAgent: { uploaderType: 'restic' } }).issues)).toEqual([
      { path: 'dataProtection.nodeAgent.uploaderType', message: "restic is deprecated as Velero's uploader; the hosted-cluster documentation copies volumes with kopia." },
    ]);
    const off = objectOf({ backupLocations: [location], nodeAgent: false }, 'DataProtectionApplication')!.object as never as { spec: { configuration: object } };
    expect(off.spec.configuration).not.toHaveProperty('nodeAgent');
  });

  test("OADP's location rules: a region for S3, s3Url only for S3, Azure's resource group and storage account", () => {
    const { region: _region, ...noRegion } = location;
    expect(errors(management({ backupLocations: [noRegion] }).issues)).toEqual([
      { path: 'dataProtection.backupLocations[0].region', message: "an S3 location needs its region: OADP refuses one without it when s3Url or path-style addressing is used, or when the bucket's region cannot be discovered." },
    ]);
    expect(errors(management({ backupLocations: [{ ...noRegion, provider: 'azure', s3Url: 'minio' }], plugins: ['azure', 'hypershift'] }).issues)).toEqual([
      { path: 'dataProtection.backupLocations[0].s3Url', message: "s3Url is an S3 setting, but the location's provider is azure." },
      { path: 'dataProtection.backupLocations[0].s3Url', message: '"minio" is not an http(s) URL.' },
      { path: 'dataProtection.backupLocations[0].config', message: 'an Azure location needs config.resourceGroup; OADP refuses it otherwise.' },
      { path: 'dataProtection.backupLocations[0].config', message: 'an Azure location needs config.storageAccount; OADP refuses it otherwise.' },
    ]);
  });

  test('resourceTimeout is a Go duration', () => {
    expect(errors(management({ backupLocations: [location], resourceTimeout: '2 hours' }).issues)).toEqual([{ path: 'dataProtection.resourceTimeout', message: '"2 hours" is not a Go duration.' }]);
  });

  test('a channel of OADP 1.4 or older has no hypershift plugin', () => {
    expect(errors(management({ backupLocations: [location] }, { operators: { oadp: { channel: 'stable-1.4' } } }).issues)).toEqual([
      { path: 'operators.oadp.channel', message: 'stable-1.4 installs OADP 1.4, which has no hypershift plugin to pause a hosted cluster while it is backed up and unpause it on restore (OADP 1.5 and later).' },
    ]);
    expect(errors(management({ backupLocations: [location] }, { operators: { oadp: { channel: 'fast' } } }).issues)).toEqual([
      { path: 'operators.oadp.channel', message: 'channel "fast" is not a channel of redhat-oadp-operator in the Red Hat catalog (e.g. stable).' },
    ]);
  });
});

describe('HostedClusterBackup: what is backed up, per platform', () => {
  test.each(PLATFORM_DEFINITIONS.map((d) => [d.type, d] as const))('%s: both namespaces, the common and the platform resources, its label selector (B5, B6)', (type, definition) => {
    const cluster = hc(clusters[type]);
    const { namespace, name } = cluster.metadata;
    const backup = checkHostedClusterBackup(cluster, { schedule: '@daily' }).plan!.backup as Schedule;
    expect(backup.spec.template.includedNamespaces).toEqual([namespace, `${namespace}-${name}`]);
    expect(backup.spec.template.includedResources).toEqual([...COMMON_BACKUP_RESOURCES, ...definition.backup.resources]);
    expect(backup.spec.template.labelSelector).toEqual(definition.backup.labelSelector);
  });

  test('the platforms add what the documentation lists', () => {
    const byType = Object.fromEntries(PLATFORM_DEFINITIONS.map((d) => [d.type, d.backup]));
    expect(byType.AWS.resources).toEqual(['awscluster', 'awsmachinetemplate', 'awsmachine']);
    expect(byType.Agent.resources).toEqual(['bmh', 'infraenv', 'agents', 'agentcluster', 'agentmachinetemplate', 'agentmachine']);
    expect(byType.KubeVirt.labelSelector).toEqual({ matchExpressions: [{ key: 'hypershift.openshift.io/is-kubevirt-rhcos', operator: 'DoesNotExist' }] });
    expect(byType.KubeVirt.crossClusterRestore).toBe(false);
    expect(byType.AWS.crossClusterRestore).toBe(true);
  });

  test('a Schedule in the OADP namespace, after the cluster (day 2), ready when Enabled; the CSI data mover by default', () => {
    const plan = checkHostedClusterBackup(hc(), { schedule: '0 2 * * *' }).plan!;
    expect(plan.objects[0].phase).toBe(PHASES.day2);
    expect(plan.objects[0].readiness).toEqual({ kind: 'jsonpath', path: '.status.phase', value: 'Enabled' });
    expect(plan.backup).toMatchObject({
      kind: 'Schedule',
      metadata: { name: 'aws-clusters-aws-prod', namespace: 'openshift-adp', labels: { 'velero.io/storage-location': 'default' } },
      spec: { schedule: '0 2 * * *', template: { storageLocation: 'default', ttl: '720h0m0s', snapshotMoveData: true, datamover: 'velero', defaultVolumesToFsBackup: false, snapshotVolumes: true } },
    });
  });

  test('without a schedule, one Backup, ready when Completed; file-system volumes', () => {
    const plan = checkHostedClusterBackup(hc(), { name: 'before-upgrade', volumes: 'file-system', ttl: '72h' }).plan!;
    expect(plan.objects[0].readiness).toEqual({ kind: 'jsonpath', path: '.status.phase', value: 'Completed' });
    const backup = plan.backup as Backup;
    expect(backup.kind).toBe('Backup');
    expect(backup.spec).toMatchObject({ defaultVolumesToFsBackup: true, ttl: '72h' });
    expect(backup.spec).not.toHaveProperty('snapshotMoveData');
  });

  test('B7: the schedule is a Velero cron expression', () => {
    expect(errors(checkHostedClusterBackup(hc(), { schedule: '0 0 2 * * *' }).issues)).toEqual([
      { path: 'schedule', message: '"0 0 2 * * *" has 6 fields; Velero expects exactly 5 (minute hour day-of-month month day-of-week), no seconds; Velero would mark the Schedule FailedValidation.' },
    ]);
  });

  test('B7: the ttl is a Go duration', () => {
    expect(errors(checkHostedClusterBackup(hc(), { schedule: '@daily', ttl: '30d' }).issues)).toEqual([{ path: 'ttl', message: '"30d" is not a Go duration.' }]);
  });

  test('only a Schedule can be paused', () => {
    expect(errors(checkHostedClusterBackup(hc(), { paused: true }).issues)).toEqual([{ path: 'paused', message: 'only a Schedule can be paused; without schedule this is a one-off Backup.' }]);
  });

  test('B8: an API server behind a LoadBalancer without a hostname is warned about', () => {
    expect(warnings(checkHostedClusterBackup(hc(kubevirtCluster), { schedule: '@daily' }).issues)).toEqual([
      {
        path: '(cluster)',
        message: 'the API server of kubevirt-clusters/kv-dev is published as a LoadBalancer without a hostname, so a restored control plane gets a new address: the nodes keep the old one and stay NotReady, and NodePools cannot add nodes.',
      },
    ]);
    // AWS with private endpoints (the example's PublicAndPrivate), and NodePort addresses, keep their address.
    expect(warnings(checkHostedClusterBackup(hc(awsCluster), {}).issues)).toEqual([]);
    expect(warnings(checkHostedClusterBackup(hc(agentCluster), {}).issues)).toEqual([]);
  });
});

describe('etcd snapshots (Tech Preview): the upstream CLI\'s --use-etcd-snapshot', () => {
  const mce = { oidcStorage: { bucket: 'b', region: 'us-east-1', credentials: SecretSource.existing('hypershift-operator-oidc-provider-s3-credentials') } };

  test('the Backup holds no volumes, claims, Deployments or StatefulSets, adds the namespaces, and snapshots nothing', () => {
    const spec = (checkHostedClusterBackup(hc(), { etcdSnapshot: true }).plan!.backup as Backup).spec;
    expect(spec.includedResources).toEqual([
      'sa', 'role', 'rolebinding', 'pod', 'configmap', 'priorityclasses', 'pdb', 'hostedcluster', 'nodepool', 'secrets', 'services',
      'hostedcontrolplane', 'cluster', 'machinedeployment', 'machineset', 'machine', 'route', 'clusterdeployment', 'namespaces',
      'awscluster', 'awsmachinetemplate', 'awsmachine',
    ]);
    expect(spec).toMatchObject({ snapshotMoveData: false, defaultVolumesToFsBackup: false, snapshotVolumes: false });
    expect(spec).not.toHaveProperty('datamover');
  });

  test('volumes cannot be chosen for an etcd-snapshot backup (the CLI refuses its volume flags too)', () => {
    expect(errors(checkHostedClusterBackup(hc(), { etcdSnapshot: true, volumes: 'snapshot' }).issues)).toEqual([
      { path: 'volumes', message: 'an etcd-snapshot backup copies no volume: etcd comes back from its snapshot, and the other control-plane volumes are made again.' },
    ]);
  });

  test("dataProtection.etcdSnapshots: the plugin's ConfigMap, the Tech Preview install flag and a warning", () => {
    const found = management({ backupLocations: [location], etcdSnapshots: true });
    const objects = found.plan!.objects.map((o) => o.object);
    expect(objects.find((o) => o.metadata.name === 'hypershift-oadp-plugin-config')).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'hypershift-oadp-plugin-config', namespace: 'openshift-adp' },
      data: { etcdBackupMethod: 'etcdSnapshot' },
    });
    expect(objects.find((o) => o.metadata.name === 'hypershift-operator-install-flags')).toMatchObject({ data: { installFlagsToAdd: '--tech-preview-no-upgrade' } });
    expect(warnings(found.issues)).toContainEqual({
      path: 'dataProtection.etcdSnapshots',
      message: 'etcd snapshots are Tech Preview: the HyperShift operator runs with its TechPreviewNoUpgrade features (--tech-preview-no-upgrade), which Red Hat does not support in production.',
    });
    expect(management({ backupLocations: [location] }).plan!.objects.map((o) => o.object.metadata.name)).not.toContain('hypershift-oadp-plugin-config');
  });

  test('etcd snapshots need OADP 1.6, by channel or pinned CSV', () => {
    expect(errors(management({ backupLocations: [location], etcdSnapshots: true }, { operators: { oadp: { channel: 'stable-1.5' } } }).issues)).toEqual([
      { path: 'operators.oadp.channel', message: 'stable-1.5 installs OADP 1.5, whose hypershift plugin cannot take etcd snapshots (dataProtection.etcdSnapshots needs OADP 1.6 or later).' },
    ]);
    expect(errors(management({ backupLocations: [location], etcdSnapshots: true }, { operators: { oadp: { startingCSV: 'oadp-operator.v1.5.2' } } }).issues)).toEqual([
      { path: 'operators.oadp.startingCSV', message: 'oadp-operator.v1.5.2 installs OADP 1.5, whose hypershift plugin cannot take etcd snapshots (dataProtection.etcdSnapshots needs OADP 1.6 or later).' },
    ]);
    expect(errors(management({ backupLocations: [location], etcdSnapshots: true }, { operators: { oadp: { startingCSV: 'oadp-operator.v1.6.0' } } }).issues)).toEqual([]);
    expect(errors(management({ backupLocations: [location] }, { operators: { oadp: { channel: 'stable-1.5' } } }).issues)).toEqual([]);
  });

  test("B12: each backup's method is the plugin's, either way and in either order", () => {
    const snapshots = management({ backupLocations: [location], etcdSnapshots: true }, { platforms: ['AWS'], multiclusterEngine: mce });
    const volumes = management({ backupLocations: [location] }, { platforms: ['AWS'], multiclusterEngine: mce });
    const etcd = checkHostedClusterBackup(hc(), { etcdSnapshot: true });
    const plain = checkHostedClusterBackup(hc(), {});
    expect(errors(planned(volumes, etcd))).toEqual([
      { path: 'etcdSnapshot', message: 'this backup leaves etcd\'s volumes out for an etcd snapshot, but ManagementCluster does not have the hypershift plugin take one (dataProtection.etcdSnapshots is off), so the backup would hold no etcd at all.' },
    ]);
    expect(errors(planned(plain, snapshots))).toEqual([
      { path: 'etcdSnapshot', message: "ManagementCluster has the hypershift plugin take etcd snapshots (dataProtection.etcdSnapshots) for every backup, so this backup's etcd volumes would be skipped while it asks for volume snapshots." },
    ]);
    expect(errors(planned(snapshots, etcd))).toEqual([]);
    expect(errors(planned(plain, volumes))).toEqual([]);
  });

  test('the restore of an etcd-snapshot backup is the same Restore: the backup holds no volume to restore', () => {
    const restore = checkHostedClusterRestore(hc(), { backupName: 'b1' }).plan!.restore;
    expect(restore.spec).not.toHaveProperty('cleanupBeforeRestore');
    expect(restore.spec).toMatchObject({ restorePVs: true });
  });
});

/** Adds parts to one plan in order; the findings of all. */
function planned(...parts: Array<{ plan?: PlannedPart; issues: readonly ValidationIssue[] }>): ValidationIssue[] {
  const plan = new Plan();
  return parts.flatMap((part) => (part.plan ? plan.add(contributionOf(part.plan, part.issues)).issues : part.issues));
}

describe('checks across the app', () => {
  const paused: HostedClusterProps = { ...awsCluster, specOverrides: { pausedUntil: 'true' } };

  test('B4: a cluster a Schedule protects must not own pausedUntil (either order)', () => {
    const message = {
      path: 'specOverrides.pausedUntil',
      message: 'HostedCluster aws-clusters/aws-prod sets spec.pausedUntil ("true"), but HostedClusterBackup aws-clusters/aws-prod backs it up: the hypershift plugin pauses and unpauses it around every backup, and a value in git fights it (Argo CD\'s self-heal would undo the pause mid-backup).',
    };
    const cluster = planHostedCluster(paused, EXAMPLE_OPTIONS);
    const backup = checkHostedClusterBackup(cluster.hostedCluster, { schedule: '@daily' });
    expect(errors(planned({ plan: cluster, issues: [] }, backup))).toEqual([message]);
    expect(errors(planned(backup, { plan: cluster, issues: [] }))).toEqual([message]);
  });

  test('B7: the storage location is one of the DPA, and a file-system backup needs the node agent', () => {
    const mgmt = management({ backupLocations: [location], nodeAgent: false }, { platforms: ['AWS'], multiclusterEngine: { oidcStorage: { bucket: 'b', region: 'us-east-1', credentials: SecretSource.existing('hypershift-operator-oidc-provider-s3-credentials') } } });
    const backup = checkHostedClusterBackup(hc(), { storageLocation: 'offsite', volumes: 'file-system' });
    expect(errors(planned(mgmt, backup))).toEqual([
      { path: 'storageLocation', message: '"offsite" is not a backup location of ManagementCluster ("default"), so Velero would fail the backup.' },
      { path: 'volumes', message: 'a file-system backup needs the node agent, which ManagementCluster leaves off (nodeAgent: false), so no volume would be copied.' },
    ]);
  });

  test('B10: a cluster the restore set recovers must not stay paused', () => {
    const cluster = planHostedCluster(paused, EXAMPLE_OPTIONS);
    const restore = checkHostedClusterRestore(cluster.hostedCluster, { scheduleName: 'aws-clusters-aws-prod' });
    expect(errors(planned(restore, { plan: cluster, issues: [] }))).toEqual([
      {
        path: 'specOverrides.pausedUntil',
        message: 'HostedCluster aws-clusters/aws-prod sets spec.pausedUntil to "true", so the cluster that HostedClusterRestore aws-clusters/aws-prod recovers stays paused: the hypershift plugin unpauses it after the restore, and applying this value pauses it again.',
      },
    ]);
    const unpaused = planHostedCluster({ ...awsCluster, specOverrides: { pausedUntil: 'false' } }, EXAMPLE_OPTIONS);
    expect(errors(planned({ plan: unpaused, issues: [] }, restore))).toEqual([]);
  });
});

describe('HostedClusterRestore: the restore set', () => {
  test("the documentation's Restore, before the HostedCluster (restore wave < hosted-cluster wave)", () => {
    const plan = checkHostedClusterRestore(hc(), { scheduleName: 'aws-clusters-aws-prod' }).plan!;
    expect(plan.objects[0].phase).toBe(PHASES.restore);
    expect(PHASES.restore.wave).toBeLessThan(PHASES.hostedCluster.wave);
    expect(plan.objects[0].readiness).toEqual({ kind: 'jsonpath', path: '.status.phase', value: 'Completed' });
    expect(plan.restore).toMatchObject({
      metadata: { name: 'aws-clusters-aws-prod-restore', namespace: 'openshift-adp' },
      spec: {
        scheduleName: 'aws-clusters-aws-prod',
        includedNamespaces: ['aws-clusters', 'aws-clusters-aws-prod'],
        restorePVs: true,
        existingResourcePolicy: 'update',
        excludedResources: [...RESTORE_EXCLUDED_RESOURCES],
      },
    });
    expect(plan.restore.spec).not.toHaveProperty('preserveNodePorts');
    expect(checkHostedClusterRestore(hc(kubevirtCluster), { backupName: 'b1' }).plan!.restore.spec).toMatchObject({ backupName: 'b1', preserveNodePorts: true });
  });

  test('B9: one source, a Backup or a Schedule', () => {
    const fix = 'Give backupName (one Backup) or scheduleName (the latest completed Backup of that Schedule).';
    const none = checkHostedClusterRestore(hc(), {}).issues.filter((i) => i.severity === 'error');
    expect(none.map(({ path, message, fix: f }) => ({ path, message, fix: f }))).toEqual([{ path: '(props)', message: 'no backup to restore from is given.', fix }]);
    expect(errors(checkHostedClusterRestore(hc(), { backupName: 'a', scheduleName: 'b' }).issues)).toEqual([
      { path: 'scheduleName', message: 'both backupName and scheduleName are given; a Restore reads one of them.' },
    ]);
  });

  test('AWS: what stays manual after the restore is a warning', () => {
    expect(warnings(checkHostedClusterRestore(hc(), { backupName: 'b1' }).issues)).toEqual([
      {
        path: '(cluster)',
        message:
          'after the restore, run by hand: hypershift fix dr-oidc-iam --hc-name aws-prod --hc-namespace aws-clusters --aws-creds <credentials file>, when the control-plane operator reports WebIdentityErr or nodes stay NotReady (it uploads the OIDC documents again).',
      },
    ]);
  });

  describe('B11: the cluster must be destroyed before it is restored (previous state)', () => {
    const cluster = planHostedCluster(awsCluster, EXAMPLE_OPTIONS);
    const withRestore = (props: object) => [...contributionOf(cluster, []).objects, ...contributionOf(checkHostedClusterRestore(cluster.hostedCluster, { backupName: 'nightly-1', ...props }).plan!, []).objects];

    test('a new Restore for a cluster the previous output applied is refused', () => {
      const review = reviewAgainstPrevious(previousObjects([['management', cluster.hostedCluster]]), withRestore({}), [restoreCheck]);
      expect(review.findings.map(({ path, message }) => ({ path, message }))).toEqual([
        {
          path: 'clusterGone',
          message:
            'the previous output applied HostedCluster aws-clusters/aws-prod, and this one restores it from backup nightly-1 without the cluster having been destroyed in between; Velero would overwrite a live control plane (documentation 7.6: the hosted cluster must be destroyed after the backup and before the restore).',
        },
      ]);
      expect(review.summary).toEqual(['Restore aws-clusters-aws-prod-restore recreates aws-clusters/aws-prod from backup nightly-1']);
    });

    test('after the cluster was removed, or with clusterGone, it is accepted', () => {
      const other = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' } };
      expect(reviewAgainstPrevious(previousObjects([['management', other]]), withRestore({}), [restoreCheck]).findings).toEqual([]);
      expect(reviewAgainstPrevious(previousObjects([['management', cluster.hostedCluster]]), withRestore({ clusterGone: true }), [restoreCheck]).findings).toEqual([]);
      // A Restore the previous output had already is not new.
      const restore = checkHostedClusterRestore(cluster.hostedCluster, { backupName: 'nightly-1' }).plan!.restore;
      expect(reviewAgainstPrevious(previousObjects([['management', cluster.hostedCluster], ['management', restore]]), withRestore({}), [restoreCheck]).findings).toEqual([]);
    });
  });
});

describe('builders for moving a cluster (part D)', () => {
  test('backupSpecFor takes a HostedCluster or its identity and platform', () => {
    expect(backupSpecFor({ namespace: 'clusters', name: 'c1', platform: 'KubeVirt' }, { storageLocation: 'dr', ttl: '24h' })).toEqual(
      backupSpecFor({ ...hc(kubevirtCluster), metadata: { name: 'c1', namespace: 'clusters' } }, { storageLocation: 'dr', ttl: '24h' }),
    );
    expect(backupSpecFor({ namespace: 'clusters', name: 'c1', platform: 'Unknown' }).includedResources).toEqual([...COMMON_BACKUP_RESOURCES]);
  });

  test('restoreFor builds the Restore from a backup or a schedule', () => {
    expect(restoreFor('r1', { backupName: 'b1' }, 'openshift-adp')).toEqual({
      apiVersion: 'velero.io/v1',
      kind: 'Restore',
      metadata: { name: 'r1', namespace: 'openshift-adp' },
      spec: { backupName: 'b1', restorePVs: true, existingResourcePolicy: 'update', excludedResources: [...RESTORE_EXCLUDED_RESOURCES] },
    });
    expect(restoreFor('r2', { scheduleName: 's1' }, 'open-cluster-management-backup').spec).toMatchObject({ scheduleName: 's1' });
  });

  test("a Restore leaves out the documentation's six resources and the upstream CLI's three more", () => {
    expect(restoreFor('r1', { backupName: 'b1' }).spec.excludedResources).toEqual([
      // Documentation 7.6.6.
      'nodes', 'events', 'events.events.k8s.io', 'backups.velero.io', 'restores.velero.io', 'resticrepositories.velero.io',
      // hypershift create oadp-restore (cmd/oadp/types.go defaultExcludedResources).
      'csinodes.storage.k8s.io', 'volumeattachments.storage.k8s.io', 'backuprepositories.velero.io',
    ]);
  });
});

describe("veleroScheduleProblem: robfig/cron's standard parser", () => {
  test.each(['0 2 * * *', '*/15 * * * *', '0 0 1,15 * *', '30 3 * JAN-MAR mon-fri', '0 0 ? * 0', '@daily', '@midnight', '@every 6h', '@every 1h30m', 'CRON_TZ=Europe/Paris 0 2 * * *', 'TZ=UTC @hourly'])('accepts %s', (spec) => {
    expect(veleroScheduleProblem(spec)).toBeUndefined();
  });

  test.each([
    ['', 'is empty'],
    ['@fortnightly', 'is an unknown descriptor (use @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly or @every <duration>)'],
    ['@every 1d', 'has "1d" after @every, which is not a Go duration (6h, 30m, 1h30m)'],
    ['0 24 * * *', 'has 24 (outside 0-23) in the hour field'],
    ['0 0 0 * *', 'has 0 (outside 1-31) in the day of month field'],
    ['0 0 * * 7', 'has 7 (outside 0-6) in the day of week field'],
    ['0 0 * foo *', 'has "foo" (not a number or a name) in the month field'],
    ['*/0 * * * *', 'has "*/0" (a step of 0) in the minute field'],
    ['5-1 * * * *', 'has "5-1" (the range ends before it starts) in the minute field'],
    ['0 2 * *', 'has 4 fields; Velero expects exactly 5 (minute hour day-of-month month day-of-week), no seconds'],
  ])('refuses %j: %s', (spec, problem) => {
    expect(veleroScheduleProblem(spec)).toBe(problem);
  });
});

describe('any value gives findings, never an exception', () => {
  const cluster = hc();
  test.each([
    ['HostedClusterBackup', (input: unknown) => checkHostedClusterBackup(cluster, input)],
    ['HostedClusterRestore', (input: unknown) => checkHostedClusterRestore(cluster, input)],
    ['dataProtection', (input: unknown) => management(input)],
    ['a backup location', (input: unknown) => management({ backupLocations: [input] })],
  ])('%s', (_name, check) => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const { plan, issues } = check(input) as { plan?: unknown; issues: readonly ValidationIssue[] };
        expect(plan !== undefined || issues.some((i) => i.severity === 'error')).toBe(true);
      }),
      { seed: 19, numRuns: 300 },
    );
  });
});

test('the management cluster is the target of every protection object', () => {
  expect(checkHostedClusterBackup(hc(), {}).plan!.target).toBe(MANAGEMENT_CLUSTER);
  expect(checkHostedClusterRestore(hc(), { backupName: 'b' }).plan!.target).toBe(MANAGEMENT_CLUSTER);
});

test('examples/restore.ts: the example with the restore set of aws-prod, the Restore in wave 1 before its HostedCluster in wave 2', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { App } = require('cdk8s') as typeof import('cdk8s');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { define } = require('../../examples/restore') as typeof import('../../examples/restore');
  const app = new App();
  define(app);
  const objects = app.charts.flatMap((c) => c.toJson()) as Array<{ kind: string; metadata: { name: string; annotations?: Record<string, string> }; spec?: Record<string, unknown> }>;
  const wave = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name)?.metadata.annotations?.['argocd.argoproj.io/sync-wave'];
  expect(wave('Restore', 'aws-clusters-aws-prod-restore')).toBe('1');
  expect(wave('HostedCluster', 'aws-prod')).toBe('2');
  expect(objects.find((o) => o.kind === 'Restore')!.spec).toMatchObject({ scheduleName: 'aws-clusters-aws-prod' });
});
