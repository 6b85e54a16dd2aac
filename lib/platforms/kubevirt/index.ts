/** OpenShift Virtualization (KubeVirt): the CLI's defaults (`hcp create cluster kubevirt`). */
import { v } from '../../core/valibot';
import type { KubernetesObject, NodePool } from '../../api';
import type { IssueCollector, PlatformPorts } from '../../core';
import { KUBEVIRT_MAX_ADDITIONAL_NETWORKS, KUBEVIRT_MAX_HOST_DEVICES, KUBEVIRT_MULTIQUEUE_MIN_MTU, KUBEVIRT_VM, NETWORK_MTU } from './limits';
import type { KubevirtClusterProps, KubevirtNodePoolProps, StorageClassMapping } from './props';
import {
  KUBEVIRT_CACHE_STRATEGIES,
  KUBEVIRT_INGRESS_MODES,
  KUBEVIRT_QOS_CLASSES,
  KUBEVIRT_STORAGE_DRIVERS,
  MULTIQUEUE_SETTINGS,
  VOLUME_ACCESS_MODES,
  VOLUME_MODES,
} from './props';
import {
  bool,
  checking,
  count,
  definePlatform,
  dnsLabelProblem,
  joinPath,
  list,
  oneOf,
  quote,
  renderSecret,
  secretSourceSchema,
  strict,
  stringMap,
  text,
} from '../../core';

export * from './limits';
export type { KubevirtClusterProps, KubevirtNodePoolProps, KubevirtPlatformProps, StorageClassMapping } from './props';

/** The Secret the CLI writes for an external infrastructure cluster's kubeconfig (`<cluster>-infra-credentials`), and its key. */
export const KUBEVIRT_INFRA_CREDENTIALS = { secretName: (cluster: string) => `${cluster}-infra-credentials`, key: 'kubeconfig' } as const;

/** @internal */
export const storageClassMappingSchema = strict({
  infra: text({ max: 253 }),
  guest: text({ max: 253 }),
  group: v.optional(text({ max: 253 })),
});

/** @internal */
export const kubevirtClusterPropsSchema = strict({
  infraCluster: v.optional(
    strict({
      kubeconfig: secretSourceSchema,
      namespace: text({ max: 63 }),
    }),
  ),
  storageClassMapping: v.optional(list(storageClassMappingSchema)),
  volumeSnapshotClassMapping: v.optional(list(storageClassMappingSchema)),
  storageDriver: v.optional(oneOf(KUBEVIRT_STORAGE_DRIVERS)),
  ingress: v.optional(oneOf(KUBEVIRT_INGRESS_MODES)),
  networkMTU: v.optional(count(NETWORK_MTU.min, NETWORK_MTU.max, 'the largest jumbo frame')),
});

/** @internal */
export const kubevirtNodePoolPropsSchema = strict({
  cores: v.optional(count(1, KUBEVIRT_VM.maxCores, 'the OpenShift Virtualization tested maximum per VM')),
  memory: v.optional(text({ max: 32 })),
  qosClass: v.optional(oneOf(KUBEVIRT_QOS_CLASSES)),
  rootVolumeSize: v.optional(text({ max: 32 })),
  rootVolumeStorageClass: v.optional(text({ max: 253 })),
  rootVolumeAccessModes: v.optional(list(oneOf(VOLUME_ACCESS_MODES))),
  rootVolumeMode: v.optional(oneOf(VOLUME_MODES)),
  cacheStrategy: v.optional(oneOf(KUBEVIRT_CACHE_STRATEGIES)),
  containerDiskImage: v.optional(text({ max: 2048 })),
  networkInterfaceMultiqueue: v.optional(oneOf(MULTIQUEUE_SETTINGS)),
  attachDefaultNetwork: v.optional(bool()),
  additionalNetworks: v.optional(list(text({ max: 253 }), { max: KUBEVIRT_MAX_ADDITIONAL_NETWORKS, limit: 'the NodePool CRD\'s maximum' })),
  nodeSelector: v.optional(stringMap()),
  hostDevices: v.optional(
    list(
      strict({
        deviceName: text({ max: 253 }),
        count: v.optional(count(1, 2147483647)),
      }),
      { max: KUBEVIRT_MAX_HOST_DEVICES, limit: 'the NodePool CRD\'s maximum' },
    ),
  ),
});

