/**
 * IBM Cloud Power Virtual Server (PowerVS): the upstream CLI's defaults (`hypershift create cluster
 * powervs`, `create nodepool powervs`; the product's `hcp` has no PowerVS) and what the operator
 * and IBM Cloud refuse there.
 */
import { v } from '../../core/valibot';
import type { HostedCluster, KubernetesObject, NodePool } from '../../api';
import type { IssueCollector, PlatformPorts } from '../../core';
import { POWERVS_CREDENTIALS, powervsCredentialName } from './credentials';
import { POWERVS_MIN_MEMORY_GIB, POWERVS_MIN_PROCESSORS, POWERVS_SYSTEM_TYPES } from './limits';
import type { PowervsClusterProps, PowervsCredentials, PowervsNodePoolProps, PowervsResourceReference } from './props';
import { POWERVS_IMAGE_DELETE_POLICIES, POWERVS_PROCESSOR_TYPES, POWERVS_STORAGE_TYPES } from './props';
import {
  RELEASE_ARCH_OF_NODES,
  checking,
  count,
  definePlatform,
  describeValue,
  oneOf,
  quote,
  releaseArchitecture,
  renderSecret,
  schemaMessage,
  secretSourceSchema,
  strict,
  text,
} from '../../core';

export * from './limits';
export * from './credentials';
export type { PowervsClusterProps, PowervsCredentials, PowervsNodePoolProps, PowervsPlatformProps, PowervsResourceReference, PowervsVpc } from './props';
export { POWERVS_IMAGE_DELETE_POLICIES, POWERVS_PROCESSOR_TYPES, POWERVS_STORAGE_TYPES } from './props';

/** The CLI's PowerVS values (cmd/cluster/powervs/create.go `DefaultOptions`, cmd/nodepool/powervs/create.go). */
export const POWERVS_DEFAULTS = {
  region: 'us-south',
  zone: 'us-south',
  vpcRegion: 'us-south',
  machineCIDR: '10.0.0.0/16',
  systemType: 's922',
  processorType: 'shared',
  processors: '0.5',
  // Deviation, to be safer: the CLI writes its 0.5 whatever --proc-type says, which IBM Cloud
  // refuses for dedicated processors; the API documents 1 as the dedicated default.
  dedicatedProcessors: '1',
  memoryGiB: 32,
} as const;

// Every field of the PowerVS API blocks is at most 255 characters (the CRDs' maxLength).
const name255 = () => text({ max: 255 });

/** @internal */
export const powervsResourceReferenceSchema = strict({ id: v.optional(name255()), name: v.optional(name255()) }, 'a PowerVS resource ({ id, name })');

/** @internal */
export const powervsClusterPropsSchema = strict({
  accountID: name255(),
  resourceGroup: name255(),
  region: v.optional(name255()),
  zone: v.optional(name255()),
  cisInstanceCRN: name255(),
  cisDomainID: v.optional(name255()),
  serviceInstanceID: name255(),
  subnet: powervsResourceReferenceSchema,
  vpc: strict({ name: name255(), region: v.optional(name255()), zone: v.optional(name255()), subnet: v.optional(name255()) }, 'a VPC ({ name, region, zone, subnet })'),
  machineCIDR: v.optional(text({ max: 64 })),
  credentials: strict(
    Object.fromEntries(Object.keys(POWERVS_CREDENTIALS).map((key) => [key, secretSourceSchema])) as Record<keyof PowervsCredentials, typeof secretSourceSchema>,
    'the five credentials',
  ),
});

const processorsSchema = v.union([text({ max: 16 }), v.number()], (issue) =>
  schemaMessage(`${describeValue(issue.input)} is not a number of processors.`, 'Give a number such as 0.5, 1 or "2".'),
);

/** @internal */
export const powervsNodePoolPropsSchema = strict({
  systemType: v.optional(name255()),
  processorType: v.optional(oneOf(POWERVS_PROCESSOR_TYPES)),
  processors: v.optional(processorsSchema),
  // int32 in the API; the documented minimum and maxima are checked on the final NodePool.
  memoryGiB: v.optional(count(1, 2147483647)),
  image: v.optional(powervsResourceReferenceSchema),
  storageType: v.optional(oneOf(POWERVS_STORAGE_TYPES)),
  imageDeletePolicy: v.optional(oneOf(POWERVS_IMAGE_DELETE_POLICIES)),
});

