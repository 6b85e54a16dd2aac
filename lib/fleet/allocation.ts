/**
 * What a management cluster shares among its hosted clusters, allocated without overlap and kept
 * across runs:
 *
 * - **NodePort address**: a cluster published on node ports (its `services.mapping`, else its
 *   platform's default mapping) that gives no `services.apiServerAddress` gets its management
 *   cluster's `nodePortAddress`. One that gives another address gets a warning.
 * - **External DNS names**: a cluster published through Routes and load balancers (the Ingress
 *   mapping) that gives no `services.hostnames` gets the names `hypershift create cluster
 *   --external-dns-domain` gives: `api-<name>`, `oauth-<name>`, `konnectivity-<name>` and
 *   `ignition-<name>` under its management cluster's `dnsDomain`.
 * - **Address blocks**: each pool of a management cluster is cut into blocks of `perCluster`
 *   addresses, in order from its first address. A cluster needs a block when its final
 *   HostedCluster asks the management cluster's MetalLB for addresses: a service published as a
 *   LoadBalancer, or a router mirrored onto the management cluster (its platform's ingress mode
 *   `infrastructure-load-balancer`, not through routes, infrastructure on the management cluster).
 *   Clusters whose platform's own cloud gives load balancers need none. A block in the previous
 *   record is kept; a new cluster takes the lowest free block of the first pool (in the given
 *   order) that has one.
 */
import type { HostedCluster, ServiceType } from '../api';
import type { IssueCollector } from '../core/errors';
import { formatIp } from '../core/cidr';
import { quote } from '../core/schema';
import { AddressRange, parseAddressRange } from '../management/metallb';
import { platformDefinition } from '../platforms';
import type { HostedClusterProps } from '../platforms/props';
import type { FleetAddressPoolProps } from './fleet-props';

/** One block of a pool, as recorded: `{ pool, range: 'first-last' }`. */
export interface FleetAddressBlock {
  /** The pool's name. */
  readonly pool: string;
  /** The block's first and last address: `192.168.10.16-192.168.10.19`. */
  readonly range: string;
}

/** What the fleet allocated to one hosted cluster. */
export interface FleetAllocation {
  /** Its block of its management cluster's address pools. @default none */
  readonly addresses?: FleetAddressBlock;
  /** The NodePort address filled in. @default none */
  readonly apiServerAddress?: string;
  /** The external-DNS hostnames filled in. @default none */
  readonly hostnames?: Readonly<Partial<Record<ServiceType, string>>>;
}

/** The services external-dns names, with the prefix `hypershift create cluster --external-dns-domain` gives each. */
const EXTERNAL_DNS_PREFIXES: Readonly<Partial<Record<ServiceType, string>>> = { APIServer: 'api', OAuthServer: 'oauth', Konnectivity: 'konnectivity', Ignition: 'ignition' };

/**
 * The props as an unplaced cluster is checked: one on node ports without an address gets a
 * stand-in (TEST-NET-1, never written), since the management cluster it would go to may give it
 * one; the placement's finding says why it has none. @internal
 */
export function withStandInAddress(props: HostedClusterProps): HostedClusterProps {
  const services = props.services ?? {};
  return mappingOf(props) === 'NodePort' && services.apiServerAddress === undefined ? { ...props, services: { ...services, apiServerAddress: '192.0.2.0' } } : props;
}

/** How the cluster publishes its services: its `services.mapping`, else its platform's default. */
function mappingOf(props: HostedClusterProps): string | undefined {
  return props.services?.mapping ?? platformDefinition(props.platform?.type)?.defaultMapping;
}

