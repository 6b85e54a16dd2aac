/**
 * The backup of a hosted cluster with OADP, with Pulumi: the same Schedule (or one Backup) as the
 * cdk8s `HostedClusterBackup`, on the management cluster. Give it the cluster's bundle as
 * `dependsOn` so that it is applied after the cluster and deleted before it.
 */
import type * as pulumi from '@pulumi/pulumi';
import type { HostedClusterBackupPlan, HostedClusterBackupProps } from '../management';
import { checkHostedClusterBackup } from '../management';
import type { PlannedClusterRef } from './planned-cluster';
import { plannedHostedCluster } from './planned-cluster';
import { PlannedComponent } from './planned-component';

/** Type token of {@link HostedClusterBackup}. */
export const HOSTED_CLUSTER_BACKUP_TYPE = 'hcp:index:HostedClusterBackup';

/** The backup's {@link HostedClusterBackupProps} and the cluster of this program to back up. */
export interface HostedClusterBackupArgs extends HostedClusterBackupProps {
  /** The hosted cluster: a `HostedClusterBundle` or `PlannedBundle` of this program. */
  readonly cluster: PlannedClusterRef;
}

/** A Schedule (with `schedule`) or a one-off Backup of the cluster's two namespaces; invalid args throw {@link HcpResourceError} before anything is registered. */
export class HostedClusterBackup extends PlannedComponent<HostedClusterBackupPlan> {
  /** The Schedule or Backup. */
  readonly backup: pulumi.CustomResource;

  constructor(name: string, args: HostedClusterBackupArgs, opts?: pulumi.ComponentResourceOptions) {
    const { cluster, ...props } = args;
    super(HOSTED_CLUSTER_BACKUP_TYPE, name, checkHostedClusterBackup(cluster.plan.hostedCluster, props), opts, { managementProvider: cluster.managementProvider, guarded: plannedHostedCluster(cluster) });
    this.backup = this.resourceOf((object) => object.kind === 'Schedule' || object.kind === 'Backup')!;
    this.registerOutputs({ warnings: this.warnings });
  }
}