const MULTI_FIX = 'Use the multi-architecture release (tag ending in -multi), whose control plane runs on the management cluster and whose nodes are ppc64le.';

/** A reference that names nothing: the operator passes it on, and IBM Cloud finds no resource. */
function checkReference(ref: PowervsResourceReference | undefined, path: string, what: string, issues: IssueCollector): void {
  if (ref && !ref.id && !ref.name) issues.error(path, `the ${what} has neither an id nor a name.`, `Give the ${what}'s id or name (or both, as the CLI writes them).`);
}

/** Checks on the final HostedCluster: what the CLI demands and the operator needs to reconcile it. */
function validateCluster(hc: HostedCluster, issues: IssueCollector): void {
  const powervs = hc.spec.platform.powervs;
  if (!powervs) return;
  checkReference(powervs.subnet, 'spec.platform.powervs.subnet', 'subnet', issues);
  // cmd/cluster/powervs/create.go: the base domain is a Cloud Internet Services domain, required.
  if (!hc.spec.dns?.baseDomain) {
    issues.error('spec.dns.baseDomain', 'PowerVS clusters need a base domain served by Cloud Internet Services.', 'Set baseDomain to the CIS domain of platform.powervs.cisInstanceCRN.');
  }
  const arch = releaseArchitecture(hc.spec.release.image);
  if (arch !== undefined && arch !== 'multi' && arch !== RELEASE_ARCH_OF_NODES.ppc64le) {
    issues.error('spec.release.image', `the release image ${quote(hc.spec.release.image)} is for ${arch} only, but PowerVS nodes are ppc64le: they would never join.`, MULTI_FIX);
  }
}

/** Processors as a number, or undefined when the text is not one. */
function processorCount(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : Number.NaN;
}

/** Checks on a final NodePool: the VM shape IBM Cloud accepts for its system and processor type. */
function validateNodePool(np: NodePool, hc: HostedCluster, issues: IssueCollector): void {
  const vm = np.spec.platform.powervs;
  if (!vm) return;
  const path = 'spec.platform.powervs';
  const type = vm.processorType ?? POWERVS_DEFAULTS.processorType;
  const system = vm.systemType ?? POWERVS_DEFAULTS.systemType;
  const limits = POWERVS_SYSTEM_TYPES[system];
  const processors = processorCount(vm.processors);
  if (processors !== undefined) {
    const min = POWERVS_MIN_PROCESSORS[type];
    if (Number.isNaN(processors)) issues.error(`${path}.processors`, `${quote(vm.processors)} is not a number of processors.`, 'Give a number such as 0.5, 1 or "2".');
    else if (type === 'dedicated' && !Number.isInteger(processors)) issues.error(`${path}.processors`, `${processors} processors: dedicated processors are whole.`, `Give a whole number, or processorType 'shared' or 'capped'.`);
    else if (processors < min) issues.error(`${path}.processors`, `${processors} processors is below the ${min} a ${type} VM takes.`, `Give ${min} or more.`);
    else if (limits && processors > limits.maxProcessors) issues.error(`${path}.processors`, `${processors} processors is more than the ${limits.maxProcessors} a ${system} VM takes.`, `Give ${limits.maxProcessors} or less, or another systemType.`);
  }
  const memory = vm.memoryGiB;
  if (memory !== undefined) {
    if (memory < POWERVS_MIN_MEMORY_GIB) issues.error(`${path}.memoryGiB`, `${memory} GiB is below the ${POWERVS_MIN_MEMORY_GIB} GiB a PowerVS VM takes.`, `Give ${POWERVS_MIN_MEMORY_GIB} or more (the CLI default).`);
    else if (limits && memory > limits.maxMemoryGiB) issues.error(`${path}.memoryGiB`, `${memory} GiB is more than the ${limits.maxMemoryGiB} GiB a ${system} VM takes.`, `Give ${limits.maxMemoryGiB} or less, or another systemType.`);
  }
  checkReference(vm.image, `${path}.image`, 'image', issues);
  const own = releaseArchitecture(np.spec.release.image);
  // The cluster's release is judged on the HostedCluster; a pool's own release only when it differs.
  if (own !== undefined && own !== 'multi' && own !== RELEASE_ARCH_OF_NODES.ppc64le && np.spec.release.image !== hc.spec.release.image) {
    issues.error('spec.release.image', `the NodePool's release image ${quote(np.spec.release.image)} is for ${own} only, but PowerVS nodes are ppc64le: they would never join.`, MULTI_FIX);
  }
}

