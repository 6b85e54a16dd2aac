/**
 * Props of a management cluster, as valibot schemas: any JS value gives findings with a path,
 * never an exception. The types are the interfaces of management-cluster-props.ts, which a
 * compile-time test keeps equal to these schemas.
 */
import type { HyperConvergedSpec, MetalLBSpec, AgentServiceConfigSpecOsImages, Toleration } from '../api';
import { v } from '../core/valibot';
import { MAX_SUBDOMAIN_LENGTH } from '../core/names';
import { bool, count, describeValue, list, literal, oneOf, parsedBy, passthrough, passthroughList, schemaMessage, strict, stringMap, text } from '../core/schema';
import { secretSourceSchema } from '../core/secrets';
import { planCapacityOptionsSchema } from '../capacity/input';
import { PLATFORM_TYPES } from '../platforms';

export type * from './management-cluster-props';

/** Platforms a management cluster can be prepared for: every registered platform, each with its preset (see presets.ts). */
export const MANAGEMENT_PLATFORMS = PLATFORM_TYPES;

const name = () => text({ max: 63 });

/** How OLM installs one operator. @internal */
export const operatorPropsSchema = strict({
  /** Subscription channel. @default the package's (see OPERATOR_PACKAGES) */
  channel: v.optional(text({ max: 63 })),
  /** CatalogSource to install from (a mirrored catalog on disconnected clusters). @default 'redhat-operators' */
  source: v.optional(name()),
  /** Namespace of that CatalogSource. @default 'openshift-marketplace' */
  sourceNamespace: v.optional(name()),
  /** InstallPlan approval; with `Manual` nothing installs until someone approves the InstallPlan. @default 'Automatic' */
  approval: v.optional(oneOf(['Automatic', 'Manual'])),
  /** Pin the first installed version (`multicluster-engine.v2.8.0`). @default the channel head */
  startingCSV: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
});

/** A CatalogSource to create (a mirrored index image for disconnected clusters). @internal */
export const catalogSourcePropsSchema = strict({
  /** CatalogSource name; subscriptions name it in `operators.<id>.source`. */
  name: name(),
  /** Index image (`mirror.example.com/redhat/redhat-operator-index:v4.17`). */
  image: text({ max: 2048 }),
  /** @default the name */
  displayName: v.optional(text({ max: 256 })),
  /** @default 'hcp-constructs' */
  publisher: v.optional(text({ max: 256 })),
  /** How often OLM polls the image for updates (`30m`). @default no polling */
  pollInterval: v.optional(text({ max: 32 })),
});

/** An S3 bucket for the OIDC documents of AWS hosted clusters (secret `hypershift-operator-oidc-provider-s3-credentials`). @internal */
export const oidcStoragePropsSchema = strict({
  /** Bucket name (no dots: the operator refuses them). */
  bucket: text({ max: 63 }),
  /** Bucket region. */
  region: text({ max: 32 }),
  /** AWS credentials file (its `default` profile) of an identity that may write the bucket. */
  credentials: secretSourceSchema,
});

/** external-dns for the service hostnames of hosted clusters (secret `hypershift-operator-external-dns-credentials`). @internal */
export const externalDnsPropsSchema = strict({
  /** DNS provider. */
  provider: oneOf(['aws', 'azure', 'google']),
  /** The DNS zone external-dns may write (`service.hypershift.example.com`). */
  domainFilter: text({ max: MAX_SUBDOMAIN_LENGTH }),
  /** Credentials file of the provider. */
  credentials: secretSourceSchema,
});

/** AWS PrivateLink for Private and PublicAndPrivate hosted clusters (secret `hypershift-operator-private-link-credentials`). @internal */
export const privateLinkPropsSchema = strict({
  /** Region of the management cluster's VPC. */
  region: text({ max: 32 }),
  /** Access key ID of the identity that creates endpoint services. */
  accessKeyId: secretSourceSchema,
  /** Its secret access key. */
  secretAccessKey: secretSourceSchema,
});

/** @internal */
export const addOnNodePlacementPropsSchema = strict({
  /** Node labels the pods select. @default none */
  nodeSelector: v.optional(stringMap()),
  /** Taints the pods tolerate. @default none */
  tolerations: v.optional(passthroughList<readonly Toleration[]>()),
});

