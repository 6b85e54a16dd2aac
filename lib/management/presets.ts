/**
 * What each platform needs on the management cluster (product documentation, "Hosted control
 * planes", management-cluster prerequisites per platform), as each platform's definition states
 * it (`management` in lib/platforms/<platform>):
 * - every platform: the multicluster engine with `hypershift` and `hypershift-local-hosting`;
 * - AWS: the OIDC S3 bucket secret (and PrivateLink credentials for private clusters);
 * - KubeVirt: OpenShift Virtualization and a load balancer ("configure a load balancer before
 *   provisioning": MetalLB on bare metal);
 * - Agent: central infrastructure management (assisted-service: an AgentServiceConfig);
 * - None: nothing more.
 */
import type { ManagementComponent, PlatformPreset } from '../core/platform-needs';
import { PLATFORM_DEFINITIONS } from '../platforms';
import type { ManagementPlatform } from './props';

export type { ManagementComponent, PlatformPreset } from '../core/platform-needs';

/** The presets by platform, in registry order. */
export const PLATFORM_PRESETS = Object.fromEntries(PLATFORM_DEFINITIONS.map((d) => [d.type, d.management])) as Readonly<Record<ManagementPlatform, PlatformPreset>>;

/** Components the given platforms turn on. */
export function presetComponents(platforms: readonly ManagementPlatform[]): Set<ManagementComponent> {
  return new Set(platforms.flatMap((p) => PLATFORM_PRESETS[p].components));
}
