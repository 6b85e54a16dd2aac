/**
 * A management cluster's props, as users write them: plain interfaces, kept equal to
 * `managementClusterPropsSchema` and its parts by test/types/props-match-schemas.ts.
 */
import type { AgentServiceConfigSpecOsImages, HyperConvergedSpec, MetalLBSpec, Toleration } from '../api';
import type { PlanCapacityOptions } from '../capacity/input-props';
import type { SecretSource } from '../core/secret-source';
import type { PlatformProps } from '../platforms/props';

/** The storage operators a management cluster can install for etcd volumes (`storage`). */
export const STORAGE_OPERATORS = ['lvms', 'odf'] as const;

/** Whether an image mirror set lets nodes fall back to the source registry. */
export const MIRROR_SOURCE_POLICIES = ['NeverContactSource', 'AllowContactingSource'] as const;

/** How OLM Subscriptions approve their install plans. */
export const SUBSCRIPTION_APPROVALS = ['Automatic', 'Manual'] as const;

/** The MultiClusterEngine's availability configurations. */
export const MCE_AVAILABILITY_CONFIGS = ['High', 'Basic'] as const;

/** The DNS providers external-dns writes to (`ExternalDnsProps.provider`). */
export const DNS_PROVIDERS = ['aws', 'azure', 'google'] as const;

/** The node agent's uploaders (`NodeAgentProps.uploaderType`). */
export const UPLOADER_TYPES = ['kopia', 'restic'] as const;

/** The object stores backups go to (`BackupLocationProps.provider`). */
export const BACKUP_PROVIDERS = ['aws', 'azure', 'gcp'] as const;

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
    /** OpenShift API for Data Protection (installed with `dataProtection`). @default its package's (channel stable: OADP 1.5 and later) */
    readonly oadp?: OperatorProps;
  };
  /**
   * More operators OLM installs, beside the built-in ones: each its Namespace, OperatorGroup and
   * Subscription in the operators wave (-3), before any operator configuration. @default none
   */
  readonly additionalOperators?: readonly OlmOperatorProps[];
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
  readonly storage?: (typeof STORAGE_OPERATORS)[number];
  /** Machine network(s) of the management cluster: L2-announced MetalLB pools must lie inside. @default not checked */
  readonly machineNetwork?: readonly string[];
  /** Nodes that host control planes: labels and taints (Pulumi patches them; GitOps: see docs/management-cluster.md). @default none */
  readonly controlPlaneNodes?: readonly ControlPlaneNodeProps[];
  /** Taint control-plane nodes so only control planes run there (the documentation's advice). @default true */
  readonly taintControlPlaneNodes?: boolean;
  /**
   * The kubelet of the nodes that host control planes (a KubeletConfig): the documentation's
   * sizing advice raises `maxPods` from 250 to 500 so more control planes fit on a node.
   * @default unchanged (the kubelet's 250 pods)
   */
  readonly kubelet?: ManagementKubeletProps;
  /**
   * Allow wildcard routes on the default IngressController (`routeAdmission.wildcardPolicy:
   * WildcardsAllowed`): the default ingress of KubeVirt hosted clusters is a wildcard route
   * (`*.apps.<name>.<this cluster's apps domain>`). @default true when `platforms` has KubeVirt
   */
  readonly wildcardRoutes?: boolean;
  /**
   * The StorageClass to mark as the cluster's default (`storageclass.kubernetes.io/is-default-class`):
   * KubeVirt and Agent hosted clusters need one (etcd, VM disks and assisted-service volumes use it
   * when no class is named). LVM Storage's class `lvms-<device class>`, with `storage: 'lvms'`: the
   * library writes it whole, as LVM Storage makes it, so it is accepted before LVM Storage has made it;
   * another name is an error. @default unchanged
   */
  readonly defaultStorageClass?: string;
  /** How control planes are monitored (documentation, "Observability"): metrics set, SRE metric set, dashboards. @default the HyperShift operator's (Telemetry, no dashboards) */
  readonly monitoring?: ManagementMonitoringProps;
  /**
   * Back up hosted clusters with OADP: the operator (`redhat-oadp-operator` in `openshift-adp`) and
   * a DataProtectionApplication with the hypershift plugin, the object store(s) backups go to and
   * their credentials. Each cluster's Schedule is a `HostedClusterBackup`. @default not installed
   */
  readonly dataProtection?: DataProtectionProps;
  /**
   * The management cluster pulls its images from mirror registries (documentation chapter 5): the
   * mirror sets, the registries' CAs (ConfigMap in `openshift-config` and the patch of Image
   * `cluster`), the install flag of a disconnected hub, the KubeVirt boot image mirror; every image
   * the app names must then be pinned by digest. @default connected (none of this)
   */
  readonly disconnected?: DisconnectedProps;
  /** Write inline secret values into the output. @default false */
  readonly allowInlineSecrets?: boolean;
  /**
   * The workers that host control planes and the expected load of each hosted cluster: the synth
   * checks that the app's fleet fits (sizing guidance) and writes `reports/capacity.json` and
   * `.svg`. @default not checked
   */
  readonly capacity?: PlanCapacityOptions;
}

