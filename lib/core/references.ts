/**
 * Where the objects the library emits name a Secret or ConfigMap in their own namespace, and the
 * keys the reading controller takes from it (upstream field documentation: HyperShift's
 * hostedcluster_types.go key constants, metal3's BMC credentials, OADP's credential selector).
 * The plan checks them against its own objects (access-checks.ts); a preflight against the live
 * management cluster (lib/live) checks those the plan does not create.
 */
import type { KubernetesObject } from '../api';
import { secretKeys } from './names';

/** A Secret or ConfigMap named at `path` (`[]` for every list item), and the keys read from it. */
export interface Reference {
  readonly path: string;
  readonly kind: 'Secret' | 'ConfigMap';
  /** The keys read; `{ field }` when the reference names its key itself (`{ name, key }`). */
  readonly keys: readonly string[] | { readonly field: string };
  /** The value at `path` is the name itself, not `{ name }`. @default false */
  readonly nameOnly?: boolean;
}

const CA_BLOCKS = ['openID', 'github', 'gitlab', 'ldap', 'keystone', 'basicAuth', 'requestHeader'];

/** Where a HostedCluster's `spec.configuration` names Secrets and ConfigMaps, relative to it. */
export const CONFIGURATION_REFERENCES: readonly (Reference & { readonly keys: readonly string[] })[] = [
  { path: 'oauth.identityProviders[].htpasswd.fileData', kind: 'Secret', keys: ['htpasswd'] },
  ...['openID', 'github', 'gitlab', 'google'].map((block) => ({ path: `oauth.identityProviders[].${block}.clientSecret`, kind: 'Secret' as const, keys: ['clientSecret'] })),
  { path: 'oauth.identityProviders[].ldap.bindPassword', kind: 'Secret', keys: ['bindPassword'] },
  ...['keystone', 'basicAuth'].flatMap((block) => [
    { path: `oauth.identityProviders[].${block}.tlsClientCert`, kind: 'Secret' as const, keys: ['tls.crt'] },
    { path: `oauth.identityProviders[].${block}.tlsClientKey`, kind: 'Secret' as const, keys: ['tls.key'] },
  ]),
  ...CA_BLOCKS.map((block) => ({ path: `oauth.identityProviders[].${block}.ca`, kind: 'ConfigMap' as const, keys: ['ca.crt'] })),
  { path: 'oauth.templates.login', kind: 'Secret', keys: ['login.html'] },
  { path: 'oauth.templates.providerSelection', kind: 'Secret', keys: ['providers.html'] },
  { path: 'oauth.templates.error', kind: 'Secret', keys: ['errors.html'] },
  { path: 'apiServer.servingCerts.namedCertificates[].servingCertificate', kind: 'Secret', keys: ['tls.crt', 'tls.key'] },
  { path: 'apiServer.clientCA', kind: 'ConfigMap', keys: ['ca-bundle.crt'] },
  { path: 'proxy.trustedCA', kind: 'ConfigMap', keys: ['ca-bundle.crt'] },
  { path: 'image.additionalTrustedCA', kind: 'ConfigMap', keys: [] },
];

