/**
 * Where the value of a Secret the HostedCluster needs comes from. Synthesized YAML never holds a
 * secret value unless the user chose `inline` and opted in with `allowInlineSecrets`.
 */
import { v } from './valibot';
import type { ExternalSecret, KubernetesObject, Secret } from '../api';
import { EXTERNAL_SECRETS_API_VERSION } from '../api';
import { SAFE_TO_DELETE_LABEL } from './defaults';
import type { IssueCollector } from './errors';
import { MAX_SUBDOMAIN_LENGTH, dnsSubdomainProblem, secretKeys, secretNames } from './names';
import { oneKeyOf, oneOf, quote, strict, text } from './schema';
import type { SecretSource } from './secret-source';
import { SECRET_STORE_KINDS } from './secret-source';

export { SecretSource } from './secret-source';
export type { ExternalSecretSource } from './secret-source';

/** A key in an external secret store, materialized into the cluster by external-secrets. @internal */
export const externalSecretSourceSchema = strict({
  store: text({ max: MAX_SUBDOMAIN_LENGTH }),
  storeKind: v.optional(oneOf(SECRET_STORE_KINDS)),
  key: text(),
  property: v.optional(text()),
  refreshInterval: v.optional(text()),
});

/** One of: an existing Secret, an ExternalSecret, or (opt-in only) an inline value. @internal */
export const secretSourceSchema = oneKeyOf(
  {
    existingSecret: text({ max: MAX_SUBDOMAIN_LENGTH }),
    externalSecret: externalSecretSourceSchema,
    inline: text(),
  },
  'a secret source',
);

/** What a Secret of the HostedCluster must look like once it exists. */
export interface SecretContract {
  /** Name the library gives the Secret when it creates it (CLI naming). */
  readonly name: string;
  readonly namespace: string;
  /** The data key the operator reads. */
  readonly key: string;
  /** Secret type; the CLI writes none (Opaque). */
  readonly type?: string;
  /** The value is binary; inline values are base64 and stores hold base64 too. */
  readonly binary?: boolean;
  /** Checks an inline value; returns a problem or undefined. */
  readonly checkValue?: (value: string) => string | undefined;
  /**
   * The Secret holds a certificate and its key (`tls.crt`, `tls.key`): an inline value is the PEM
   * chain and key, split in two; a store's key holds both as properties of those names.
   */
  readonly tlsPair?: boolean;
  /**
   * The Secret holds several keys (`key` is the first): a store's key holds them as properties of
   * those names, and an inline value, one string, cannot give them.
   */
  readonly keys?: readonly string[];
}

/** The keys of an unmanaged etcd's client Secret, as the operator reads them: the CA, the client certificate, its key. */
export const ETCD_CLIENT_KEYS = ['etcd-client-ca.crt', 'etcd-client.crt', 'etcd-client.key'] as const;

/** The two keys of a `kubernetes.io/tls` Secret. */
const TLS_KEYS = ['tls.crt', 'tls.key'] as const;

/**
 * Labels of every Secret the library creates: the CLI's rendered label only. Without
 * `auto-created-for-infra` the operator never adopts them, so their owner (Argo CD, Flux, Pulumi)
 * alone deletes them (see SAFE_TO_DELETE_LABEL).
 */
const SECRET_LABELS: Readonly<Record<string, string>> = { [SAFE_TO_DELETE_LABEL]: 'true' };

/** The Secrets every HostedCluster may reference, with the CLI's names, keys and types. */
export function clusterSecretContracts(cluster: string, namespace: string) {
  return {
    pullSecret: { name: secretNames.pullSecret(cluster), namespace, key: secretKeys.pullSecret, checkValue: pullSecretProblem },
    sshKey: { name: secretNames.sshKey(cluster), namespace, key: secretKeys.sshPublicKey, checkValue: sshPublicKeyProblem },
    etcdEncryptionKey: {
      name: secretNames.etcdEncryptionKey(cluster),
      namespace,
      key: secretKeys.etcdEncryptionKey,
      type: 'Opaque',
      binary: true,
      checkValue: aescbcKeyProblem,
    },
    etcdClientTls: {
      name: secretNames.etcdClientTls(cluster),
      namespace,
      key: ETCD_CLIENT_KEYS[0],
      keys: ETCD_CLIENT_KEYS,
    },
  } satisfies Record<string, SecretContract>;
}

