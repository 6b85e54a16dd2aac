/**
 * The management cluster as cdk8s objects: operators (wave -3), their configuration (-2), and
 * what needs their webhooks (-1), before any hosted cluster of the app (waves 0-3). Node labels
 * and taints are not written (nodes are not applied through GitOps; see the README).
 */
import type { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import type { ValidationIssue } from '../core';
import type { ManagementClusterPlan, ManagementClusterProps } from '../management';
import { checkManagementCluster } from '../management';
import { renderChecked } from './render';
import { reportCapacity } from './reports';

export type { ManagementClusterProps } from '../management';

/**
 * Renders a management cluster into `scope`. Hosted clusters of the app whose platform it is not
 * prepared for are errors, whichever is created first. Invalid props emit nothing and fail
 * synthesis with every problem listed.
 */
export class ManagementCluster extends Construct {
  /** The validated plan; undefined when the props have errors. */
  readonly plan?: ManagementClusterPlan;
  readonly issues: readonly ValidationIssue[];
  readonly apiObjects: readonly ApiObject[];

  constructor(scope: Construct, id: string, props: ManagementClusterProps) {
    super(scope, id);
    const { plan, apiObjects, issues } = renderChecked(this, checkManagementCluster(props));
    if (plan?.capacity) reportCapacity(this, plan.capacity);
    this.plan = plan;
    this.apiObjects = apiObjects;
    this.issues = issues;
  }
}
