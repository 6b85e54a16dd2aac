/** HostedCluster props, their CLI defaults, and the HostedCluster object with its Secrets. */
import type {
  HostedCluster,
  HostedClusterSpec,
  KubernetesObject,
  PublishingStrategy,
  ServiceType,
  Toleration,
} from '../api';
import { HYPERSHIFT_API_VERSION } from '../api';
import { v } from './valibot';
import { ANNOTATIONS, CLI_DEFAULTS } from './defaults';
import type { IssueCollector } from './errors';
import { DeepPartial, deepMerge } from './merge';
import { MAX_NAME_LENGTH } from './limits';
import { ADDITIONAL_TRUST_BUNDLE_CONFIGMAP, MAX_SUBDOMAIN_LENGTH, infraIdFor, secretKeys } from './names';
import { networkingPropsSchema, networkingSpec } from './networking';
import { bool, describeValue, list, oneOf, passthrough, passthroughList, schemaMessage, strict, stringMap, text } from './schema';
import type { AnyPlatformDefinition, ClusterContext } from './platform';
import { SecretContract, SecretSource, clusterSecretContracts, renderSecret, secretSourceSchema } from './secrets';
import { servicesFor, withOverrides } from './services';
import { checkOwnPki, identityProviderSchema, namedCertificateSchema, renderAccess } from './access';
import { checkConfigurationReferences } from './access-checks';
import type { PathRule } from './props-paths';
import type { ClusterPropsOf } from './hosted-cluster-props';
import { AVAILABILITY_POLICIES, OLM_CATALOG_PLACEMENTS, PUBLISHING_MAPPINGS } from './hosted-cluster-props';
import { updateChannelSchema } from './update-channel';
import { TrustBundleContract, renderTrustBundle, trustBundleSchema } from './trust-bundle';
import { checkEtcdProps, etcdPropsSchema, etcdSpec } from './etcd';
import { OLM_CATALOG_IMAGE_ANNOTATIONS, OLM_CATALOG_PATHS, checkOlmCatalogProps, olmCatalogAnnotations, olmCatalogsPropsSchema } from './olm-catalogs';
import { checkResourceRequestOverrides, resourceOverrideAnnotations } from './resource-requests';
import { REQUEST_SERVING, checkRequestServing, requestServingAnnotations, requestServingIsolationSchema } from './request-serving';

export type {
  ClusterPropsOf,
  EtcdProps,
  OlmCatalogImages,
  OlmCatalogsProps,
  PriorityClassProps,
  SecretEncryptionProps,
  ServicesProps,
  TrustBundleSource,
  UnmanagedEtcdProps,
} from './hosted-cluster-props';
export type { ReleaseProps } from './release-props';

/** @internal */
export const releasePropsSchema = strict({
  image: text({ max: 2048 }),
  version: v.optional(text({ max: 64 })),
});

type KmsSpec = NonNullable<NonNullable<HostedClusterSpec['secretEncryption']>['kms']>;

/** etcd encryption: an aescbc key Secret, or a KMS key (checked on the final HostedCluster). @internal */
export const secretEncryptionPropsSchema = v.union(
  [
    strict({
      aescbc: secretSourceSchema,
      backupKey: v.optional(secretSourceSchema),
    }),
    strict({
      kms: passthrough<KmsSpec>('a KMS block'),
    }),
  ],
  (issue) => schemaMessage(`${describeValue(issue.input)} is neither { aescbc: ... } nor { kms: ... }.`, 'Give { aescbc: <secret source> } or { kms: { provider, ... } }.'),
);

const SERVICE_TYPES = ['APIServer', 'OAuthServer', 'OIDC', 'Konnectivity', 'Ignition', 'OVNSbDb'] as const satisfies readonly ServiceType[];
const serviceKeyed = <S extends v.GenericSchema>(value: S) => strict(Object.fromEntries(SERVICE_TYPES.map((s) => [s, v.optional(value)])) as { [K in ServiceType]: v.OptionalSchema<S, undefined> });

