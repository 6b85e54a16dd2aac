/**
 * Moving a hosted cluster to another management cluster: the source's one-off Backup in the
 * hypershift plugin's migration mode (folder `management-<source>/`) and, at stage `restore`, the
 * destination's Restore of it (folder `management-<destination>/`). The HostedCluster stays in
 * its own app; docs/migration.md gives the commits in order.
 */
import type { Construct } from 'constructs';
import type { HostedClusterMigrationDescriptions, HostedClusterMigrationPlan, HostedClusterMigrationProps } from '../management';
import { checkHostedClusterMigration } from './engine/lazy';
import { PlannedConstruct } from './planned-construct';

/** The migration's settings and the descriptions it is checked against. */
export interface HostedClusterMigrationConstructProps extends HostedClusterMigrationProps, HostedClusterMigrationDescriptions {}

/**
 * A migration between two named management clusters. Every check (external DNS, release,
 * encryption key, platform) runs on the descriptions; invalid props emit nothing and fail synthesis.
 */
export class HostedClusterMigration extends PlannedConstruct<HostedClusterMigrationPlan> {
  constructor(scope: Construct, id: string, props: HostedClusterMigrationConstructProps) {
    const { cluster, options, destinationCluster, sourceManagementCluster, destinationManagementCluster, ...migration } = props;
    super(scope, id, checkHostedClusterMigration({ cluster, options, destinationCluster, sourceManagementCluster, destinationManagementCluster }, migration));
  }
}
