/** HostedCluster props, their CLI defaults, and the HostedCluster object with its Secrets. */
import type {
  ConfigMap,
  HostedCluster,
  HostedClusterSpec,
  KubernetesObject,
  PublishingStrategy,
  ServiceType,
  Toleration,
} from '../api';
import { HYPERSHIFT_API_VERSION } from '../api';
import { ANNOTATIONS, CLI_DEFAULTS } from './defaults';
import type { IssueCollector } from './errors';
import { DeepPartial, deepMerge } from './merge';
import { ADDITIONAL_TRUST_BUNDLE_CONFIGMAP, infraIdFor, secretKeys } from './names';
import { NetworkingProps, networkingSpec } from './networking';
import type { AnyPlatformStrategy, ClusterContext } from './platform';
import { SecretContract, SecretSource, clusterSecretContracts, renderSecret } from './secrets';
import { PublishingMapping, servicesFor, withOverrides } from './services';

export interface ReleaseProps {
  /** Release image pull spec, by tag (`...:4.16.4-x86_64`) or digest (`...@sha256:...`). */
  readonly image: string;
  /**
   * The OpenShift version of the image (`4.16.4`). Needed for version checks when the image is
   * pinned by digest. @default read from the tag
   */
  readonly version?: string;
}

/** etcd encryption: an aescbc key Secret, or a KMS key. */
export type SecretEncryptionProps =
  | { readonly aescbc: SecretSource; readonly backupKey?: SecretSource }
  | { readonly kms: NonNullable<NonNullable<HostedClusterSpec['secretEncryption']>['kms']> };

export interface ServicesProps {
  /** @default the platform's: Ingress for AWS and KubeVirt, NodePort for Agent and None */
  readonly mapping?: PublishingMapping;
  /** Address of the NodePort services: a management node or a load balancer in front of them. */
  readonly apiServerAddress?: string;
  /** Route or LoadBalancer hostnames per service (external DNS). @default none */
  readonly hostnames?: Partial<Record<ServiceType, string>>;
  /** Full publishing strategy for individual services; replaces the mapping's. */
  readonly overrides?: Partial<Record<ServiceType, PublishingStrategy>>;
}

/** Control-plane priority classes, as HostedCluster annotations. */
export interface PriorityClassProps {
  readonly controlPlane?: string;
  readonly apiCritical?: string;
  readonly etcd?: string;
}