/** The CLI's KubeVirt values (`cmd/nodepool/kubevirt/create.go`, `cmd/cluster/kubevirt/create.go`). */
export const KUBEVIRT_DEFAULTS = {
  cores: 2,
  memory: '4Gi',
  rootVolumeSize: '32Gi',
  networkInterfaceMultiqueue: 'Enable',
  attachDefaultNetwork: true,
  hostDeviceCount: 1,
} as const;

const QUANTITY = /^([0-9]+(\.[0-9]+)?)(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/;
const UNITS: Record<string, number> = { '': 1, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

/** Bytes in a Kubernetes quantity such as `32Gi` (or a plain number of bytes), or undefined when it does not parse. */
export function quantityBytes(quantity: string | number): number | undefined {
  if (typeof quantity === 'number') return Number.isFinite(quantity) && quantity >= 0 ? quantity : undefined;
  const match = QUANTITY.exec(quantity);
  return match ? Number(match[1]) * UNITS[match[3] ?? ''] : undefined;
}

/** The KubeVirt CSI needs a root disk of at least 16Gi for RHCOS (the CLI refuses smaller). */
const MIN_ROOT_VOLUME_BYTES = 16 * 2 ** 30;

/** Checks the final NodePool's VM, whether its values came from props or from specOverrides. */
function validateNodePool(np: NodePool, issues: IssueCollector): void {
  const vm = np.spec.platform.kubevirt;
  if (!vm) return;
  const path = 'spec.platform.kubevirt';
  const cores = vm.compute?.cores;
  if (cores !== undefined && (!Number.isInteger(cores) || cores < 1 || cores > KUBEVIRT_VM.maxCores)) {
    issues.error(`${path}.compute.cores`, `${cores} is not a whole number from 1 to ${KUBEVIRT_VM.maxCores}.`, `Give 1 to ${KUBEVIRT_VM.maxCores} cores (OpenShift Virtualization's tested maximum per VM).`);
  }
  const memory = vm.compute?.memory;
  if (memory !== undefined) {
    const bytes = quantityBytes(memory);
    if (bytes === undefined) issues.error(`${path}.compute.memory`, `${quote(memory)} is not a quantity.`, 'Write it as 8Gi.');
    else if (bytes < KUBEVIRT_VM.minMemoryBytes || bytes > KUBEVIRT_VM.maxMemoryBytes) {
      issues.error(`${path}.compute.memory`, `${memory} is outside 512Mi to 6Ti, the memory OpenShift Virtualization supports per VM.`, 'Give between 512Mi and 6Ti (the CLI default is 4Gi).');
    }
  }
  // HCP documentation, KubeVirt storage ("Mapping KubeVirt CSI storage classes to access and volume
  // modes"): without ReadWriteMany the VMs cannot live-migrate, which affects updates of the
  // infrastructure cluster that hosts them. Without access modes the StorageClass decides, unseen here.
  const modes = vm.rootVolume?.persistent?.accessModes ?? [];
  if (modes.length > 0 && !modes.includes('ReadWriteMany')) {
    issues.warn(
      `${path}.rootVolume.persistent.accessModes`,
      `the root volumes are ${modes.join(', ')}, not ReadWriteMany: the VMs cannot live-migrate, so draining an infrastructure node (its updates) cannot move them and stops them instead.`,
      'Use ReadWriteMany on a StorageClass that offers it (Block volume mode performs best).',
    );
  }
  const size = vm.rootVolume?.persistent?.size;
  if (size !== undefined) {
    const bytes = quantityBytes(size);
    if (bytes === undefined) issues.error(`${path}.rootVolume.persistent.size`, `${quote(size)} is not a quantity.`, 'Write it as 32Gi.');
    else if (bytes < MIN_ROOT_VOLUME_BYTES) issues.error(`${path}.rootVolume.persistent.size`, `${size} is below the 16Gi minimum.`, 'Use 16Gi or more (32Gi is the default).');
  }
  const networks = vm.additionalNetworks ?? [];
  if (vm.attachDefaultNetwork === false && networks.length === 0) {
    issues.error(`${path}.attachDefaultNetwork`, 'the VMs would have no network: the default network is off and no additional network is given.', 'Add an additional network or keep the default one.');
  }
  if (networks.length > KUBEVIRT_MAX_ADDITIONAL_NETWORKS) issues.error(`${path}.additionalNetworks`, `${networks.length} networks; at most ${KUBEVIRT_MAX_ADDITIONAL_NETWORKS}.`, `Use at most ${KUBEVIRT_MAX_ADDITIONAL_NETWORKS} additional networks.`);
  networks.forEach((network, index) => {
    const [ns, name, extra] = String(network.name).split('/');
    if (extra !== undefined || !ns || !name || dnsLabelProblem(ns)) {
      issues.error(`${path}.additionalNetworks[${index}].name`, `${quote(network.name)} is not <namespace>/<name>.`, 'Name a NetworkAttachmentDefinition as <namespace>/<name>.');
    }
  });
  const devices = vm.hostDevices ?? [];
  if (devices.length > KUBEVIRT_MAX_HOST_DEVICES) issues.error(`${path}.hostDevices`, `more than ${KUBEVIRT_MAX_HOST_DEVICES} host devices.`, `Use at most ${KUBEVIRT_MAX_HOST_DEVICES}.`);
  devices.forEach((device, index) => {
    if (device.count !== undefined && (!Number.isInteger(device.count) || device.count < 1)) {
      issues.error(`${path}.hostDevices[${index}].count`, `${device.count} is not 1 or more.`, 'Use a whole number, at least 1.');
    }
  });
}

const mapping = (list: readonly StorageClassMapping[] | undefined, kind: 'Storage' | 'VolumeSnapshot') =>
  (list ?? []).map((m) =>
    kind === 'Storage'
      ? { infraStorageClassName: m.infra, guestStorageClassName: m.guest, ...(m.group ? { group: m.group } : {}) }
      : { infraVolumeSnapshotClassName: m.infra, guestVolumeSnapshotClassName: m.guest, ...(m.group ? { group: m.group } : {}) },
  );

/**
 * Documentation 3.3.1.2 "Firewall and port requirements" (5.2.6.1.2 repeats it for disconnected
 * clusters) and 3.3.3, the default ingress through the management cluster's routes.
 */
const KUBEVIRT_PORTS: PlatformPorts = {
  source: 'Hosted control planes documentation, 3.3.1.2 "Firewall and port requirements" (5.2.6.1.2 for disconnected clusters) and 3.3.3 (default ingress)',
  rules: [
    { service: 'APIServer', port: '6443/TCP', flow: 'control-plane components -> the kube-apiserver service (ingress)', source: '3.3.1.2' },
    { service: 'APIServer', port: "the Service's node port", flow: 'expose the node port assigned to the kube-apiserver service', when: 'NodePort', source: '3.3.1.2' },
    { service: 'APIServer', port: '6443/TCP', flow: 'ingress to the IP range of the load balancer addresses', when: 'MetalLB load balancing', toLoadBalancer: true, source: '3.3.1.2' },
    {
      service: 'APIServer',
      port: '6443/TCP',
      flow: "the nodes' Konnectivity agent -> the cluster API server address: from the workload subnets when the address is internal, egress from the nodes to it when it is external",
      source: '3.3.1.2',
    },
    { service: 'Ignition, OAuthServer', port: "the Services' node ports", flow: 'a firewall rule for the ignition-server and the OAuth server', when: 'NodePort', source: '3.3.1.2' },
    { service: 'default ingress (*.apps)', port: '443/TCP', flow: "clients -> the hosted cluster's apps through the management cluster's routes: HTTPS only, plain HTTP on 80 is refused", when: 'Routes (no base domain)', source: '3.3.3' },
  ],
  notes: ['If you change the default port 6443, adjust the rules.', 'Open the ports the workloads in the hosted clusters need.'],
};

export const kubevirtPlatform = definePlatform({
  type: 'KubeVirt',
  block: { key: 'kubevirt', required: false, cluster: checking<KubevirtClusterProps>(kubevirtClusterPropsSchema), pool: checking<KubevirtNodePoolProps>(kubevirtNodePoolPropsSchema) },
  defaults: KUBEVIRT_DEFAULTS,
  defaultMapping: 'Ingress',
  publishingRules: {
    APIServer: ['LoadBalancer', 'NodePort', 'Route'],
    OAuthServer: ['Route', 'NodePort', 'LoadBalancer'],
    Konnectivity: ['Route', 'NodePort', 'LoadBalancer'],
    Ignition: ['Route', 'NodePort', 'LoadBalancer'],
  },
  defaultUpgradeType: 'Replace',
  archs: ['amd64', 's390x'],
  scaleFromZero: false,
  createsMachines: true,
  management: {
    components: ['virtualization', 'metallb'],
    mceComponents: [],
    needsOidcStorage: false,
    minimumMceMinor: 2,
    hostedMinimumMinor: 14,
    nodeZonesByHand: false,
    summary: 'OpenShift Virtualization (HyperConverged) and MetalLB',
    ports: KUBEVIRT_PORTS,
  },
  // The KubeVirt cloud provider mirrors the guest router's LoadBalancer Service onto the
  // infrastructure cluster, unless the cluster uses its wildcard routes (base-domain passthrough).
  ingress: {
    mode: 'infrastructure-load-balancer',
    throughRoutes: (hc) => Boolean(hc.spec.platform.kubevirt?.baseDomainPassthrough),
    // External infrastructure: the VMs, their Services and routes are on the cluster of these credentials.
    onManagementCluster: (hc) => !hc.spec.platform.kubevirt?.credentials,
    choicePath: 'spec.platform.kubevirt',
    howTo: { useRoutes: "platform.kubevirt.ingress: 'Routes', no baseDomain", useLoadBalancer: "a baseDomain (or platform.kubevirt.ingress: 'LoadBalancer')" },
  },
  // HyperShift disaster recovery with OADP 1.5, KubeVirt tab: the VMs are not backed up (they are
  // created again), so their large boot-image volumes are left out; restore on the same management cluster only.
  backup: {
    resources: ['datavolume', 'kubevirtcluster', 'kubevirtmachinetemplate'],
    labelSelector: { matchExpressions: [{ key: 'hypershift.openshift.io/is-kubevirt-rhcos', operator: 'DoesNotExist' }] },
    preserveNodePorts: true,
    crossClusterRestore: false,
  },

  contribute: {
  cluster(props, ctx) {
    const objects: KubernetesObject[] = [];
    let credentials;
    if (props?.infraCluster) {
      const nsProblem = dnsLabelProblem(props.infraCluster.namespace);
      if (nsProblem) {
        ctx.issues.error('platform.kubevirt.infraCluster.namespace', `${quote(props.infraCluster.namespace)} ${nsProblem}.`, 'Name an existing namespace on the infrastructure cluster.');
      }
      const rendered = renderSecret(
        { name: KUBEVIRT_INFRA_CREDENTIALS.secretName(ctx.name), namespace: ctx.namespace, key: KUBEVIRT_INFRA_CREDENTIALS.key, type: 'Opaque' },
        props.infraCluster.kubeconfig,
        { allowInline: ctx.allowInlineSecrets, path: 'platform.kubevirt.infraCluster.kubeconfig', issues: ctx.issues },
      );
      objects.push(...rendered.objects);
      credentials = {
        infraKubeConfigSecret: { name: rendered.refName, key: KUBEVIRT_INFRA_CREDENTIALS.key },
        infraNamespace: props.infraCluster.namespace,
      };
    }
    const manual = (props?.storageClassMapping?.length ?? 0) + (props?.volumeSnapshotClassMapping?.length ?? 0) > 0;
    const driverType = props?.storageDriver ?? (manual ? 'Manual' : undefined);
    if (manual && driverType !== 'Manual') {
      ctx.issues.error('platform.kubevirt.storageDriver', `storage class mappings need the Manual storage driver, not ${driverType}.`, 'Drop storageDriver or set it to Manual.');
    }
    const passthrough = ctx.baseDomain === undefined;
    if (props?.ingress === 'Routes' && !passthrough) {
      ctx.issues.error('platform.kubevirt.ingress', `ingress through the management cluster's wildcard routes serves only its own apps domain, not the base domain ${quote(ctx.baseDomain ?? '')}.`, "Drop baseDomain (the apps domain becomes *.apps.<name>.<management apps domain>), or use ingress: 'LoadBalancer'.");
    }
    if (props?.ingress === 'LoadBalancer' && passthrough) {
      ctx.issues.error('platform.kubevirt.ingress', 'LoadBalancer ingress needs a baseDomain: the wildcard DNS record *.apps.<name>.<baseDomain> points at the load balancer.', "Set baseDomain, or use ingress: 'Routes'.");
    }
    return {
      platform: {
        type: 'KubeVirt',
        kubevirt: {
          ...(passthrough ? { baseDomainPassthrough: true } : {}),
          ...(credentials ? { credentials } : {}),
          ...(driverType
            ? {
                storageDriver: {
                  type: driverType,
                  ...(driverType === 'Manual'
                    ? {
                        manual: {
                          storageClassMapping: mapping(props?.storageClassMapping, 'Storage') as never,
                          ...(props?.volumeSnapshotClassMapping ? { volumeSnapshotClassMapping: mapping(props.volumeSnapshotClassMapping, 'VolumeSnapshot') as never } : {}),
                        },
                      }
                    : {}),
                },
              }
            : {}),
        },
      },
      // With passthrough the operator fills the base domain from the infrastructure's apps domain.
      dns: { baseDomain: ctx.baseDomain ?? '' },
      objects,
    };
  },

  defaultPools(_props, clusterName) {
    return [{ name: clusterName }];
  },

  nodePool(pool, cluster, ctx) {
    const p = pool ?? {};
    const mtu = cluster?.networkMTU;
    const slowNetwork = mtu !== undefined && mtu < KUBEVIRT_MULTIQUEUE_MIN_MTU;
    if (slowNetwork && p.networkInterfaceMultiqueue === 'Enable') {
      ctx.cluster.issues.warn(
        joinPath(ctx.path, 'platform.kubevirt.networkInterfaceMultiqueue'),
        `multiqueue is on, but the VMs' network has an MTU of ${mtu} (platform.kubevirt.networkMTU); the documentation turns it on only from ${KUBEVIRT_MULTIQUEUE_MIN_MTU}.`,
        `Drop networkInterfaceMultiqueue (off by default at this MTU), or raise the network's MTU to ${KUBEVIRT_MULTIQUEUE_MIN_MTU} or more.`,
      );
    }
    const persistent = {
      size: p.rootVolumeSize ?? KUBEVIRT_DEFAULTS.rootVolumeSize,
      ...(p.rootVolumeStorageClass ? { storageClass: p.rootVolumeStorageClass } : {}),
      ...(p.rootVolumeAccessModes ? { accessModes: p.rootVolumeAccessModes } : {}),
      ...(p.rootVolumeMode ? { volumeMode: p.rootVolumeMode } : {}),
    };
    return {
      type: 'KubeVirt',
      kubevirt: {
        compute: { cores: p.cores ?? KUBEVIRT_DEFAULTS.cores, memory: p.memory ?? KUBEVIRT_DEFAULTS.memory, ...(p.qosClass ? { qosClass: p.qosClass } : {}) },
        rootVolume: {
          type: 'Persistent',
          persistent,
          ...(p.cacheStrategy ? { cacheStrategy: { type: p.cacheStrategy } } : {}),
          ...(p.containerDiskImage ? { diskImage: { containerDiskImage: p.containerDiskImage } } : {}),
        },
        networkInterfaceMultiqueue: p.networkInterfaceMultiqueue ?? (slowNetwork ? 'Disable' : KUBEVIRT_DEFAULTS.networkInterfaceMultiqueue),
        attachDefaultNetwork: p.attachDefaultNetwork ?? KUBEVIRT_DEFAULTS.attachDefaultNetwork,
        ...(p.additionalNetworks ? { additionalNetworks: p.additionalNetworks.map((name) => ({ name })) } : {}),
        ...(p.nodeSelector ? { nodeSelector: p.nodeSelector } : {}),
        ...(p.hostDevices ? { hostDevices: p.hostDevices.map((d) => ({ deviceName: d.deviceName, count: d.count ?? KUBEVIRT_DEFAULTS.hostDeviceCount })) } : {}),
      },
    };
  },
},

  validate: {
    nodePool: (np, _hc, issues) => validateNodePool(np, issues),
    paths: {
      nodePool: [
        ['spec.platform.kubevirt.compute.cores', 'platform.kubevirt.cores'],
        ['spec.platform.kubevirt.compute.memory', 'platform.kubevirt.memory'],
        ['spec.platform.kubevirt.compute.qosClass', 'platform.kubevirt.qosClass'],
        ['spec.platform.kubevirt.rootVolume.persistent.size', 'platform.kubevirt.rootVolumeSize'],
        ['spec.platform.kubevirt.rootVolume.persistent.storageClass', 'platform.kubevirt.rootVolumeStorageClass'],
        ['spec.platform.kubevirt.rootVolume.persistent.accessModes', 'platform.kubevirt.rootVolumeAccessModes'],
        ['spec.platform.kubevirt.rootVolume.persistent.volumeMode', 'platform.kubevirt.rootVolumeMode'],
        ['spec.platform.kubevirt.rootVolume.cacheStrategy', 'platform.kubevirt.cacheStrategy', 'whole'],
        ['spec.platform.kubevirt.rootVolume.diskImage', 'platform.kubevirt.containerDiskImage', 'whole'],
      ],
    },
  },
});
