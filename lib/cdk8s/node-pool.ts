/** A NodePool added to a hosted cluster of the app, planned against that cluster's plan. */
import type { ApiObject } from 'cdk8s';
import type { Construct, IConstruct } from 'constructs';
import type { ValidationIssue } from '../core';
import type { NodePoolPlan, NodePoolProps } from '../platforms';
import { checkNodePoolPart } from '../platforms';
import type { PlannedClusterRef } from './planned-cluster';
import { PlannedConstruct } from './planned-construct';
import { appState } from './engine/app-state';

/**
 * Plans one more NodePool of `cluster` against the pools planned so far in the App of `scope`
 * (its own, then each one added: a later pool is checked against the earlier ones), and records
 * it when it plans.
 */
export function planNodePoolOf(scope: IConstruct, cluster: PlannedClusterRef, props: NodePoolProps): { plan?: NodePoolPlan; issues: readonly ValidationIssue[] } {
  const { plan } = cluster;
  if (!plan) return { issues: [] }; // the cluster's own findings stop synthesis already
  const { nodePools } = appState(scope);
  const others = nodePools.get(plan) ?? plan.nodePools;
  const checked = checkNodePoolPart(plan, props, others, cluster.options);
  if (checked.plan) nodePools.set(plan, [...others, checked.plan.nodePool]);
  return checked;
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
    super(scope, id, planNodePoolOf(scope, cluster, pool), cluster.plan);
    this.apiObject = this.apiObjects.find((o) => o.kind === 'NodePool');
    if (this.apiObject && cluster.apiObjects && cluster.apiObjects.length > 0) this.apiObject.node.addDependency(...cluster.apiObjects);
  }
}
