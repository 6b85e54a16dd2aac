import type { SpecResource } from '../k8s';
import type { InfraEnvSpec } from './infra-env.generated';
import type { NMStateConfigSpec } from './nmstate-config.generated';

export * from './infra-env.generated';
export * from './nmstate-config.generated';

/** API group and version of the assisted-service kinds (Infrastructure Operator, part of MCE). */
export const AGENT_INSTALL_API_VERSION = 'agent-install.openshift.io/v1beta1';

/** `agent-install.openshift.io/v1beta1` InfraEnv: the discovery image hosts boot to become Agents. */
export type InfraEnv = SpecResource<typeof AGENT_INSTALL_API_VERSION, 'InfraEnv', InfraEnvSpec>;

/** `agent-install.openshift.io/v1beta1` NMStateConfig: one host's static network, baked into the discovery image. */
export type NMStateConfig = SpecResource<typeof AGENT_INSTALL_API_VERSION, 'NMStateConfig', NMStateConfigSpec>;