/** The hypershift add-on's settings (AddOnDeploymentConfig `hypershift-addon-deploy-config`). @internal */
export const hypershiftAddOnPropsSchema = strict({
  /** Most hosted clusters the add-on lets the management cluster run. @default the add-on's (80) */
  hcMaxNumber: v.optional(count(1, 10_000)),
  /** Hosted clusters after which the add-on reports the cluster as nearly full. @default the add-on's (60) */
  hcThresholdNumber: v.optional(count(1, 10_000)),
  /** Turn off the add-on's metrics ServiceMonitor. @default false */
  disableMetrics: v.optional(bool()),
  /** Do not import new hosted clusters as managed clusters. @default false */
  autoImportDisabled: v.optional(bool()),
  /** Where the add-on's pods run: `'infra'`, or a node selector and tolerations. @default the add-on's (any worker) */
  nodePlacement: v.optional(
    v.union([literal('infra'), addOnNodePlacementPropsSchema], (issue) =>
      schemaMessage(`${describeValue(issue.input)} is neither 'infra' nor { nodeSelector, tolerations }.`, "Give 'infra' for infrastructure nodes, or { nodeSelector: {...}, tolerations: [...] }."),
    ),
  ),
});

/** @internal */
export const installFlagsPropsSchema = strict({
  /** Flags to add, one per entry: `--exclude-etcd`, `--limit-crd-install=AWS`. @default none */
  add: v.optional(list(text({ max: 1024 }), { max: 64 })),
  /** Flags of the add-on's defaults to drop, by name: `--enable-uwm-telemetry-remote-write`. @default none */
  remove: v.optional(list(text({ max: 256 }), { max: 64 })),
});

/** @internal */
export const multiClusterEnginePropsSchema = strict({
  /** Name of the MultiClusterEngine. @default 'multiclusterengine' */
  name: v.optional(name()),
  /** `High` runs operands with replicas; `Basic` with one. @default the operator's (High) */
  availability: v.optional(oneOf(['High', 'Basic'])),
  /** Components to switch on or off beside `hypershift` and `hypershift-local-hosting` (always on): `{ 'cluster-proxy-addon': true }`. @default none */
  components: v.optional(v.record(text({ max: 63 }), bool())),
  /** The hypershift add-on's settings. @default the add-on's */
  hypershiftAddOn: v.optional(hypershiftAddOnPropsSchema),
  /** S3 bucket for OIDC documents: required for AWS hosted clusters. @default none */
  oidcStorage: v.optional(oidcStoragePropsSchema),
  /** external-dns for service hostnames. @default none */
  externalDns: v.optional(externalDnsPropsSchema),
  /** AWS PrivateLink: required for Private and PublicAndPrivate AWS hosted clusters. @default none */
  privateLink: v.optional(privateLinkPropsSchema),
  /** HyperShift operator install flags beyond those the typed props set. @default none */
  installFlags: v.optional(installFlagsPropsSchema),
});

/** @internal */
export const ipAddressPoolPropsSchema = strict({
  /** Pool name; services pick it with the `metallb.universe.tf/address-pool` annotation. */
  name: name(),
  /** Addresses, each a CIDR (192.168.10.0/24) or a range (192.168.10.10-192.168.10.20). */
  addresses: list(text({ max: 100 }), { max: 256 }),
  /** Hand out addresses to any LoadBalancer service; false keeps the pool for services that ask for it. @default true */
  autoAssign: v.optional(bool()),
  /** Skip .0 and .255 addresses. @default false */
  avoidBuggyIPs: v.optional(bool()),
  /** Announce with L2 (ARP/NDP): the addresses must be in the machine network. true, or the interfaces to announce on. @default true unless `bgp` is set */
  l2: v.optional(v.union([bool(), strict({ /** Interfaces to announce on. */ interfaces: list(text({ max: 15 })) })])),
  /** Announce with BGP to these peers (names of `bgpPeers`). @default not announced with BGP */
  bgp: v.optional(
    strict({
      /** Peers to announce to. @default every peer */
      peers: v.optional(list(name())),
      /** BGP LOCAL_PREF. @default none */
      localPref: v.optional(count(0, 4_294_967_295)),
      /** Communities (`65535:65282`). @default none */
      communities: v.optional(list(text({ max: 64 }))),
      /** Aggregate routes to this prefix length (IPv4). @default 32 */
      aggregationLength: v.optional(count(0, 32)),
    }),
  ),
});

