/** A HostedCluster with its Secrets, and NodePools added to it one by one. */
import type { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import type { HostedClusterPlan, PlanOptions, ValidationIssue } from '../core';
import { CLI_DEFAULTS } from '../core/defaults';
import type { NodePoolPlan, NodePoolProps, HostedClusterProps } from '../platforms';
import { checkHostedCluster } from './engine/lazy';
import { NodePool, planNodePoolOf } from './node-pool';
import type { PlannedClusterRef } from './planned-cluster';
import { renderChecked } from './render';

/**
 * Props of the cdk8s {@link HostedCluster}: a hosted cluster's props without `nodePools` (add them with
 * {@link HostedCluster.addNodePool}) and `createNamespace` (its namespace must exist).
 */
export interface HostedClusterConstructProps extends Omit<HostedClusterProps, 'nodePools' | 'createNamespace'> {
  /** Validation and secret-handling options. @default {} */
  readonly options?: PlanOptions;
}

/**
 * The HostedCluster object and the Secrets, ExternalSecrets and ConfigMaps it references. Its
 * namespace must exist (use {@link HostedClusterBundle} to create it); add pools with
 * {@link HostedCluster.addNodePool} or {@link NodePool}. The cluster is planned once; each pool
 * is planned against that plan.
 */
export class HostedCluster extends Construct implements PlannedClusterRef {
  /** The HostedCluster's name (the props' `name`, also when they have errors). */
  readonly clusterName: string;
  /** The HostedCluster's namespace on the management cluster: the props' `namespace`, else `clusters`. */
  readonly namespace: string;
  /** The validated plan; undefined when the props have errors. */
  readonly plan?: HostedClusterPlan;
  /** The cluster's findings, warnings included; an error stops synthesis. */
  readonly issues: readonly ValidationIssue[];
  /** Its ApiObjects in apply order: the Secrets, ExternalSecrets and ConfigMaps it references, then the HostedCluster; none when the props have errors. */
  readonly apiObjects: readonly ApiObject[];
  /** The options it was planned with (its NodePools are checked with them). */
  readonly options: PlanOptions;

  constructor(scope: Construct, id: string, props: HostedClusterConstructProps) {
    super(scope, id);
    const { options = {}, ...specProps } = props;
    this.options = options;
    const checked = checkHostedCluster({ ...specProps, nodePools: [], createNamespace: false }, options);
    this.clusterName = checked.plan?.name ?? String(props.name);
    this.namespace = checked.plan?.namespace ?? String(props.namespace ?? CLI_DEFAULTS.namespace);
    const { plan, apiObjects, issues } = renderChecked(this, checked);
    this.plan = plan;
    this.apiObjects = apiObjects;
    this.issues = issues;
  }

  /** Adds a NodePool of this cluster. */
  addNodePool(id: string, props: NodePoolProps = {}): NodePool {
    return new NodePool(this, id, { ...props, cluster: this });
  }

  /**
   * Checks and plans one more NodePool of this cluster without adding it to the app
   * ({@link HostedCluster.addNodePool} adds one); nothing is planned when the cluster has errors.
   * @returns the pool planned against this cluster, or its findings; records the pool so later pools are checked against it.
   */
  planNodePool(pool: NodePoolProps): { plan?: NodePoolPlan; issues: readonly ValidationIssue[] } {
    return planNodePoolOf(this, pool);
  }
}