/** @internal */
export const servicesPropsSchema = strict({
  mapping: v.optional(oneOf(PUBLISHING_MAPPINGS)),
  apiServerAddress: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  hostnames: v.optional(serviceKeyed(text({ max: MAX_SUBDOMAIN_LENGTH }))),
  overrides: v.optional(serviceKeyed(passthrough<PublishingStrategy>('a publishing strategy'))),
});

/** Control-plane priority classes, as HostedCluster annotations. @internal */
export const priorityClassPropsSchema = strict({
  controlPlane: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  apiCritical: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  etcd: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
});

const pausedUntilSchema = v.union([bool(), text({ max: 64 })], (issue) =>
  schemaMessage(`${describeValue(issue.input)} is neither true/false nor an RFC 3339 time.`, 'Give true, or a time such as "2026-12-01T00:00:00Z".'),
);

/** The fields of a HostedCluster's props, except its platform (which the platform registry supplies). @internal */
export const hostedClusterEntries = {
  name: text({ max: MAX_NAME_LENGTH, fix: 'Give the cluster name as a string, e.g. "prod-east-1".' }),
  namespace: v.optional(text({ max: MAX_NAME_LENGTH, fix: `Give a namespace name as a string, e.g. "${CLI_DEFAULTS.namespace}".` })),
  release: releasePropsSchema,
  baseDomain: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH, fix: 'Give a domain as a string, e.g. "example.com".' })),
  baseDomainPrefix: v.optional(text({ max: MAX_NAME_LENGTH })),
  infraID: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  clusterID: v.optional(text({ max: 36 })),
  networking: v.optional(networkingPropsSchema),
  controllerAvailabilityPolicy: v.optional(oneOf(AVAILABILITY_POLICIES)),
  infrastructureAvailabilityPolicy: v.optional(oneOf(AVAILABILITY_POLICIES)),
  etcd: v.optional(etcdPropsSchema),
  services: v.optional(servicesPropsSchema),
  olmCatalogPlacement: v.optional(oneOf(OLM_CATALOG_PLACEMENTS)),
  olmCatalogs: v.optional(olmCatalogsPropsSchema),
  fips: v.optional(bool()),
  pullSecret: secretSourceSchema,
  sshKey: v.optional(secretSourceSchema),
  secretEncryption: v.optional(secretEncryptionPropsSchema),
  additionalTrustBundle: v.optional(trustBundleSchema()),
  identityProviders: v.optional(list(identityProviderSchema)),
  namedCertificates: v.optional(list(namedCertificateSchema, { max: 32, limit: 'the HostedCluster CRD\'s maximum' })),
  configuration: v.optional(passthrough<HostedClusterSpec['configuration']>()),
  imageContentSources: v.optional(passthroughList<NonNullable<HostedClusterSpec['imageContentSources']>>()),
  auditWebhookSecret: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  nodeSelector: v.optional(stringMap()),
  tolerations: v.optional(passthroughList<readonly Toleration[]>()),
  requestServingIsolation: v.optional(requestServingIsolationSchema),
  pausedUntil: v.optional(pausedUntilSchema),
  labels: v.optional(stringMap()),
  annotations: v.optional(stringMap()),
  podLabels: v.optional(stringMap()),
  priorityClasses: v.optional(priorityClassPropsSchema),
  resourceRequestOverrides: v.optional(v.record(v.string(), stringMap())),
  restartDate: v.optional(text({ max: 64 })),
  capabilities: v.optional(passthrough<HostedClusterSpec['capabilities']>()),
  channel: v.optional(updateChannelSchema()),
  forceUpgradeTo: v.optional(text({ max: 253 })),
  destroyGracePeriod: v.optional(text({ max: 64 })),
  issuerURL: v.optional(text({ max: 2048 })),
  serviceAccountSigningKeySecret: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  specOverrides: v.optional(passthrough<DeepPartial<HostedClusterSpec>>()),
};

/**
 * Which prop each field of the HostedCluster comes from, for findings (see props-paths.ts): the
 * fields {@link buildHostedCluster} writes from props under another name or shape. Fields of
 * `specOverrides` are found without a rule; `'default'` marks the props whose defaults the
 * HostedCluster holds when they are not given.
 */
