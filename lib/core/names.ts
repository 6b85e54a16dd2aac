/** Kubernetes naming rules (RFC 1123) and the HyperShift names derived from a cluster's name. */

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

export const MAX_LABEL_LENGTH = 63;
export const MAX_SUBDOMAIN_LENGTH = 253;

/** Why `value` is not an RFC 1123 label (namespace names, HostedCluster names), or undefined. */
export function dnsLabelProblem(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > MAX_LABEL_LENGTH) return `is ${value.length} characters long; the limit is ${MAX_LABEL_LENGTH}`;
  if (!DNS_LABEL.test(value)) {
    return 'must consist of lower-case letters, digits and "-", and start and end with a letter or digit';
  }
  return undefined;
}

/** Why `value` is not an RFC 1123 subdomain (most object names), or undefined. */
export function dnsSubdomainProblem(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > MAX_SUBDOMAIN_LENGTH) {
    return `is ${value.length} characters long; the limit is ${MAX_SUBDOMAIN_LENGTH}`;
  }
  if (!DNS_SUBDOMAIN.test(value)) {
    return 'must consist of lower-case letters, digits, "-" and ".", and start and end with a letter or digit';
  }
  return undefined;
}

/** Why `key` is not a valid label or annotation key (`[prefix/]name`), or undefined. */
export function qualifiedNameProblem(key: string): string | undefined {
  const parts = key.split('/');
  if (parts.length > 2) return 'may contain at most one "/"';
  const name = parts[parts.length - 1];
  if (parts.length === 2) {
    const prefixProblem = dnsSubdomainProblem(parts[0]);
    if (prefixProblem) return `prefix "${parts[0]}" ${prefixProblem}`;
  }
  if (name.length === 0 || name.length > MAX_LABEL_LENGTH) return `name part must be 1-${MAX_LABEL_LENGTH} characters`;
  if (!LABEL_NAME.test(name)) {
    return 'name part must consist of letters, digits, "-", "_" and ".", and start and end with a letter or digit';
  }
  return undefined;
}

/** Why `value` is not a valid label value, or undefined. */
export function labelValueProblem(value: string): string | undefined {
  if (value.length > MAX_LABEL_LENGTH) return `is ${value.length} characters long; the limit is ${MAX_LABEL_LENGTH}`;
  if (value !== '' && !LABEL_NAME.test(value)) {
    return 'must consist of letters, digits, "-", "_" and ".", and start and end with a letter or digit';
  }
  return undefined;
}

/**
 * The namespace the operator creates for the control plane: `<namespace>-<name>`, with dots in
 * the name replaced by dashes.
 */
export function controlPlaneNamespace(namespace: string, name: string): string {
  return `${namespace}-${name.replace(/\./g, '-')}`;
}

/**
 * A stable infrastructure ID for a cluster name. The CLI appends five random characters; IaC
 * must not (a new ID on every run orphans cloud resources), so this keeps the sanitized name.
 * The documentation also asks for infraID == name so the MCE console shows the cluster.
 */
export function infraIdFor(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Names of the objects the CLI writes next to a HostedCluster, whatever its platform (a platform's own are in its folder). */
export const secretNames = {
  pullSecret: (cluster: string) => `${cluster}-pull-secret`,
  sshKey: (cluster: string) => `${cluster}-ssh-key`,
  etcdEncryptionKey: (cluster: string) => `${cluster}-etcd-encryption-key`,
  /** The client TLS Secret of an unmanaged etcd (the CLI has no name for it). */
  etcdClientTls: (cluster: string) => `${cluster}-etcd-client-tls`,
  adminKubeconfig: (cluster: string) => `${cluster}-admin-kubeconfig`,
} as const;

/** Keys inside those Secrets, as the operator reads them. */
export const secretKeys = {
  pullSecret: '.dockerconfigjson',
  sshPublicKey: 'id_rsa.pub',
  etcdEncryptionKey: 'key',
  /** Key of the admin kubeconfig in `<name>-admin-kubeconfig`. */
  adminKubeconfig: 'kubeconfig',
  additionalTrustBundle: 'ca-bundle.crt',
} as const;

export const ADDITIONAL_TRUST_BUNDLE_CONFIGMAP = 'user-ca-bundle';
