/**
 * The DNS records an agent (or None) cluster needs and nobody creates for it: the API is a NodePort
 * service on the management cluster's nodes (or a load balancer in front of them), and ingress runs
 * on the workers (or behind MetalLB inside the hosted cluster).
 *
 * Source: the HCP documentation, bare metal and non-bare-metal agent DNS sections: `api` and
 * `api-int` point at the API, `*.apps` at ingress; IPv6 addresses need AAAA records (the documentation
 * writes IN A for them, which is wrong); dual stack gets both families.
 */
import { parseIp } from '../../core';

/** One DNS record an agent or None cluster needs and nothing creates for it: `api`, `api-int` or `*.apps` of the cluster, to one address. */
export interface DnsRecord {
  /** Fully qualified, with the trailing dot: `api.example.krnl.es.`. */
  readonly name: string;
  /** `A` for an IPv4 address, `AAAA` for an IPv6 one. */
  readonly type: 'A' | 'AAAA';
  /** The address the name resolves to. */
  readonly value: string;
}

export interface ClusterDnsInput {
  readonly clusterName: string;
  readonly baseDomain: string;
  /** Addresses the API is reachable at (management nodes, or a load balancer). */
  readonly apiAddresses: readonly string[];
  /** Addresses of the hosted cluster's ingress (workers, or a MetalLB address). @default none */
  readonly ingressAddresses?: readonly string[];
}

/** `api`, `api-int` and `*.apps` records, one per address, A or AAAA by family; non-IP values are skipped. */
export function clusterDnsRecords(input: ClusterDnsInput): DnsRecord[] {
  const domain = `${input.clusterName}.${input.baseDomain.replace(/\.$/, '')}.`;
  const records = (name: string, addresses: readonly string[]): DnsRecord[] =>
    addresses.flatMap((value) => {
      const ip = parseIp(value);
      return ip ? [{ name: `${name}.${domain}`, type: ip.family === 4 ? ('A' as const) : ('AAAA' as const), value }] : [];
    });
  return [...records('api', input.apiAddresses), ...records('api-int', input.apiAddresses), ...records('*.apps', input.ingressAddresses ?? [])];
}

/**
 * The records as a zone-file snippet (RFC 1035 master-file lines) to paste into the zone of the
 * base domain. Deterministic: same records, same text.
 */
export function dnsZoneFile(records: readonly DnsRecord[], options: { readonly ttl?: number; readonly comment?: string } = {}): string {
  const ttl = options.ttl ?? 300;
  const width = Math.max(0, ...records.map((r) => r.name.length));
  const lines = records.map((r) => `${r.name.padEnd(width)} ${ttl} IN ${r.type.padEnd(4)} ${r.value}`);
  const header = options.comment ? options.comment.split('\n').map((line) => `; ${line}`) : [];
  return [...header, ...lines, ''].join('\n');
}

/** The file the synth writes the snippet to, beside the cluster's YAML: `dns-<cluster>.zone`. */
export const zoneFileName = (clusterName: string): string => `dns-${clusterName}.zone`;