export interface HostedClusterProps<Platform extends { readonly type: string }> {
  /** RFC 1123 label; the control plane runs in namespace `<namespace>-<name>`. */
  readonly name: string;
  /** @default 'clusters' */
  readonly namespace?: string;
  readonly release: ReleaseProps;
  /** Platform type and its settings. */
  readonly platform: Platform;
  /** Base domain of the cluster's DNS. @default 'example.com' on Agent and None; passthrough on KubeVirt */
  readonly baseDomain?: string;
  /** @default none */
  readonly baseDomainPrefix?: string;
  /** Infrastructure ID tying the cluster to its cloud resources. @default the cluster name */
  readonly infraID?: string;
  /** RFC 4122 UUID. @default assigned by the operator */
  readonly clusterID?: string;
  readonly networking?: NetworkingProps;
  /** @default 'SingleReplica' (the CLI's; the CRD's is HighlyAvailable) */
  readonly controllerAvailabilityPolicy?: 'SingleReplica' | 'HighlyAvailable';
  /** @default the CRD's, SingleReplica */
  readonly infrastructureAvailabilityPolicy?: 'SingleReplica' | 'HighlyAvailable';
  /** Managed etcd volume. @default 8Gi on the platform's storage class */
  readonly etcd?: { readonly storageSize?: string; readonly storageClassName?: string };
  readonly services?: ServicesProps;
  /** @default 'management' */
  readonly olmCatalogPlacement?: 'management' | 'guest';
  /** @default false */
  readonly fips?: boolean;
  /** Registry credentials (`.dockerconfigjson`). */
  readonly pullSecret: SecretSource;
  /** SSH public key for the nodes (`id_rsa.pub`). @default none */
  readonly sshKey?: SecretSource;
  /** @default aescbc with the existing Secret `<name>-etcd-encryption-key` (a warning says so) */
  readonly secretEncryption?: SecretEncryptionProps;
  /** PEM bundle of extra CAs, written to ConfigMap `user-ca-bundle`. @default none */
  readonly additionalTrustBundle?: string;
  /** OpenShift configuration of the hosted cluster (OAuth, API server, proxy, image, feature gates...). */
  readonly configuration?: HostedClusterSpec['configuration'];
  /** Registry mirrors for the data plane. */
  readonly imageContentSources?: HostedClusterSpec['imageContentSources'];
  /** Name of a Secret holding `webhook-kubeconfig` for API audit events. */
  readonly auditWebhookSecret?: string;
  /** Node selector for control-plane pods on the management cluster. */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  readonly tolerations?: readonly Toleration[];
  /** Pause reconciliation: true, or until an RFC 3339 time. */
  readonly pausedUntil?: boolean | string;
  /** Labels on the HostedCluster object. */
  readonly labels?: Readonly<Record<string, string>>;
  /** Annotations on the HostedCluster object. */
  readonly annotations?: Readonly<Record<string, string>>;
  /** Labels for control-plane pods (spec.labels). */
  readonly podLabels?: Readonly<Record<string, string>>;
  readonly priorityClasses?: PriorityClassProps;
  /** Resource requests per `<deployment>.<container>`: `{ 'kube-apiserver.kube-apiserver': { memory: '3Gi' } }`. */
  readonly resourceRequestOverrides?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Changing this restarts every control-plane component. */
  readonly restartDate?: string;
  readonly capabilities?: HostedClusterSpec['capabilities'];
  /** Update channel, e.g. `stable-4.16`. */
  readonly channel?: string;
  /** OIDC issuer URL. @default the platform's (AWS: from its OIDC settings) or the CRD's */
  readonly issuerURL?: string;
  /** Name of a Secret with `key`, the service-account signing key. Requires issuerURL. */
  readonly serviceAccountSigningKeySecret?: string;
  /** Any other spec field, merged last (objects merge, arrays replace, null removes). */
  readonly specOverrides?: DeepPartial<HostedClusterSpec>;
}

export interface BuiltCluster {
  readonly hostedCluster: HostedCluster;
  /** Secrets, ExternalSecrets, ConfigMaps and Roles to apply before the HostedCluster. */
  readonly supporting: KubernetesObject[];
  readonly namespaces: string[];
  readonly context: ClusterContext;
}