/**
 * The Secret a contract describes, without its value, and the field the value goes in
 * (`data` for binary values given base64-encoded, else `stringData`).
 */
export function secretShell(contract: SecretContract): { readonly secret: Secret; readonly valueField: 'data' | 'stringData' } {
  return {
    secret: {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: contract.name, namespace: contract.namespace, labels: SECRET_LABELS },
      ...(contract.type ? { type: contract.type } : {}),
    },
    valueField: contract.binary ? 'data' : 'stringData',
  };
}

export interface RenderedSecret {
  /** Name to reference from the HostedCluster spec. */
  readonly refName: string;
  /** Objects to emit: none for an existing Secret, else one Secret or ExternalSecret. */
  readonly objects: KubernetesObject[];
}

/** Validates a source and renders the objects that make its Secret exist. Long because it is one case per kind of source (existing, external, value), side by side. */
export function renderSecret(
  contract: SecretContract,
  source: SecretSource,
  options: { allowInline: boolean; path: string; issues: IssueCollector },
): RenderedSecret {
  const { path, issues } = options;
  const labels = SECRET_LABELS;
  if ('existingSecret' in source) {
    const problem = dnsSubdomainProblem(source.existingSecret);
    if (problem) {
      issues.error(`${path}.existingSecret`, `Secret name ${quote(source.existingSecret)} ${problem}.`, 'Use the name of a Secret in the HostedCluster namespace.');
    }
    return { refName: source.existingSecret, objects: [] };
  }
  if ('externalSecret' in source) {
    const ext = source.externalSecret;
    const storeProblem = dnsSubdomainProblem(ext.store);
    if (storeProblem) {
      issues.error(`${path}.externalSecret.store`, `store name ${quote(ext.store)} ${storeProblem}.`, 'Name an existing ClusterSecretStore or SecretStore.');
    }
    if (!ext.key) issues.error(`${path}.externalSecret.key`, 'the remote key is empty.', 'Give the key of the secret in the store.');
    const properties = contract.tlsPair ? TLS_KEYS : contract.keys;
    if (properties && ext.property !== undefined) {
      issues.error(
        `${path}.externalSecret.property`,
        `${contract.tlsPair ? 'a certificate Secret' : 'this Secret'} reads the properties ${andList(properties)} of the store's key, so it takes no property.`,
        contract.tlsPair ? 'Remove property; store the certificate chain and the private key under tls.crt and tls.key of one key.' : `Remove property; store ${andList(properties)} as properties of one key.`,
      );
    }
    const externalSecret: ExternalSecret = {
      apiVersion: EXTERNAL_SECRETS_API_VERSION,
      kind: 'ExternalSecret',
      metadata: { name: contract.name, namespace: contract.namespace, labels },
      spec: {
        refreshInterval: ext.refreshInterval ?? '1h',
        secretStoreRef: { name: ext.store, kind: ext.storeKind ?? 'ClusterSecretStore' },
        target: {
          name: contract.name,
          creationPolicy: 'Owner',
          template: {
            ...(contract.type ? { type: contract.type } : {}),
            metadata: { labels },
          },
        },
        data: properties
          ? properties.map((key) => ({ secretKey: key, remoteRef: { key: ext.key, property: key } }))
          : [
              {
                secretKey: contract.key,
                remoteRef: {
                  key: ext.key,
                  ...(ext.property ? { property: ext.property } : {}),
                  ...(contract.binary ? { decodingStrategy: 'Base64' as const } : {}),
                },
              },
            ],
      },
    };
    return { refName: contract.name, objects: [externalSecret] };
  }
  if (contract.keys && !contract.tlsPair) {
    issues.error(
      `${path}.inline`,
      `Secret ${contract.name} holds ${contract.keys.length} keys (${andList(contract.keys)}); an inline value is one string.`,
      'Create the Secret with these keys and give { existingSecret: <name> }, or store them as properties of one key of a secret store and give { externalSecret }.',
    );
    return { refName: contract.name, objects: [] };
  }
  if (!options.allowInline) {
    issues.error(
      `${path}.inline`,
      'an inline secret value would be written into the synthesized YAML.',
      'Reference an existing Secret or an ExternalSecret, or set allowInlineSecrets: true if the output is stored securely.',
    );
  }
  const problem = contract.tlsPair ? tlsPairProblem(source.inline) : contract.checkValue?.(source.inline);
  if (problem) issues.error(`${path}.inline`, problem, 'Provide a value in the documented format.');
  const { secret, valueField } = secretShell(contract);
  const values = contract.tlsPair ? splitTlsPair(source.inline) : { [contract.key]: source.inline };
  return { refName: contract.name, objects: [{ ...secret, [valueField]: values }] };
}

