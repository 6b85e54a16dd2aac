/** What the Agent and None platforms share: machines the cluster does not create itself. */
import type { PlatformIngress, PlatformTraits } from '../core';

/**
 * NodePort services by default (a LoadBalancer for the API with MetalLB), in-place upgrades, and
 * no load balancer inside the hosted cluster until MetalLB is installed there.
 */
export const ON_PREMISES_TRAITS: Omit<PlatformTraits, 'createsMachines'> & { readonly ingress: PlatformIngress } = {
  ingress: { mode: 'metallb-inside' },
  defaultMapping: 'NodePort',
  publishingRules: {
    APIServer: ['NodePort', 'LoadBalancer', 'Route'],
    OAuthServer: ['NodePort', 'Route'],
    Konnectivity: ['NodePort', 'Route'],
    Ignition: ['NodePort', 'Route'],
  },
  defaultUpgradeType: 'InPlace',
  // s390x NodePools are accepted only on KubeVirt by the NodePool CRD.
  archs: ['amd64', 'arm64', 'ppc64le'],
  scaleFromZero: false,
};

/** The CLI's base domain when none is given (`cmd/cluster/{agent,none}/create.go`). */
export const ON_PREMISES_DEFAULTS = { baseDomain: 'example.com' } as const;

/** The DNS block with the CLI's placeholder base domain. */
export function onPremisesDns(baseDomain: string | undefined) {
  return { baseDomain: baseDomain ?? ON_PREMISES_DEFAULTS.baseDomain };
}
