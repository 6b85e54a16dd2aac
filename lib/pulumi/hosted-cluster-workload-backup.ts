/**
 * The backup of the workloads inside a hosted cluster, with Pulumi: the same objects as the cdk8s
 * `HostedClusterWorkloadBackup`, applied through a Kubernetes provider built from the cluster's
 * admin kubeconfig (so nothing is applied before the HostedCluster is Available).
 */
import type * as pulumi from '@pulumi/pulumi';
import type { HostedClusterWorkloadBackupPlan, HostedClusterWorkloadBackupProps } from '../day2';
import { checkHostedClusterWorkloadBackup } from '../day2';
import { hostedClusterProvider } from './hosted-cluster-provider';
import type { HostedClusterTargetArgs } from './hosted-cluster-operators';
import { PlannedComponent } from './planned-component';

/** Type token of {@link HostedClusterWorkloadBackup}. */
export const HOSTED_CLUSTER_WORKLOAD_BACKUP_TYPE = 'hcp:index:HostedClusterWorkloadBackup';

/** The {@link HostedClusterWorkloadBackupProps} of a hosted cluster of this program, and how its API is reached. */
export interface HostedClusterWorkloadBackupArgs extends HostedClusterWorkloadBackupProps, HostedClusterTargetArgs {}

/**
 * OADP inside the hosted cluster and the Schedule of its application namespaces; a credential
 * given inline becomes a `pulumi.secret`. Invalid args throw {@link HcpResourceError} before
 * anything is registered.
 */
export class HostedClusterWorkloadBackup extends PlannedComponent<HostedClusterWorkloadBackupPlan> {
  /** The provider the objects are applied with. */
  readonly provider: pulumi.ProviderResource;

  constructor(name: string, args: HostedClusterWorkloadBackupArgs, opts?: pulumi.ComponentResourceOptions) {
    const { cluster, provider, ...props } = args;
    super(HOSTED_CLUSTER_WORKLOAD_BACKUP_TYPE, name, checkHostedClusterWorkloadBackup(cluster.plan, props), opts, {
      managementProvider: cluster.managementProvider,
      targetProvider: (component) => provider ?? hostedClusterProvider(cluster, { name: `${name}-hosted`, parent: component }),
    });
    this.provider = this.targetProvider!;
    this.registerOutputs({ warnings: this.warnings });
  }
}
