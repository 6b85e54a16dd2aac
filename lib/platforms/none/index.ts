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
  // No machines to back up: nodes join by hand, so the common resources are the cluster. The
  // documentation describes no restore on another management cluster for it.
  backup: { resources: [], preserveNodePorts: false, crossClusterRestore: false },
  defaults: ON_PREMISES_DEFAULTS,
  contribute: {
    cluster: (_props, ctx) => ({ platform: { type: 'None' }, dns: onPremisesDns(ctx.baseDomain) }),
    defaultPools: (_props, clusterName) => [{ name: clusterName }],
    nodePool: () => ({ type: 'None' }),
  },
});
