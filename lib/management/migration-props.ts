/**
 * Moving a hosted cluster to another management cluster, as users write it (the migration's own
 * settings kept equal to `hostedClusterMigrationPropsSchema` by test/types/props-match-schemas.ts;
 * the descriptions are checked by their own planners).
 */
import type { PlanOptions } from '../core/plan';
import type { HostedClusterProps } from '../platforms/props';
import type { ManagementClusterProps } from './management-cluster-props';
import type { BACKUP_VOLUME_METHODS } from './protection-props';

/** The steps of a migration that can run alone (`HostedClusterMigrationProps.stage`). */
export const MIGRATION_STAGES = ['backup', 'restore'] as const;

/** The migration's own settings: where from, where to, and how far it has come. */
export interface HostedClusterMigrationProps {
  /** The management cluster the hosted cluster runs on now; its objects go to `management-<source>/` (Pulumi: the source provider). */
  readonly source: string;
  /** The management cluster it moves to; its objects go to `management-<destination>/` (Pulumi: the destination provider). */
  readonly destination: string;
  /**
   * `backup`: the source's one-off Backup in the plugin's migration mode (the cluster stays paused
   * after it). `restore`: also the destination's Restore of that backup; commit it once the Backup
   * is Completed and the destination lists it (`oc get backups -n openshift-adp`), since Velero
   * fails a Restore whose backup it does not know yet. @default 'backup'
   */
  readonly stage?: (typeof MIGRATION_STAGES)[number];
  /** Name of the Backup (the Restore is `<name>-restore`). @default '<namespace>-<name>-migration' of the cluster */
  readonly name?: string;
  /** The backup location: a location both management clusters' `dataProtection` have, on the same bucket and prefix. @default 'default' */
  readonly storageLocation?: string;
  /** How long the backup is kept, a Go duration. @default '720h0m0s' */
  readonly ttl?: string;
  /** How volume data is copied: CSI snapshots moved by the data mover, or the node agent's file-system copy. @default 'snapshot' */
  readonly volumes?: (typeof BACKUP_VOLUME_METHODS)[number];
}

/**
 * What the migration is checked against: the cluster as its apps describe it, and the two
 * management clusters. None of them is planned by the migration; they stay in their own apps.
 */
export interface HostedClusterMigrationDescriptions {
  /** The hosted cluster as the source's app describes it: names, platform, hostnames and the checks come from it. */
  readonly cluster: HostedClusterProps;
  /** Validation and secret-handling options of the cluster's descriptions. @default {} */
  readonly options?: PlanOptions;
  /** The hosted cluster as the destination's app will describe it: then it must be the same cluster, release and encryption key. @default not checked */
  readonly destinationCluster?: HostedClusterProps;
  /** The source's ManagementCluster props: its external DNS and backup location are checked. @default not checked (a warning) */
  readonly sourceManagementCluster?: ManagementClusterProps;
  /** The destination's ManagementCluster props: its external DNS and backup location are checked. @default not checked (a warning) */
  readonly destinationManagementCluster?: ManagementClusterProps;
}
