/** A NodePool's props, as users write them (kept equal to the NodePool props schema by test/types/props-match-schemas.ts). */
import type { NodePoolSpec } from '../api';
import type { DeepPartial } from './merge';
import type { ReleaseProps } from './release-props';
import type { NodePoolConfigEntry, NodePoolTuningEntry } from './node-config-props';

/** CPU architectures of NodePool nodes (the NodePool CRD's). */
export const ARCHS = ['amd64', 'arm64', 'ppc64le', 's390x'] as const satisfies readonly NonNullable<NodePoolSpec['arch']>[];

/** How a NodePool's nodes are upgraded (the NodePool CRD's). */
export const UPGRADE_TYPES = ['Replace', 'InPlace'] as const satisfies readonly NodePoolSpec['management']['upgradeType'][];

/** Taint effects the NodePool CRD accepts. */
export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

/** A NodePool's props with the platform blocks `PoolPlatform` (`aws`, `kubevirt`, `agent`). */
export interface NodePoolPropsOf<PoolPlatform extends object = object> {
  /** RFC 1123 label. @default the cluster name (AWS: `<cluster>-<zone>` per zone) */
  readonly name?: string;
  /** Fixed size. Mutually exclusive with autoScaling. @default 0 */
  readonly replicas?: number;
  /** Autoscaling bounds; min 0 (scale from zero) only on AWS. @default none */
  readonly autoScaling?: NodePoolAutoScaling;
  /** The pool's OpenShift release. @default the HostedCluster's release */
  readonly release?: ReleaseProps;
  /** CPU architecture of the nodes. @default 'amd64' */
  readonly arch?: (typeof ARCHS)[number];
  /** How nodes are upgraded. @default the platform's: Replace on AWS and KubeVirt, InPlace on Agent and None */
  readonly upgradeType?: (typeof UPGRADE_TYPES)[number];
  /** Rolling strategy for Replace pools. @default the CRD's (maxSurge 1, maxUnavailable 0) */
  readonly replace?: NodePoolSpec['management']['replace'];
  /** Rolling strategy for InPlace pools. @default the CRD's */
  readonly inPlace?: NodePoolSpec['management']['inPlace'];
  /** Replace unhealthy machines (MachineHealthCheck). @default false */
  readonly autoRepair?: boolean;
  /** Go duration, e.g. '30m'. @default '0s' (wait forever) */
  readonly nodeDrainTimeout?: string;
  /** How long to wait for volumes to detach before deleting a node (Go duration). @default '0s' */
  readonly nodeVolumeDetachTimeout?: string;
  /** Labels put on the nodes at creation. @default none */
  readonly nodeLabels?: Readonly<Record<string, string>>;
  /** Taints put on the nodes at creation. @default none */
  readonly taints?: readonly NodePoolTaint[];
  /**
   * Node configuration (`spec.config`): MachineConfig, KubeletConfig, ContainerRuntimeConfig and
   * ImageDigestMirrorSet objects, each serialized into a ConfigMap (key `config`) in the cluster's
   * namespace, or existing ConfigMaps. Changing it rolls the NodePool's nodes. @default none
   */
  readonly config?: readonly NodePoolConfigEntry[];
  /** Node tuning (`spec.tuningConfig`): Tuned and PerformanceProfile objects (ConfigMap key `tuning`), or existing ConfigMaps. @default none */
  readonly tuningConfig?: readonly NodePoolTuningEntry[];
  /** Pause reconciliation: true, or until an RFC 3339 time. @default not paused */
  readonly pausedUntil?: boolean | string;
  /** Labels on the NodePool object. @default none */
  readonly labels?: Readonly<Record<string, string>>;
  /** Annotations on the NodePool object. @default none */
  readonly annotations?: Readonly<Record<string, string>>;
  /** Any other spec field, merged last; the merged NodePool is validated. @default none */
  readonly specOverrides?: DeepPartial<NodePoolSpec>;
  /** Platform blocks; only the cluster's platform may be set. @default the platform's defaults */
  readonly platform?: PoolPlatform;
}

/** Autoscaling bounds of a NodePool. */
export interface NodePoolAutoScaling {
  /** Fewest nodes. */
  readonly min: number;
  /** Most nodes. */
  readonly max: number;
}

/** A taint put on a NodePool's nodes. */
export interface NodePoolTaint {
  /** Qualified name, e.g. `example.com/dedicated`. */
  readonly key: string;
  /** The taint's value. @default empty */
  readonly value?: string;
  /** What the taint does to pods that do not tolerate it. */
  readonly effect: (typeof TAINT_EFFECTS)[number];
}
