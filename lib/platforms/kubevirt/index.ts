/** OpenShift Virtualization (KubeVirt): the CLI's defaults (`hcp create cluster kubevirt`). */
import type { KubernetesObject, NodePoolSpec } from '../../api';
import type { ClusterContext, IssueCollector, PlatformStrategy, SecretSource } from '../../core';
import { dnsLabelProblem, renderSecret, secretKeys, secretNames } from '../../core';

export interface StorageClassMapping {
  /** StorageClass on the infrastructure cluster. */
  readonly infra: string;
  /** StorageClass name inside the hosted cluster. */
  readonly guest: string;
  readonly group?: string;
}

export interface KubevirtClusterProps {
  /** Run the VMs on another (external) infrastructure cluster. @default the management cluster */
  readonly infraCluster?: {
    /** Kubeconfig of the infrastructure cluster (key `kubeconfig`). */
    readonly kubeconfig: SecretSource;
    /** Existing namespace on the infrastructure cluster for the VMs. */
    readonly namespace: string;
  };
  /** Map infrastructure StorageClasses into the guest (storage driver Manual). @default Default driver */
  readonly storageClassMapping?: readonly StorageClassMapping[];
  /** Map VolumeSnapshotClasses into the guest (storage driver Manual). */
  readonly volumeSnapshotClassMapping?: readonly StorageClassMapping[];
  /** 'None' turns the guest's KubeVirt CSI off. @default 'Default', or 'Manual' with mappings */
  readonly storageDriver?: 'None' | 'Default' | 'Manual';
}

type KubevirtPool = NonNullable<NodePoolSpec['platform']['kubevirt']>;

export interface KubevirtNodePoolProps {
  /** @default 2 */
  readonly cores?: number;
  /** @default '4Gi' (the CLI's; the CRD's is 8Gi) */
  readonly memory?: string;
  /** @default 'Burstable' */
  readonly qosClass?: 'Burstable' | 'Guaranteed';
  /** Root disk size. @default '32Gi' */
  readonly rootVolumeSize?: string;
  /** StorageClass of the root disk on the infrastructure cluster. @default its default class */
  readonly rootVolumeStorageClass?: string;
  readonly rootVolumeAccessModes?: NonNullable<KubevirtPool['rootVolume']['persistent']>['accessModes'];
  readonly rootVolumeMode?: 'Filesystem' | 'Block';
  /** Cache the boot image in a PVC. @default 'None' */
  readonly cacheStrategy?: 'None' | 'PVC';
  /** Boot from this container disk instead of the release's RHCOS. */
  readonly containerDiskImage?: string;
  /** Needs an MTU of 9000 or more on the infrastructure network to help. @default 'Enable' */
  readonly networkInterfaceMultiqueue?: 'Enable' | 'Disable';
  /** @default true */
  readonly attachDefaultNetwork?: boolean;
  /** Multus networks as `<namespace>/<NetworkAttachmentDefinition>`. */
  readonly additionalNetworks?: readonly string[];
  /** Node selector for the VMs on the infrastructure cluster. */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /** PCI passthrough devices (GPUs...). */
  readonly hostDevices?: ReadonlyArray<{ readonly deviceName: string; readonly count?: number }>;
}

