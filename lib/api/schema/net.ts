/**
 * IP addresses and CIDR prefixes as the Kubernetes CEL library parses them (Go's net/netip,
 * without zones and without IPv4-mapped IPv6 addresses).
 */

export interface ParsedIp {
  readonly family: 4 | 6;
  /** Canonical text. */
  readonly text: string;
}

export interface ParsedCidr {
  readonly ip: ParsedIp;
  readonly prefixLength: number;
}

function parseIPv4(value: string): ParsedIp | undefined {
  const parts = value.split('.');
  if (parts.length !== 4) return undefined;
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255) return undefined;
  }
  return { family: 4, text: value };
}

function parseIPv6(value: string): ParsedIp | undefined {
  if (!value.includes(':') || /[%\s[\]]/.test(value)) return undefined;
  let host: string;
  try {
    host = new URL(`http://[${value}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  // Embedded IPv4 parts must follow IPv4 rules (no leading zeros).
  const dotted = /([^:]+)$/.exec(value)?.[1] ?? '';
  if (dotted.includes('.') && !parseIPv4(dotted)) return undefined;
  if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/.test(host)) return undefined; // IPv4-mapped
  return { family: 6, text: host };
}

export function parseIp(value: string): ParsedIp | undefined {
  return parseIPv4(value) ?? parseIPv6(value);
}

export function parseCidr(value: string): ParsedCidr | undefined {
  const slash = value.indexOf('/');
  if (slash < 0) return undefined;
  const ip = parseIp(value.slice(0, slash));
  const bits = value.slice(slash + 1);
  if (!ip || !/^(0|[1-9]\d{0,2})$/.test(bits)) return undefined;
  const prefixLength = Number(bits);
  if (prefixLength > (ip.family === 4 ? 32 : 128)) return undefined;
  return { ip, prefixLength };
}