/** Completes defaults and builds the HostedCluster; findings go to `issues`, nothing throws. */
export function buildHostedCluster<P extends { readonly type: string }>(
  props: HostedClusterProps<P>,
  platformProps: unknown,
  strategy: AnyPlatformStrategy,
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
  const contribution = strategy.cluster(platformProps, context);
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

  if (props.additionalTrustBundle !== undefined) {
    const bundle: ConfigMap = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: ADDITIONAL_TRUST_BUNDLE_CONFIGMAP, namespace },
      data: { [secretKeys.additionalTrustBundle]: props.additionalTrustBundle },
    };
    supporting.push(bundle);
  }

  const services = withOverrides(
    servicesFor(props.services?.mapping ?? strategy.defaultMapping, {
      apiServerAddress: props.services?.apiServerAddress,
      hostnames: { ...contribution.hostnames, ...props.services?.hostnames },
    }),
    props.services?.overrides,
  );

  const etcdStorageClassName = props.etcd?.storageClassName ?? contribution.etcdStorageClassName;
  const issuerURL = props.issuerURL ?? contribution.issuerURL;
  const spec: HostedClusterSpec = {
    release: { image: props.release.image },
    pullSecret: { name: pullSecret },
    ...(sshKey ? { sshKey: { name: sshKey } } : {}),
    infraID: context.infraID,
    ...(props.clusterID ? { clusterID: props.clusterID } : {}),
    ...(props.channel ? { channel: props.channel } : {}),
    dns: {
      ...(contribution.dns ?? { baseDomain: props.baseDomain ?? CLI_DEFAULTS.placeholderBaseDomain }),
      ...(props.baseDomainPrefix !== undefined ? { baseDomainPrefix: props.baseDomainPrefix } : {}),
    },
    networking: networkingSpec(props.networking, contribution.machineNetwork),
    ...(props.networking?.ovnMtu !== undefined
      ? { operatorConfiguration: { clusterNetworkOperator: { ovnKubernetesConfig: { mtu: props.networking.ovnMtu } } } }
      : {}),
    etcd: {
      managementType: 'Managed',
      managed: {
        storage: {
          type: 'PersistentVolume',
          persistentVolume: {
            size: props.etcd?.storageSize ?? CLI_DEFAULTS.etcdStorageSize,
            ...(etcdStorageClassName ? { storageClassName: etcdStorageClassName } : {}),
          },
        },
      },
    },
    services,
    platform: contribution.platform,
    controllerAvailabilityPolicy: props.controllerAvailabilityPolicy ?? CLI_DEFAULTS.controllerAvailabilityPolicy,
    ...(props.infrastructureAvailabilityPolicy ? { infrastructureAvailabilityPolicy: props.infrastructureAvailabilityPolicy } : {}),
    olmCatalogPlacement: props.olmCatalogPlacement ?? CLI_DEFAULTS.olmCatalogPlacement,
    fips: props.fips ?? false,
    ...(secretEncryption ? { secretEncryption } : {}),
    ...(issuerURL ? { issuerURL } : {}),
    ...(props.serviceAccountSigningKeySecret ? { serviceAccountSigningKey: { name: props.serviceAccountSigningKeySecret } } : {}),
    ...(props.additionalTrustBundle !== undefined ? { additionalTrustBundle: { name: ADDITIONAL_TRUST_BUNDLE_CONFIGMAP } } : {}),
    ...(props.configuration ? { configuration: props.configuration } : {}),
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
  return {
    hostedCluster,
    supporting,
    namespaces: [namespace, ...(contribution.namespaces ?? [])],
    context,
  };
}

type SecretFn = (source: SecretSource, contract: SecretContract, path: string) => string;

function encryptionSpec<P extends { readonly type: string }>(
  props: HostedClusterProps<P>,
  contract: SecretContract,
  secret: SecretFn,
  issues: IssueCollector,
): HostedClusterSpec['secretEncryption'] {
  const encryption = props.secretEncryption;
  if (encryption && 'kms' in encryption) return { type: 'kms', kms: encryption.kms };
  if (!encryption) {
    issues.warn(
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

function clusterAnnotations<P extends { readonly type: string }>(props: HostedClusterProps<P>): Record<string, string> {
  const annotations: Record<string, string> = { ...props.annotations };
  const priority = props.priorityClasses ?? {};
  if (priority.controlPlane) annotations[ANNOTATIONS.controlPlanePriorityClass] = priority.controlPlane;
  if (priority.apiCritical) annotations[ANNOTATIONS.apiCriticalPriorityClass] = priority.apiCritical;
  if (priority.etcd) annotations[ANNOTATIONS.etcdPriorityClass] = priority.etcd;
  for (const [target, resources] of Object.entries(props.resourceRequestOverrides ?? {})) {
    annotations[`${ANNOTATIONS.resourceRequestOverridePrefix}${target}`] = Object.entries(resources)
      .map(([resource, quantity]) => `${resource}=${quantity}`)
      .join(',');
  }
  if (props.restartDate) annotations[ANNOTATIONS.restartDate] = props.restartDate;
  return annotations;
}

/** `{ [key]: value }` when the record has entries, else `{}`, so empty maps are not emitted. */
export function nonEmpty<K extends string>(key: K, value: Record<string, string>): Partial<Record<K, Record<string, string>>> {
  return Object.keys(value).length > 0 ? ({ [key]: value } as Record<K, Record<string, string>>) : {};
}