/** Every reference of the kinds the library emits, by kind, with paths from the object's root. */
export const OBJECT_REFERENCES: Readonly<Record<string, readonly Reference[]>> = {
  HostedCluster: [
    { path: 'spec.pullSecret', kind: 'Secret', keys: [secretKeys.pullSecret] },
    { path: 'spec.sshKey', kind: 'Secret', keys: [secretKeys.sshPublicKey] },
    { path: 'spec.secretEncryption.aescbc.activeKey', kind: 'Secret', keys: [secretKeys.etcdEncryptionKey] },
    { path: 'spec.secretEncryption.aescbc.backupKey', kind: 'Secret', keys: [secretKeys.etcdEncryptionKey] },
    { path: 'spec.serviceAccountSigningKey', kind: 'Secret', keys: ['key'] },
    { path: 'spec.additionalTrustBundle', kind: 'ConfigMap', keys: [secretKeys.additionalTrustBundle] },
    { path: 'spec.auditWebhook', kind: 'Secret', keys: ['webhook-kubeconfig'] },
    { path: 'spec.etcd.unmanaged.tls.clientSecret', kind: 'Secret', keys: ['etcd-client-ca.crt', 'etcd-client.crt', 'etcd-client.key'] },
    { path: 'spec.platform.kubevirt.credentials.infraKubeConfigSecret', kind: 'Secret', keys: { field: 'key' } },
    // PowerVS: hypershift-operator .../platform/powervs/powervs.go ReconcileCredentials copies these keys.
    ...['kubeCloudControllerCreds', 'ingressOperatorCloudCreds', 'storageOperatorCloudCreds', 'imageRegistryOperatorCloudCreds'].map((field) => ({
      path: `spec.platform.powervs.${field}`,
      kind: 'Secret' as const,
      keys: ['ibmcloud_api_key', 'ibm-credentials.env'],
    })),
    { path: 'spec.platform.powervs.nodePoolManagementCreds', kind: 'Secret', keys: ['ibm-credentials.env'] },
    ...CONFIGURATION_REFERENCES.map((r) => ({ ...r, path: `spec.configuration.${r.path}` })),
  ],
  NodePool: [
    { path: 'spec.config[]', kind: 'ConfigMap', keys: ['config'] },
    { path: 'spec.tuningConfig[]', kind: 'ConfigMap', keys: ['tuning'] },
  ],
  BareMetalHost: [{ path: 'spec.bmc.credentialsName', kind: 'Secret', keys: ['username', 'password'], nameOnly: true }],
  InfraEnv: [{ path: 'spec.pullSecretRef', kind: 'Secret', keys: [secretKeys.pullSecret] }],
  DataProtectionApplication: [
    { path: 'spec.backupLocations[].velero.credential', kind: 'Secret', keys: { field: 'key' } },
    { path: 'spec.snapshotLocations[].velero.credential', kind: 'Secret', keys: { field: 'key' } },
  ],
};

/** One reference found in an object. */
export interface FoundReference {
  readonly reference: Reference;
  /** Where in the object: `spec.config[1]`. */
  readonly path: string;
  readonly name: string;
  readonly keys: readonly string[];
}

/** The references an object makes (of its kind's {@link OBJECT_REFERENCES}), each with the name and keys it gives. */
export function referencesOf(object: KubernetesObject): FoundReference[] {
  const found: FoundReference[] = [];
  for (const reference of OBJECT_REFERENCES[object.kind] ?? []) {
    for (const { path, value } of valuesAt(object, reference.path)) {
      const name = reference.nameOnly ? text(value) : text((value as { name?: unknown } | undefined)?.name);
      if (name === '') continue;
      const keys = Array.isArray(reference.keys) ? reference.keys : [text((value as Record<string, unknown>)[(reference.keys as { field: string }).field])].filter((k) => k !== '');
      found.push({ reference, path, name, keys });
    }
  }
  return found;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Every value at a path with `[]` steps, with its concrete path. */
export function valuesAt(root: unknown, path: string): { readonly path: string; readonly value: unknown }[] {
  let found = [{ path: '', value: root }];
  for (const step of path.split('.')) {
    const key = step.replace('[]', '');
    found = found.flatMap(({ path: at, value }) => {
      const next = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
      const here = at === '' ? key : `${at}.${key}`;
      if (!step.endsWith('[]')) return next === undefined ? [] : [{ path: here, value: next }];
      return Array.isArray(next) ? next.map((item, i) => ({ path: `${here}[${i}]`, value: item })) : [];
    });
  }
  return found;
}

/** The keys an object of the plan will have: a Secret's or ConfigMap's data, or what an ExternalSecret writes (undefined when it cannot be told). */
export function plannedKeys(object: KubernetesObject): readonly string[] | undefined {
  const record = object as unknown as { data?: object; stringData?: object; binaryData?: object; spec?: { data?: { secretKey?: string }[]; dataFrom?: unknown[] } };
  if (object.kind === 'ExternalSecret') return record.spec?.dataFrom?.length ? undefined : (record.spec?.data ?? []).map((d) => d.secretKey ?? '');
  return [...Object.keys(record.data ?? {}), ...Object.keys(record.stringData ?? {}), ...Object.keys(record.binaryData ?? {})];
}

/** The name under which an object of the plan makes a Secret or ConfigMap exist: `Secret/<name>`. */
export function providedAs(object: KubernetesObject): string | undefined {
  if (object.kind === 'Secret' || object.kind === 'ConfigMap') return `${object.kind}/${object.metadata.name}`;
  if (object.kind === 'ExternalSecret') {
    const target = (object as unknown as { spec?: { target?: { name?: string } } }).spec?.target?.name;
    return `Secret/${target ?? object.metadata.name}`;
  }
  return undefined;
}
