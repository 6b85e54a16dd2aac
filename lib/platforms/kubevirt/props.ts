/** KubeVirt props, as users write them (kept equal to the KubeVirt props schemas by test/types/props-match-schemas.ts). */
import type { SecretSource } from '../../core/secret-source';

/** An infrastructure StorageClass (or VolumeSnapshotClass) offered inside the guest under another name. */
export interface StorageClassMapping {
  /** StorageClass on the infrastructure cluster. */
  readonly infra: string;
  /** StorageClass name inside the hosted cluster. */
  readonly guest: string;
  /** Group of mappings that share a storage backend. @default none */
  readonly group?: string;
}

/** The guest's KubeVirt CSI driver settings (`KubevirtClusterProps.storageDriver`). */
export const KUBEVIRT_STORAGE_DRIVERS = ['None', 'Default', 'Manual'] as const;

/** How the guest's apps are reached (`KubevirtClusterProps.ingress`). */
export const KUBEVIRT_INGRESS_MODES = ['Routes', 'LoadBalancer'] as const;

/** The cluster's KubeVirt settings. */
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
  /** Map VolumeSnapshotClasses into the guest (storage driver Manual). @default none */
  readonly volumeSnapshotClassMapping?: readonly StorageClassMapping[];
  /** The guest's KubeVirt CSI driver; 'None' turns it off. @default 'Default', or 'Manual' with mappings */
  readonly storageDriver?: (typeof KUBEVIRT_STORAGE_DRIVERS)[number];
  /**
   * How the guest's apps are reached. 'Routes': through the management cluster's wildcard routes
   * (base-domain passthrough; HTTPS only; no baseDomain). 'LoadBalancer': under the cluster's own
   * baseDomain, through a LoadBalancer Service in front of the guest's router that the management
   * cluster's MetalLB serves (add it with HostedClusterIngress).
   * @default 'Routes' without baseDomain, 'LoadBalancer' with one
   */
  readonly ingress?: (typeof KUBEVIRT_INGRESS_MODES)[number];
  /**
   * MTU of the network the VMs run on, on the cluster that hosts them (the management cluster, or
   * `infraCluster`). Below 9000, NodePools get multiqueue off by default and a warning where it is
   * turned on. @default not known: multiqueue on, unchecked
   */
  readonly networkMTU?: number;
}

/** The VMs' QoS classes. */
export const KUBEVIRT_QOS_CLASSES = ['Burstable', 'Guaranteed'] as const;

/** Persistent volume access modes. */
export const VOLUME_ACCESS_MODES = ['ReadWriteOnce', 'ReadWriteMany', 'ReadOnly', 'ReadWriteOncePod'] as const;

/** Persistent volume modes. */
export const VOLUME_MODES = ['Filesystem', 'Block'] as const;

/** How the boot image is cached (`KubevirtNodePoolProps.cacheStrategy`). */
export const KUBEVIRT_CACHE_STRATEGIES = ['None', 'PVC'] as const;

/** The VMs' network interface multiqueue setting. */
export const MULTIQUEUE_SETTINGS = ['Enable', 'Disable'] as const;

/** A NodePool's KubeVirt settings: its VMs. */
export interface KubevirtNodePoolProps {
  /** vCPUs per VM. @default 2 */
  readonly cores?: number;
  /** Memory per VM. @default '4Gi' (the CLI's; the CRD's is 8Gi) */
  readonly memory?: string;
  /** QoS class of the VMs' pods. @default 'Burstable' */
  readonly qosClass?: (typeof KUBEVIRT_QOS_CLASSES)[number];
  /** Root disk size. @default '32Gi' */
  readonly rootVolumeSize?: string;
  /** StorageClass of the root disk on the infrastructure cluster. @default its default class */
  readonly rootVolumeStorageClass?: string;
  /** Access modes of the root disk; ReadWriteMany lets the VMs live-migrate (a warning without it). @default the StorageClass's */
  readonly rootVolumeAccessModes?: ReadonlyArray<(typeof VOLUME_ACCESS_MODES)[number]>;
  /** Volume mode of the root disk. @default the StorageClass's */
  readonly rootVolumeMode?: (typeof VOLUME_MODES)[number];
  /** Cache the boot image in a PVC. @default 'None' */
  readonly cacheStrategy?: (typeof KUBEVIRT_CACHE_STRATEGIES)[number];
  /** Boot from this container disk instead of the release's RHCOS. @default the release's */
  readonly containerDiskImage?: string;
  /** Multiqueue on the VMs' network interfaces; only for an infrastructure network MTU of 9000 or more. @default 'Enable', or 'Disable' when the cluster's networkMTU is below 9000 */
  readonly networkInterfaceMultiqueue?: (typeof MULTIQUEUE_SETTINGS)[number];
  /** Attach the VMs to the pod network. @default true */
  readonly attachDefaultNetwork?: boolean;
  /** Multus networks as `<namespace>/<NetworkAttachmentDefinition>`. @default none */
  readonly additionalNetworks?: readonly string[];
  /** Node selector for the VMs on the infrastructure cluster. @default none */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /** PCI passthrough devices (GPUs...). @default none */
  readonly hostDevices?: ReadonlyArray<{
    /** Device name as the infrastructure cluster's KubeVirt permits it. */
    readonly deviceName: string;
    /** How many of the device each VM gets. @default 1 */
    readonly count?: number;
  }>;
}

/** The props' `platform` of a KubeVirt cluster. */
export interface KubevirtPlatformProps {
  readonly type: 'KubeVirt';
  /** The cluster's KubeVirt settings. @default the CLI's (VMs on the management cluster, Default storage driver) */
  readonly kubevirt?: KubevirtClusterProps;
}