/** `a`, `a and b`, `a, b and c`. */
function andList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----\s*/g;

/** The PEM blocks of a text with their labels (`CERTIFICATE`, `PRIVATE KEY`, `RSA PRIVATE KEY`...). */
function pemBlocks(value: string): { readonly label: string; readonly text: string }[] {
  return [...value.matchAll(PEM_BLOCK)].map((match) => ({ label: match[1], text: match[0].trim() }));
}

/** Why a PEM certificate chain with its key is unusable (never echoing it), or undefined. */
export function tlsPairProblem(value: string): string | undefined {
  const blocks = pemBlocks(value);
  const keys = blocks.filter((b) => b.label.endsWith('PRIVATE KEY')).length;
  if (!blocks.some((b) => b.label === 'CERTIFICATE')) return 'the value holds no PEM certificate ("-----BEGIN CERTIFICATE-----").';
  if (keys !== 1) return `the value holds ${keys} PEM private keys; a serving certificate needs exactly one, after its certificate chain.`;
  return undefined;
}

/** A PEM certificate chain and its key as the two keys of a `kubernetes.io/tls` Secret. */
export function splitTlsPair(value: string): Record<(typeof TLS_KEYS)[number], string> {
  const blocks = pemBlocks(value);
  const join = (keep: (label: string) => boolean) => blocks.filter((b) => keep(b.label)).map((b) => `${b.text}\n`).join('');
  return { 'tls.crt': join((label) => !label.endsWith('PRIVATE KEY')), 'tls.key': join((label) => label.endsWith('PRIVATE KEY')) };
}

/** A pull secret is a docker config JSON with an `auths` object. */
export function pullSecretProblem(value: string): string | undefined {
  try {
    const parsed = JSON.parse(value) as { auths?: unknown };
    return typeof parsed.auths === 'object' && parsed.auths !== null ? undefined : 'the pull secret has no "auths" object.';
  } catch {
    return 'the pull secret is not valid JSON.';
  }
}

/** An SSH key here must be a public key; a private key must never land in a manifest. */
export function sshPublicKeyProblem(value: string): string | undefined {
  if (value.includes('PRIVATE KEY')) return 'this is an SSH private key; only the public key belongs here.';
  return /^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-[\w@.-]+) [A-Za-z0-9+/=]+/.test(value.trim())
    ? undefined
    : 'the value does not look like an OpenSSH public key ("ssh-ed25519 AAAA...").';
}

/** The aescbc key is 32 random bytes, given base64-encoded. */
export function aescbcKeyProblem(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return 'the etcd encryption key is not base64.';
  const length = Buffer.from(value, 'base64').length;
  return length === 32 ? undefined : `the etcd encryption key decodes to ${length} bytes; aescbc needs exactly 32.`;
}
