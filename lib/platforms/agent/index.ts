/** Bare metal and other agent-booted machines (`hcp create cluster agent`). */
import type { NodePoolSpec, Role } from '../../api';
import type { ClusterContext, PlatformStrategy } from '../../core';
import { ON_PREMISES_TRAITS } from '../on-premises';
import { dnsLabelProblem } from '../../core';

export interface AgentClusterProps {
  /** Namespace holding the Agents (and InfraEnv) the NodePools draw from. */
  readonly agentNamespace: string;
}

export interface AgentNodePoolProps {
  /** Which Agents the pool may take. @default any approved Agent in the namespace */
  readonly agentLabelSelector?: NonNullable<NodePoolSpec['platform']['agent']>['agentLabelSelector'];
}

/** Lets the Agent CAPI provider manage Agents in the agent namespace, as the CLI writes it. */
export function capiProviderRole(agentNamespace: string): Role {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: { name: 'capi-provider-role', namespace: agentNamespace },
    rules: [{ apiGroups: ['agent-install.openshift.io'], resources: ['agents'], verbs: ['*'] }],
  };
}

export const agentPlatform: PlatformStrategy<AgentClusterProps, AgentNodePoolProps> = {
  type: 'Agent',
  ...ON_PREMISES_TRAITS,
  blockKey: 'agent',
  blockRequired: true,

  cluster(props: AgentClusterProps | undefined, ctx: ClusterContext) {
    if (!props) return { platform: { type: 'Agent' } };
    const problem = dnsLabelProblem(props.agentNamespace ?? '');
    if (problem) {
      ctx.issues.error('platform.agent.agentNamespace', `agent namespace "${props.agentNamespace}" ${problem}.`, 'Name the namespace that holds the Agents, e.g. the control-plane namespace.');
      return { platform: { type: 'Agent', agent: { agentNamespace: props.agentNamespace } } };
    }
    return {
      platform: { type: 'Agent', agent: { agentNamespace: props.agentNamespace } },
      objects: [capiProviderRole(props.agentNamespace)],
      namespaces: [props.agentNamespace],
    };
  },

  defaultPools(_props: AgentClusterProps | undefined, clusterName: string) {
    return [{ name: clusterName }];
  },

  nodePool(pool: AgentNodePoolProps | undefined) {
    return { type: 'Agent', agent: { ...(pool?.agentLabelSelector ? { agentLabelSelector: pool.agentLabelSelector } : {}) } };
  },
};