/** The props with the management cluster's NodePort address and DNS names filled in where the cluster gives none. @internal */
export function fillServices(
  props: HostedClusterProps,
  mc: { readonly name: string; readonly nodePortAddress?: string; readonly dnsDomain?: string },
  path: string,
  issues: IssueCollector,
): { props: HostedClusterProps; allocation: FleetAllocation } {
  const services = props.services ?? {};
  const mapping = mappingOf(props);
  if (mapping === 'NodePort' && mc.nodePortAddress !== undefined) {
    if (services.apiServerAddress === undefined) {
      return { props: { ...props, services: { ...services, apiServerAddress: mc.nodePortAddress } }, allocation: { apiServerAddress: mc.nodePortAddress } };
    }
    if (services.apiServerAddress !== mc.nodePortAddress) {
      issues.warn(`${path}.services.apiServerAddress`, `${quote(services.apiServerAddress)} differs from the nodePortAddress ${quote(mc.nodePortAddress)} of its management cluster ${quote(mc.name)}, where its node ports are.`, `Leave apiServerAddress out to use ${quote(mc.nodePortAddress)}, or make sure ${quote(services.apiServerAddress)} reaches the nodes of ${quote(mc.name)}.`);
    }
  }
  if (mapping === 'Ingress' && mc.dnsDomain !== undefined && services.hostnames === undefined) {
    const hostnames = Object.fromEntries(Object.entries(EXTERNAL_DNS_PREFIXES).map(([service, prefix]) => [service, `${prefix}-${props.name}.${mc.dnsDomain}`]));
    return { props: { ...props, services: { ...services, hostnames } }, allocation: { hostnames } };
  }
  return { props, allocation: {} };
}

/** Whether the final HostedCluster takes addresses from its management cluster's MetalLB (see the file's comment). @internal */
export function needsAddresses(hc: HostedCluster): boolean {
  const definition = platformDefinition(hc.spec.platform.type);
  if (!definition || definition.ingress.mode === 'platform-load-balancer') return false;
  if ((hc.spec.services ?? []).some((s) => s.servicePublishingStrategy.type === 'LoadBalancer')) return true;
  const ingress = definition.ingress;
  return ingress.mode === 'infrastructure-load-balancer' && !ingress.throughRoutes(hc) && ingress.onManagementCluster(hc);
}

interface Pool {
  readonly props: FleetAddressPoolProps;
  readonly index: number;
  readonly range: AddressRange;
  readonly blocks: bigint;
  readonly used: Set<bigint>;
  /** No block below this is free: new blocks are only taken, never given back, within a run. */
  next: bigint;
}

/** A request for a block: the cluster (`namespace/name`), its management cluster, its index in `hostedClusters`. @internal */
export interface BlockRequest {
  readonly key: string;
  readonly managementCluster: string;
  readonly index: number;
}

/**
 * Hands out address blocks: the recorded ones first (when still a block of their pool), then the
 * lowest free block to each new request, in the order given. Returns the block per request index.
 * @internal
 */
export function allocateBlocks(
  pools: readonly FleetAddressPoolProps[],
  managementClusters: ReadonlySet<string>,
  requests: readonly BlockRequest[],
  previous: Readonly<Record<string, FleetAddressBlock>>,
  issues: IssueCollector,
): Map<number, FleetAddressBlock> {
  const byMc = checkedPools(pools, managementClusters, issues);
  const out = new Map<number, FleetAddressBlock>();
  const fresh: BlockRequest[] = [];
  for (const r of requests) {
    const recorded = Object.hasOwn(previous, r.key) ? previous[r.key] : undefined;
    const kept = recorded && keep(byMc.get(r.managementCluster) ?? [], recorded);
    if (kept) out.set(r.index, recorded);
    else {
      if (recorded) issues.warn(`hostedClusters[${r.index}]`, `the address block ${recorded.range} of pool ${quote(recorded.pool)} recorded for ${r.key} is no longer a free block of a pool of its management cluster, so it gets a new one.`, 'Keep the pool as it was if the cluster must keep its addresses.');
      fresh.push(r);
    }
  }
  const short = new Map<string, number>();
  for (const r of fresh) {
    const mine = byMc.get(r.managementCluster) ?? [];
    const pool = mine.find((p) => BigInt(p.used.size) < p.blocks);
    if (!pool) {
      if (mine.length > 0) short.set(r.managementCluster, (short.get(r.managementCluster) ?? 0) + 1);
      continue;
    }
    let block = pool.next;
    while (pool.used.has(block)) block++;
    pool.used.add(block);
    pool.next = block + 1n;
    out.set(r.index, { pool: pool.props.name, range: blockText(pool, block) });
  }
  for (const [mc, missing] of short) {
    const mine = byMc.get(mc)!;
    const sizes = mine.map((p) => `${p.props.name} ${p.props.range}: ${p.blocks} block${p.blocks === 1n ? '' : 's'} of ${p.props.perCluster}`).join('; ');
    const i = mine[0].index;
    issues.error(`addressPools[${i}]`, `the address pools of management cluster ${quote(mc)} are exhausted: ${missing} more hosted cluster${missing === 1 ? ' needs' : 's need'} a block (${sizes}).`, `Give ${quote(mc)} a larger pool or another one, or lower perCluster.`);
  }
  return out;
}

