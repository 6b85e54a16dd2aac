/**
 * A management cluster's props, as users write them: plain interfaces, kept equal to
 * `managementClusterPropsSchema` and its parts by test/types/props-match-schemas.ts.
 */
import type { AgentServiceConfigSpecOsImages, HyperConvergedSpec, MetalLBSpec } from '../api';
import type { PlanCapacityOptions } from '../capacity/input-props';
import type { SecretSource } from '../core/secret-source';
import type { PlatformProps } from '../platforms/props';

/** A platform a management cluster can be prepared for: every registered platform, each with its preset. */
export type ManagementPlatform = PlatformProps['type'];

/** What a management cluster runs and how it is prepared for its hosted clusters. */
export interface ManagementClusterProps {
  /** Platforms of the hosted clusters this management cluster runs; each turns on what it needs (see the presets table). */
  readonly platforms: readonly ManagementPlatform[];
  /** OLM settings per operator (channel, catalog, approval, starting CSV). @default each package's */
  readonly operators?: {
    /** The multicluster engine. @default its package's */
    readonly multiclusterEngine?: OperatorProps;
    /** The MetalLB operator. @default its package's */
    readonly metallb?: OperatorProps;
    /** OpenShift Virtualization. @default its package's */
    readonly virtualization?: OperatorProps;
    /** LVM Storage. @default its package's */
    readonly lvms?: OperatorProps;
    /** OpenShift Data Foundation. @default its package's */
    readonly odf?: OperatorProps;
  };
  /** CatalogSources to create in `openshift-marketplace` (mirrored catalogs on disconnected clusters). @default none */
  readonly catalogSources?: readonly CatalogSourceProps[];
  /** The multicluster engine with HyperShift. @default its defaults */
  readonly multiclusterEngine?: MultiClusterEngineProps;
  /** MetalLB: on with KubeVirt; `false` when the cluster already has a load balancer. @default on for KubeVirt */
  readonly metallb?: MetalLBProps | boolean;
  /** OpenShift Virtualization: on with KubeVirt; `false` when it is installed otherwise. @default on for KubeVirt */
  readonly virtualization?: VirtualizationProps | boolean;
  /** assisted-service (AgentServiceConfig): on with Agent; `false` when configured otherwise. @default on for Agent */
  readonly assistedService?: AssistedServiceProps | boolean;
  /** Install LVM Storage or ODF (the LVMCluster or StorageCluster stays yours). @default none */
  readonly storage?: 'lvms' | 'odf';
  /** Machine network(s) of the management cluster: L2-announced MetalLB pools must lie inside. @default not checked */
  readonly machineNetwork?: readonly string[];
  /** Nodes that host control planes: labels and taints (Pulumi patches them; GitOps: see the README). @default none */
  readonly controlPlaneNodes?: readonly ControlPlaneNodeProps[];
  /** Taint control-plane nodes so only control planes run there (the documentation's advice). @default true */
  readonly taintControlPlaneNodes?: boolean;
  /** Write inline secret values into the output. @default false */
  readonly allowInlineSecrets?: boolean;
  /**
   * The workers that host control planes and the expected load of each hosted cluster: the synth
   * checks that the app's fleet fits (sizing guidance) and writes `reports/capacity.json` and
   * `.svg`. @default not checked
   */
  readonly capacity?: PlanCapacityOptions;
}

/** How OLM installs one operator. */
export interface OperatorProps {
  /** Subscription channel. @default the package's (see OPERATOR_PACKAGES) */
  readonly channel?: string;
  /** CatalogSource to install from (a mirrored catalog on disconnected clusters). @default 'redhat-operators' */
  readonly source?: string;
  /** Namespace of that CatalogSource. @default 'openshift-marketplace' */
  readonly sourceNamespace?: string;
  /** InstallPlan approval; with `Manual` nothing installs until someone approves the InstallPlan. @default 'Automatic' */
  readonly approval?: 'Automatic' | 'Manual';
  /** Pin the first installed version (`multicluster-engine.v2.8.0`). @default the channel head */
  readonly startingCSV?: string;
}

