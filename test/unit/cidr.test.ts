import fc from 'fast-check';
import { contains, formatCidr, formatIPv6, hasHostBits, networkAddress, overlaps, parseCidr, parseIPv6 } from '../../lib/core/cidr';
import type { Cidr } from '../../lib/core/cidr';

const v4 = fc.record({ family: fc.constant(4 as const), address: fc.bigInt(0n, 2n ** 32n - 1n), prefix: fc.integer({ min: 0, max: 32 }) });
const v6 = fc.record({ family: fc.constant(6 as const), address: fc.bigInt(0n, 2n ** 128n - 1n), prefix: fc.integer({ min: 0, max: 128 }) });
const anyCidr: fc.Arbitrary<Cidr> = fc.oneof(v4, v6);

function parsed(text: string): Cidr {
  const result = parseCidr(text);
  if (typeof result === 'string') throw new Error(`${text}: ${result}`);
  return result;
}

describe('parseCidr', () => {
  test.each([
    ['10.132.0.0/14', 4, 14],
    ['172.31.0.0/16', 4, 16],
    ['fd01::/48', 6, 48],
    ['fd02::/112', 6, 112],
    ['::/0', 6, 0],
    ['2001:db8:0:0:0:0:0:1/128', 6, 128],
  ])('accepts %s', (text, family, prefix) => {
    const cidr = parsed(text);
    expect(cidr.family).toBe(family);
    expect(cidr.prefix).toBe(prefix);
  });

  test.each([
    ['10.0.0.0/33', 'larger than 32'],
    ['10.0.0.0', 'no "/'],
    ['10.0.0/8', 'not a valid IPv4'],
    ['256.0.0.0/8', 'not a valid IPv4'],
    ['010.0.0.0/8', 'not a valid IPv4'],
    ['fd01::/129', 'larger than 128'],
    ['fd01:::1/64', 'not a valid IPv6'],
    ['1:2:3:4:5:6:7:8:9/64', 'not a valid IPv6'],
    ['10.0.0.0/x', 'not a number'],
  ])('rejects %s', (text, reason) => {
    const result = parseCidr(text);
    expect(typeof result).toBe('string');
    expect(result).toContain(reason);
  });
});

describe('CIDR properties', () => {
  test('formatting the network and parsing it back is the identity on network CIDRs', () => {
    fc.assert(
      fc.property(anyCidr, (cidr) => {
        const back = parsed(formatCidr(cidr));
        expect(back.family).toBe(cidr.family);
        expect(back.prefix).toBe(cidr.prefix);
        expect(back.address).toBe(networkAddress(cidr));
        expect(hasHostBits(back)).toBe(false);
      }),
    );
  });

  test('overlap is symmetric and reflexive', () => {
    fc.assert(
      fc.property(anyCidr, anyCidr, (a, b) => {
        expect(overlaps(a, b)).toBe(overlaps(b, a));
        expect(overlaps(a, a)).toBe(true);
      }),
    );
  });

  test('two CIDRs of one family overlap exactly when one contains the other', () => {
    fc.assert(
      fc.property(v4, v4, (a, b) => {
        expect(overlaps(a, b)).toBe(contains(a, b) || contains(b, a));
      }),
    );
  });

  test('a CIDR contains every longer-prefix CIDR built from one of its addresses', () => {
    fc.assert(
      fc.property(v6, fc.integer({ min: 0, max: 128 }), fc.bigInt(0n, 2n ** 128n - 1n), (outer, extra, offset) => {
        const innerPrefix = Math.min(128, outer.prefix + (extra % (129 - outer.prefix)));
        const size = 2n ** BigInt(128 - outer.prefix);
        const inner = { family: 6 as const, address: networkAddress(outer) + (offset % size), prefix: innerPrefix };
        expect(contains(outer, inner)).toBe(true);
        expect(overlaps(outer, inner)).toBe(true);
      }),
    );
  });

  test('IPv6 formatting round-trips and compresses only runs of two or more zero groups', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, 2n ** 128n - 1n), (address) => {
        const text = formatIPv6(address);
        expect(parseIPv6(text)).toBe(address);
        expect(text.split('::').length).toBeLessThanOrEqual(2);
      }),
    );
    expect(formatIPv6(parseIPv6('2001:db8:0:1:0:0:0:1')!)).toBe('2001:db8:0:1::1');
    expect(formatIPv6(parseIPv6('2001:db8:0:1:1:1:1:1')!)).toBe('2001:db8:0:1:1:1:1:1');
  });

  test('the defaults do not overlap; a network inside another does', () => {
    expect(overlaps(parsed('10.132.0.0/14'), parsed('172.31.0.0/16'))).toBe(false);
    expect(overlaps(parsed('10.132.0.0/14'), parsed('10.134.5.0/24'))).toBe(true);
    expect(overlaps(parsed('10.0.0.0/8'), parsed('fd01::/48'))).toBe(false);
  });
});