/** @internal */
export const bgpPeerPropsSchema = strict({
  name: name(),
  /** The management cluster's ASN. */
  myASN: count(0, 4_294_967_295),
  /** The peer's ASN. */
  peerASN: count(0, 4_294_967_295),
  /** The peer's address. */
  peerAddress: text({ max: 45 }),
  /** @default 179 */
  peerPort: v.optional(count(1, 16384)),
  /** @default the speaker's (90s) */
  holdTime: v.optional(text({ max: 16 })),
  /** @default false */
  ebgpMultiHop: v.optional(bool()),
  /** Name of a BFDProfile. @default none */
  bfdProfile: v.optional(name()),
  /** Name of a Secret (in the MetalLB namespace) whose `password` key holds the BGP password. @default none */
  passwordSecret: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
});

/** @internal */
export const metallbPropsSchema = strict({
  /** Address pools: at least one. */
  pools: list(ipAddressPoolPropsSchema, { max: 64 }),
  /** BGP peers. @default none */
  bgpPeers: v.optional(list(bgpPeerPropsSchema, { max: 64 })),
  /** Spec of the `MetalLB` instance (node selectors, tolerations, log level). @default {} */
  spec: v.optional(passthrough<MetalLBSpec>('a MetalLB spec')),
});

/** @internal */
export const virtualizationPropsSchema = strict({
  /** Spec of the `HyperConverged` instance (`hco.kubevirt.io/v1beta1`). @default {} (the operator's defaults) */
  spec: v.optional(passthrough<HyperConvergedSpec>('a HyperConverged spec')),
});

/** @internal */
export const assistedServicePropsSchema = strict({
  /** Size of the database volume. @default '10Gi' */
  databaseStorage: v.optional(text({ max: 32 })),
  /** Size of the volume for logs and manifests. @default '100Gi' */
  filesystemStorage: v.optional(text({ max: 32 })),
  /** Size of the volume that caches OS images (about 2 GiB per image). @default '50Gi' */
  imageStorage: v.optional(text({ max: 32 })),
  /** StorageClass of the three volumes. @default the cluster's default StorageClass */
  storageClassName: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  /** RHCOS images agents boot (`{ openshiftVersion, version, url, cpuArchitecture }`). @default the images assisted-service ships with */
  osImages: v.optional(passthroughList<readonly AgentServiceConfigSpecOsImages[]>()),
  /** Mirror registry for disconnected installs: a ConfigMap with `registries.conf` and `ca-bundle.crt`. @default none */
  mirrorRegistry: v.optional(
    strict({
      /** ConfigMap name. @default 'assisted-mirror-config' */
      name: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
      /** The `registries.conf` content (containers-registries.conf v2). */
      registriesConf: text({ max: 1_000_000 }),
      /** PEM bundle of the mirror's CA. @default none */
      caBundle: v.optional(text({ max: 1_000_000 })),
    }),
  ),
});

/** @internal */
export const controlPlaneNodePropsSchema = strict({
  /** Node name. */
  name: text({ max: MAX_SUBDOMAIN_LENGTH }),
  /** Failure domain (`topology.kubernetes.io/zone`): control planes spread across zones. Required on bare metal. @default unchanged */
  zone: v.optional(text({ max: 63 })),
  /** Dedicate the node to one control-plane namespace (`<namespace>-<name>`), label and taint `hypershift.openshift.io/cluster`. @default shared by all */
  dedicatedTo: v.optional(text({ max: 63 })),
  /** Also label it `node-role.kubernetes.io/infra` (control-plane work then does not count toward subscriptions). @default false */
  infra: v.optional(bool()),
  /** Extra labels. @default none */
  labels: v.optional(stringMap()),
});

/** @internal */
export const managementKubeletPropsSchema = strict({
  /** Most pods per node; a highly available control plane runs about 75 pods. */
  maxPods: count(1, 10_000),
  /** The MachineConfigPool whose nodes get it. @default 'worker' */
  machineConfigPool: v.optional(name()),
  /** Name of the KubeletConfig. @default 'hosted-control-planes' */
  name: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
});