/** A CatalogSource to create (a mirrored index image for disconnected clusters). */
export interface CatalogSourceProps {
  /** CatalogSource name; subscriptions name it in `operators.<id>.source`. */
  readonly name: string;
  /** Index image (`mirror.example.com/redhat/redhat-operator-index:v4.17`). */
  readonly image: string;
  /** Name shown in the console. @default the name */
  readonly displayName?: string;
  /** Publisher shown in the console. @default 'hcp-constructs' */
  readonly publisher?: string;
  /** How often OLM polls the image for updates (`30m`). @default no polling */
  readonly pollInterval?: string;
}

/** The multicluster engine (MultiClusterEngine) and its hypershift add-on. */
export interface MultiClusterEngineProps {
  /** Name of the MultiClusterEngine. @default 'multiclusterengine' */
  readonly name?: string;
  /** `High` runs operands with replicas; `Basic` with one. @default the operator's (High) */
  readonly availability?: 'High' | 'Basic';
  /** Components to switch on or off beside `hypershift` and `hypershift-local-hosting` (always on): `{ 'cluster-proxy-addon': true }`. @default none */
  readonly components?: Readonly<Record<string, boolean>>;
  /** The hypershift add-on's settings. @default the add-on's */
  readonly hypershiftAddOn?: HypershiftAddOnProps;
  /** S3 bucket for OIDC documents: required for AWS hosted clusters. @default none */
  readonly oidcStorage?: OidcStorageProps;
  /** external-dns for service hostnames. @default none */
  readonly externalDns?: ExternalDnsProps;
  /** AWS PrivateLink: required for Private and PublicAndPrivate AWS hosted clusters. @default none */
  readonly privateLink?: PrivateLinkProps;
}

/** The hypershift add-on's settings (AddOnDeploymentConfig `hypershift-addon-deploy-config`). */
export interface HypershiftAddOnProps {
  /** Most hosted clusters the add-on lets the management cluster run. @default the add-on's (80) */
  readonly hcMaxNumber?: number;
  /** Hosted clusters after which the add-on reports the cluster as nearly full. @default the add-on's (60) */
  readonly hcThresholdNumber?: number;
  /** Turn off the add-on's metrics ServiceMonitor. @default false */
  readonly disableMetrics?: boolean;
  /** Do not import new hosted clusters as managed clusters. @default false */
  readonly autoImportDisabled?: boolean;
}

/** An S3 bucket for the OIDC documents of AWS hosted clusters (secret `hypershift-operator-oidc-provider-s3-credentials`). */
export interface OidcStorageProps {
  /** Bucket name (no dots: the operator refuses them). */
  readonly bucket: string;
  /** Bucket region. */
  readonly region: string;
  /** AWS credentials file (its `default` profile) of an identity that may write the bucket. */
  readonly credentials: SecretSource;
}

/** external-dns for the service hostnames of hosted clusters (secret `hypershift-operator-external-dns-credentials`). */
export interface ExternalDnsProps {
  /** DNS provider. */
  readonly provider: 'aws' | 'azure' | 'google';
  /** The DNS zone external-dns may write (`service.hypershift.example.com`). */
  readonly domainFilter: string;
  /** Credentials file of the provider. */
  readonly credentials: SecretSource;
}

/** AWS PrivateLink for Private and PublicAndPrivate hosted clusters (secret `hypershift-operator-private-link-credentials`). */
export interface PrivateLinkProps {
  /** Region of the management cluster's VPC. */
  readonly region: string;
  /** Access key ID of the identity that creates endpoint services. */
  readonly accessKeyId: SecretSource;
  /** Its secret access key. */
  readonly secretAccessKey: SecretSource;
}

/** MetalLB: its address pools, BGP peers and the `MetalLB` instance. */
export interface MetalLBProps {
  /** Address pools: at least one. */
  readonly pools: readonly IPAddressPoolProps[];
  /** BGP peers. @default none */
  readonly bgpPeers?: readonly BgpPeerProps[];
  /** Spec of the `MetalLB` instance (node selectors, tolerations, log level). @default {} */
  readonly spec?: MetalLBSpec;
}

