/**
 * The props of a hosted cluster on any supported platform, as users write them: plain interfaces
 * over the platforms' props. test/types/props-match-schemas.ts checks them against the schemas the
 * platform registry derives from PLATFORM_DEFINITIONS, so a platform added there and not here (or
 * the reverse) fails to compile.
 */
import type { HostedClusterPropsOf } from '../core/hosted-cluster-props';
import type { NodePoolPropsOf } from '../core/node-pool-props';
import type { AgentNodePoolProps, AgentPlatformProps } from './agent/props';
import type { AwsNodePoolProps, AwsPlatformProps } from './aws/props';
import type { AzureNodePoolProps, AzurePlatformProps } from './azure/props';
import type { KubevirtNodePoolProps, KubevirtPlatformProps } from './kubevirt/props';
import type { NonePlatformProps } from './none/props';
import type { PowervsNodePoolProps, PowervsPlatformProps } from './powervs/props';

/** The cluster's platform: its type and that platform's settings. */
export type PlatformProps = AwsPlatformProps | KubevirtPlatformProps | AgentPlatformProps | NonePlatformProps | AzurePlatformProps | PowervsPlatformProps;

/** Per-pool platform settings; only the block of the cluster's platform may be set. */
export interface NodePoolPlatformProps {
  /** The pool's AWS settings (AWS clusters). @default the platform's defaults */
  readonly aws?: AwsNodePoolProps;
  /** The pool's VMs (KubeVirt clusters). @default the platform's defaults */
  readonly kubevirt?: KubevirtNodePoolProps;
  /** The pool's Agents (Agent clusters). @default the platform's defaults */
  readonly agent?: AgentNodePoolProps;
  /** The pool's VMs (self-managed Azure clusters). @default the platform's defaults */
  readonly azure?: AzureNodePoolProps;
  /** The pool's VMs (PowerVS clusters). @default the platform's defaults */
  readonly powervs?: PowervsNodePoolProps;
}

/** Everything that describes one hosted cluster: the cluster, its secrets and its NodePools. */
export interface HostedClusterProps extends HostedClusterPropsOf<PlatformProps, NodePoolPlatformProps> {}

/** One NodePool of a hosted cluster. */
export interface NodePoolProps extends NodePoolPropsOf<NodePoolPlatformProps> {}