/** A disconnected management cluster: where its images come from and which CAs it trusts (see docs/disconnected.md). */
export interface DisconnectedProps {
  /** Repositories pulled by digest from mirrors: ImageDigestMirrorSet `<mirrorSetName>` (what oc-mirror writes as `idms-*.yaml`). @default none */
  readonly digestMirrors?: readonly ImageMirrorProps[];
  /** Repositories pulled by tag from mirrors: ImageTagMirrorSet `<mirrorSetName>` (oc-mirror's `itms-*.yaml`). @default none */
  readonly tagMirrors?: readonly ImageMirrorProps[];
  /** Name of the ImageDigestMirrorSet and of the ImageTagMirrorSet. @default 'hcp-mirrors' */
  readonly mirrorSetName?: string;
  /**
   * CAs of the mirror registries: ConfigMap `<registryCAConfigMap>` in `openshift-config` (one key per
   * registry, `host..port`) and `spec.additionalTrustedCA` of Image `cluster`. @default none
   */
  readonly registryCAs?: readonly RegistryCAProps[];
  /** Name of the registry CA ConfigMap in `openshift-config`. @default 'registry-config' */
  readonly registryCAConfigMap?: string;
  /**
   * Keep the hypershift add-on's `--enable-uwm-telemetry-remote-write`; without Telemetry's endpoint the
   * operator logs `Secret "telemeter-client" not found`, so a disconnected hub removes it. @default false (removed)
   */
  readonly telemetryRemoteWrite?: boolean;
  /**
   * The RHCOS boot image of KubeVirt node pools, which oc-mirror v1 does not mirror: ImageDigestMirrorSet
   * `rhcos-boot-kubevirt` from the quay.io repository to your mirror. @default none
   */
  readonly kubevirtBootImage?: KubevirtBootImageMirrorProps;
}

/** One source repository and its mirrors (an entry of `imageDigestMirrors` or `imageTagMirrors`). */
export interface ImageMirrorProps {
  /** The repository images are pulled from, without scheme, tag or digest: `quay.io/openshift-release-dev/ocp-release`, or `*.example.com` for a registry and its subdomains. */
  readonly source: string;
  /** Mirrors tried in order: `mirror.example.com:5000/openshift/release-images`. */
  readonly mirrors: readonly string[];
  /** `NeverContactSource` fails when no mirror has the image instead of falling back to the source. @default 'AllowContactingSource' (the CRD's) */
  readonly mirrorSourcePolicy?: (typeof MIRROR_SOURCE_POLICIES)[number];
}

/** The CA of one registry, trusted by the management cluster's nodes and the HyperShift operator. */
export interface RegistryCAProps {
  /** Host name or IPv4 address of the registry, without scheme, port or path: `mirror.example.com`. */
  readonly host: string;
  /** Port, when the registry does not listen on 443 (the key is then `host..port`). @default none (443) */
  readonly port?: number;
  /** The CA certificate(s), PEM. */
  readonly certificate: string;
}

/** The mirror of the RHCOS KubeVirt container disk (documentation, KubeVirt troubleshooting). */
export interface KubevirtBootImageMirrorProps {
  /** The quay.io repository of the payload's `kubevirt` `digest-ref` (the part before `@`): `quay.io/openshift-release-dev/ocp-v4.0-art-dev`. */
  readonly source: string;
  /** The repository it was mirrored to: `mirror.example.com:5000/openshift/release`. */
  readonly mirror: string;
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
  readonly approval?: (typeof SUBSCRIPTION_APPROVALS)[number];
  /** Pin the first installed version (`multicluster-engine.v2.8.0`). @default the channel head */
  readonly startingCSV?: string;
}

