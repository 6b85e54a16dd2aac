import type { ObjectMeta } from '../k8s';
import type { InfraEnvSpec } from './infra-env.generated';
import type { NMStateConfigSpec } from './nmstate-config.generated';

export * from './infra-env.generated';
export * from './nmstate-config.generated';

/** API group and version of the assisted-service kinds (Infrastructure Operator, part of MCE). */
export const AGENT_INSTALL_API_VERSION = 'agent-install.openshift.io/v1beta1';

/** `agent-install.openshift.io/v1beta1` InfraEnv: the discovery image hosts boot to become Agents. */
export interface InfraEnv {
  readonly apiVersion: typeof AGENT_INSTALL_API_VERSION;
  readonly kind: 'InfraEnv';
  readonly metadata: ObjectMeta;
  readonly spec: InfraEnvSpec;
}

/** `agent-install.openshift.io/v1beta1` NMStateConfig: one host's static network, baked into the discovery image. */
export interface NMStateConfig {
  readonly apiVersion: typeof AGENT_INSTALL_API_VERSION;
  readonly kind: 'NMStateConfig';
  readonly metadata: ObjectMeta;
  readonly spec: NMStateConfigSpec;
}
