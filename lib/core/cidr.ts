/** CIDR parsing and arithmetic for IPv4 and IPv6, on bigints so both families share one code path. */

export type IpFamily = 4 | 6;

export interface Cidr {
  readonly family: IpFamily;
  /** The address as written, as a number. */
  readonly address: bigint;
  readonly prefix: number;
}

const BITS: Record<IpFamily, number> = { 4: 32, 6: 128 };

/** Parses `a.b.c.d/n` or an IPv6 `x:y::z/n`; returns a reason string when it is not a CIDR. */
export function parseCidr(text: string): Cidr | string {
  const slash = text.indexOf('/');
  if (slash < 0) return 'has no "/<prefix length>"';
  const addressText = text.slice(0, slash);
  const prefixText = text.slice(slash + 1);
  const family: IpFamily = addressText.includes(':') ? 6 : 4;
  const address = family === 4 ? parseIPv4(addressText) : parseIPv6(addressText);
  if (address === undefined) return `"${addressText}" is not a valid IPv${family} address`;
  if (!/^\d{1,3}$/.test(prefixText)) return `prefix length "${prefixText}" is not a number`;
  const prefix = Number(prefixText);
  if (prefix > BITS[family]) return `prefix length /${prefix} is larger than ${BITS[family]} for IPv${family}`;
  return { family, address, prefix };
}

export function parseIPv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || (part.length > 1 && part.startsWith('0'))) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

export function parseIPv6(text: string): bigint | undefined {
  if (text.split('::').length > 2) return undefined;
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  return value;
}

function hostMask(cidr: Cidr): bigint {
  return (1n << BigInt(BITS[cidr.family] - cidr.prefix)) - 1n;
}

/** First address of the network. */
export function networkAddress(cidr: Cidr): bigint {
  return cidr.address & ~hostMask(cidr);
}

/** Last address of the network. */
export function lastAddress(cidr: Cidr): bigint {
  return networkAddress(cidr) | hostMask(cidr);
}

/** True when the address has bits set past the prefix (`10.0.0.1/16`). */
export function hasHostBits(cidr: Cidr): boolean {
  return (cidr.address & hostMask(cidr)) !== 0n;
}

/** True when the two ranges share at least one address. */
export function overlaps(a: Cidr, b: Cidr): boolean {
  if (a.family !== b.family) return false;
  return networkAddress(a) <= lastAddress(b) && networkAddress(b) <= lastAddress(a);
}

/** True when `inner` lies entirely inside `outer`. */
export function contains(outer: Cidr, inner: Cidr): boolean {
  return (
    outer.family === inner.family &&
    outer.prefix <= inner.prefix &&
    networkAddress(outer) === networkAddress({ ...inner, prefix: outer.prefix })
  );
}

/** Canonical text: network address and prefix, IPv6 in shortest form. */
export function formatCidr(cidr: Cidr): string {
  const base = networkAddress(cidr);
  return `${formatIp(cidr.family, base)}/${cidr.prefix}`;
}

/** An address of either family as text (IPv6 in shortest form). */
export function formatIp(family: IpFamily, address: bigint): string {
  return family === 4 ? formatIPv4(address) : formatIPv6(address);
}

export function formatIPv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join('.');
}

export function formatIPv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  // Compress the longest run of two or more zero groups.
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** Parses a bare IPv4 or IPv6 address; undefined when it is neither. */
export function parseIp(text: string): { family: IpFamily; address: bigint } | undefined {
  const v4 = parseIPv4(text);
  if (v4 !== undefined) return { family: 4, address: v4 };
  const v6 = text.includes(':') ? parseIPv6(text) : undefined;
  return v6 === undefined ? undefined : { family: 6, address: v6 };
}