/** Relabel actions Prometheus knows (prometheus-operator accepts them in lower case). */
export const RELABEL_ACTIONS = ['replace', 'keep', 'drop', 'hashmod', 'labelmap', 'labeldrop', 'labelkeep', 'lowercase', 'uppercase', 'keepequal', 'dropequal'] as const;

/** @internal */
export const relabelRulePropsSchema = strict({
  /** What the rule does. @default 'replace' */
  action: v.optional(oneOf(RELABEL_ACTIONS)),
  /** Labels whose values are joined and matched. @default none */
  sourceLabels: v.optional(list(text({ max: 256 }), { max: 32 })),
  /** Joins the source label values. @default ';' */
  separator: v.optional(text({ max: 16 })),
  /** An RE2 expression, matched against the whole joined value. @default '(.*)' */
  regex: v.optional(text({ max: 16_384 })),
  /** Label the result is written to. @default none */
  targetLabel: v.optional(text({ max: 256 })),
  /** Value written with replace. @default '$1' */
  replacement: v.optional(text({ max: 1024 })),
  /** Modulus of hashmod. @default none */
  modulus: v.optional(count(1, 2 ** 53 - 1)),
});

const relabelRules = () => v.optional(list(relabelRulePropsSchema, { max: 256 }));

/** @internal */
export const sreMetricSetPropsSchema = strict({
  /** etcd. @default no rule (every metric kept) */
  etcd: relabelRules(),
  /** Kubernetes API server. @default no rule */
  kubeAPIServer: relabelRules(),
  /** Kubernetes controller manager. @default no rule */
  kubeControllerManager: relabelRules(),
  /** OpenShift API server. @default no rule */
  openshiftAPIServer: relabelRules(),
  /** OpenShift controller manager. @default no rule */
  openshiftControllerManager: relabelRules(),
  /** OpenShift route controller manager. @default no rule */
  openshiftRouteControllerManager: relabelRules(),
  /** Cluster version operator. @default no rule */
  cvo: relabelRules(),
  /** OLM operator. @default no rule */
  olm: relabelRules(),
  /** OLM catalog operator. @default no rule */
  catalogOperator: relabelRules(),
  /** Image registry operator. @default no rule */
  registryOperator: relabelRules(),
  /** Node tuning operator. @default no rule */
  nodeTuningOperator: relabelRules(),
  /** Control plane operator. @default no rule */
  controlPlaneOperator: relabelRules(),
  /** Hosted cluster config operator. @default no rule */
  hostedClusterConfigOperator: relabelRules(),
});

/** Metrics sets of the HyperShift operator. */
export const METRICS_SETS = ['Telemetry', 'SRE', 'All'] as const;

/** @internal */
export const managementMonitoringPropsSchema = strict({
  /** The metrics set of every control plane (`--metrics-set`). @default the operator's (Telemetry) */
  metricsSet: v.optional(oneOf(METRICS_SETS)),
  /** The SRE metric set (ConfigMap `sre-metric-set` in `hypershift`). @default none */
  sreMetricSet: v.optional(sreMetricSetPropsSchema),
  /** Per-cluster dashboards in the console (`--monitoring-dashboards`). @default false */
  dashboards: v.optional(bool()),
});

/** Velero plugins OADP installs (the DataProtectionApplication CRD's enum). */
export const VELERO_PLUGINS = ['aws', 'legacy-aws', 'gcp', 'azure', 'csi', 'vsm', 'openshift', 'kubevirt', 'hypershift'] as const;

