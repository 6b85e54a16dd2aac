/** Cluster, service and machine networks: defaults, and the checks the API server and operator apply. */
import { v } from './valibot';
import type { HostedClusterSpec } from '../api';
import { OVN_MTU } from './limits';
import { bool, count, list, oneOf, strict, text, textOr } from './schema';
import { Cidr, formatCidr, hasHostBits, overlaps, parseCidr } from './cidr';
import { CLI_DEFAULTS } from './defaults';
import type { IssueCollector } from './errors';
import type { NetworkEntry, NetworkingProps } from './networking-props';
import { NETWORK_TYPES } from './networking-props';

export type { NetworkingProps, NetworkEntry, ClusterNetworkEntry } from './networking-props';

export type NetworkingSpec = HostedClusterSpec['networking'];
export type NetworkType = NonNullable<NetworkingSpec['networkType']>;

/**
 * A list of networks: each a CIDR or `{ cidr, ...more }`, the same two forms for all three lists,
 * with an example of both in every message. @internal
 */
function networks<const E extends v.ObjectEntries>(example: string, more: E, moreExample = '') {
  const shapes = `a CIDR string nor { cidr${Object.keys(more).map((key) => `, ${key}`).join('')} }`;
  const forms = `"${example}" or { cidr: "${example}"${moreExample} }`;
  return v.optional(list(textOr(strict({ cidr: text({ fix: `Give the CIDR as a string, e.g. "${example}".` }), ...more }), shapes, forms), { fix: `Give a list such as ["${example}"].` }));
}

/** @internal */
export const networkingPropsSchema = strict({
  clusterNetwork: networks(CLI_DEFAULTS.clusterNetworkIPv4, { hostPrefix: v.optional(count(0, 128)) }, ', hostPrefix: 23'),
  serviceNetwork: networks(CLI_DEFAULTS.serviceNetworkIPv4, {}),
  machineNetwork: networks('192.168.122.0/24', {}),
  networkType: v.optional(oneOf(NETWORK_TYPES)),
  dualStack: v.optional(bool()),
  ovnMtu: v.optional(count(OVN_MTU.min, OVN_MTU.max, 'the HostedCluster CRD\'s maximum')),
  apiServer: v.optional(
    strict({
      allowedCIDRBlocks: v.optional(list(text({ max: 43 }), { max: 500, limit: 'the HostedCluster CRD\'s maximum', fix: 'Give a list such as ["203.0.113.0/24"].' })),
      advertiseAddress: v.optional(text({ max: 255 })),
      port: v.optional(count(1, 65535)),
    }),
  ),
});

/** The CIDR of a network as props give it: the string, or its `cidr`. */
export function cidrOf(entry: string | NetworkEntry): string {
  return typeof entry === 'string' ? entry : entry.cidr;
}

/** The CIDRs of a list of networks given as any value (props not checked yet); entries of no known form are left to the props check. */
export function givenCidrs(networks: unknown): string[] {
  if (!Array.isArray(networks)) return [];
  return networks.flatMap((entry: unknown) => {
    const cidr = typeof entry === 'object' && entry !== null ? (entry as { cidr?: unknown }).cidr : entry;
    return typeof cidr === 'string' ? [cidr] : [];
  });
}

/** Completes the networking block from props and the platform's machine network. */
export function networkingSpec(props: NetworkingProps = {}, platformMachineNetwork?: string): NetworkingSpec {
  const dual = props.dualStack === true;
  const clusterNetwork = (props.clusterNetwork ?? (dual ? [CLI_DEFAULTS.clusterNetworkIPv4, CLI_DEFAULTS.clusterNetworkIPv6] : [CLI_DEFAULTS.clusterNetworkIPv4]))
    .map((entry) => (typeof entry === 'string' ? { cidr: entry } : { ...entry }));
  const serviceNetwork = (props.serviceNetwork ?? (dual ? [CLI_DEFAULTS.serviceNetworkIPv4, CLI_DEFAULTS.serviceNetworkIPv6] : [CLI_DEFAULTS.serviceNetworkIPv4]))
    .map((entry) => ({ cidr: cidrOf(entry) }));
  const machine = props.machineNetwork ?? (platformMachineNetwork ? [platformMachineNetwork] : []);
  const apiServer = props.apiServer;
  return {
    networkType: props.networkType ?? CLI_DEFAULTS.networkType,
    clusterNetwork,
    serviceNetwork,
    ...(machine.length > 0 ? { machineNetwork: machine.map((entry) => ({ cidr: cidrOf(entry) })) } : {}),
    ...(apiServer && Object.keys(apiServer).length > 0
      ? {
          apiServer: {
            ...(apiServer.allowedCIDRBlocks ? { allowedCIDRBlocks: [...apiServer.allowedCIDRBlocks] } : {}),
            ...(apiServer.advertiseAddress !== undefined ? { advertiseAddress: apiServer.advertiseAddress } : {}),
            ...(apiServer.port !== undefined ? { port: apiServer.port } : {}),
          },
        }
      : {}),
  };
}

