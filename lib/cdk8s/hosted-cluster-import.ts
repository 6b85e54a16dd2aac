/**
 * A hosted cluster imported into ACM/MCE: its ManagedCluster (and, with ACM, KlusterletAddonConfig)
 * on the hub, which is the management cluster, in the cluster's chart after the HostedCluster.
 */
import type { Construct } from 'constructs';
import type { HostedClusterImportPlan, HostedClusterImportProps } from '../management';
import { checkHostedClusterImport } from './engine/lazy';
import type { HostedClusterRefProps } from './hosted-cluster-operators';
import { PlannedConstruct } from './planned-construct';

/** The import's props and the hosted cluster it registers. */
export interface HostedClusterImportConstructProps extends HostedClusterImportProps, HostedClusterRefProps {}

/**
 * The ManagedCluster of a hosted cluster (wave 3, after the HostedCluster at 2, so that Argo CD's
 * pruning removes it first) and its ACM add-ons (wave 4). An explicit import beside the add-on's
 * auto-import of the app's ManagementCluster is an error. Invalid props emit nothing and fail synthesis.
 */
export class HostedClusterImport extends PlannedConstruct<HostedClusterImportPlan> {
  constructor(scope: Construct, id: string, props: HostedClusterImportConstructProps) {
    const { cluster, ...imported } = props;
    // Without the cluster's plan there is nothing to import; the cluster's own findings stop synthesis already.
    super(scope, id, cluster.plan ? checkHostedClusterImport(cluster.plan, imported) : { issues: [] }, cluster.plan);
  }
}
