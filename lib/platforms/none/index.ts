/** Platform None: nodes joined by hand, no cloud integration. */
import type { PlatformStrategy } from '../../core';
import { ON_PREMISES_TRAITS } from '../on-premises';

export const nonePlatform: PlatformStrategy<undefined, undefined> = {
  type: 'None',
  ...ON_PREMISES_TRAITS,
  blockRequired: false,
  cluster: () => ({ platform: { type: 'None' } }),
  defaultPools: (_props, clusterName) => [{ name: clusterName }],
  nodePool: () => ({ type: 'None' }),
};
