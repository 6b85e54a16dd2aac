/**
 * MetalLB on the management cluster: the `MetalLB` instance (the operator reconciles only the one
 * named `metallb`, metallb-operator controllers/metallb_controller.go), address pools, and their
 * L2 or BGP announcements. Pools and announcements are validated by MetalLB's admission webhook,
 * so they come in the webhooks-ready phase, after the instance is Available.
 */
import type { BGPAdvertisement, BGPPeer, IPAddressPool, L2Advertisement, MetalLB } from '../api';
import { MANAGEMENT_API_VERSIONS } from '../api';
import { Cidr, formatCidr, formatIp, hasHostBits, lastAddress, networkAddress, parseCidr, parseIp } from '../core/cidr';
import type { IssueCollector } from '../core/errors';
import { PHASES, PlanItem, planItem } from '../core/plan-model';
import { OPERATOR_PACKAGES } from './olm';
import { operandResource } from './planned';
import type { MetalLBProps } from './props';

export const METALLB_INSTANCE_NAME = 'metallb';

/** An address range of a pool: first and last address, inclusive. */
export interface AddressRange {
  readonly family: 4 | 6;
  readonly first: bigint;
  readonly last: bigint;
}

/** Parses a pool entry: a CIDR (`10.0.0.0/24`) or a range (`10.0.0.10-10.0.0.20`); a string says what is wrong. */
export function parseAddressRange(text: string): AddressRange | string {
  const dash = text.indexOf('-');
  if (dash < 0) {
    const cidr = parseCidr(text.trim());
    if (typeof cidr === 'string') return cidr;
    return { family: cidr.family, first: networkAddress(cidr), last: lastAddress(cidr) };
  }
  const from = parseIp(text.slice(0, dash).trim());
  const to = parseIp(text.slice(dash + 1).trim());
  if (!from || !to) return 'is not a CIDR or an address range';
  if (from.family !== to.family) return 'mixes an IPv4 and an IPv6 address';
  if (from.address > to.address) return 'ends before it starts';
  return { family: from.family, first: from.address, last: to.address };
}

/** The MetalLB instance, a pool with its advertisement per pool, and the BGP peers, checked. */
export function planMetalLB(props: MetalLBProps, machineNetwork: readonly Cidr[], issues: IssueCollector): PlanItem[] {
  const namespace = OPERATOR_PACKAGES.metallb.namespace;
  const instance: MetalLB = operandResource({
    apiVersion: MANAGEMENT_API_VERSIONS.metallb,
    kind: 'MetalLB',
    metadata: { name: METALLB_INSTANCE_NAME, namespace },
    spec: props.spec ?? {},
  });
  // The operator sets Available once the controller and speakers run (metallb-operator status).
  const objects: PlanItem[] = [planItem(instance, PHASES.operatorConfiguration, { kind: 'condition', type: 'Available', status: 'True' })];
  if (props.pools.length === 0) issues.error('metallb.pools', 'MetalLB has no address pool, so it can hand out no address.', 'Add a pool, or set metallb: false and bring your own load balancer.');

  const peers = props.bgpPeers ?? [];
  const seen: SeenRange[] = [];
  const names = new Set<string>();
  props.pools.forEach((pool, i) => {
    const path = `metallb.pools[${i}]`;
    if (names.has(pool.name)) issues.error(`${path}.name`, `pool "${pool.name}" is defined twice.`, 'Give each pool its own name.');
    names.add(pool.name);
    if (pool.addresses.length === 0) issues.error(`${path}.addresses`, 'the pool has no addresses.', 'Add a CIDR or a range.');
    const l2 = Boolean(pool.l2 ?? !pool.bgp);
    pool.addresses.forEach((text, j) => checkPoolAddress(text, `${path}.addresses[${j}]`, { pool: pool.name, l2, machineNetwork, seen }, issues));
    if (pool.bgp) {
      if (peers.length === 0) issues.error(`${path}.bgp`, 'the pool is announced with BGP but no BGP peer is defined.', 'Add metallb.bgpPeers.');
      const peerNames = new Set(peers.map((p) => p.name));
      (pool.bgp.peers ?? []).forEach((peer, k) => {
        if (!peerNames.has(peer)) issues.error(`${path}.bgp.peers[${k}]`, `no BGP peer is named "${peer}".`, `Use one of ${[...peerNames].join(', ') || '(none defined)'}.`);
      });
    }
    objects.push(...poolObjects(pool, l2, namespace));
  });
  const peerSeen = new Set<string>();
  peers.forEach((peer, i) => {
    const path = `metallb.bgpPeers[${i}]`;
    if (peerSeen.has(peer.name)) issues.error(`${path}.name`, `BGP peer "${peer.name}" is defined twice.`, 'Give each peer its own name.');
    peerSeen.add(peer.name);
    if (!parseIp(peer.peerAddress)) issues.error(`${path}.peerAddress`, `"${peer.peerAddress}" is not an IP address.`, 'Give the IPv4 or IPv6 address of the router.');
    objects.push(planItem(bgpPeerObject(peer, namespace), PHASES.webhooksReady));
  });
  return objects;
}

type PoolProps = MetalLBProps['pools'][number];
type PeerProps = NonNullable<MetalLBProps['bgpPeers']>[number];

