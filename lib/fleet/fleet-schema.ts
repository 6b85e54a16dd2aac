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

/** Most management clusters in one fleet. */
const MAX_FLEET_MANAGEMENT_CLUSTERS = 1_000;
/** Most hosted clusters in one fleet. */
const MAX_FLEET_HOSTED_CLUSTERS = 100_000;
/** Longest management-cluster name: its folder `management-<name>` stays a short DNS label. */
const MAX_FLEET_NAME_LENGTH = 40;

/** One entry of `managementClusters`. @internal */
export const fleetManagementClusterSchema = strict(
  {
    /** Its name in the fleet. */
    name: text({ max: MAX_FLEET_NAME_LENGTH }),
    /** The zone it is in. @default none */
    zone: v.optional(text({ max: 63 })),
    /** The management cluster itself (checked by checkManagementCluster). */
    cluster: passthrough<ManagementClusterProps>('a management cluster ({ platforms, capacity, ... })'),
    /** Address of its nodes for NodePort publishing. @default none */
    nodePortAddress: v.optional(text({ max: 253 })),
    /** The DNS zone its external-dns writes. @default none */
    dnsDomain: v.optional(text({ max: 253 })),
  },
  'a fleet management cluster ({ name, zone, cluster, nodePortAddress, dnsDomain })',
);

/**
 * The fleet's keys on a hosted cluster; the cluster's own keys are left to checkHostedCluster
 * (so this one is not strict). @internal
 */
export const fleetPlacementSchema = v.object({
  /** Pin to this management cluster. @default placed by the fleet */
  managementCluster: v.optional(text({ max: MAX_FLEET_NAME_LENGTH })),
  /** Only a management cluster of this zone. @default any zone */
  zone: v.optional(text({ max: 63 })),
  /** Expected API load. @default 'medium' */
  load: v.optional(loadSchema),
});

/** `placement`: the strategy and the overflow rule. @internal */
export const fleetPlacementOptionsSchema = strict(
  {
    /** @default 'spread' */
    strategy: v.optional(oneOf(['spread', 'pack'])),
    /** @default 'warn' */
    onOverflow: v.optional(oneOf(['warn', 'error'])),
  },
  'placement options ({ strategy, onOverflow })',
);

/** One entry of `addressPools`. @internal */
export const fleetAddressPoolSchema = strict(
  {
    /** The pool's name. */
    name: text({ max: 63 }),
    /** The management cluster whose hosted clusters take blocks of it. */
    managementCluster: text({ max: MAX_FLEET_NAME_LENGTH }),
    /** A CIDR or a range `a-b`. */
    range: text({ max: 100 }),
    /** Addresses per hosted cluster. */
    perCluster: count(1, 65_536),
  },
  'an address pool ({ name, managementCluster, range, perCluster })',
);

/** The fleet: `FleetProps` as a schema. @internal */
export const fleetPropsSchema = strict(
  {
    /** At least one. */
    managementClusters: v.pipe(
      list(fleetManagementClusterSchema, { max: MAX_FLEET_MANAGEMENT_CLUSTERS }),
      v.minLength(1, () => schemaMessage('no management cluster is given, so no hosted cluster can be placed.', 'Give at least one management cluster ({ name, cluster }).')),
    ),
    /** Each placed on one management cluster. */
    hostedClusters: list(passthrough<FleetHostedClusterProps>('a hosted cluster'), { max: MAX_FLEET_HOSTED_CLUSTERS }),
    /** @default spread, overflow warns */
    placement: v.optional(fleetPlacementOptionsSchema),
    /** @default none */
    addressPools: v.optional(list(fleetAddressPoolSchema, { max: 1_000 })),
    /** Checked by the delivery planners. @default none */
    delivery: v.optional(v.unknown()),
  },
  'a fleet ({ managementClusters, hostedClusters, placement, addressPools, delivery })',
);
