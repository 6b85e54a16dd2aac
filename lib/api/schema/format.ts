/**
 * String formats, checked as apiextensions-apiserver checks them (kube-openapi's strfmt registry,
 * after it drops the formats CRDs may not use), and the integer formats it range-checks.
 */

/** Integer formats and their ranges (the API server rejects values outside them). */
export const INTEGER_FORMATS: ReadonlyMap<string, readonly [number, number]> = new Map<string, readonly [number, number]>([
  ['int32', [-2147483648, 2147483647]],
  ['int64', [-(2 ** 63), 2 ** 63 - 1]],
]);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/;
const HOSTNAME =
  /^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9\-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$/u;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID3 = /^[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const UUID5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MAC = /^(?:[0-9a-fA-F]{2}(?:[:-][0-9a-fA-F]{2}){5}|[0-9a-fA-F]{2}(?:[:-][0-9a-fA-F]{2}){7}|[0-9a-fA-F]{2}(?:[:-][0-9a-fA-F]{2}){19}|[0-9a-fA-F]{4}(?:\.[0-9a-fA-F]{4}){2})$/;
const DURATION_UNITS = new Set(['ns', 'nano', 'us', 'µs', 'micro', 'ms', 'milli', 's', 'sec', 'm', 'min', 'h', 'hr', 'hour', 'd', 'day', 'w', 'wk', 'week']);
const GO_DURATION = /^[-+]?((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+$|^[-+]?0$/;

export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return d <= days;
}

/** RFC 3339 date-time (`T` or `t`, `Z`/`z` or an offset), as strfmt.IsDateTime. */
export function isDateTime(value: string): boolean {
  if (value.length < 4) return false;
  const parts = value.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0])) return false;
  const m = TIME.exec(parts[1]);
  return m !== null && m[1] <= '23' && m[2] <= '59' && m[3] <= '59';
}

/** Go durations (`1h30m`) and strfmt's extended units (`3 days`, `2w`). */
export function isDuration(value: string): boolean {
  if (GO_DURATION.test(value)) return true;
  const matches = [...value.matchAll(/(\d+)\s*([A-Za-zµ]+)/g)];
  return matches.length > 0 && matches.every((m) => DURATION_UNITS.has(m[2].toLowerCase()));
}

export function isHostname(value: string): boolean {
  if (!HOSTNAME.test(value) || Buffer.byteLength(value) > 255) return false;
  return value.split('.').every((part) => Buffer.byteLength(part) <= 63);
}

/** Go's url.ParseRequestURI: an absolute URI, or an absolute path. */
export function isRequestURI(value: string): boolean {
  if (value.startsWith('/')) return !/[\s#]/.test(value.split('?')[0]);
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) || /[\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    // Opaque URIs such as `mailto:x` are fine for Go; URL refuses some of them.
    return /^[A-Za-z][A-Za-z0-9+.-]*:[^/]/.test(value);
  }
}

/** Go's base64.StdEncoding (padded; CR and LF ignored), as JSON []byte fields are decoded. */
export function isBase64(value: string): boolean {
  return BASE64.test(value.replace(/[\r\n]/g, ''));
}

export function isIPv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

export function isIPv6(value: string): boolean {
  if (!value.includes(':')) return false;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 0;
  } catch {
    return false;
  }
}

/** Format name to checker: every format both the API server and this module check. */
export const ENFORCED_FORMATS: ReadonlyMap<string, (value: string) => boolean> = new Map<string, (value: string) => boolean>([
  ['date', isDate],
  ['date-time', isDateTime],
  ['datetime', isDateTime],
  ['duration', isDuration],
  ['hostname', isHostname],
  ['uri', isRequestURI],
  ['byte', isBase64],
  ['uuid', (v) => UUID.test(v)],
  ['uuid3', (v) => UUID3.test(v)],
  ['uuid4', (v) => UUID4.test(v)],
  ['uuid5', (v) => UUID5.test(v)],
  ['ipv4', isIPv4],
  ['ipv6', isIPv6],
  ['cidr', (v) => {
    const [ip, bits, extra] = v.split('/');
    if (extra !== undefined || !/^\d{1,3}$/.test(bits ?? '')) return false;
    return (isIPv4(ip) && Number(bits) <= 32) || (isIPv6(ip) && Number(bits) <= 128);
  }],
  ['mac', (v) => MAC.test(v)],
]);

/** An example of a valid value, for fix hints. */
export const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  date: '2025-06-01',
  'date-time': '2025-06-01T00:00:00Z',
  datetime: '2025-06-01T00:00:00Z',
  duration: '30m',
  hostname: 'api.example.com',
  uri: 'https://example.com/path',
  byte: 'aGVsbG8=',
  uuid: '4f1c0b7e-2d7a-4c8e-9a51-6b2f8e3d9c10',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::1',
  cidr: '10.0.0.0/16',
  mac: '00:1a:2b:3c:4d:5e',
};
