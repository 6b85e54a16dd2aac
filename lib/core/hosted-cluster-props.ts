/**
 * A HostedCluster's props, as users write them: plain interfaces, kept equal to the props schemas
 * (`hostedClusterEntries` and the blocks below) by test/types/props-match-schemas.ts. Core knows no
 * platform, so the platform block and the NodePools' platform blocks are type parameters; the
 * platform registry fills them in (lib/platforms/props.ts).
 */
import type { HostedClusterSpec, PublishingStrategy, ServiceType, Toleration } from '../api';
import type { DeepPartial } from './merge';
import type { NetworkingProps } from './networking-props';
import type { NodePoolPropsOf } from './node-pool-props';
import type { ReleaseProps } from './release-props';
import type { SecretSource } from './secret-source';
import type { UpdateChannel } from './update-channel';
import type { IdentityProviderProps, NamedCertificateProps } from './access-props';

/** A HostedCluster's props with the platform union `Platform`. */
export interface ClusterPropsOf<Platform extends { readonly type: string }> {
  /** RFC 1123 label; the control plane runs in namespace `<namespace>-<name>`. */
  readonly name: string;
  /** Namespace of the HostedCluster and its Secrets. @default 'clusters' */
  readonly namespace?: string;
  /** The OpenShift release of the control plane. */
  readonly release: ReleaseProps;
  /** Platform type and its settings. */
  readonly platform: Platform;
  /** Base domain of the cluster's DNS. @default 'example.com' on Agent and None; passthrough on KubeVirt */
  readonly baseDomain?: string;
  /** Prefix put before the base domain in the cluster's DNS names. @default none */
  readonly baseDomainPrefix?: string;
  /** Infrastructure ID tying the cluster to its cloud resources. @default the cluster name */
  readonly infraID?: string;
  /** RFC 4122 UUID. @default assigned by the operator */
  readonly clusterID?: string;
  /** Cluster, service and machine networks. @default the CLI's (see NetworkingProps) */
  readonly networking?: NetworkingProps;
  /** Replicas of the control-plane components. @default 'SingleReplica' (the CLI's; the CRD's is HighlyAvailable) */
  readonly controllerAvailabilityPolicy?: AvailabilityPolicy;
  /** Replicas of the infrastructure components in the hosted cluster. @default the CRD's, SingleReplica */
  readonly infrastructureAvailabilityPolicy?: AvailabilityPolicy;
  /** etcd: the managed etcd's volume and a snapshot to restore, or an etcd of your own. @default managed etcd, 8Gi on the platform's storage class */
  readonly etcd?: EtcdProps;
  /** How the control-plane services are published. @default the platform's mapping */
  readonly services?: ServicesProps;
  /** Where the OLM catalogs of the hosted cluster run. @default 'management' */
  readonly olmCatalogPlacement?: (typeof OLM_CATALOG_PLACEMENTS)[number];
  /**
   * Where the control plane pulls the default OLM catalogs from, with placement `management`
   * (disconnected clusters): registry replacements, or the four catalog images by digest
   * (HostedCluster annotations). @default the catalog images of the release, from their registries
   */
  readonly olmCatalogs?: OlmCatalogsProps;
  /** Run the cluster in FIPS mode. @default false */
  readonly fips?: boolean;
  /** Registry credentials (`.dockerconfigjson`). */
  readonly pullSecret: SecretSource;
  /** SSH public key for the nodes (`id_rsa.pub`). @default none */
  readonly sshKey?: SecretSource;
  /** etcd encryption. @default aescbc with the existing Secret `<name>-etcd-encryption-key` (a warning says so) */
  readonly secretEncryption?: SecretEncryptionProps;
  /**
   * Extra CAs the nodes and the control plane trust (a mirror registry's, a proxy's): PEM text,
   * written to ConfigMap `user-ca-bundle` (key `ca-bundle.crt`) in the HostedCluster namespace, or
   * `{ existingConfigMap }`, a ConfigMap with key `ca-bundle.crt` that exists there. @default none
   */
  readonly additionalTrustBundle?: TrustBundleSource;
  /**
   * OAuth identity providers, with their Secrets and CA bundles as sources (written to
   * `configuration.oauth.identityProviders`). The first one ends the kubeadmin login. @default none
   */
  readonly identityProviders?: readonly IdentityProviderProps[];
  /** Certificates the API server serves for other host names (`configuration.apiServer.servingCerts.namedCertificates`). @default none */
  readonly namedCertificates?: readonly NamedCertificateProps[];
  /** OpenShift configuration of the hosted cluster (OAuth, API server, proxy, image, feature gates...). @default none */
  readonly configuration?: HostedClusterSpec['configuration'];
  /** Registry mirrors for the data plane. @default none */
  readonly imageContentSources?: NonNullable<HostedClusterSpec['imageContentSources']>;
  /** Name of a Secret holding `webhook-kubeconfig` for API audit events. @default none */
  readonly auditWebhookSecret?: string;
  /** Node selector for control-plane pods on the management cluster. @default none */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /** Tolerations of the control-plane pods. @default none */
  readonly tolerations?: readonly Toleration[];
  /**
   * Request-serving isolation: the API server, OAuth server, ignition proxy and router on two
   * management nodes of their own, in two zones, which the HyperShift operator's scheduler takes
   * from the nodes labelled `hypershift.openshift.io/request-serving-component` (the management
   * cluster's `controlPlaneNodes[].requestServing`). Writes annotation `hypershift.openshift.io/topology:
   * dedicated-request-serving-components`; `{}` turns it on. @default off (the components share the control-plane nodes)
   */
  readonly requestServingIsolation?: RequestServingIsolationProps;
  /** Pause reconciliation: true, or until an RFC 3339 time. @default not paused */
  readonly pausedUntil?: boolean | string;
  /** Labels on the HostedCluster object. @default none */
  readonly labels?: Readonly<Record<string, string>>;
  /** Annotations on the HostedCluster object. @default none */
  readonly annotations?: Readonly<Record<string, string>>;
  /** Labels for control-plane pods (spec.labels). @default none */
  readonly podLabels?: Readonly<Record<string, string>>;
  /** Priority classes of the control-plane pods. @default the operator's */
  readonly priorityClasses?: PriorityClassProps;
  /** Resource requests per `<deployment>.<container>`: `{ 'kube-apiserver.kube-apiserver': { memory: '3Gi' } }`. @default none */
  readonly resourceRequestOverrides?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Changing this restarts every control-plane component. @default none */
  readonly restartDate?: string;
  /** Optional capabilities to enable or disable. @default the release's */
  readonly capabilities?: HostedClusterSpec['capabilities'];
  /**
   * Update channel: `stable-`, `fast-`, `candidate-` or `eus-<major>.<minor>` (EUS for even minors
   * only). With a channel, the HostedCluster's status lists the available and conditional updates.
   * It must be the release's minor or the next one (EUS: up to two ahead), the channel that offers
   * updates from the running release; anything else is an error. @default none (no updates listed)
   */
  readonly channel?: UpdateChannel;
  /**
   * Forces the upgrade to this release image (annotation `hypershift.openshift.io/force-upgrade-to`),
   * even when the hosted cluster reports that it is not upgradeable (ClusterVersion `Upgradeable=False`,
   * e.g. an administrator acknowledgement is missing). It bypasses those upgradeability checks, not
   * the version skew rules; use it only when support or the release notes tell you to. It must equal
   * `release.image` (the operator ignores it otherwise); a warning says it is set. Remove it once the
   * upgrade is done. @default none (upgrades wait until the cluster is upgradeable)
   */
  readonly forceUpgradeTo?: string;
  /**
   * How long the operator keeps the HostedCluster once it is deleted and destroyed, so that
   * whoever watches it can read its final status (condition `HostedClusterDestroyed`), as a Go
   * duration (`10m`, `1h30m`; annotation `hypershift.openshift.io/destroy-grace-period`). Not the
   * CLI's `--cluster-grace-period`, which is how long `hcp destroy` waits. @default none (the
   * finalizer goes as soon as the cluster is destroyed)
   */
  readonly destroyGracePeriod?: string;
  /** OIDC issuer URL. @default the platform's (AWS: from its OIDC settings) or the CRD's */
  readonly issuerURL?: string;
  /** Name of a Secret with `key`, the service-account signing key. Requires issuerURL. @default none */
  readonly serviceAccountSigningKeySecret?: string;
  /**
   * Any other spec field, merged last (objects merge, arrays replace, null removes). Only its
   * shape (an object) is checked here; the merged HostedCluster is validated. @default none
   */
  readonly specOverrides?: DeepPartial<HostedClusterSpec>;
}