/** @internal */
export const backupLocationPropsSchema = strict({
  /** Location name. @default 'default' */
  name: v.optional(name()),
  /** Velero provider of the store. @default 'aws' */
  provider: v.optional(oneOf(['aws', 'azure', 'gcp'])),
  /** Bucket. */
  bucket: text({ max: 255 }),
  /** Folder inside the bucket. */
  prefix: text({ max: 1024 }),
  /** Bucket region; required with provider aws. @default none */
  region: v.optional(text({ max: 64 })),
  /** Endpoint of an S3-compatible store. @default AWS S3 */
  s3Url: v.optional(text({ max: 2048 })),
  /** Address buckets by path. @default true when s3Url is given */
  forcePathStyle: v.optional(bool()),
  /** PEM bundle of the store's certificate authority. @default the system's CAs */
  caCertificate: v.optional(text({ max: 1_000_000 })),
  /** More provider settings. @default none */
  config: v.optional(stringMap()),
  /** The store's credentials file (Secret key `cloud`). */
  credentials: secretSourceSchema,
  /** Backups that name no location go here. @default true when it is the only location */
  default: v.optional(bool()),
});

/** @internal */
export const nodeAgentPropsSchema = strict({
  /** How volume data is copied. @default 'kopia' */
  uploaderType: v.optional(oneOf(['kopia', 'restic'])),
});

/** @internal */
export const dataProtectionPropsSchema = strict({
  /** Name of the DataProtectionApplication. @default 'dpa-instance' */
  name: v.optional(name()),
  /** Object stores the backups go to. */
  backupLocations: list(backupLocationPropsSchema, { max: 16 }),
  /** Velero plugins. @default openshift, the locations' provider plugins, csi, hypershift */
  plugins: v.optional(list(oneOf(VELERO_PLUGINS), { max: VELERO_PLUGINS.length * 2 })),
  /** The node agent; `false` leaves it off. @default { uploaderType: 'kopia' } */
  nodeAgent: v.optional(
    v.pipe(
      v.unknown(),
      // Settings get their own findings; anything else but false gets one.
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const input = dataset.value;
        if (input === false) return false as const;
        if (typeof input === 'object' && input !== null && !Array.isArray(input)) return parsedBy(nodeAgentPropsSchema, input, addIssue) ?? NEVER;
        addIssue({ message: schemaMessage(`${describeValue(input)} is neither node agent settings nor false.`, "Give { uploaderType: 'kopia' } (or 'restic'), or false to leave the node agent off.") });
        return NEVER;
      }),
    ),
  ),
  /** How long Velero waits for a resource, a Go duration. @default '2h' */
  resourceTimeout: v.optional(text({ max: 32 })),
});

/** One source repository and its mirrors. @internal */
export const imageMirrorPropsSchema = strict({
  /** The repository images are pulled from, without scheme, tag or digest. */
  source: text({ max: 2048 }),
  /** Mirrors tried in order. */
  mirrors: list(text({ max: 2048 }), { max: 64 }),
  /** @default 'AllowContactingSource' (the CRD's) */
  mirrorSourcePolicy: v.optional(oneOf(['NeverContactSource', 'AllowContactingSource'])),
});

/** The CA of one registry. @internal */
export const registryCAPropsSchema = strict({
  /** Host name or IPv4 address of the registry. */
  host: text({ max: MAX_SUBDOMAIN_LENGTH }),
  /** Port, when not 443. @default none (443) */
  port: v.optional(count(1, 65_535)),
  /** The CA certificate(s), PEM. */
  certificate: text({ max: 1_000_000 }),
});

/** @internal */
export const kubevirtBootImageMirrorPropsSchema = strict({
  /** The quay.io repository of the payload's `kubevirt` `digest-ref`. */
  source: text({ max: 2048 }),
  /** The repository it was mirrored to. */
  mirror: text({ max: 2048 }),
});

/** A disconnected management cluster. @internal */
export const disconnectedPropsSchema = strict({
  /** Repositories pulled by digest from mirrors (ImageDigestMirrorSet). @default none */
  digestMirrors: v.optional(list(imageMirrorPropsSchema, { max: 256 })),
  /** Repositories pulled by tag from mirrors (ImageTagMirrorSet). @default none */
  tagMirrors: v.optional(list(imageMirrorPropsSchema, { max: 256 })),
  /** @default 'hcp-mirrors' */
  mirrorSetName: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  /** CAs of the mirror registries. @default none */
  registryCAs: v.optional(list(registryCAPropsSchema, { max: 64 })),
  /** @default 'registry-config' */
  registryCAConfigMap: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  /** Keep `--enable-uwm-telemetry-remote-write`. @default false (removed) */
  telemetryRemoteWrite: v.optional(bool()),
  /** The mirror of the RHCOS KubeVirt boot image (IDMS `rhcos-boot-kubevirt`). @default none */
  kubevirtBootImage: v.optional(kubevirtBootImageMirrorPropsSchema),
});

