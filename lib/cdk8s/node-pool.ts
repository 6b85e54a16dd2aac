/** A NodePool added to a hosted cluster of the app, planned against that cluster's plan. */
import type { ApiObject } from 'cdk8s';
import type { Construct } from 'constructs';
import type { ValidationIssue } from '../core';
import type { NodePoolPlan, NodePoolProps } from '../platforms';
import { checkAddedNodePool } from './engine/lazy';
import type { PlannedClusterRef } from './planned-cluster';
import { PlannedConstruct } from './planned-construct';

/** One more NodePool of `cluster`, planned against the pools planned so far; nothing when the cluster has errors (its own findings stop synthesis already). */
export function planNodePoolOf(cluster: PlannedClusterRef, props: NodePoolProps): { plan?: NodePoolPlan; issues: readonly ValidationIssue[] } {
  return cluster.plan ? checkAddedNodePool(cluster.plan, props, cluster.options) : { issues: [] };
}

/** The pool's props and the cluster it belongs to. */
export interface NodePoolConstructProps extends NodePoolProps {
  /** The cluster the pool belongs to. */
  readonly cluster: PlannedClusterRef;
}

/** A NodePool, validated against its HostedCluster's plan (platform, release skew, arch, unique name), with the ConfigMaps of its node configuration. */
export class NodePool extends PlannedConstruct<NodePoolPlan> {
  /** The NodePool object; undefined when the pool has errors. */
  readonly apiObject?: ApiObject;

  constructor(scope: Construct, id: string, props: NodePoolConstructProps) {
    const { cluster, ...pool } = props;
    super(scope, id, planNodePoolOf(cluster, pool), cluster.plan);
    this.apiObject = this.apiObjects.find((o) => o.kind === 'NodePool');
    if (this.apiObject && cluster.apiObjects && cluster.apiObjects.length > 0) this.apiObject.node.addDependency(...cluster.apiObjects);
  }
}
