/**
 * The restore set of a hosted cluster, with Pulumi: the same Restore as the cdk8s
 * `HostedClusterRestore`. Plan the cluster first (`PlannedBundle.of(args)`), create the restore
 * from that plan, and give the restore to the cluster's bundle as `dependsOn`: the bundle is
 * applied only once the Restore is Completed (`pulumi.com/waitFor` on `status.phase`).
 */
import type * as pulumi from '@pulumi/pulumi';
import type { HostedClusterRestorePlan, HostedClusterRestoreProps } from '../management';
import { checkHostedClusterRestore } from '../management';
import type { PlannedClusterRef } from './planned-cluster';
import { plannedHostedCluster } from './planned-cluster';
import { PlannedComponent } from './planned-component';

/** Type token of {@link HostedClusterRestore}. */
export const HOSTED_CLUSTER_RESTORE_TYPE = 'hcp:index:HostedClusterRestore';

/** The {@link HostedClusterRestoreProps}, and the planned cluster of this program that the Restore recovers. */
export interface HostedClusterRestoreArgs extends HostedClusterRestoreProps {
  /** The hosted cluster to recover: a `PlannedBundle` (or `HostedClusterBundle`) of this program. */
  readonly cluster: PlannedClusterRef;
}

/** A Restore from `backupName` or `scheduleName` with the documentation's settings; invalid args throw {@link HcpResourceError} before anything is registered. */
export class HostedClusterRestore extends PlannedComponent<HostedClusterRestorePlan> {
  /** The Restore; resolves once its phase is Completed. */
  readonly restore: pulumi.CustomResource;

  constructor(name: string, args: HostedClusterRestoreArgs, opts?: pulumi.ComponentResourceOptions) {
    const { cluster, ...props } = args;
    super(HOSTED_CLUSTER_RESTORE_TYPE, name, checkHostedClusterRestore(cluster.plan.hostedCluster, props), opts, { managementProvider: cluster.managementProvider, guarded: plannedHostedCluster(cluster) });
    this.restore = this.resourceOf((object) => object.kind === 'Restore')!;
    this.registerOutputs({ warnings: this.warnings });
  }
}
