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
import {
  BACKUP_PROVIDERS,
  DNS_PROVIDERS,
  MCE_AVAILABILITY_CONFIGS,
  METRICS_SETS,
  MIRROR_SOURCE_POLICIES,
  RELABEL_ACTIONS,
  STORAGE_OPERATORS,
  SUBSCRIPTION_APPROVALS,
  UPLOADER_TYPES,
  VELERO_PLUGINS,
} from './management-cluster-props';
import { PLATFORM_TYPES } from '../platforms';

export type * from './management-cluster-props';

/** Platforms a management cluster can be prepared for: every registered platform, each with its preset (see presets.ts). */
export const MANAGEMENT_PLATFORMS = PLATFORM_TYPES;

const name = () => text({ max: 63 });

/** How OLM installs one operator. @internal */
export const operatorPropsSchema = strict({
  channel: v.optional(text({ max: 63 })),
  source: v.optional(name()),
  sourceNamespace: v.optional(name()),
  approval: v.optional(oneOf(SUBSCRIPTION_APPROVALS)),
  startingCSV: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
});

/** The fields of one operator OLM installs by its package, on the management cluster or inside a hosted cluster. @internal */
export const olmOperatorEntries = {
  package: text({ max: 253 }),
  namespace: name(),
  channel: text({ max: 253 }),
  source: v.optional(name()),
  sourceNamespace: v.optional(name()),
  approval: v.optional(oneOf(SUBSCRIPTION_APPROVALS)),
  startingCSV: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  subscriptionName: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  targetNamespaces: v.optional(v.union([v.literal('AllNamespaces'), list(name(), { max: 64 })], 'targetNamespaces: give "AllNamespaces" or a list of namespaces.')),
  operatorGroup: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  namespaceLabels: v.optional(stringMap()),
};

/** @internal */
export const olmOperatorPropsSchema = strict(olmOperatorEntries);

/** A CatalogSource to create (a mirrored index image for disconnected clusters). @internal */
export const catalogSourcePropsSchema = strict({
  name: name(),
  image: text({ max: 2048 }),
  displayName: v.optional(text({ max: 256 })),
  publisher: v.optional(text({ max: 256 })),
  pollInterval: v.optional(text({ max: 32 })),
});

/** An S3 bucket for the OIDC documents of AWS hosted clusters (secret `hypershift-operator-oidc-provider-s3-credentials`). @internal */
export const oidcStoragePropsSchema = strict({
  bucket: text({ max: 63 }),
  region: text({ max: 32 }),
  credentials: secretSourceSchema,
});

/** external-dns for the service hostnames of hosted clusters (secret `hypershift-operator-external-dns-credentials`). @internal */
export const externalDnsPropsSchema = strict({
  provider: oneOf(DNS_PROVIDERS),
  domainFilter: text({ max: MAX_SUBDOMAIN_LENGTH }),
  credentials: secretSourceSchema,
});

/** AWS PrivateLink for Private and PublicAndPrivate hosted clusters (secret `hypershift-operator-private-link-credentials`). @internal */
export const privateLinkPropsSchema = strict({
  region: text({ max: 32 }),
  accessKeyId: secretSourceSchema,
  secretAccessKey: secretSourceSchema,
  zones: v.optional(list(text({ max: 64 }))),
});

/** @internal */
export const addOnNodePlacementPropsSchema = strict({
  nodeSelector: v.optional(stringMap()),
  tolerations: v.optional(passthroughList<readonly Toleration[]>()),
});

/** The hypershift add-on's settings (AddOnDeploymentConfig `hypershift-addon-deploy-config`). @internal */
export const hypershiftAddOnPropsSchema = strict({
  hcMaxNumber: v.optional(count(1, 10_000)),
  hcThresholdNumber: v.optional(count(1, 10_000)),
  disableMetrics: v.optional(bool()),
  autoImportDisabled: v.optional(bool()),
  nodePlacement: v.optional(
    v.union([literal('infra'), addOnNodePlacementPropsSchema], (issue) =>
      schemaMessage(`${describeValue(issue.input)} is neither 'infra' nor { nodeSelector, tolerations }.`, "Give 'infra' for infrastructure nodes, or { nodeSelector: {...}, tolerations: [...] }."),
    ),
  ),
  managedClusterAddOn: v.optional(bool()),
});

/** @internal */
export const installFlagsPropsSchema = strict({
  add: v.optional(list(text({ max: 1024 }), { max: 64 })),
  remove: v.optional(list(text({ max: 256 }), { max: 64 })),
});