/** Pools by management cluster, each parsed; findings for unknown management clusters, bad ranges and overlaps. */
function checkedPools(pools: readonly FleetAddressPoolProps[], managementClusters: ReadonlySet<string>, issues: IssueCollector): Map<string, Pool[]> {
  const byMc = new Map<string, Pool[]>();
  const names = new Set<string>();
  pools.forEach((props, index) => {
    const path = `addressPools[${index}]`;
    if (names.has(props.name)) issues.error(`${path}.name`, `pool name ${quote(props.name)} is used twice.`, 'Give every pool its own name.');
    names.add(props.name);
    if (!managementClusters.has(props.managementCluster)) {
      issues.error(`${path}.managementCluster`, `${quote(props.managementCluster)} is not a management cluster of the fleet.`, `Name one of ${[...managementClusters].join(', ')}.`);
      return;
    }
    const range = parseAddressRange(props.range);
    if (typeof range === 'string') {
      issues.error(`${path}.range`, `${quote(props.range)} ${range}.`, 'Give a CIDR (192.168.10.0/24) or a range (192.168.10.10-192.168.10.50).');
      return;
    }
    const mine = byMc.get(props.managementCluster) ?? [];
    const other = mine.find((p) => p.range.family === range.family && p.range.first <= range.last && range.first <= p.range.last);
    if (other) {
      issues.error(`${path}.range`, `${props.range} overlaps pool ${quote(other.props.name)} (${other.props.range}) of the same management cluster.`, 'Give the pools of one management cluster ranges that do not overlap.');
      return;
    }
    const blocks = (range.last - range.first + 1n) / BigInt(props.perCluster);
    if (blocks === 0n) issues.warn(`${path}.perCluster`, `${props.range} holds fewer than ${props.perCluster} addresses: not one block.`, 'Lower perCluster or give a larger range.');
    byMc.set(props.managementCluster, [...mine, { props, index, range, blocks, used: new Set(), next: 0n }]);
  });
  return byMc;
}

/** Marks a recorded block used when it is still an unused block of its pool. */
function keep(pools: readonly Pool[], recorded: FleetAddressBlock): boolean {
  const pool = pools.find((p) => p.props.name === recorded.pool);
  const range = typeof recorded.range === 'string' ? parseAddressRange(recorded.range) : undefined;
  if (!pool || !range || typeof range === 'string' || range.family !== pool.range.family) return false;
  const size = BigInt(pool.props.perCluster);
  const offset = range.first - pool.range.first;
  if (offset < 0n || offset % size !== 0n || range.last - range.first + 1n !== size) return false;
  const block = offset / size;
  if (block >= pool.blocks || pool.used.has(block)) return false;
  pool.used.add(block);
  return true;
}

function blockText(pool: Pool, block: bigint): string {
  const first = pool.range.first + block * BigInt(pool.props.perCluster);
  const last = first + BigInt(pool.props.perCluster) - 1n;
  return `${formatIp(pool.range.family, first)}-${formatIp(pool.range.family, last)}`;
}