export const HOSTED_CLUSTER_PATHS: readonly PathRule[] = [
  ['metadata.name', 'name'],
  ['metadata.namespace', 'namespace'],
  ['metadata.labels', 'labels'],
  ['metadata.annotations', 'annotations'],
  ['spec.release.image', 'release.image'],
  ['spec.release.version', 'release.version'],
  ['spec.infraID', 'infraID', 'default'],
  ['spec.clusterID', 'clusterID'],
  ['spec.channel', 'channel'],
  [`metadata.annotations["${ANNOTATIONS.forceUpgradeTo}"]`, 'forceUpgradeTo'],
  [`metadata.annotations["${ANNOTATIONS.destroyGracePeriod}"]`, 'destroyGracePeriod'],
  ...OLM_CATALOG_PATHS,
  ['spec.dns.baseDomain', 'baseDomain', 'default'],
  ['spec.dns.baseDomainPrefix', 'baseDomainPrefix'],
  ['spec.networking', 'networking'],
  ['spec.networking.clusterNetwork', 'networking.clusterNetwork', 'default'],
  ['spec.networking.serviceNetwork', 'networking.serviceNetwork', 'default'],
  ['spec.networking.machineNetwork', 'networking.machineNetwork'],
  ['spec.networking.networkType', 'networking.networkType', 'default'],
  ['spec.networking.apiServer', 'networking.apiServer'],
  ['spec.operatorConfiguration.clusterNetworkOperator.ovnKubernetesConfig.mtu', 'networking.ovnMtu'],
  ['spec.etcd.managed.storage.persistentVolume.size', 'etcd.storageSize', 'default'],
  ['spec.etcd.managed.storage.persistentVolume.storageClassName', 'etcd.storageClassName', 'default'],
  ['spec.etcd.managed.storage.restoreSnapshotURL', 'etcd.restoreSnapshotURL', 'whole'],
  // The management type follows from etcd.unmanaged, given or not: the place to change it.
  ['spec.etcd.managementType', 'etcd.unmanaged', 'default'],
  ['spec.etcd.unmanaged', 'etcd.unmanaged'],
  ['spec.etcd.unmanaged.tls.clientSecret.name', 'etcd.unmanaged.clientSecret', 'whole'],
  ['spec.platform', 'platform'],
  ['spec.controllerAvailabilityPolicy', 'controllerAvailabilityPolicy', 'default'],
  ['spec.infrastructureAvailabilityPolicy', 'infrastructureAvailabilityPolicy'],
  ['spec.olmCatalogPlacement', 'olmCatalogPlacement', 'default'],
  ['spec.fips', 'fips', 'default'],
  ['spec.pullSecret.name', 'pullSecret'],
  ['spec.sshKey.name', 'sshKey'],
  ['spec.secretEncryption.kms', 'secretEncryption.kms'],
  ['spec.secretEncryption.aescbc.activeKey', 'secretEncryption.aescbc'],
  ['spec.secretEncryption.aescbc.backupKey', 'secretEncryption.backupKey'],
  ['spec.issuerURL', 'issuerURL'],
  ['spec.serviceAccountSigningKey', 'serviceAccountSigningKeySecret'],
  ['spec.additionalTrustBundle', 'additionalTrustBundle'],
  ['spec.additionalTrustBundle.name', 'additionalTrustBundle.existingConfigMap'],
  ['spec.configuration', 'configuration'],
  ['spec.configuration.oauth.identityProviders', 'identityProviders'],
  ['spec.configuration.apiServer.servingCerts.namedCertificates', 'namedCertificates'],
  ['spec.imageContentSources', 'imageContentSources'],
  ['spec.auditWebhook', 'auditWebhookSecret'],
  ['spec.nodeSelector', 'nodeSelector'],
  ['spec.tolerations', 'tolerations'],
  ['spec.labels', 'podLabels'],
  ['spec.capabilities', 'capabilities'],
  ['spec.pausedUntil', 'pausedUntil'],
  ['spec.services', 'services', 'whole-default'],
];

