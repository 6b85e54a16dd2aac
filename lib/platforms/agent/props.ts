/** Agent props of a hosted cluster, as users write them (kept equal to the Agent props schemas by test/types/props-match-schemas.ts). */
import type { NodePoolSpec } from '../../api';

/** The cluster's Agent settings. */
export interface AgentClusterProps {
  /** Namespace holding the Agents (and InfraEnv) the NodePools draw from. */
  readonly agentNamespace: string;
  /**
   * Also emit the shared `capi-provider-role` Role that `hcp create cluster agent` wrote before
   * HyperShift v0.1.80. Operators since then create and bind a per-cluster Role themselves (and
   * delete the shared one); older operators only bind this Role and need it. @default false
   */
  readonly legacyCapiProviderRole?: boolean;
}

/** A NodePool's Agent settings. */
export interface AgentNodePoolProps {
  /** Which Agents the pool may take. @default any approved Agent in the namespace */
  readonly agentLabelSelector?: NonNullable<NodePoolSpec['platform']['agent']>['agentLabelSelector'];
}

/** The props' `platform` of an Agent cluster. */
export interface AgentPlatformProps {
  readonly type: 'Agent';
  /** The cluster's Agent settings. */
  readonly agent: AgentClusterProps;
}