interface SeenRange {
  readonly pool: string;
  readonly path: string;
  readonly range: AddressRange;
  readonly text: string;
}

/** One address entry of a pool: its syntax, overlap with the entries before it, and (L2) that the nodes' network holds it. */
function checkPoolAddress(
  text: string,
  at: string,
  context: { readonly pool: string; readonly l2: boolean; readonly machineNetwork: readonly Cidr[]; readonly seen: SeenRange[] },
  issues: IssueCollector,
): void {
  const range = parseAddressRange(text);
  if (typeof range === 'string') {
    issues.error(at, `"${text}" ${range}.`, 'Write a CIDR (192.168.10.0/24) or a range (192.168.10.10-192.168.10.20).');
    return;
  }
  const cidr = parseCidr(text.trim());
  if (typeof cidr !== 'string' && hasHostBits(cidr)) issues.warn(at, `"${text}" has host bits set; MetalLB uses the whole network ${formatIp(range.family, range.first)}/${cidr.prefix}.`, 'Write the network address.');
  for (const other of context.seen) {
    if (other.range.family === range.family && other.range.first <= range.last && range.first <= other.range.last) {
      issues.error(at, `"${text}" overlaps "${other.text}" (${other.path}${other.pool === context.pool ? '' : `, pool ${other.pool}`}); MetalLB would refuse the pool.`, 'Make the address ranges disjoint.');
    }
  }
  context.seen.push({ pool: context.pool, path: at, range, text });
  // L2 mode answers ARP/NDP on the node's own segment: an address outside it is unreachable (MetalLB docs, "Layer 2 mode").
  const { machineNetwork } = context;
  if (context.l2 && machineNetwork.length > 0 && !machineNetwork.some((net) => net.family === range.family && rangeInside(range, net))) {
    issues.error(at, `"${text}" is outside the machine network (${machineNetwork.map(formatCidr).join(', ')}); L2 announcements only reach addresses on the nodes' own network.`, 'Pick addresses from the machine network, or announce this pool with BGP.');
  }
}

/** The IPAddressPool of a pool and its L2 and BGP advertisements. */
function poolObjects(pool: PoolProps, l2: boolean, namespace: string): PlanItem[] {
  const ipAddressPool: IPAddressPool = operandResource({
    apiVersion: MANAGEMENT_API_VERSIONS.metallb,
    kind: 'IPAddressPool',
    metadata: { name: pool.name, namespace },
    spec: {
      addresses: pool.addresses,
      ...(pool.autoAssign !== undefined ? { autoAssign: pool.autoAssign } : {}),
      ...(pool.avoidBuggyIPs !== undefined ? { avoidBuggyIPs: pool.avoidBuggyIPs } : {}),
    },
  });
  const objects = [planItem(ipAddressPool, PHASES.webhooksReady)];
  if (l2) {
    const l2Advertisement: L2Advertisement = operandResource({
      apiVersion: MANAGEMENT_API_VERSIONS.metallb,
      kind: 'L2Advertisement',
      metadata: { name: pool.name, namespace },
      spec: { ipAddressPools: [pool.name], ...(typeof pool.l2 === 'object' ? { interfaces: pool.l2.interfaces } : {}) },
    });
    objects.push(planItem(l2Advertisement, PHASES.webhooksReady));
  }
  const bgp = pool.bgp;
  if (bgp) {
    const advertisement: BGPAdvertisement = operandResource({
      apiVersion: MANAGEMENT_API_VERSIONS.metallb,
      kind: 'BGPAdvertisement',
      metadata: { name: pool.name, namespace },
      spec: {
        ipAddressPools: [pool.name],
        ...(bgp.peers ? { peers: bgp.peers } : {}),
        ...(bgp.localPref !== undefined ? { localPref: bgp.localPref } : {}),
        ...(bgp.communities ? { communities: bgp.communities } : {}),
        ...(bgp.aggregationLength !== undefined ? { aggregationLength: bgp.aggregationLength } : {}),
      },
    });
    objects.push(planItem(advertisement, PHASES.webhooksReady));
  }
  return objects;
}

function bgpPeerObject(peer: PeerProps, namespace: string): BGPPeer {
  return operandResource({
    apiVersion: MANAGEMENT_API_VERSIONS.bgpPeer,
    kind: 'BGPPeer',
    metadata: { name: peer.name, namespace },
    spec: {
      myASN: peer.myASN,
      peerASN: peer.peerASN,
      peerAddress: peer.peerAddress,
      ...(peer.peerPort !== undefined ? { peerPort: peer.peerPort } : {}),
      ...(peer.holdTime ? { holdTime: peer.holdTime } : {}),
      ...(peer.ebgpMultiHop !== undefined ? { ebgpMultiHop: peer.ebgpMultiHop } : {}),
      ...(peer.bfdProfile ? { bfdProfile: peer.bfdProfile } : {}),
      ...(peer.passwordSecret ? { passwordSecret: { name: peer.passwordSecret, namespace } } : {}),
    },
  });
}

function rangeInside(range: AddressRange, net: Cidr): boolean {
  return range.first >= networkAddress(net) && range.last <= lastAddress(net);
}