/**
 * The documentation of hosted control planes has no PowerVS section. The services are published
 * as on AWS (a LoadBalancer for the API, routes for the rest), so these are the flows its generic
 * rules give for that publishing, by the library's reading.
 */
const POWERVS_PORTS: PlatformPorts = {
  source:
    "the generic rules of 3.2.1.2 and 3.3.1.2 for a LoadBalancer API and routes, by the library's reading: the documentation has no PowerVS section (PowerVS is created by the upstream hypershift CLI only)",
  rules: [
    { service: 'APIServer', port: '6443/TCP', flow: "the nodes (PowerVS workspace, through the transit gateway) -> the API server's load balancer on the management cluster", source: '3.2.1.2, 3.3.1.2' },
    { service: 'OAuthServer, Konnectivity, Ignition', port: '443/TCP', flow: "the nodes and clients -> the management cluster's routes", when: 'Route', source: '3.2.1.2, 3.3.1.2' },
    {
      service: 'default ingress (*.apps)',
      port: '443/TCP',
      flow: "clients -> the VPC load balancer the cloud controller manager creates for the hosted cluster's router (platform.powervs.vpc)",
      source: '3.3.3',
    },
  ],
  notes: ["Cloud Internet Services holds the base domain's records; the ingress operator writes them with its credentials."],
};