/** @internal */
export const multiClusterEnginePropsSchema = strict({
  name: v.optional(name()),
  availability: v.optional(oneOf(MCE_AVAILABILITY_CONFIGS)),
  components: v.optional(v.record(text({ max: 63 }), bool())),
  hypershiftAddOn: v.optional(hypershiftAddOnPropsSchema),
  oidcStorage: v.optional(oidcStoragePropsSchema),
  externalDns: v.optional(externalDnsPropsSchema),
  privateLink: v.optional(privateLinkPropsSchema),
  installFlags: v.optional(installFlagsPropsSchema),
});

/** @internal */
export const ipAddressPoolPropsSchema = strict({
  name: name(),
  addresses: list(text({ max: 100 }), { max: 256 }),
  autoAssign: v.optional(bool()),
  avoidBuggyIPs: v.optional(bool()),
  l2: v.optional(v.union([bool(), strict({ /** Interfaces to announce on. */ interfaces: list(text({ max: 15 })) })])),
  bgp: v.optional(
    strict({
      peers: v.optional(list(name())),
      localPref: v.optional(count(0, 4_294_967_295)),
      communities: v.optional(list(text({ max: 64 }))),
      aggregationLength: v.optional(count(0, 32)),
    }),
  ),
});

/** @internal */
export const bgpPeerPropsSchema = strict({
  name: name(),
  myASN: count(0, 4_294_967_295),
  peerASN: count(0, 4_294_967_295),
  peerAddress: text({ max: 45 }),
  peerPort: v.optional(count(1, 16384)),
  holdTime: v.optional(text({ max: 16 })),
  ebgpMultiHop: v.optional(bool()),
  bfdProfile: v.optional(name()),
  passwordSecret: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
});

/** @internal */
export const metallbPropsSchema = strict({
  pools: list(ipAddressPoolPropsSchema, { max: 64 }),
  bgpPeers: v.optional(list(bgpPeerPropsSchema, { max: 64 })),
  spec: v.optional(passthrough<MetalLBSpec>('a MetalLB spec')),
});

/** @internal */
export const virtualizationPropsSchema = strict({
  spec: v.optional(passthrough<HyperConvergedSpec>('a HyperConverged spec')),
});

/** @internal */
export const assistedServicePropsSchema = strict({
  databaseStorage: v.optional(text({ max: 32 })),
  filesystemStorage: v.optional(text({ max: 32 })),
  imageStorage: v.optional(text({ max: 32 })),
  storageClassName: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  osImages: v.optional(passthroughList<readonly AgentServiceConfigSpecOsImages[]>()),
  mirrorRegistry: v.optional(
    strict({
      name: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
      registriesConf: text({ max: 1_000_000 }),
      caBundle: v.optional(text({ max: 1_000_000 })),
    }),
  ),
});

/** @internal */
export const controlPlaneNodePropsSchema = strict({
  name: text({ max: MAX_SUBDOMAIN_LENGTH }),
  zone: v.optional(text({ max: 63 })),
  dedicatedTo: v.optional(text({ max: 63 })),
  requestServing: v.optional(bool()),
  infra: v.optional(bool()),
  labels: v.optional(stringMap()),
});

/** @internal */
export const managementKubeletPropsSchema = strict({
  maxPods: count(1, 10_000),
  machineConfigPool: v.optional(name()),
  name: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
});

/** @internal */
export const relabelRulePropsSchema = strict({
  action: v.optional(oneOf(RELABEL_ACTIONS)),
  sourceLabels: v.optional(list(text({ max: 256 }), { max: 32 })),
  separator: v.optional(text({ max: 16 })),
  regex: v.optional(text({ max: 16_384 })),
  targetLabel: v.optional(text({ max: 256 })),
  replacement: v.optional(text({ max: 1024 })),
  modulus: v.optional(count(1, 2 ** 53 - 1)),
});

const relabelRules = () => v.optional(list(relabelRulePropsSchema, { max: 256 }));

/** @internal */
export const sreMetricSetPropsSchema = strict({
  etcd: relabelRules(),
  kubeAPIServer: relabelRules(),
  kubeControllerManager: relabelRules(),
  openshiftAPIServer: relabelRules(),
  openshiftControllerManager: relabelRules(),
  openshiftRouteControllerManager: relabelRules(),
  cvo: relabelRules(),
  olm: relabelRules(),
  catalogOperator: relabelRules(),
  registryOperator: relabelRules(),
  nodeTuningOperator: relabelRules(),
  controlPlaneOperator: relabelRules(),
  hostedClusterConfigOperator: relabelRules(),
});