/** A HostedCluster's props with its NodePools: what the planner takes. */
export interface HostedClusterPropsOf<Platform extends { readonly type: string }, PoolPlatform extends object> extends ClusterPropsOf<Platform> {
  /** The NodePools. @default the CLI's: one pool named after the cluster (AWS: one per zone), 0 replicas */
  readonly nodePools?: ReadonlyArray<NodePoolPropsOf<PoolPlatform>>;
  /** Emit the Namespace objects. Turn off when the namespace is managed elsewhere. @default true */
  readonly createNamespace?: boolean;
}

/** How many replicas of each component run. */
export type AvailabilityPolicy = (typeof AVAILABILITY_POLICIES)[number];

/** The availability policies, in the order error messages list them. */
export const AVAILABILITY_POLICIES = ['SingleReplica', 'HighlyAvailable'] as const;

/** Where the default OLM catalogs run: on the management cluster or in the guest. */
export const OLM_CATALOG_PLACEMENTS = ['management', 'guest'] as const;

/** How the control-plane services are published (`ServicesProps.mapping`). */
export const PUBLISHING_MAPPINGS = ['Ingress', 'NodePort'] as const;

/** etcd: the volume of the etcd the operator runs (managed), a snapshot to start it from, or an etcd of your own (unmanaged). */
export interface EtcdProps {
  /** Size of the volume. @default '8Gi' */
  readonly storageSize?: string;
  /** StorageClass of the volume. @default the platform's (AWS: gp3-csi), else the default StorageClass */
  readonly storageClassName?: string;
  /**
   * An etcd snapshot the new cluster starts from (`spec.etcd.managed.storage.restoreSnapshotURL`):
   * an `https://` URL (a pre-signed S3 URL, as `aws s3 presign` gives) or an `s3://` URL, at most
   * 1024 characters. The etcd pods download it only while their volume is empty, on the first
   * start; it can never be added, changed or removed once the cluster exists. The snapshot's data
   * is encrypted with the etcd encryption key of the cluster it was taken from, so
   * `secretEncryption` must give that same key. @default none (a new, empty etcd)
   */
  readonly restoreSnapshotURL?: string;
  /**
   * An etcd you run yourself (`managementType: Unmanaged`): the control plane uses it instead of
   * running one. Excludes storageSize, storageClassName and restoreSnapshotURL; a cluster cannot
   * switch between managed and unmanaged etcd once it exists. @default none (managed etcd)
   */
  readonly unmanaged?: UnmanagedEtcdProps;
}