/** A MetalLB address pool and how its addresses are announced. */
export interface IPAddressPoolProps {
  /** Pool name; services pick it with the `metallb.universe.tf/address-pool` annotation. */
  readonly name: string;
  /** Addresses, each a CIDR (192.168.10.0/24) or a range (192.168.10.10-192.168.10.20). */
  readonly addresses: readonly string[];
  /** Hand out addresses to any LoadBalancer service; false keeps the pool for services that ask for it. @default true */
  readonly autoAssign?: boolean;
  /** Skip .0 and .255 addresses. @default false */
  readonly avoidBuggyIPs?: boolean;
  /** Announce with L2 (ARP/NDP): the addresses must be in the machine network. true, or the interfaces to announce on. @default true unless `bgp` is set */
  readonly l2?:
    | boolean
    | {
        /** Interfaces to announce on. */
        readonly interfaces: readonly string[];
      };
  /** Announce with BGP to these peers (names of `bgpPeers`). @default not announced with BGP */
  readonly bgp?: {
    /** Peers to announce to. @default every peer */
    readonly peers?: readonly string[];
    /** BGP LOCAL_PREF. @default none */
    readonly localPref?: number;
    /** Communities (`65535:65282`). @default none */
    readonly communities?: readonly string[];
    /** Aggregate routes to this prefix length (IPv4). @default 32 */
    readonly aggregationLength?: number;
  };
}

/** A BGP peer of MetalLB's speakers. */
export interface BgpPeerProps {
  /** Name of the BGPPeer; pools name it in `bgp.peers`. */
  readonly name: string;
  /** The management cluster's ASN. */
  readonly myASN: number;
  /** The peer's ASN. */
  readonly peerASN: number;
  /** The peer's address. */
  readonly peerAddress: string;
  /** The peer's port. @default 179 */
  readonly peerPort?: number;
  /** BGP hold time. @default the speaker's (90s) */
  readonly holdTime?: string;
  /** The peer is more than one hop away. @default false */
  readonly ebgpMultiHop?: boolean;
  /** Name of a BFDProfile. @default none */
  readonly bfdProfile?: string;
  /** Name of a Secret (in the MetalLB namespace) whose `password` key holds the BGP password. @default none */
  readonly passwordSecret?: string;
}

/** OpenShift Virtualization's `HyperConverged` instance. */
export interface VirtualizationProps {
  /** Spec of the `HyperConverged` instance (`hco.kubevirt.io/v1beta1`). @default {} (the operator's defaults) */
  readonly spec?: HyperConvergedSpec;
}

/** assisted-service's AgentServiceConfig: its volumes, OS images and mirror registry. */
export interface AssistedServiceProps {
  /** Size of the database volume. @default '10Gi' */
  readonly databaseStorage?: string;
  /** Size of the volume for logs and manifests. @default '100Gi' */
  readonly filesystemStorage?: string;
  /** Size of the volume that caches OS images (about 2 GiB per image). @default '50Gi' */
  readonly imageStorage?: string;
  /** StorageClass of the three volumes. @default the cluster's default StorageClass */
  readonly storageClassName?: string;
  /** RHCOS images agents boot (`{ openshiftVersion, version, url, cpuArchitecture }`). @default the images assisted-service ships with */
  readonly osImages?: readonly AgentServiceConfigSpecOsImages[];
  /** Mirror registry for disconnected installs: a ConfigMap with `registries.conf` and `ca-bundle.crt`. @default none */
  readonly mirrorRegistry?: {
    /** ConfigMap name. @default 'assisted-mirror-config' */
    readonly name?: string;
    /** The `registries.conf` content (containers-registries.conf v2). */
    readonly registriesConf: string;
    /** PEM bundle of the mirror's CA. @default none */
    readonly caBundle?: string;
  };
}

/** A node that hosts control planes: its zone, dedication and labels. */
export interface ControlPlaneNodeProps {
  /** Node name. */
  readonly name: string;
  /** Failure domain (`topology.kubernetes.io/zone`): control planes spread across zones. Required on bare metal. @default unchanged */
  readonly zone?: string;
  /** Dedicate the node to one control-plane namespace (`<namespace>-<name>`), label and taint `hypershift.openshift.io/cluster`. @default shared by all */
  readonly dedicatedTo?: string;
  /** Also label it `node-role.kubernetes.io/infra` (control-plane work then does not count toward subscriptions). @default false */
  readonly infra?: boolean;
  /** Extra labels. @default none */
  readonly labels?: Readonly<Record<string, string>>;
}
