/**
 * A Pulumi component for one more NodePool of a hosted cluster of the program, planned against
 * the cluster's plan as the cdk8s `NodePool` is: the ConfigMaps of its node configuration, then the
 * NodePool, which waits for its HostedCluster (and is deleted before it).
 */
import type * as pulumi from '@pulumi/pulumi';
import type { NodePoolPlan, NodePoolProps } from '../platforms';
import { checkAddedNodePool } from '../platforms';
import type { PlannedClusterRef } from './planned-cluster';
import { PlannedComponent } from './planned-component';

export const NODE_POOL_TYPE = 'hcp:index:NodePool';

/** The pool's props and the cluster it belongs to. */
export interface NodePoolArgs extends NodePoolProps {
  /** The cluster the pool belongs to. */
  readonly cluster: PlannedClusterRef;
}

/** A NodePool, validated against its cluster's plan (platform, release skew, arch, unique name). Invalid args throw before anything is registered. */
export class NodePool extends PlannedComponent<NodePoolPlan> {
  /** The NodePool resource; resolves once the pool is ready. */
  readonly nodePool: pulumi.CustomResource;

  constructor(name: string, args: NodePoolArgs, opts?: pulumi.ComponentResourceOptions) {
    const { cluster, ...props } = args;
    super(NODE_POOL_TYPE, name, checkAddedNodePool(cluster.plan, props, cluster.options), opts, { managementProvider: cluster.managementProvider });
    this.nodePool = this.resourceOf((object) => object.kind === 'NodePool')!;
    this.registerOutputs({ warnings: this.warnings });
  }
}
