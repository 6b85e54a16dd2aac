/**
 * Static host networking: one NMStateConfig per host, baked into the InfraEnv's discovery image,
 * which the host picks by the MAC addresses of its interfaces. Sources: the NMStateConfig CRD
 * (`spec.interfaces[].{name, macAddress}` maps names to NICs, `spec.config` is nmstate YAML); the
 * nmstate API (interfaces of type ethernet, bond and vlan; `dns-resolver.config.server`;
 * `routes.config`); the HCP documentation (a static IP on z/VM hosts needs an NMStateConfig).
 */
import { v } from '../../core/valibot';
import type { NMStateConfig } from '../../api';
import { AGENT_INSTALL_API_VERSION } from '../../api';
import { bool, count, list, oneOf, strict, text } from '../../core';
import type { HostNetworkProps } from './infrastructure-props';
import { BOND_MODES } from './infrastructure-props';

/** What every interface can carry: addresses in CIDR form, or DHCP. */
const addressing = {
  addresses: v.optional(list(text({ max: 64 }))),
  dhcp: v.optional(bool()),
};

/** @internal */
export const hostNetworkSchema = strict({
  interfaces: list(strict({ name: text({ max: 15 }), macAddress: text({ max: 32 }), ...addressing }), { max: 64 }),
  bonds: v.optional(list(strict({ name: text({ max: 15 }), mode: oneOf(BOND_MODES), ports: list(text({ max: 15 })), ...addressing }))),
  vlans: v.optional(list(strict({ name: text({ max: 15 }), baseInterface: text({ max: 15 }), id: count(1, 4094, 'the largest 802.1Q VLAN ID'), ...addressing }))),
  dns: v.optional(list(text({ max: 64 }))),
  routes: v.optional(list(strict({ destination: text({ max: 64 }), nextHopAddress: text({ max: 64 }), nextHopInterface: text({ max: 15 }) }))),
});
export type { HostNetworkProps } from './infrastructure-props';

function ipBlock(addresses: readonly string[] | undefined, dhcp: boolean | undefined, family: 4 | 6) {
  const mine = (addresses ?? []).filter((a) => (a.includes(':') ? 6 : 4) === family);
  if (family === 4 && dhcp) return { enabled: true, dhcp: true };
  if (mine.length === 0) return { enabled: false };
  return {
    enabled: true,
    ...(family === 4 ? { dhcp: false } : { dhcp: false, autoconf: false }),
    address: mine.map((a) => {
      const [ip, prefix] = a.split('/');
      return { ip, 'prefix-length': Number(prefix) };
    }),
  };
}

/** The nmstate document for one host. */
export function nmstateDocument(network: HostNetworkProps): Record<string, unknown> {
  const ips = (entry: { addresses?: readonly string[]; dhcp?: boolean }) => ({ ipv4: ipBlock(entry.addresses, entry.dhcp, 4), ipv6: ipBlock(entry.addresses, entry.dhcp, 6) });
  const interfaces = [
    ...network.interfaces.map((nic) => ({ name: nic.name, type: 'ethernet', state: 'up', 'mac-address': nic.macAddress.toLowerCase(), ...ips(nic) })),
    ...(network.bonds ?? []).map((bond) => ({ name: bond.name, type: 'bond', state: 'up', 'link-aggregation': { mode: bond.mode, port: bond.ports }, ...ips(bond) })),
    ...(network.vlans ?? []).map((vlan) => ({ name: vlan.name, type: 'vlan', state: 'up', vlan: { 'base-iface': vlan.baseInterface, id: vlan.id }, ...ips(vlan) })),
  ];
  return {
    interfaces,
    ...(network.dns?.length ? { 'dns-resolver': { config: { server: network.dns } } } : {}),
    ...(network.routes?.length
      ? { routes: { config: network.routes.map((r) => ({ destination: r.destination, 'next-hop-address': r.nextHopAddress, 'next-hop-interface': r.nextHopInterface, 'table-id': 254 })) } }
      : {}),
  };
}

/** One host's NMStateConfig, labelled so that its InfraEnv selects it. */
export function buildNMStateConfig(name: string, namespace: string, labels: Readonly<Record<string, string>>, network: HostNetworkProps): NMStateConfig {
  return {
    apiVersion: AGENT_INSTALL_API_VERSION,
    kind: 'NMStateConfig',
    metadata: { name, namespace, labels },
    spec: {
      config: nmstateDocument(network),
      interfaces: network.interfaces.map((nic) => ({ name: nic.name, macAddress: nic.macAddress.toLowerCase() })),
    },
  };
}
