/** Platform None: nodes joined by hand, no cloud integration. */
import { definePlatform } from '../../core';
import { ON_PREMISES_DEFAULTS, ON_PREMISES_TRAITS, onPremisesDns } from '../on-premises';

export const nonePlatform = definePlatform({
  type: 'None',
  ...ON_PREMISES_TRAITS,
  createsMachines: false,
  management: {
    components: [],
    mceComponents: [],
    needsOidcStorage: false,
    minimumMceMinor: 2,
    nodeZonesByHand: false,
    summary: 'nothing beyond the multicluster engine',
  },
  defaults: ON_PREMISES_DEFAULTS,
  contribute: {
    cluster: (_props, ctx) => ({ platform: { type: 'None' }, dns: onPremisesDns(ctx.baseDomain) }),
    defaultPools: (_props, clusterName) => [{ name: clusterName }],
    nodePool: () => ({ type: 'None' }),
  },
});