export const powervsPlatform = definePlatform({
  type: 'PowerVS',
  block: { key: 'powervs', required: true, cluster: checking<PowervsClusterProps>(powervsClusterPropsSchema), pool: checking<PowervsNodePoolProps>(powervsNodePoolPropsSchema) },
  defaults: POWERVS_DEFAULTS,
  // core.GetIngressServicePublishingStrategyMapping, as on AWS: a LoadBalancer API, routes for the rest.
  defaultMapping: 'Ingress',
  publishingRules: {
    APIServer: ['LoadBalancer', 'Route'],
    OAuthServer: ['Route'],
    Konnectivity: ['Route'],
    Ignition: ['Route'],
  },
  // cmd/cluster/powervs/create.go GenerateNodePools.
  defaultUpgradeType: 'Replace',
  // The CLI sets arch ppc64le; the operator takes no other on PowerVS (nodepool_controller.go).
  archs: ['ppc64le'],
  scaleFromZero: false,
  createsMachines: true,
  management: {
    // `hypershift install` alone (docs/content/how-to/powervs/prerequisites-and-env-guide.md): the
    // IBM Cloud Cluster API provider runs in each control-plane namespace, started by the operator.
    components: [],
    mceComponents: [],
    needsOidcStorage: false,
    // The documentation states no multicluster engine for PowerVS; 2.0 is its overall minimum.
    minimumMceMinor: 2,
    nodeZonesByHand: false,
    summary: 'nothing beyond the HyperShift operator (the IBM Cloud Cluster API provider runs per control plane); the cluster brings its IBM Cloud credentials',
    ports: POWERVS_PORTS,
  },
  ingress: { mode: 'platform-load-balancer' },
  // The disaster-recovery documentation has no PowerVS tab: as its AWS tab lists AWS's Cluster API
  // kinds, these are the IBM PowerVS ones the operator creates (cluster, machine templates,
  // machines, the boot image). No restore elsewhere is documented.
  backup: {
    resources: ['ibmpowervscluster', 'ibmpowervsmachinetemplate', 'ibmpowervsmachine', 'ibmpowervsimage'],
    preserveNodePorts: false,
    crossClusterRestore: false,
  },

  contribute: {
    cluster(props, ctx) {
      if (!props) return { platform: { type: 'PowerVS' } };
      const objects: KubernetesObject[] = [];
      const refs = Object.fromEntries(
        (Object.keys(POWERVS_CREDENTIALS) as (keyof PowervsCredentials)[]).map((key) => {
          const { field, keys } = POWERVS_CREDENTIALS[key];
          const rendered = renderSecret(
            { name: powervsCredentialName(ctx.name, key), namespace: ctx.namespace, key: keys[0], ...(keys.length > 1 ? { keys } : {}), type: 'Opaque' },
            props.credentials[key],
            { allowInline: ctx.allowInlineSecrets, path: `platform.powervs.credentials.${key}`, issues: ctx.issues },
          );
          objects.push(...rendered.objects);
          return [field, { name: rendered.refName }];
        }),
      );
      const { vpc, subnet } = props;
      return {
        platform: {
          type: 'PowerVS',
          powervs: {
            accountID: props.accountID,
            resourceGroup: props.resourceGroup,
            region: props.region ?? POWERVS_DEFAULTS.region,
            zone: props.zone ?? POWERVS_DEFAULTS.zone,
            cisInstanceCRN: props.cisInstanceCRN,
            serviceInstanceID: props.serviceInstanceID,
            subnet: { ...(subnet.id ? { id: subnet.id } : {}), ...(subnet.name ? { name: subnet.name } : {}) },
            vpc: { name: vpc.name, region: vpc.region ?? POWERVS_DEFAULTS.vpcRegion, ...(vpc.zone ? { zone: vpc.zone } : {}), ...(vpc.subnet ? { subnet: vpc.subnet } : {}) },
            ...(refs as Pick<NonNullable<HostedCluster['spec']['platform']['powervs']>, 'kubeCloudControllerCreds'>),
          } as NonNullable<HostedCluster['spec']['platform']['powervs']>,
        },
        // The CLI writes the CIS domain's ID as both zones.
        dns: { baseDomain: ctx.baseDomain ?? '', ...(props.cisDomainID ? { publicZoneID: props.cisDomainID, privateZoneID: props.cisDomainID } : {}) },
        machineNetwork: props.machineCIDR ?? POWERVS_DEFAULTS.machineCIDR,
        objects,
      };
    },

    defaultPools: (_props, clusterName) => [{ name: clusterName }],

    nodePool(pool) {
      const p = pool ?? {};
      return {
        type: 'PowerVS',
        powervs: {
          systemType: p.systemType ?? POWERVS_DEFAULTS.systemType,
          processorType: p.processorType ?? POWERVS_DEFAULTS.processorType,
          // The CLI writes processors as a string (intstr.FromString).
          processors: p.processors !== undefined ? String(p.processors) : p.processorType === 'dedicated' ? POWERVS_DEFAULTS.dedicatedProcessors : POWERVS_DEFAULTS.processors,
          memoryGiB: p.memoryGiB ?? POWERVS_DEFAULTS.memoryGiB,
          ...(p.image ? { image: { ...(p.image.id ? { id: p.image.id } : {}), ...(p.image.name ? { name: p.image.name } : {}) } } : {}),
          ...(p.storageType ? { storageType: p.storageType } : {}),
          ...(p.imageDeletePolicy ? { imageDeletePolicy: p.imageDeletePolicy } : {}),
        },
      };
    },
  },

  validate: {
    cluster: validateCluster,
    nodePool: validateNodePool,
    paths: {
      cluster: [
        ...Object.entries(POWERVS_CREDENTIALS).map(([key, { field }]) => [`spec.platform.powervs.${field}`, `platform.powervs.credentials.${key}`, 'whole'] as const),
        ['spec.platform.powervs.vpc.region', 'platform.powervs.vpc.region', 'default'],
        ['spec.dns.publicZoneID', 'platform.powervs.cisDomainID'],
        ['spec.dns.privateZoneID', 'platform.powervs.cisDomainID'],
        ['spec.networking.machineNetwork', 'platform.powervs.machineCIDR', 'whole-default'],
      ],
    },
  },
});