/** One operator OLM installs by its package: Namespace, OperatorGroup and Subscription. */
export interface OlmOperatorProps {
  /** OLM package (`Subscription.spec.name`), e.g. `openshift-gitops-operator`. */
  readonly package: string;
  /** Namespace it is installed in; `openshift-operators` uses that namespace's own OperatorGroup. */
  readonly namespace: string;
  /** Subscription channel (`stable`). */
  readonly channel: string;
  /** CatalogSource: one of `catalogSources`, or one on the cluster (inside a hosted cluster, a default source its OperatorHub has not disabled). @default 'redhat-operators' */
  readonly source?: string;
  /** Namespace of that CatalogSource (`openshift-marketplace`, or the operator's own). @default 'openshift-marketplace' */
  readonly sourceNamespace?: string;
  /** InstallPlan approval; with `Manual` nothing installs until someone approves the InstallPlan. @default 'Automatic' */
  readonly approval?: (typeof SUBSCRIPTION_APPROVALS)[number];
  /** Pin the first installed version (a CSV name). @default the channel head */
  readonly startingCSV?: string;
  /** Subscription name. @default the package */
  readonly subscriptionName?: string;
  /** Namespaces the operator watches (its CSV's install modes must allow it). @default its own namespace (AllNamespaces in `openshift-operators`) */
  readonly targetNamespaces?: 'AllNamespaces' | readonly string[];
  /** Name of the OperatorGroup. @default the namespace */
  readonly operatorGroup?: string;
  /** Labels of the Namespace. @default none */
  readonly namespaceLabels?: Readonly<Record<string, string>>;
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
  readonly availability?: (typeof MCE_AVAILABILITY_CONFIGS)[number];
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
  /** HyperShift operator install flags beyond those the typed props set. @default none */
  readonly installFlags?: InstallFlagsProps;
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
  /**
   * Where the add-on's pods run: `'infra'` for infrastructure nodes (the documentation's
   * `node-role.kubernetes.io/infra` selector and toleration), or a node selector and tolerations.
   * @default the add-on's (any worker)
   */
  readonly nodePlacement?: 'infra' | AddOnNodePlacementProps;
  /**
   * Create the add-on's ManagedClusterAddOn `hypershift-addon` in `local-cluster` (agent in
   * `open-cluster-management-agent-addon`), for hubs where MCE does not create it by itself
   * (documentation: "Manually enabling the hypershift-addon managed cluster add-on for
   * local-cluster"). Hosted clusters are then applied only once it is Available. @default false (MCE creates it)
   */
  readonly managedClusterAddOn?: boolean;
}

/** Nodes the hypershift add-on's pods are placed on. */
export interface AddOnNodePlacementProps {
  /** Node labels the pods select. @default none */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /** Taints the pods tolerate. @default none */
  readonly tolerations?: readonly Toleration[];
}

/**
 * Install flags of the HyperShift operator beyond those the typed props set, written to the
 * `hypershift-operator-install-flags` ConfigMap the add-on reads (every 2 minutes, reinstalling
 * the operator when it changes).
 */
export interface InstallFlagsProps {
  /** Flags to add, one per entry: `--exclude-etcd`, `--limit-crd-install=AWS`. @default none */
  readonly add?: readonly string[];
  /** Flags of the add-on's defaults to drop, by name: `--enable-uwm-telemetry-remote-write`. @default none */
  readonly remove?: readonly string[];
}

/** The kubelet of the management cluster's nodes (a KubeletConfig for one MachineConfigPool). */
export interface ManagementKubeletProps {
  /** Most pods per node; a highly available control plane runs about 75 pods. */
  readonly maxPods: number;
  /** The MachineConfigPool whose nodes get it (the pool of the control-plane nodes). @default 'worker' */
  readonly machineConfigPool?: string;
  /** Name of the KubeletConfig. @default 'hosted-control-planes' */
  readonly name?: string;
}

/** What the HyperShift operator collects from control planes (documentation chapter "Observability"). */
export interface ManagementMonitoringProps {
  /**
   * The metrics set of every control plane (the operator's `METRICS_SET`, written as the
   * `--metrics-set` install flag): `Telemetry` (smallest), `SRE` (the rules of `sreMetricSet`),
   * `All` (everything standalone OpenShift control planes produce). @default the operator's (Telemetry)
   */
  readonly metricsSet?: MetricsSet;
  /**
   * The SRE metric set: Prometheus relabel rules per control-plane component, written to the
   * `sre-metric-set` ConfigMap (key `config`) in the `hypershift` namespace. @default none
   */
  readonly sreMetricSet?: SreMetricSetProps;
  /** Per-cluster dashboards in the console (Observe, Dashboards): the `--monitoring-dashboards` install flag. @default false */
  readonly dashboards?: boolean;
  /**
   * The dashboard every hosted cluster gets (documentation 11.2.1, "Dashboard customization"): the
   * console dashboard's JSON, in which the operator replaces `__NAME__`, `__NAMESPACE__`,
   * `__CONTROL_PLANE_NAMESPACE__` and `__CLUSTER_ID__` with each cluster's values. Written to
   * ConfigMap `hypershift/monitoring-dashboard-template` (key `template`) as a patch of the one the
   * operator's install creates; needs `dashboards`. @default the operator's template
   */
  readonly dashboardTemplate?: string;
}

