/** Platform None: nodes joined by hand, no cloud integration. */
import { definePlatform } from '../../core';
import { ON_PREMISES_DEFAULTS, ON_PREMISES_NOT_NEEDED, ON_PREMISES_PORT_RULES, ON_PREMISES_TRAITS, onPremisesDns } from '../on-premises';

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
    // The documentation has no section for None; its services are published as the Agent platform's.
    ports: {
      source:
        "the bare-metal rules (3.2.1.2, 3.4.1.2), by the library's reading: the documentation has no section for the None platform, whose services are published as on bare metal (NodePort by default)",
      rules: ON_PREMISES_PORT_RULES,
      notNeeded: ON_PREMISES_NOT_NEEDED,
    },
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
