/**
 * Backing up and restoring one hosted cluster, as users write it (kept equal to
 * `hostedClusterBackupPropsSchema` and `hostedClusterRestorePropsSchema` by test/types/props-match-schemas.ts).
 */

/** How a backup saves volumes: CSI snapshots moved to the object store, or Velero's file-system backup. */
export const BACKUP_VOLUME_METHODS = ['snapshot', 'file-system'] as const;

/** How a hosted cluster is backed up: a Velero Schedule (with `schedule`) or one Backup. */
export interface HostedClusterBackupProps {
  /**
   * When backups are made, in Velero's cron syntax: five fields (`0 2 * * *`) or a descriptor
   * (`@daily`, `@every 6h`). Without it, one Backup is made when the object is applied. @default a one-off Backup
   */
  readonly schedule?: string;
  /** Name of the Schedule or Backup (in the OADP namespace). @default '<namespace>-<name>' of the cluster */
  readonly name?: string;
  /** The backup location (a `dataProtection.backupLocations` name). @default 'default' */
  readonly storageLocation?: string;
  /** How long each backup is kept, a Go duration. @default '720h0m0s' (Velero's 30 days) */
  readonly ttl?: string;
  /**
   * How volume data (etcd, the control plane's other volumes) is copied: `snapshot` takes CSI
   * snapshots and moves them to the object store (the data mover); `file-system` has the node
   * agent copy the files, for storage without CSI snapshots (NFS). @default 'snapshot'
   */
  readonly volumes?: (typeof BACKUP_VOLUME_METHODS)[number];
  /** Create the Schedule paused: no backups until it is unpaused. @default false */
  readonly paused?: boolean;
  /**
   * Tech Preview: back etcd up as one etcd snapshot instead of its volumes (the upstream CLI's
   * `--use-etcd-snapshot`). The hypershift plugin then creates an `HCPEtcdBackup` for each
   * backup, the HyperShift operator uploads the snapshot to the backup location, and the backup
   * holds no volumes, Deployments or StatefulSets. Needs the management cluster's
   * `dataProtection.etcdSnapshots`; excludes `volumes`. @default false (volume snapshots)
   */
  readonly etcdSnapshot?: boolean;
}

/** The restore set of a hosted cluster: a Velero Restore, committed to recover the cluster. */
export interface HostedClusterRestoreProps {
  /** Restore this Backup (`oc get backups -n openshift-adp`). Give it or `scheduleName`. @default none */
  readonly backupName?: string;
  /** Restore the latest completed Backup of this Schedule. Give it or `backupName`. @default none */
  readonly scheduleName?: string;
  /** Name of the Restore (in the OADP namespace). @default '<namespace>-<name>-restore' of the cluster */
  readonly name?: string;
  /**
   * The cluster is gone already (a lost management cluster, or destroyed by hand), though the
   * previous output still holds it. Without it the synth refuses a restore set for a cluster the
   * previous output applied: destroy the cluster first (commit the app without it), then restore.
   * @default false
   */
  readonly clusterGone?: boolean;
}