export interface BuiltCluster {
  readonly hostedCluster: HostedCluster;
  /** Secrets, ExternalSecrets, ConfigMaps and Roles to apply before the HostedCluster. */
  readonly supporting: KubernetesObject[];
  readonly namespaces: string[];
  readonly context: ClusterContext;
}

/**
 * Completes defaults and builds the HostedCluster; findings go to `issues`, nothing throws. Long
 * because it writes the spec field by field in the API's own order, so it reads like the object it makes.
 */
export function buildHostedCluster<P extends { readonly type: string }>(
  props: ClusterPropsOf<P>,
  platformProps: unknown,
  platform: AnyPlatformDefinition,
  issues: IssueCollector,
  allowInlineSecrets: boolean,
): BuiltCluster {
  const namespace = props.namespace ?? CLI_DEFAULTS.namespace;
  const context: ClusterContext = {
    name: props.name,
    namespace,
    infraID: props.infraID ?? infraIdFor(props.name),
    baseDomain: props.baseDomain,
    issues,
    allowInlineSecrets,
  };
  const contribution = platform.contribute.cluster(platformProps, context);
  const supporting: KubernetesObject[] = [...(contribution.objects ?? [])];
  const secret: SecretFn = (source, contract, path) => {
    const rendered = renderSecret(contract, source, { allowInline: allowInlineSecrets, path, issues });
    supporting.push(...rendered.objects);
    return rendered.refName;
  };

  const contracts = clusterSecretContracts(props.name, namespace);
  const pullSecret = secret(props.pullSecret, contracts.pullSecret, 'pullSecret');
  const sshKey = props.sshKey && secret(props.sshKey, contracts.sshKey, 'sshKey');
  const secretEncryption = encryptionSpec(props, contracts.etcdEncryptionKey, secret, issues);
  const etcdClientSecret = props.etcd?.unmanaged && secret(props.etcd.unmanaged.clientSecret, contracts.etcdClientTls, 'etcd.unmanaged.clientSecret');
  checkEtcdProps(props, issues);
  checkOlmCatalogProps(props, issues);
  checkTypedAnnotations(props.annotations, issues);
  checkResourceRequestOverrides(props.resourceRequestOverrides, issues);
  checkOwnPki(props.annotations, issues);
  checkRequestServing(props.requestServingIsolation, (props.controllerAvailabilityPolicy ?? CLI_DEFAULTS.controllerAvailabilityPolicy) === 'SingleReplica', issues);

  const access = renderAccess(props, { cluster: props.name, namespace, allowInlineSecrets, issues });
  supporting.push(...access.objects);
  const trustBundle = props.additionalTrustBundle === undefined ? undefined : renderTrustBundle(props.additionalTrustBundle, trustBundleContract(namespace), issues);
  if (trustBundle?.object) supporting.push(trustBundle.object);
  const existing = trustBundle && !trustBundle.object ? new Set([...access.existing, `ConfigMap/${trustBundle.name}`]) : access.existing;

  const mapping = props.services?.mapping ?? platform.defaultMapping;
  if (props.services?.apiServerAddress !== undefined && mapping !== 'NodePort') {
    // The address only feeds the NodePort mapping; dropping it silently would leave users
    // believing the API is served there.
    issues.error(
      'services.apiServerAddress',
      `the ${platform.type} cluster publishes its services with the ${mapping} mapping, which does not use an API server address.`,
      'Remove services.apiServerAddress, or set services.mapping: NodePort to publish the services on node ports at that address.',
    );
  }
  const services = withOverrides(
    servicesFor(mapping, {
      apiServerAddress: props.services?.apiServerAddress,
      hostnames: { ...contribution.hostnames, ...props.services?.hostnames },
    }),
    props.services?.overrides,
  );

  const issuerURL = props.issuerURL ?? contribution.issuerURL;
  const signingKey = props.serviceAccountSigningKeySecret ?? contribution.serviceAccountSigningKey;
  const spec: HostedClusterSpec = {
    release: { image: props.release.image },
    pullSecret: { name: pullSecret },
    ...(sshKey ? { sshKey: { name: sshKey } } : {}),
    infraID: context.infraID,
    ...(props.clusterID ? { clusterID: props.clusterID } : {}),
    ...(props.channel ? { channel: props.channel } : {}),
    dns: {
      ...(contribution.dns ?? { baseDomain: props.baseDomain ?? '' }),
      ...(props.baseDomainPrefix !== undefined ? { baseDomainPrefix: props.baseDomainPrefix } : {}),
    },
    networking: networkingSpec(props.networking, contribution.machineNetwork),
    ...(props.networking?.ovnMtu !== undefined
      ? { operatorConfiguration: { clusterNetworkOperator: { ovnKubernetesConfig: { mtu: props.networking.ovnMtu } } } }
      : {}),
    etcd: etcdSpec(props.etcd, contribution.etcdStorageClassName, etcdClientSecret),
    services,
    platform: contribution.platform,
    controllerAvailabilityPolicy: props.controllerAvailabilityPolicy ?? CLI_DEFAULTS.controllerAvailabilityPolicy,
    ...(props.infrastructureAvailabilityPolicy ? { infrastructureAvailabilityPolicy: props.infrastructureAvailabilityPolicy } : {}),
    olmCatalogPlacement: props.olmCatalogPlacement ?? CLI_DEFAULTS.olmCatalogPlacement,
    fips: props.fips ?? false,
    ...(secretEncryption ? { secretEncryption } : {}),
    ...(issuerURL ? { issuerURL } : {}),
    ...(signingKey ? { serviceAccountSigningKey: { name: signingKey } } : {}),
    ...(trustBundle ? { additionalTrustBundle: { name: trustBundle.name } } : {}),
    ...(access.configuration ? { configuration: access.configuration } : {}),
    ...(props.imageContentSources ? { imageContentSources: props.imageContentSources } : {}),
    ...(props.auditWebhookSecret ? { auditWebhook: { name: props.auditWebhookSecret } } : {}),
    ...(props.nodeSelector ? { nodeSelector: props.nodeSelector } : {}),
    ...(props.tolerations ? { tolerations: props.tolerations } : {}),
    ...(props.podLabels ? { labels: props.podLabels } : {}),
    ...(props.capabilities ? { capabilities: props.capabilities } : {}),
    ...(props.pausedUntil !== undefined && props.pausedUntil !== false ? { pausedUntil: String(props.pausedUntil) } : {}),
  };

  const hostedCluster: HostedCluster = {
    apiVersion: HYPERSHIFT_API_VERSION,
    kind: 'HostedCluster',
    metadata: {
      name: props.name,
      namespace,
      ...(props.labels ? { labels: props.labels } : {}),
      ...nonEmpty('annotations', clusterAnnotations(props)),
    },
    spec: deepMerge<HostedClusterSpec>(spec, props.specOverrides),
  };
  checkConfigurationReferences(hostedCluster.spec.configuration, namespace, supporting, existing, issues);
  return {
    hostedCluster,
    supporting,
    namespaces: [namespace, ...(contribution.namespaces ?? [])],
    context,
  };
}

