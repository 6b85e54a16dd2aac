/**
 * The management cluster as cdk8s objects: operators (wave -3), their configuration (-2), and
 * what needs their webhooks (-1), before any hosted cluster of the app (waves 0-3). Node labels
 * and taints are not written (nodes are not applied through GitOps; see docs/management-cluster.md);
 * the ports to open are a report (`reports/ports.md`).
 */
import type { Construct } from 'constructs';
import type { ManagementClusterPlan, ManagementClusterProps } from '../management';
import { checkManagementCluster, portsReportName } from './engine/lazy';
import { PlannedConstruct } from './planned-construct';
import { reportCapacity, reportFile } from './engine/reports';

export type { ManagementClusterProps } from '../management';

/** Where a ManagementCluster construct puts its objects. */
export interface ManagementClusterOptions {
  /**
   * Names one management cluster of several (a fleet's): its objects go to `management-<name>/`,
   * and it holds to its requirements only the hosted clusters planned on it (HostedClusterBundle's
   * `managementCluster`). @default the app's management cluster (`management/`)
   */
  readonly name?: string;
}

/**
 * Renders a management cluster into `scope`. Hosted clusters of the app whose platform it is not
 * prepared for are errors, whichever is created first. Invalid props emit nothing and fail
 * synthesis with every problem listed.
 */
export class ManagementCluster extends PlannedConstruct<ManagementClusterPlan> {
  constructor(scope: Construct, id: string, props: ManagementClusterProps, options: ManagementClusterOptions = {}) {
    super(scope, id, checkManagementCluster(props, options.name));
    if (this.plan?.capacity) reportCapacity(this, this.plan.capacity, this.plan.target);
    // What to open in the firewalls, beside the YAML: reports/ports.md.
    if (this.plan) reportFile(this, portsReportName(this.plan.target), this.plan.portsReport);
  }
}
