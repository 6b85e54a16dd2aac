/**
 * The backup of the workloads inside a hosted cluster: OADP and a Velero Schedule (or one Backup)
 * applied to the hosted cluster's own API, so the synth writes them to
 * `hosted-<namespace>-<name>/`, beside the cluster's other day-2 objects.
 */
import type { Construct } from 'constructs';
import type { HostedClusterWorkloadBackupPlan, HostedClusterWorkloadBackupProps } from '../day2';
import { checkHostedClusterWorkloadBackup } from './engine/lazy';
import type { HostedClusterRefProps } from './hosted-cluster-operators';
import { PlannedConstruct } from './planned-construct';

/** Props of {@link HostedClusterWorkloadBackup}: the namespaces, OADP's settings and the cluster they go into. */
export interface HostedClusterWorkloadBackupConstructProps extends HostedClusterWorkloadBackupProps, HostedClusterRefProps {}

/**
 * OADP inside the hosted cluster (waves -3 and -2) and the Schedule of its application
 * namespaces (4). Invalid props emit nothing and fail synthesis.
 */
export class HostedClusterWorkloadBackup extends PlannedConstruct<HostedClusterWorkloadBackupPlan> {
  constructor(scope: Construct, id: string, props: HostedClusterWorkloadBackupConstructProps) {
    const { cluster, ...backup } = props;
    // Without the cluster's plan there is nothing to check against; the cluster's own findings stop synthesis already.
    super(scope, id, cluster.plan ? checkHostedClusterWorkloadBackup(cluster.plan, backup) : { issues: [] });
  }
}