type SecretFn = (source: SecretSource, contract: SecretContract, path: string) => string;

function encryptionSpec<P extends { readonly type: string }>(
  props: ClusterPropsOf<P>,
  contract: SecretContract,
  secret: SecretFn,
  issues: IssueCollector,
): HostedClusterSpec['secretEncryption'] {
  const encryption = props.secretEncryption;
  if (encryption && 'kms' in encryption) return { type: 'kms', kms: encryption.kms };
  // Restoring a snapshot without a key source is an error of its own (checkEtcdProps).
  if (!encryption) {
    if (props.etcd?.restoreSnapshotURL === undefined || props.etcd.unmanaged) issues.warn(
      'secretEncryption',
      `no etcd encryption key source given; the HostedCluster references Secret ${contract.namespace}/${contract.name}, which must exist before the control plane starts.`,
      'Set secretEncryption.aescbc to an ExternalSecret or an existing Secret, or use KMS.',
    );
    return { type: 'aescbc', aescbc: { activeKey: { name: contract.name } } };
  }
  const active = secret(encryption.aescbc, contract, 'secretEncryption.aescbc');
  const backup = encryption.backupKey && secret(encryption.backupKey, { ...contract, name: `${contract.name}-backup` }, 'secretEncryption.backupKey');
  return { type: 'aescbc', aescbc: { activeKey: { name: active }, ...(backup ? { backupKey: { name: backup } } : {}) } };
}