/** Request-serving isolation of a hosted cluster's control plane. */
export interface RequestServingIsolationProps {
  /**
   * Labels the request-serving nodes must also have, to pick among them (annotation
   * `hypershift.openshift.io/request-serving-node-additional-selector`). @default none
   */
  readonly additionalNodeSelector?: Readonly<Record<string, string>>;
}

/** An etcd of your own: where it listens and the client certificate to reach it. */
export interface UnmanagedEtcdProps {
  /** The etcd client URL, `https://...` (at most 255 characters), e.g. `https://etcd.example.com:2379`. */
  readonly endpoint: string;
  /**
   * The Secret with the client TLS material, keys `etcd-client-ca.crt` (the CA that signed etcd's
   * serving certificate), `etcd-client.crt` and `etcd-client.key` (the client certificate and its
   * key): an existing Secret, or an ExternalSecret reading the three as properties of one key.
   */
  readonly clientSecret: SecretSource;
}

/** The OLM catalogs the control plane runs (placement `management`): where their images come from. */
export interface OlmCatalogsProps {
  /**
   * Registry replacements in the catalog images, `{ 'registry.redhat.io': 'mirror.example.com:5000' }`:
   * the control plane replaces each source string by its destination before it pulls
   * (annotation `hypershift.openshift.io/olm-catalogs-is-registry-overrides`). @default none
   */
  readonly registryOverrides?: Readonly<Record<string, string>>;
  /**
   * The four default catalog images, each by digest; they replace the ImageStream that keeps the
   * catalogs current, so update them whenever the mirror is refreshed. @default the release's
   */
  readonly images?: OlmCatalogImages;
}

