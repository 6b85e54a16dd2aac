/**
 * The fleet's own settings as valibot schemas (kept equal to fleet-props.ts by
 * test/types/props-match-schemas.ts). The descriptions inside are only checked for being objects
 * here: `checkManagementCluster` and `checkHostedCluster` check them, with the fleet's paths.
 */
import { v } from '../core/valibot';
import { count, list, oneOf, passthrough, schemaMessage, strict, text } from '../core/schema';
import { loadSchema } from '../capacity/input';
import type { ManagementClusterProps } from '../management/management-cluster-props';
import type { FleetHostedClusterProps } from './fleet-props';
import { PLACEMENT_STRATEGIES } from './fleet-props';
import type { RolloutProps } from './rollout/rollout-props';
import { OVERFLOW_RULES } from '../capacity/input-props';

/** Most management clusters in one fleet. */
const MAX_FLEET_MANAGEMENT_CLUSTERS = 1_000;
/** Most hosted clusters in one fleet. */
const MAX_FLEET_HOSTED_CLUSTERS = 100_000;
/** Longest management-cluster name: its folder `management-<name>` stays a short DNS label. */
const MAX_FLEET_NAME_LENGTH = 40;

/** One entry of `managementClusters`. @internal */
export const fleetManagementClusterSchema = strict(
  {
    name: text({ max: MAX_FLEET_NAME_LENGTH }),
    zone: v.optional(text({ max: 63 })),
    cluster: passthrough<ManagementClusterProps>('a management cluster ({ platforms, capacity, ... })'),
    nodePortAddress: v.optional(text({ max: 253 })),
    dnsDomain: v.optional(text({ max: 253 })),
  },
  'a fleet management cluster ({ name, zone, cluster, nodePortAddress, dnsDomain })',
);

/**
 * The fleet's keys on a hosted cluster; the cluster's own keys are left to checkHostedCluster
 * (so this one is not strict). @internal
 */
export const fleetPlacementSchema = v.object({
  managementCluster: v.optional(text({ max: MAX_FLEET_NAME_LENGTH })),
  zone: v.optional(text({ max: 63 })),
  load: v.optional(loadSchema),
});

/** `placement`: the strategy and the overflow rule. @internal */
export const fleetPlacementOptionsSchema = strict(
  {
    strategy: v.optional(oneOf(PLACEMENT_STRATEGIES)),
    onOverflow: v.optional(oneOf(OVERFLOW_RULES)),
  },
  'placement options ({ strategy, onOverflow })',
);

/** One entry of `addressPools`. @internal */
export const fleetAddressPoolSchema = strict(
  {
    name: text({ max: 63 }),
    managementCluster: text({ max: MAX_FLEET_NAME_LENGTH }),
    range: text({ max: 100 }),
    perCluster: count(1, 65_536),
  },
  'an address pool ({ name, managementCluster, range, perCluster })',
);

/** The fleet: `FleetProps` as a schema. @internal */
export const fleetPropsSchema = strict(
  {
    managementClusters: v.pipe(
      list(fleetManagementClusterSchema, { max: MAX_FLEET_MANAGEMENT_CLUSTERS }),
      v.minLength(1, () => schemaMessage('no management cluster is given, so no hosted cluster can be placed.', 'Give at least one management cluster ({ name, cluster }).')),
    ),
    hostedClusters: list(passthrough<FleetHostedClusterProps>('a hosted cluster'), { max: MAX_FLEET_HOSTED_CLUSTERS }),
    placement: v.optional(fleetPlacementOptionsSchema),
    addressPools: v.optional(list(fleetAddressPoolSchema, { max: 1_000 })),
    delivery: v.optional(v.unknown()),
    rollout: v.optional(passthrough<RolloutProps>('a rollout ({ target, waves, ... })')),
  },
  'a fleet ({ managementClusters, hostedClusters, placement, addressPools, delivery, rollout })',
);
