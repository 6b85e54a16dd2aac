/**
 * What each platform needs on the management cluster (product documentation, "Hosted control
 * planes", management-cluster prerequisites per platform):
 * - every platform: the multicluster engine with `hypershift` and `hypershift-local-hosting`;
 * - AWS: the OIDC S3 bucket secret (and PrivateLink credentials for private clusters);
 * - KubeVirt: OpenShift Virtualization and a load balancer ("configure a load balancer before
 *   provisioning": MetalLB on bare metal);
 * - Agent: central infrastructure management (assisted-service: an AgentServiceConfig);
 * - None: nothing more.
 */
import type { ManagementPlatform } from './props';

export type ManagementComponent = 'metallb' | 'virtualization' | 'assistedService';

export interface PlatformPreset {
  /** Components turned on by default; each can be switched off (`false`) to bring your own. */
  readonly components: readonly ManagementComponent[];
  /** MultiClusterEngine components enabled beside hypershift and hypershift-local-hosting. */
  readonly mceComponents: readonly string[];
  /** The hypershift add-on needs the OIDC bucket secret. */
  readonly needsOidcStorage: boolean;
  /** Oldest multicluster engine minor the documentation supports for the platform. */
  readonly minimumMceMinor: number;
  /** Why, for the README and messages. */
  readonly summary: string;
}

export const PLATFORM_PRESETS: Readonly<Record<ManagementPlatform, PlatformPreset>> = {
  AWS: {
    components: [],
    mceComponents: [],
    needsOidcStorage: true,
    minimumMceMinor: 5,
    summary: 'OIDC S3 bucket secret; external DNS and PrivateLink when given',
  },
  KubeVirt: {
    components: ['virtualization', 'metallb'],
    mceComponents: [],
    needsOidcStorage: false,
    minimumMceMinor: 2,
    summary: 'OpenShift Virtualization (HyperConverged) and MetalLB',
  },
  Agent: {
    components: ['assistedService'],
    mceComponents: ['assisted-service'],
    needsOidcStorage: false,
    minimumMceMinor: 2,
    summary: 'assisted-service (AgentServiceConfig)',
  },
  None: {
    components: [],
    mceComponents: [],
    needsOidcStorage: false,
    minimumMceMinor: 2,
    summary: 'nothing beyond the multicluster engine',
  },
};

/** Components the given platforms turn on. */
export function presetComponents(platforms: readonly ManagementPlatform[]): Set<ManagementComponent> {
  return new Set(platforms.flatMap((p) => PLATFORM_PRESETS[p].components));
}