/** The four default OLM catalog images, each pinned by digest (`...@sha256:<64 hex>`). */
export interface OlmCatalogImages {
  /** The `certified-operators` catalog. */
  readonly certifiedOperators: string;
  /** The `community-operators` catalog. */
  readonly communityOperators: string;
  /** The `redhat-marketplace` catalog. */
  readonly redhatMarketplace: string;
  /** The `redhat-operators` catalog. */
  readonly redhatOperators: string;
}

/** Extra CAs: PEM text (written to ConfigMap `user-ca-bundle`), or a ConfigMap with key `ca-bundle.crt` that exists. */
export type TrustBundleSource =
  | string
  | {
      /** Name of a ConfigMap with key `ca-bundle.crt` in the HostedCluster namespace. */
      readonly existingConfigMap: string;
    };

/** etcd encryption: an aescbc key Secret, or a KMS key (checked on the final HostedCluster). */
export type SecretEncryptionProps =
  | {
      /** The active aescbc key (32 random bytes, base64). */
      readonly aescbc: SecretSource;
      /** The previous key, while rotating. @default none */
      readonly backupKey?: SecretSource;
    }
  | {
      /** The HostedCluster's `secretEncryption.kms` block (provider and its key settings). */
      readonly kms: NonNullable<NonNullable<HostedClusterSpec['secretEncryption']>['kms']>;
    };

/** How the control-plane services are published. */
export interface ServicesProps {
  /** Publish through Routes and a LoadBalancer (`Ingress`) or on node ports. @default the platform's: Ingress for AWS and KubeVirt, NodePort for Agent and None */
  readonly mapping?: (typeof PUBLISHING_MAPPINGS)[number];
  /** Address of the NodePort services (NodePort mapping only): a management node or a load balancer in front of them. @default none (required with the NodePort mapping) */
  readonly apiServerAddress?: string;
  /** Route or LoadBalancer hostnames per service (external DNS). @default none */
  readonly hostnames?: { readonly [S in ServiceType]?: string };
  /** Full publishing strategy for individual services; replaces the mapping's. @default none */
  readonly overrides?: { readonly [S in ServiceType]?: PublishingStrategy };
}

/** Control-plane priority classes, as HostedCluster annotations. */
export interface PriorityClassProps {
  /** Priority class of the control-plane pods. @default the operator's, hypershift-control-plane */
  readonly controlPlane?: string;
  /** Priority class of the API-critical pods. @default the operator's, hypershift-api-critical */
  readonly apiCritical?: string;
  /** Priority class of etcd. @default the operator's, hypershift-etcd */
  readonly etcd?: string;
}