function clusterAnnotations<P extends { readonly type: string }>(props: ClusterPropsOf<P>): Record<string, string> {
  const annotations: Record<string, string> = { ...props.annotations };
  const priority = props.priorityClasses ?? {};
  if (priority.controlPlane) annotations[ANNOTATIONS.controlPlanePriorityClass] = priority.controlPlane;
  if (priority.apiCritical) annotations[ANNOTATIONS.apiCriticalPriorityClass] = priority.apiCritical;
  if (priority.etcd) annotations[ANNOTATIONS.etcdPriorityClass] = priority.etcd;
  Object.assign(annotations, resourceOverrideAnnotations(props.resourceRequestOverrides), requestServingAnnotations(props.requestServingIsolation));
  if (props.restartDate) annotations[ANNOTATIONS.restartDate] = props.restartDate;
  if (props.forceUpgradeTo !== undefined) annotations[ANNOTATIONS.forceUpgradeTo] = props.forceUpgradeTo;
  if (props.destroyGracePeriod !== undefined) annotations[ANNOTATIONS.destroyGracePeriod] = props.destroyGracePeriod;
  return { ...annotations, ...olmCatalogAnnotations(props.olmCatalogs) };
}

/** Annotations a typed prop writes, with that prop: `annotations` may not give them (one place for each setting). */
const TYPED_ANNOTATIONS: Readonly<Record<string, string>> = {
  [ANNOTATIONS.destroyGracePeriod]: 'destroyGracePeriod',
  [REQUEST_SERVING.topologyAnnotation]: 'requestServingIsolation',
  [REQUEST_SERVING.additionalSelectorAnnotation]: 'requestServingIsolation.additionalNodeSelector',
  [ANNOTATIONS.olmCatalogsRegistryOverrides]: 'olmCatalogs.registryOverrides',
  ...Object.fromEntries(Object.entries(OLM_CATALOG_IMAGE_ANNOTATIONS).map(([prop, key]) => [key, `olmCatalogs.images.${prop}`])),
};

function checkTypedAnnotations(annotations: Readonly<Record<string, string>> | undefined, issues: IssueCollector): void {
  for (const key of Object.keys(annotations ?? {})) {
    const prop = Object.hasOwn(TYPED_ANNOTATIONS, key) ? TYPED_ANNOTATIONS[key] : undefined;
    if (prop) issues.error(`annotations[${JSON.stringify(key)}]`, `the annotation ${key} is written from ${prop}, which checks its value.`, `Remove it from annotations and set ${prop}${prop.startsWith('olmCatalogs.images') ? ' (all four images)' : ''}.`);
  }
}


/** `{ [key]: value }` when the record has entries, else `{}`, so empty maps are not emitted. */
export function nonEmpty<K extends string>(key: K, value: Record<string, string>): Partial<Record<K, Record<string, string>>> {
  return Object.keys(value).length > 0 ? ({ [key]: value } as Record<K, Record<string, string>>) : {};
}

/** The trust bundle's ConfigMap: written from PEM text as `user-ca-bundle`, or one that exists. */
function trustBundleContract(namespace: string): TrustBundleContract {
  const key = secretKeys.additionalTrustBundle;
  return {
    name: ADDITIONAL_TRUST_BUNDLE_CONFIGMAP,
    namespace,
    key,
    path: 'additionalTrustBundle',
    fixes: {
      existingConfigMap: `Use the name of a ConfigMap with key ${key} in the HostedCluster namespace.`,
      pem: `Give the PEM text of the CA certificates ("-----BEGIN CERTIFICATE-----..."), or { existingConfigMap: "<name>" } for a ConfigMap with key ${key} that exists.`,
    },
  };
}