interface ParsedEntry {
  readonly path: string;
  readonly list: string;
  readonly index: number;
  readonly cidr: Cidr;
}

/**
 * Checks syntax, overlap, dual-stack shape and hostPrefix of the final networking block. Long
 * because the checks share the parsed networks; each is a few lines, in the order of the block.
 */
export function validateNetworking(networking: NetworkingSpec, issues: IssueCollector): void {
  const parsed: ParsedEntry[] = [];
  const lists = {
    clusterNetwork: networking.clusterNetwork ?? [],
    serviceNetwork: networking.serviceNetwork ?? [],
    machineNetwork: networking.machineNetwork ?? [],
  };
  for (const [list, entries] of Object.entries(lists)) {
    const families: number[] = [];
    entries.forEach((entry, index) => {
      const path = `spec.networking.${list}[${index}].cidr`;
      const cidr = parseCidr(entry.cidr);
      if (typeof cidr === 'string') {
        issues.error(path, `"${entry.cidr}" is not a CIDR: ${cidr}.`, 'Write it as <address>/<prefix length>, e.g. 10.132.0.0/14.');
        return;
      }
      if (hasHostBits(cidr)) {
        issues.error(path, `"${entry.cidr}" has host bits set past /${cidr.prefix}.`, `Use the network address: ${formatCidr(cidr)}.`);
      }
      families.push(cidr.family);
      parsed.push({ path, list, index, cidr });
    });
    if (entries.length > 2) {
      issues.error(`spec.networking.${list}`, `${entries.length} entries given; at most 2 (one IPv4, one IPv6) are allowed.`, 'Keep one CIDR per IP family.');
    } else if (families.length === 2 && families[0] === families[1]) {
      issues.error(`spec.networking.${list}`, `both entries are IPv${families[0]}; dual stack needs one IPv4 and one IPv6 CIDR.`, 'Replace one entry with a CIDR of the other family.');
    }
    if (list !== 'machineNetwork' && entries.length === 0) {
      issues.error(`spec.networking.${list}`, 'is empty.', 'Give at least one CIDR.');
    }
  }
  // Dual stack must be consistent: the same primary family for pods and services.
  const primary = (list: string) => parsed.find((p) => p.list === list)?.cidr.family;
  const clusterFamilies = new Set(parsed.filter((p) => p.list === 'clusterNetwork').map((p) => p.cidr.family));
  const serviceFamilies = new Set(parsed.filter((p) => p.list === 'serviceNetwork').map((p) => p.cidr.family));
  if (clusterFamilies.size > 0 && serviceFamilies.size > 0) {
    if (clusterFamilies.size !== serviceFamilies.size || primary('clusterNetwork') !== primary('serviceNetwork')) {
      issues.error(
        'spec.networking',
        'clusterNetwork and serviceNetwork disagree on IP families or their order.',
        'Give both lists the same families in the same order (IPv4 first for IPv4-primary dual stack).',
      );
    }
  }
  for (let i = 0; i < parsed.length; i++) {
    for (let j = i + 1; j < parsed.length; j++) {
      const [a, b] = [parsed[i], parsed[j]];
      if (a.list === b.list || !overlaps(a.cidr, b.cidr)) continue;
      issues.error(
        b.path,
        `${formatCidr(b.cidr)} overlaps ${a.list}[${a.index}], ${formatCidr(a.cidr)}.`,
        'Pick non-overlapping ranges for the cluster, service and machine networks.',
      );
    }
  }
  (networking.clusterNetwork ?? []).forEach((entry, index) => {
    if (entry.hostPrefix === undefined || entry.hostPrefix === 0) return;
    const cidr = parseCidr(entry.cidr);
    if (typeof cidr === 'string') return;
    const max = cidr.family === 4 ? 30 : 126;
    if (entry.hostPrefix <= cidr.prefix || entry.hostPrefix > max) {
      issues.error(
        `spec.networking.clusterNetwork[${index}].hostPrefix`,
        `hostPrefix /${entry.hostPrefix} must be longer than the network's /${cidr.prefix} and at most /${max}.`,
        `Use a value between ${cidr.prefix + 1} and ${max} (the default is ${cidr.family === 4 ? 23 : 64}).`,
      );
    }
  });
}
