/**
 * A fleet as users write it: management clusters, hosted clusters, how to place them and what to
 * allocate. The fleet's own settings are kept equal to the schemas of fleet-schema.ts by
 * test/types/props-match-schemas.ts; the descriptions inside (`cluster`, each hosted cluster) are
 * checked by their own checkers.
 */
import type { Load } from '../capacity/baseline';
import type { OVERFLOW_RULES } from '../capacity/input-props';
import type { ManagementClusterProps } from '../management/management-cluster-props';
import type { HostedClusterProps } from '../platforms/props';
import type { RolloutProps } from './rollout/rollout-props';

/** One management cluster of the fleet. */
export interface FleetManagementClusterProps {
  /** Its name in the fleet: a DNS label of at most 40 characters; its folder is `management-<name>`. */
  readonly name: string;
  /** The zone (region, site) it is in; hosted clusters that name a zone go only to its management clusters. @default none (any zone) */
  readonly zone?: string;
  /** The management cluster itself: its `platforms` say what it can host, its `capacity` (required here) how much. */
  readonly cluster: ManagementClusterProps;
  /** IP address or DNS name of its nodes for NodePort publishing: fills `services.apiServerAddress` of its NodePort clusters that give none. @default none */
  readonly nodePortAddress?: string;
  /** The DNS zone its external-dns writes: fills `services.hostnames` (`api-<name>.<zone>`...) of its Ingress clusters that give none. @default none */
  readonly dnsDomain?: string;
}

/** One hosted cluster of the fleet: its description, and where it may go. */
export type FleetHostedClusterProps = HostedClusterProps & FleetPlacementProps;

/** Where a hosted cluster of the fleet may go. */
export interface FleetPlacementProps {
  /** Pin it to this management cluster (by name). @default placed by the fleet */
  readonly managementCluster?: string;
  /** Place it only on a management cluster of this zone. @default any zone */
  readonly zone?: string;
  /** Its expected API load, for the capacity model. @default the management cluster's `capacity.loads` for it, else 'medium' */
  readonly load?: Load;
}

/** How new hosted clusters are spread over the management clusters (`FleetPlacementOptions.strategy`). */
export const PLACEMENT_STRATEGIES = ['spread', 'pack'] as const;

/** How new hosted clusters are placed. */
export interface FleetPlacementOptions {
  /** `spread`: on the management cluster with the most room left; `pack`: on the one with the least room that still fits. @default 'spread' */
  readonly strategy?: (typeof PLACEMENT_STRATEGIES)[number];
  /** What a management cluster over its capacity gives: a warning (its clusters stay) or an error. @default 'warn' */
  readonly onOverflow?: (typeof OVERFLOW_RULES)[number];
}

/** Addresses of one management cluster's network, handed out in blocks to its hosted clusters. */
export interface FleetAddressPoolProps {
  /** The pool's name (a DNS label). */
  readonly name: string;
  /** The management cluster whose hosted clusters take blocks of it. */
  readonly managementCluster: string;
  /** The addresses: a CIDR (`192.168.10.0/24`) or a range (`192.168.10.10-192.168.10.50`). */
  readonly range: string;
  /** Addresses per hosted cluster (one block each). */
  readonly perCluster: number;
}

/** A fleet: hosted clusters placed over management clusters by platform, zone and capacity. */
export interface FleetProps {
  /** The management clusters (at least one). */
  readonly managementClusters: readonly FleetManagementClusterProps[];
  /** The hosted clusters, each placed on one management cluster. */
  readonly hostedClusters: readonly FleetHostedClusterProps[];
  /** How new hosted clusters are placed. @default spread, overflow warns */
  readonly placement?: FleetPlacementOptions;
  /** Address pools, cut into one block per hosted cluster that needs load-balancer addresses on its management cluster. @default none */
  readonly addressPools?: readonly FleetAddressPoolProps[];
  /** How the fleet's folders are delivered (Argo CD, Flux, ACM); checked by the delivery planners and passed on as is. @default none */
  readonly delivery?: unknown;
  /** An upgrade of the fleet, wave by wave (docs/rollouts.md); checked by the rollout planner. @default none */
  readonly rollout?: RolloutProps;
}