/** Switch for a component: settings, `true` for defaults, or `false` to bring your own. */
const component = <S extends v.GenericSchema>(schema: S) =>
  v.optional(v.union([schema, bool()], (issue) => schemaMessage(`${describeValue(issue.input)} is neither settings ({ ... }) nor true/false.`, 'Give settings, true for the defaults, or false to bring your own.')));

/** @internal */
export const managementClusterPropsSchema = strict({
  /** Platforms of the hosted clusters this management cluster runs; each turns on what it needs (see the presets table). */
  platforms: list(oneOf(MANAGEMENT_PLATFORMS), { max: MANAGEMENT_PLATFORMS.length }),
  /** OLM settings per operator (channel, catalog, approval, starting CSV). @default each package's */
  operators: v.optional(
    strict({
      multiclusterEngine: v.optional(operatorPropsSchema),
      metallb: v.optional(operatorPropsSchema),
      virtualization: v.optional(operatorPropsSchema),
      lvms: v.optional(operatorPropsSchema),
      odf: v.optional(operatorPropsSchema),
      oadp: v.optional(operatorPropsSchema),
    }),
  ),
  /** CatalogSources to create in `openshift-marketplace` (mirrored catalogs on disconnected clusters). @default none */
  catalogSources: v.optional(list(catalogSourcePropsSchema, { max: 16 })),
  /** The multicluster engine with HyperShift. @default its defaults */
  multiclusterEngine: v.optional(multiClusterEnginePropsSchema),
  /** MetalLB: on with KubeVirt; `false` when the cluster already has a load balancer. @default on for KubeVirt */
  metallb: component(metallbPropsSchema),
  /** OpenShift Virtualization: on with KubeVirt; `false` when it is installed otherwise. @default on for KubeVirt */
  virtualization: component(virtualizationPropsSchema),
  /** assisted-service (AgentServiceConfig): on with Agent; `false` when configured otherwise. @default on for Agent */
  assistedService: component(assistedServicePropsSchema),
  /** Install LVM Storage or ODF (the LVMCluster or StorageCluster stays yours). @default none */
  storage: v.optional(oneOf(['lvms', 'odf'])),
  /** Machine network(s) of the management cluster: L2-announced MetalLB pools must lie inside. @default not checked */
  machineNetwork: v.optional(list(text({ max: 64 }), { max: 16 })),
  /** Nodes that host control planes: labels and taints (Pulumi patches them; GitOps: see docs/management-cluster.md). @default none */
  controlPlaneNodes: v.optional(list(controlPlaneNodePropsSchema, { max: 500 })),
  /** Taint control-plane nodes so only control planes run there (the documentation's advice). @default true */
  taintControlPlaneNodes: v.optional(bool()),
  /** The kubelet of the nodes that host control planes (a KubeletConfig). @default unchanged (250 pods) */
  kubelet: v.optional(managementKubeletPropsSchema),
  /** Allow wildcard routes on the default IngressController. @default true when `platforms` has KubeVirt */
  wildcardRoutes: v.optional(bool()),
  /** LVM Storage's StorageClass (`lvms-<device class>`) to write as the cluster's default. @default unchanged */
  defaultStorageClass: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  /** How control planes are monitored: metrics set, SRE metric set, dashboards. @default the operator's */
  monitoring: v.optional(managementMonitoringPropsSchema),
  /** Back up hosted clusters with OADP: the operator and a DataProtectionApplication. @default not installed */
  dataProtection: v.optional(dataProtectionPropsSchema),
  /** The management cluster pulls its images from mirror registries. @default connected */
  disconnected: v.optional(disconnectedPropsSchema),
  /** Write inline secret values into the output. @default false */
  allowInlineSecrets: v.optional(bool()),
  /**
   * The workers that host control planes and the expected load of each hosted cluster: the synth
   * checks that the app's fleet fits (sizing guidance) and writes `reports/capacity.json` and
   * `.svg`. @default not checked
   */
  capacity: v.optional(planCapacityOptionsSchema),
});
