/** The platforms hcp-constructs supports, and the user-facing props that pick one. */
import type { AnyPlatformStrategy, HostedClusterPlan, HostedClusterPlanProps, NodePoolProps, PlanOptions, ValidationIssue } from '../core';
import { buildPlan, tryPlan } from '../core';
import { AgentClusterProps, AgentNodePoolProps, agentPlatform } from './agent';
import { AwsClusterProps, AwsNodePoolProps, awsPlatform } from './aws';
import { KubevirtClusterProps, KubevirtNodePoolProps, kubevirtPlatform } from './kubevirt';
import { nonePlatform } from './none';

export * from './aws';
export * from './kubevirt';
export * from './agent';
export * from './none';

/** The cluster's platform: its type and that platform's settings. */
export type PlatformProps =
  | { readonly type: 'AWS'; readonly aws: AwsClusterProps }
  | { readonly type: 'KubeVirt'; readonly kubevirt?: KubevirtClusterProps }
  | { readonly type: 'Agent'; readonly agent: AgentClusterProps }
  | { readonly type: 'None' };

/** Per-pool platform settings; only the block of the cluster's platform may be set. */
export interface NodePoolPlatformProps {
  readonly aws?: AwsNodePoolProps;
  readonly kubevirt?: KubevirtNodePoolProps;
  readonly agent?: AgentNodePoolProps;
}

export type HostedClusterNodePoolProps = NodePoolProps<NodePoolPlatformProps>;

/** Everything that describes one hosted cluster: the cluster, its secrets and its NodePools. */
export type HostedClusterSpecProps = HostedClusterPlanProps<PlatformProps, NodePoolPlatformProps>;

export const PLATFORMS: Readonly<Record<PlatformProps['type'], AnyPlatformStrategy>> = {
  AWS: awsPlatform,
  KubeVirt: kubevirtPlatform,
  Agent: agentPlatform,
  None: nonePlatform,
};

/** Validates the props and returns the plan; throws HcpValidationError listing every problem. */
export function planHostedCluster(props: HostedClusterSpecProps, options: PlanOptions = {}): HostedClusterPlan {
  return buildPlan(props, options, PLATFORMS);
}

/** Like planHostedCluster, but returns the findings instead of throwing. */
export function checkHostedCluster(
  props: HostedClusterSpecProps,
  options: PlanOptions = {},
): { plan?: HostedClusterPlan; issues: readonly ValidationIssue[] } {
  return tryPlan(props, options, PLATFORMS);
}