/** Metrics sets of the HyperShift operator. */
export const METRICS_SETS = ['Telemetry', 'SRE', 'All'] as const;

/** A set of control-plane metrics the HyperShift operator collects. */
export type MetricsSet = (typeof METRICS_SETS)[number];

/** Relabel rules of the SRE metric set, per control-plane component (the components the documentation lists). */
export interface SreMetricSetProps {
  /** etcd. @default no rule (every metric kept) */
  readonly etcd?: readonly RelabelRuleProps[];
  /** Kubernetes API server. @default no rule */
  readonly kubeAPIServer?: readonly RelabelRuleProps[];
  /** Kubernetes controller manager. @default no rule */
  readonly kubeControllerManager?: readonly RelabelRuleProps[];
  /** OpenShift API server. @default no rule */
  readonly openshiftAPIServer?: readonly RelabelRuleProps[];
  /** OpenShift controller manager. @default no rule */
  readonly openshiftControllerManager?: readonly RelabelRuleProps[];
  /** OpenShift route controller manager. @default no rule */
  readonly openshiftRouteControllerManager?: readonly RelabelRuleProps[];
  /** Cluster version operator. @default no rule */
  readonly cvo?: readonly RelabelRuleProps[];
  /** OLM operator. @default no rule */
  readonly olm?: readonly RelabelRuleProps[];
  /** OLM catalog operator. @default no rule */
  readonly catalogOperator?: readonly RelabelRuleProps[];
  /** Image registry operator. @default no rule */
  readonly registryOperator?: readonly RelabelRuleProps[];
  /** Node tuning operator. @default no rule */
  readonly nodeTuningOperator?: readonly RelabelRuleProps[];
  /** Control plane operator. @default no rule */
  readonly controlPlaneOperator?: readonly RelabelRuleProps[];
  /** Hosted cluster config operator. @default no rule */
  readonly hostedClusterConfigOperator?: readonly RelabelRuleProps[];
}

/** One Prometheus relabel rule (prometheus-operator `RelabelConfig`). */
export interface RelabelRuleProps {
  /** What the rule does. @default 'replace' */
  readonly action?: RelabelAction;
  /** Labels whose values are joined and matched: `['__name__']`, `['__name__', 'le']`. @default none */
  readonly sourceLabels?: readonly string[];
  /** Joins the source label values. @default ';' */
  readonly separator?: string;
  /** An RE2 expression, matched against the whole joined value. @default '(.*)' */
  readonly regex?: string;
  /** Label the result is written to (replace, hashmod, lowercase, uppercase, keepequal, dropequal). @default none */
  readonly targetLabel?: string;
  /** Value written with replace (`$1` for the first group). @default '$1' */
  readonly replacement?: string;
  /** Modulus of hashmod. @default none */
  readonly modulus?: number;
}

/** Relabel actions Prometheus knows (prometheus-operator accepts them in lower case). */
export const RELABEL_ACTIONS = ['replace', 'keep', 'drop', 'hashmod', 'labelmap', 'labeldrop', 'labelkeep', 'lowercase', 'uppercase', 'keepequal', 'dropequal'] as const;

/** Relabel actions Prometheus knows. */
export type RelabelAction = (typeof RELABEL_ACTIONS)[number];

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
  readonly provider: (typeof DNS_PROVIDERS)[number];
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
  /**
   * The availability zones of `region` the management cluster has subnets or workers in.
   * PrivateLink needs it in every zone of its region (zone names are aliases that differ between
   * AWS accounts), so list them all: private hosted clusters of this app in another zone or region
   * are refused. @default not checked
   */
  readonly zones?: readonly string[];
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
  /**
   * Offer the node to request-serving isolation (a hosted cluster's `requestServingIsolation`):
   * label and taint `hypershift.openshift.io/request-serving-component=true`. The HyperShift
   * operator's scheduler takes two such nodes in two zones per isolated cluster, so give it a `zone`. @default false
   */
  readonly requestServing?: boolean;
  /** Also label it `node-role.kubernetes.io/infra` (control-plane work then does not count toward subscriptions). @default false */
  readonly infra?: boolean;
  /** Extra labels. @default none */
  readonly labels?: Readonly<Record<string, string>>;
}

