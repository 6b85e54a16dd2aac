/** Platform None: nodes joined by hand, no cloud integration. */
import type { PlatformStrategy } from '../../core';

export const nonePlatform: PlatformStrategy<undefined, undefined> = {
  type: 'None',
  defaultMapping: 'NodePort',
  publishingRules: {
    APIServer: ['NodePort', 'LoadBalancer', 'Route'],
    OAuthServer: ['NodePort', 'Route'],
    Konnectivity: ['NodePort', 'Route'],
    Ignition: ['NodePort', 'Route'],
  },
  defaultUpgradeType: 'InPlace',
  archs: ['amd64', 'arm64', 'ppc64le'],
  scaleFromZero: false,
  blockRequired: false,
  cluster: () => ({ platform: { type: 'None' } }),
  defaultPools: (_props, clusterName) => [{ name: clusterName }],
  nodePool: () => ({ type: 'None' }),
};
