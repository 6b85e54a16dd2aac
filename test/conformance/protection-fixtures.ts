/**
 * Backup and restore for the conformance suite: DataProtectionApplications (the aws and hypershift
 * plugins; MinIO with a CA bundle; two locations; the node agent off), a Schedule per platform, a
 * one-off file-system Backup, an etcd-snapshot Schedule (Tech Preview), and Restores by backupName and by scheduleName, so the API server
 * sees every shape the library writes; and a migration's Backup and Restore at both stages.
 */
import type { HostedClusterBackupProps, HostedClusterMigrationProps, HostedClusterProps, HostedClusterRestoreProps } from '../../lib';
import { SecretSource } from '../../lib';
import { agentCluster, awsCluster, kubevirtCluster, noneCluster } from '../../examples/clusters';
import type { ManagementFixture } from './management-fixtures';

const credentials = SecretSource.existing('cloud-credentials');
const pem = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUExample\n-----END CERTIFICATE-----\n';

export const DATA_PROTECTION_FIXTURES: readonly ManagementFixture[] = [
  {
    id: 'protection-aws-hypershift',
    props: { platforms: ['None'], dataProtection: { plugins: ['aws', 'hypershift'], backupLocations: [{ bucket: 'oadp-backup', prefix: 'hcp', region: 'us-east-1', credentials }] } },
  },
  {
    id: 'protection-minio',
    props: {
      platforms: ['None'],
      operators: { oadp: { channel: 'stable', approval: 'Manual', startingCSV: 'oadp-operator.v1.5.0' } },
      dataProtection: {
        name: 'dpa-minio',
        nodeAgent: { uploaderType: 'restic' },
        resourceTimeout: '1h30m',
        backupLocations: [
          { name: 'minio', bucket: 'oadp', prefix: 'hcp', region: 'minio', s3Url: 'https://minio.example.com:9000', caCertificate: pem, config: { profile: 'default', insecureSkipTLSVerify: 'false' }, credentials: SecretSource.external({ store: 'vault', key: 'oadp/minio' }), default: true },
          { name: 'offsite', provider: 'gcp', bucket: 'oadp-offsite', prefix: 'hcp', credentials: SecretSource.existing('gcp-credentials') },
          { name: 'azure', provider: 'azure', bucket: 'oadp', prefix: 'hcp', config: { resourceGroup: 'rg', storageAccount: 'sa' }, credentials: SecretSource.existing('azure-credentials') },
        ],
      },
    },
  },
  {
    id: 'protection-etcd-snapshots',
    props: { platforms: ['None'], operators: { oadp: { startingCSV: 'oadp-operator.v1.6.0' } }, dataProtection: { etcdSnapshots: true, backupLocations: [{ bucket: 'oadp-backup', prefix: 'hcp', region: 'us-east-1', credentials }] } },
  },
  {
    id: 'protection-no-node-agent',
    props: { platforms: ['None'], dataProtection: { nodeAgent: false, plugins: ['openshift', 'aws', 'csi', 'kubevirt', 'hypershift'], backupLocations: [{ bucket: 'oadp', prefix: 'hcp', region: 'eu-west-1', forcePathStyle: true, credentials }] } },
  },
];

export interface ProtectionFixture {
  readonly id: string;
  readonly cluster: HostedClusterProps;
  readonly backup?: HostedClusterBackupProps;
  readonly restore?: HostedClusterRestoreProps;
}

export const PROTECTION_FIXTURES: readonly ProtectionFixture[] = [
  { id: 'schedule-aws', cluster: awsCluster, backup: { schedule: '0 2 * * *' } },
  { id: 'schedule-kubevirt', cluster: kubevirtCluster, backup: { schedule: '@every 6h', paused: true, storageLocation: 'minio', ttl: '168h' } },
  { id: 'schedule-agent', cluster: agentCluster, backup: { schedule: 'CRON_TZ=Europe/Paris 30 1 * * MON-FRI', volumes: 'file-system' } },
  { id: 'schedule-none', cluster: noneCluster, backup: { schedule: '@daily' } },
  { id: 'backup-aws', cluster: awsCluster, backup: { name: 'aws-prod-before-upgrade', volumes: 'file-system', ttl: '72h' } },
  { id: 'schedule-etcd-snapshot-kubevirt', cluster: kubevirtCluster, backup: { name: 'kv-dev-etcd', schedule: '@hourly', etcdSnapshot: true } },
  { id: 'restore-backup-kubevirt', cluster: kubevirtCluster, restore: { backupName: 'kubevirt-clusters-kv-dev-20250601020000' } },
  { id: 'restore-schedule-aws', cluster: awsCluster, restore: { name: 'aws-prod-recovery', scheduleName: 'aws-clusters-aws-prod', clusterGone: true } },
];

/** A migration of a cluster between two named management clusters (its Backup on one, its Restore on the other). */
export interface MigrationFixture {
  readonly id: string;
  readonly migration: HostedClusterMigrationProps;
}

export const MIGRATION_FIXTURES: readonly MigrationFixture[] = [
  { id: 'migration-backup-aws', migration: { source: 'east', destination: 'west' } },
  { id: 'migration-restore-aws', migration: { source: 'east', destination: 'west', stage: 'restore', name: 'aws-prod-move', storageLocation: 'default', ttl: '72h', volumes: 'file-system' } },
];
