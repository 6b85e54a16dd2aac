/**
 * apimachinery's name and metadata rules (k8s.io/apimachinery/pkg/util/validation and
 * pkg/api/validation), which the API server applies to every object, custom resources included.
 * Each check returns the problems as messages; an empty list means valid.
 */

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const CONFIG_MAP_KEY = /^[-._a-zA-Z0-9]+$/;

/** Total size of all annotation keys and values (TotalAnnotationSizeLimitB). */
export const ANNOTATIONS_SIZE_LIMIT = 256 * 1024;

export function dnsLabel(value: string): string[] {
  const out: string[] = [];
  if (value.length > 63) out.push('must be no more than 63 characters');
  if (!DNS1123_LABEL.test(value)) {
    out.push("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character");
  }
  return out;
}

export function dns1035Label(value: string): string[] {
  const out: string[] = [];
  if (value.length > 63) out.push('must be no more than 63 characters');
  if (!DNS1035_LABEL.test(value)) {
    out.push("a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character");
  }
  return out;
}

export function dnsSubdomain(value: string): string[] {
  const out: string[] = [];
  if (value.length > 253) out.push('must be no more than 253 characters');
  if (!DNS1123_SUBDOMAIN.test(value)) {
    out.push("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character");
  }
  return out;
}

/** RBAC and other path-segment names: anything but `.`, `..`, or names with `/` or `%`. */
export function pathSegmentName(value: string): string[] {
  if (value === '.' || value === '..') return [`may not be '${value}'`];
  if (value.includes('/')) return ["may not contain '/'"];
  if (value.includes('%')) return ["may not contain '%'"];
  return [];
}

/** A label or annotation key: `[prefix/]name`, prefix a DNS subdomain, name 63 characters at most. */
export function qualifiedName(value: string): string[] {
  const parts = value.split('/');
  let name = value;
  const out: string[] = [];
  if (parts.length === 2) {
    const [prefix, rest] = parts;
    name = rest;
    if (prefix.length === 0) out.push('prefix part must be non-empty');
    else out.push(...dnsSubdomain(prefix).map((m) => `prefix part ${m}`));
  } else if (parts.length > 2) {
    return ["a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character, with an optional DNS subdomain prefix and '/'"];
  }
  if (name.length === 0) out.push('name part must be non-empty');
  else if (name.length > 63) out.push('name part must be no more than 63 characters');
  if (name.length > 0 && !QUALIFIED_NAME.test(name)) {
    out.push("name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character");
  }
  return out;
}

export function labelValue(value: string): string[] {
  const out: string[] = [];
  if (value.length > 63) out.push('must be no more than 63 characters');
  if (!LABEL_VALUE.test(value)) {
    out.push("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character");
  }
  return out;
}

/** Keys of Secret and ConfigMap data. */
export function configMapKey(value: string): string[] {
  const out: string[] = [];
  if (value.length > 253) out.push('must be no more than 253 characters');
  if (!CONFIG_MAP_KEY.test(value)) out.push("a valid config key must consist of alphanumeric characters, '-', '_' or '.'");
  if (value === '.' || value === '..' || value.startsWith('..')) out.push(`must not be '.' or '..' or start with '..'`);
  return out;
}
