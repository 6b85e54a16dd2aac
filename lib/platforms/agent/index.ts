/** Bare metal and other agent-booted machines (`hcp create cluster agent`). */
import { v } from '../../core/valibot';
import type { NodePoolSpec, Role } from '../../api';
import { bool, checking, definePlatform, dnsLabelProblem, passthrough, quote, strict, text } from '../../core';
import { ON_PREMISES_DEFAULTS, ON_PREMISES_NOT_NEEDED, ON_PREMISES_PORT_RULES, ON_PREMISES_TRAITS, onPremisesDns } from '../on-premises';
import type { AgentClusterProps, AgentNodePoolProps } from './props';

export * from './architecture';
export * from './dns-records';
export * from './hosts';
export * from './hosts-report';
export * from './ibm-z';
export * from './infra-env';
export * from './infrastructure';
export * from './kubevirt-agents';
export * from './nmstate';
export type { AgentClusterProps, AgentNodePoolProps, AgentPlatformProps } from './props';

/** @internal */
export const agentClusterPropsSchema = strict({
  agentNamespace: text({ max: 63, fix: 'Give the namespace that holds the Agents as a string.' }),
  legacyCapiProviderRole: v.optional(bool()),
});

/** @internal */
export const agentNodePoolPropsSchema = strict({
  agentLabelSelector: v.optional(passthrough<NonNullable<NodePoolSpec['platform']['agent']>['agentLabelSelector']>('a label selector')),
});

/**
 * The Role older operators bind the Agent CAPI provider to (`cluster-api-agent-<hcp namespace>`
 * RoleBinding, roleRef `capi-provider-role`). Its verbs are the ones current operators grant in
 * their own per-cluster Role, not the CLI's former `*`.
 */
export function capiProviderRole(agentNamespace: string): Role {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: { name: 'capi-provider-role', namespace: agentNamespace },
    rules: [{ apiGroups: ['agent-install.openshift.io'], resources: ['agents'], verbs: ['get', 'list', 'watch', 'update', 'patch'] }],
  };
}

export const agentPlatform = definePlatform({
  type: 'Agent',
  ...ON_PREMISES_TRAITS,
  createsMachines: true,
  management: {
    components: ['assistedService'],
    mceComponents: ['assisted-service'],
    needsOidcStorage: false,
    minimumMceMinor: 2,
    hostedMinimumMinor: 14,
    nodeZonesByHand: true,
    summary: 'assisted-service (AgentServiceConfig)',
    ports: {
      source: 'Hosted control planes documentation, 3.2.1.2 "Bare metal firewall, port, and service requirements" and 3.4.1.2 (non-bare-metal agent machines)',
      rules: ON_PREMISES_PORT_RULES,
      notNeeded: ON_PREMISES_NOT_NEEDED,
    },
  },
  // HyperShift disaster recovery with OADP 1.5, bare-metal tab. Another management cluster also needs
  // the InfraEnv namespace and assisted-service's database moved, which a Backup of the cluster does not hold.
  backup: {
    resources: ['bmh', 'infraenv', 'agents', 'agentcluster', 'agentmachinetemplate', 'agentmachine'],
    preserveNodePorts: false,
    crossClusterRestore: false,
  },
  block: { key: 'agent', required: true, cluster: checking<AgentClusterProps>(agentClusterPropsSchema), pool: checking<AgentNodePoolProps>(agentNodePoolPropsSchema) },
  defaults: { ...ON_PREMISES_DEFAULTS, legacyCapiProviderRole: false },

  contribute: {
    cluster(props, ctx) {
      const dns = onPremisesDns(ctx.baseDomain);
      if (!props) return { platform: { type: 'Agent' }, dns };
      const problem = dnsLabelProblem(props.agentNamespace);
      const platform = { type: 'Agent' as const, agent: { agentNamespace: props.agentNamespace } };
      if (problem) {
        ctx.issues.error('platform.agent.agentNamespace', `agent namespace ${quote(props.agentNamespace)} ${problem}.`, 'Name the namespace that holds the Agents, e.g. the control-plane namespace.');
        return { platform, dns };
      }
      return {
        platform,
        dns,
        objects: props.legacyCapiProviderRole ? [capiProviderRole(props.agentNamespace)] : [],
        namespaces: [props.agentNamespace],
      };
    },
    defaultPools: (_props, clusterName) => [{ name: clusterName }],
    nodePool: (pool) => ({ type: 'Agent', agent: { ...(pool?.agentLabelSelector ? { agentLabelSelector: pool.agentLabelSelector } : {}) } }),
  },
});