/** Velero plugins OADP installs (the DataProtectionApplication CRD's enum). */
export const VELERO_PLUGINS = ['aws', 'legacy-aws', 'gcp', 'azure', 'csi', 'vsm', 'openshift', 'kubevirt', 'hypershift'] as const;

/** A Velero plugin OADP can install (`DataProtectionApplication.spec.configuration.velero.defaultPlugins`). */
export type VeleroPlugin = (typeof VELERO_PLUGINS)[number];

/** One DataProtectionApplication of OADP (Velero, its plugins, where backups are stored), on a management cluster or inside a hosted cluster. */
export interface DataProtectionApplicationProps {
  /** Name of the DataProtectionApplication. @default 'dpa-instance' */
  readonly name?: string;
  /** Object stores the backups go to: at least one, exactly one of them the default. */
  readonly backupLocations: readonly BackupLocationProps[];
  /**
   * Velero plugins. On a management cluster `hypershift` is required: it pauses a hosted cluster
   * while it is backed up and unpauses it on restore. Each location's provider needs its plugin.
   * @default openshift, the locations' provider plugins, csi, and on a management cluster hypershift (the documentation's list)
   */
  readonly plugins?: readonly VeleroPlugin[];
  /** The node agent on every node, which copies volume data (file-system backups, the data mover); `false` leaves it off. @default { uploaderType: 'kopia' } */
  readonly nodeAgent?: NodeAgentProps | false;
  /** How long Velero waits for a resource to be ready, a Go duration. @default '2h' (the documentation's; Velero's own default is 10m) */
  readonly resourceTimeout?: string;
}

/** OADP on the management cluster: its DataProtectionApplication, which backs up hosted clusters. */
export interface DataProtectionProps extends DataProtectionApplicationProps {
  /**
   * Tech Preview: the hypershift plugin backs etcd up as etcd snapshots (`HCPEtcdBackup`) instead
   * of volume snapshots, for every hosted cluster of this management cluster: it writes
   * `etcdBackupMethod: etcdSnapshot` into ConfigMap `openshift-adp/hypershift-oadp-plugin-config`,
   * and the HyperShift operator is installed with `--tech-preview-no-upgrade` (the `HCPEtcdBackup`
   * feature gate). Needs OADP 1.6 or later; each `HostedClusterBackup` then sets `etcdSnapshot`.
   * @default false (volume snapshots)
   */
  readonly etcdSnapshots?: boolean;
}

/** The node agent OADP runs on every node. */
export interface NodeAgentProps {
  /** How volume data is copied: `kopia` (the documentation's) or `restic` (deprecated by Velero). @default 'kopia' */
  readonly uploaderType?: (typeof UPLOADER_TYPES)[number];
}

/** An object store Velero writes backups to (a BackupStorageLocation). */
export interface BackupLocationProps {
  /** Location name; a HostedClusterBackup names it as `storageLocation`. @default 'default' */
  readonly name?: string;
  /** Velero provider of the store: `aws` for AWS S3 and S3-compatible stores (MinIO, ODF's Multicloud Object Gateway), `azure`, `gcp`. @default 'aws' */
  readonly provider?: (typeof BACKUP_PROVIDERS)[number];
  /** Bucket (`oadp-backup`). */
  readonly bucket: string;
  /** Folder inside the bucket (`hcp`); OADP refuses a location without one while it backs up images (its default). */
  readonly prefix: string;
  /** Bucket region (`us-east-1`, `minio` for MinIO); required with provider aws. @default none */
  readonly region?: string;
  /** Endpoint of an S3-compatible store (`https://minio.example.com:9000`), provider aws only. @default AWS S3 */
  readonly s3Url?: string;
  /** Address buckets by path, not by host name (MinIO, ODF). @default true when s3Url is given */
  readonly forcePathStyle?: boolean;
  /** PEM bundle of the store's certificate authority (a store with a private CA). @default the system's CAs */
  readonly caCertificate?: string;
  /** More provider settings (`config`): `profile`, Azure's `resourceGroup` and `storageAccount`. @default none */
  readonly config?: Readonly<Record<string, string>>;
  /**
   * The store's credentials file, written to Secret key `cloud` (`cloud-credentials` in
   * `openshift-adp`; `cloud-credentials-<name>` for other locations): for aws an INI file whose
   * `[default]` profile holds `aws_access_key_id` and `aws_secret_access_key`.
   */
  readonly credentials: SecretSource;
  /** Backups that name no location go here. @default true when it is the only location */
  readonly default?: boolean;
}
