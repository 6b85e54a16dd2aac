/**
 * The restore set of a hosted cluster: the Velero Restore that recovers it from a backup, in the
 * `restore` phase (wave 1), so that Argo CD applies the HostedCluster (wave 2) only once the
 * Restore is Completed. Commit it to recover a destroyed cluster (docs/backup-restore.md).
 */
import type { Construct } from 'constructs';
import type { HostedClusterRestorePlan, HostedClusterRestoreProps } from '../management';
import { checkHostedClusterRestore } from './engine/lazy';
import type { PlannedClusterRef } from './planned-cluster';
import { PlannedConstruct } from './planned-construct';

/** Props of {@link HostedClusterRestore}: the backup or schedule to restore from, and the cluster it recovers. */
export interface HostedClusterRestoreConstructProps extends HostedClusterRestoreProps {
  /** The hosted cluster to recover (a `HostedClusterBundle` or `HostedCluster` of this app). */
  readonly cluster: PlannedClusterRef;
}

/** A Restore from `backupName` or `scheduleName` with the documentation's settings. Invalid props emit nothing and fail synthesis. */
export class HostedClusterRestore extends PlannedConstruct<HostedClusterRestorePlan> {
  constructor(scope: Construct, id: string, props: HostedClusterRestoreConstructProps) {
    const { cluster, ...restore } = props;
    super(scope, id, cluster.plan ? checkHostedClusterRestore(cluster.plan.hostedCluster, restore) : { issues: [] }, cluster.plan);
  }
}
