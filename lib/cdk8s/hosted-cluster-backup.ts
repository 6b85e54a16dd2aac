/**
 * The backup of a hosted cluster with OADP: a Velero Schedule (or one Backup) on the management
 * cluster, planned against the cluster as its NodePools are. Written beside the cluster's objects
 * (wave 4, after the HostedCluster); the app's `ManagementCluster` with `dataProtection` installs
 * OADP and the storage location it names. The cluster's etcd recovery runbook, which has no
 * declarative form, is written beside the YAML: `reports/etcd-recovery-<namespace>-<name>.md`.
 */
import type { Construct } from 'constructs';
import type { HostedClusterBackupPlan, HostedClusterBackupProps } from '../management';
import { checkHostedClusterBackup, etcdRecoveryRunbook } from './engine/lazy';
import { reportFile } from './engine/reports';
import type { PlannedClusterRef } from './planned-cluster';
import { PlannedConstruct } from './planned-construct';

/** Props of {@link HostedClusterBackup}: the backup settings and the cluster to back up. */
export interface HostedClusterBackupConstructProps extends HostedClusterBackupProps {
  /** The hosted cluster (a `HostedClusterBundle` or `HostedCluster` of this app). */
  readonly cluster: PlannedClusterRef;
}

/** A Schedule (with `schedule`) or a one-off Backup of the cluster's two namespaces. Invalid props emit nothing and fail synthesis. */
export class HostedClusterBackup extends PlannedConstruct<HostedClusterBackupPlan> {
  constructor(scope: Construct, id: string, props: HostedClusterBackupConstructProps) {
    const { cluster, ...backup } = props;
    // Without the cluster's plan there is nothing to back up; the cluster's own findings stop synthesis already.
    super(scope, id, cluster.plan ? checkHostedClusterBackup(cluster.plan.hostedCluster, backup) : { issues: [] }, cluster.plan);
    if (this.plan && cluster.plan) reportFile(this, `etcd-recovery-${cluster.plan.namespace}-${cluster.plan.name}.md`, etcdRecoveryRunbook(cluster.plan.hostedCluster));
  }
}
