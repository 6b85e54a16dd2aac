/**
 * Backing up the workloads inside a hosted cluster, as users write it (kept equal to
 * `hostedClusterWorkloadBackupPropsSchema` by test/types/props-match-schemas.ts). The schedule,
 * location, ttl and pause are those of a hosted cluster's own backup.
 */
import type { BACKUP_VOLUME_METHODS, HostedClusterBackupProps } from '../management/protection-props';
import type { DataProtectionApplicationProps, ManagementClusterProps, OperatorProps } from '../management/management-cluster-props';

/** OADP inside a hosted cluster and the Schedule (or one Backup) of its application namespaces. */
export interface HostedClusterWorkloadBackupProps extends Pick<HostedClusterBackupProps, 'schedule' | 'storageLocation' | 'ttl' | 'paused'>, Pick<ManagementClusterProps, 'allowInlineSecrets'> {
  /** The namespaces of the hosted cluster to back up (Velero's `includedNamespaces`); `'*'` is every namespace. */
  readonly namespaces: readonly string[];
  /** Where the backups go: the DataProtectionApplication in the hosted cluster's `openshift-adp`, its object stores and their credentials. */
  readonly dataProtection: DataProtectionApplicationProps;
  /** How OLM installs OADP in the hosted cluster. @default channel 'stable' of the catalog 'redhat-operators' */
  readonly operator?: OperatorProps;
  /** Name of the Schedule or Backup in `openshift-adp`. @default 'workloads' */
  readonly name?: string;
  /**
   * How the workloads' volumes are copied: `snapshot` takes CSI snapshots (the hosted cluster's
   * storage needs a VolumeSnapshotClass) and moves them to the object store; `file-system` has the
   * node agent copy the files. @default 'snapshot'
   */
  readonly volumes?: (typeof BACKUP_VOLUME_METHODS)[number];
}
