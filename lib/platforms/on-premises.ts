/** What the Agent and None platforms share: machines the cluster does not create itself. */
import type { PlatformStrategy } from '../core';

type OnPremisesTraits = Pick<
  PlatformStrategy<unknown, unknown>,
  'defaultMapping' | 'publishingRules' | 'defaultUpgradeType' | 'archs' | 'scaleFromZero'
>;

/** NodePort services by default (a LoadBalancer for the API with MetalLB), in-place upgrades. */
export const ON_PREMISES_TRAITS: OnPremisesTraits = {
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
