/**
 * Moving a hosted cluster to another management cluster, with Pulumi: the same objects as the
 * cdk8s `HostedClusterMigration`, the source's through `sourceProvider` and the destination's
 * Restore through `destinationProvider`. The HostedCluster stays with its own program or stack.
 */
import type * as pulumi from '@pulumi/pulumi';
import { managementTarget, targetKey } from '../core';
import type { HostedClusterMigrationDescriptions, HostedClusterMigrationPlan, HostedClusterMigrationProps } from '../management';
import { checkHostedClusterMigration } from '../management';
import { PlannedComponent } from './planned-component';

/** Type token of {@link HostedClusterMigration}. */
export const HOSTED_CLUSTER_MIGRATION_TYPE = 'hcp:index:HostedClusterMigration';

/** The migration's props and cluster descriptions, and the providers of the source and destination management clusters. */
export interface HostedClusterMigrationArgs extends HostedClusterMigrationProps, HostedClusterMigrationDescriptions {
  /** The Kubernetes provider of the source management cluster. */
  readonly sourceProvider: pulumi.ProviderResource;
  /** The Kubernetes provider of the destination management cluster. */
  readonly destinationProvider: pulumi.ProviderResource;
}

/**
 * The Backup (waits for `status.phase` Completed) on the source and, at stage `restore`, the
 * Restore on the destination, which waits for the Backup. Invalid args throw `HcpResourceError`
 * before anything is registered.
 */
export class HostedClusterMigration extends PlannedComponent<HostedClusterMigrationPlan> {
  /** The source's Backup. */
  readonly backup: pulumi.CustomResource;
  /** The destination's Restore, at stage `restore`. */
  readonly restore?: pulumi.CustomResource;

  constructor(name: string, args: HostedClusterMigrationArgs, opts?: pulumi.ComponentResourceOptions) {
    const { sourceProvider, destinationProvider, cluster, options, destinationCluster, sourceManagementCluster, destinationManagementCluster, ...migration } = args;
    const providers = new Map([
      [targetKey(managementTarget(String(migration.source))), sourceProvider],
      [targetKey(managementTarget(String(migration.destination))), destinationProvider],
    ]);
    const checked = checkHostedClusterMigration({ cluster, options, destinationCluster, sourceManagementCluster, destinationManagementCluster }, migration);
    super(HOSTED_CLUSTER_MIGRATION_TYPE, name, checked, opts, { providers });
    this.backup = this.resourceOf((object) => object.kind === 'Backup')!;
    this.restore = this.resourceOf((object) => object.kind === 'Restore');
    this.registerOutputs({ warnings: this.warnings });
  }
}