/** @internal */
export const managementMonitoringPropsSchema = strict({
  metricsSet: v.optional(oneOf(METRICS_SETS)),
  sreMetricSet: v.optional(sreMetricSetPropsSchema),
  dashboards: v.optional(bool()),
  dashboardTemplate: v.optional(text({ max: 900_000 })),
});


/** @internal */
export const backupLocationPropsSchema = strict({
  name: v.optional(name()),
  provider: v.optional(oneOf(BACKUP_PROVIDERS)),
  bucket: text({ max: 255 }),
  prefix: text({ max: 1024 }),
  region: v.optional(text({ max: 64 })),
  s3Url: v.optional(text({ max: 2048 })),
  forcePathStyle: v.optional(bool()),
  caCertificate: v.optional(text({ max: 1_000_000 })),
  config: v.optional(stringMap()),
  credentials: secretSourceSchema,
  default: v.optional(bool()),
});

/** @internal */
export const nodeAgentPropsSchema = strict({
  uploaderType: v.optional(oneOf(UPLOADER_TYPES)),
});

/** The settings of any DataProtectionApplication (`DataProtectionApplicationProps`). @internal */
export const dataProtectionApplicationEntries = {
  name: v.optional(name()),
  backupLocations: list(backupLocationPropsSchema, { max: 16 }),
  plugins: v.optional(list(oneOf(VELERO_PLUGINS), { max: VELERO_PLUGINS.length * 2 })),
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
  resourceTimeout: v.optional(text({ max: 32 })),
};

/** @internal */
export const dataProtectionPropsSchema = strict({ ...dataProtectionApplicationEntries, etcdSnapshots: v.optional(bool()) });

/** One source repository and its mirrors. @internal */
export const imageMirrorPropsSchema = strict({
  source: text({ max: 2048 }),
  mirrors: list(text({ max: 2048 }), { max: 64 }),
  mirrorSourcePolicy: v.optional(oneOf(MIRROR_SOURCE_POLICIES)),
});

/** The CA of one registry. @internal */
export const registryCAPropsSchema = strict({
  host: text({ max: MAX_SUBDOMAIN_LENGTH }),
  port: v.optional(count(1, 65_535)),
  certificate: text({ max: 1_000_000 }),
});

/** @internal */
export const kubevirtBootImageMirrorPropsSchema = strict({
  source: text({ max: 2048 }),
  mirror: text({ max: 2048 }),
});

/** A disconnected management cluster. @internal */
export const disconnectedPropsSchema = strict({
  digestMirrors: v.optional(list(imageMirrorPropsSchema, { max: 256 })),
  tagMirrors: v.optional(list(imageMirrorPropsSchema, { max: 256 })),
  mirrorSetName: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  registryCAs: v.optional(list(registryCAPropsSchema, { max: 64 })),
  registryCAConfigMap: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  telemetryRemoteWrite: v.optional(bool()),
  kubevirtBootImage: v.optional(kubevirtBootImageMirrorPropsSchema),
});

/** Switch for a component: settings, `true` for defaults, or `false` to bring your own. */
const component = <S extends v.GenericSchema>(schema: S) =>
  v.optional(v.union([schema, bool()], (issue) => schemaMessage(`${describeValue(issue.input)} is neither settings ({ ... }) nor true/false.`, 'Give settings, true for the defaults, or false to bring your own.')));

/** @internal */
export const managementClusterPropsSchema = strict({
  platforms: list(oneOf(MANAGEMENT_PLATFORMS), { max: MANAGEMENT_PLATFORMS.length }),
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
  additionalOperators: v.optional(list(olmOperatorPropsSchema, { max: 50 })),
  catalogSources: v.optional(list(catalogSourcePropsSchema, { max: 16 })),
  multiclusterEngine: v.optional(multiClusterEnginePropsSchema),
  metallb: component(metallbPropsSchema),
  virtualization: component(virtualizationPropsSchema),
  assistedService: component(assistedServicePropsSchema),
  storage: v.optional(oneOf(STORAGE_OPERATORS)),
  machineNetwork: v.optional(list(text({ max: 64 }), { max: 16 })),
  controlPlaneNodes: v.optional(list(controlPlaneNodePropsSchema, { max: 500 })),
  taintControlPlaneNodes: v.optional(bool()),
  kubelet: v.optional(managementKubeletPropsSchema),
  wildcardRoutes: v.optional(bool()),
  defaultStorageClass: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  monitoring: v.optional(managementMonitoringPropsSchema),
  dataProtection: v.optional(dataProtectionPropsSchema),
  disconnected: v.optional(disconnectedPropsSchema),
  allowInlineSecrets: v.optional(bool()),
  capacity: v.optional(planCapacityOptionsSchema),
});
