/** One hosted cluster with everything it needs: namespaces, secrets, the HostedCluster and its NodePools. */
import type { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import type { HostedClusterPlan, PlanOptions, ValidationIssue } from '../core';
import { HostedClusterProps, checkHostedCluster } from '../platforms';
import { renderHostedCluster } from './render';

export interface HostedClusterBundleProps extends HostedClusterProps {
  /** Validation and secret-handling options. @default {} */
  readonly options?: PlanOptions;
}

/**
 * Renders a whole hosted cluster, in apply order: Namespace (wave 0), Secrets, ExternalSecrets
 * and other prerequisites (1), HostedCluster (2), NodePools (3). Invalid props emit nothing and
 * fail synthesis with every problem listed.
 */
export class HostedClusterBundle extends Construct {
  /** The validated plan; undefined when the props have errors. */
  readonly plan?: HostedClusterPlan;
  readonly issues: readonly ValidationIssue[];
  readonly apiObjects: readonly ApiObject[];

  constructor(scope: Construct, id: string, props: HostedClusterBundleProps) {
    super(scope, id);
    const { options, ...specProps } = props;
    const { plan, apiObjects, issues } = renderHostedCluster(this, checkHostedCluster(specProps, options));
    this.plan = plan;
    this.apiObjects = apiObjects;
    this.issues = issues;
  }
}