const QUANTITY = /^([0-9]+(\.[0-9]+)?)(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/;
const UNITS: Record<string, number> = { '': 1, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

/** Bytes in a Kubernetes quantity such as `32Gi`, or undefined when it does not parse. */
export function quantityBytes(quantity: string): number | undefined {
  const match = QUANTITY.exec(quantity);
  return match ? Number(match[1]) * UNITS[match[3] ?? ''] : undefined;
}

function validatePool(pool: KubevirtNodePoolProps, path: string, issues: IssueCollector): void {
  if (pool.cores !== undefined && (!Number.isInteger(pool.cores) || pool.cores < 1)) {
    issues.error(`${path}.cores`, `${pool.cores} is not 1 or more.`, 'Give a whole number of cores, at least 1.');
  }
  if (pool.memory !== undefined && quantityBytes(pool.memory) === undefined) {
    issues.error(`${path}.memory`, `"${pool.memory}" is not a quantity.`, 'Write it as 8Gi.');
  }
  if (pool.rootVolumeSize !== undefined) {
    const bytes = quantityBytes(pool.rootVolumeSize);
    if (bytes === undefined) issues.error(`${path}.rootVolumeSize`, `"${pool.rootVolumeSize}" is not a quantity.`, 'Write it as 32Gi.');
    else if (bytes < 16 * 2 ** 30) issues.error(`${path}.rootVolumeSize`, `${pool.rootVolumeSize} is below the 16Gi minimum.`, 'Use 16Gi or more (32Gi is the default).');
  }
  const networks = pool.additionalNetworks ?? [];
  if (pool.attachDefaultNetwork === false && networks.length === 0) {
    issues.error(`${path}.attachDefaultNetwork`, 'the VMs would have no network: the default network is off and no additional network is given.', 'Add an additional network or keep the default one.');
  }
  if (networks.length > 20) issues.error(`${path}.additionalNetworks`, `${networks.length} networks; at most 20.`, 'Use at most 20 additional networks.');
  networks.forEach((network, index) => {
    const [ns, name, extra] = network.split('/');
    if (extra !== undefined || !ns || !name || dnsLabelProblem(ns)) {
      issues.error(`${path}.additionalNetworks[${index}]`, `"${network}" is not <namespace>/<name>.`, 'Name a NetworkAttachmentDefinition as <namespace>/<name>.');
    }
  });
  if ((pool.hostDevices ?? []).length > 10) issues.error(`${path}.hostDevices`, 'more than 10 host devices.', 'Use at most 10.');
  (pool.hostDevices ?? []).forEach((device, index) => {
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

export const kubevirtPlatform: PlatformStrategy<KubevirtClusterProps, KubevirtNodePoolProps> = {
  type: 'KubeVirt',
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
  blockKey: 'kubevirt',
  blockRequired: false,

  cluster(props: KubevirtClusterProps | undefined, ctx: ClusterContext) {
    const objects: KubernetesObject[] = [];
    let credentials;
    if (props?.infraCluster) {
      const nsProblem = dnsLabelProblem(props.infraCluster.namespace);
      if (nsProblem) {
        ctx.issues.error('platform.kubevirt.infraCluster.namespace', `"${props.infraCluster.namespace}" ${nsProblem}.`, 'Name an existing namespace on the infrastructure cluster.');
      }
      const rendered = renderSecret(
        { name: secretNames.kubevirtInfraCredentials(ctx.name), namespace: ctx.namespace, key: secretKeys.kubevirtInfraKubeconfig, type: 'Opaque' },
        props.infraCluster.kubeconfig,
        { allowInline: ctx.allowInlineSecrets, path: 'platform.kubevirt.infraCluster.kubeconfig', issues: ctx.issues },
      );
      objects.push(...rendered.objects);
      credentials = {
        infraKubeConfigSecret: { name: rendered.refName, key: secretKeys.kubevirtInfraKubeconfig },
        infraNamespace: props.infraCluster.namespace,
      };
    }
    const manual = (props?.storageClassMapping?.length ?? 0) + (props?.volumeSnapshotClassMapping?.length ?? 0) > 0;
    const driverType = props?.storageDriver ?? (manual ? 'Manual' : undefined);
    if (manual && driverType !== 'Manual') {
      ctx.issues.error('platform.kubevirt.storageDriver', `storage class mappings need the Manual storage driver, not ${driverType}.`, 'Drop storageDriver or set it to Manual.');
    }
    const passthrough = ctx.baseDomain === undefined;
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

  defaultPools(_props: KubevirtClusterProps | undefined, clusterName: string) {
    return [{ name: clusterName }];
  },

  nodePool(pool: KubevirtNodePoolProps | undefined, _cluster: KubevirtClusterProps | undefined, ctx) {
    const p = pool ?? {};
    validatePool(p, `${ctx.path}.platform.kubevirt`, ctx.cluster.issues);
    const persistent = {
      size: p.rootVolumeSize ?? '32Gi',
      ...(p.rootVolumeStorageClass ? { storageClass: p.rootVolumeStorageClass } : {}),
      ...(p.rootVolumeAccessModes ? { accessModes: p.rootVolumeAccessModes } : {}),
      ...(p.rootVolumeMode ? { volumeMode: p.rootVolumeMode } : {}),
    };
    return {
      type: 'KubeVirt',
      kubevirt: {
        compute: { cores: p.cores ?? 2, memory: p.memory ?? '4Gi', ...(p.qosClass ? { qosClass: p.qosClass } : {}) },
        rootVolume: {
          type: 'Persistent',
          persistent,
          ...(p.cacheStrategy ? { cacheStrategy: { type: p.cacheStrategy } } : {}),
          ...(p.containerDiskImage ? { diskImage: { containerDiskImage: p.containerDiskImage } } : {}),
        },
        networkInterfaceMultiqueue: p.networkInterfaceMultiqueue ?? 'Enable',
        attachDefaultNetwork: p.attachDefaultNetwork ?? true,
        ...(p.additionalNetworks ? { additionalNetworks: p.additionalNetworks.map((name) => ({ name })) } : {}),
        ...(p.nodeSelector ? { nodeSelector: p.nodeSelector } : {}),
        ...(p.hostDevices ? { hostDevices: p.hostDevices.map((d) => ({ deviceName: d.deviceName, count: d.count ?? 1 })) } : {}),
      },
    };
  },
};
