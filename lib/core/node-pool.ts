/** NodePool props, the CLI's per-platform defaults, and the NodePool object. */
import type { NodePool, NodePoolSpec } from '../api';
import { HYPERSHIFT_API_VERSION } from '../api';
import { CLI_DEFAULTS } from './defaults';
import type { ReleaseProps } from './hosted-cluster';
import { nonEmpty } from './hosted-cluster';
import { DeepPartial, deepMerge } from './merge';
import type { AnyPlatformStrategy, Arch, ClusterContext, UpgradeType } from './platform';

export interface NodePoolProps<PoolPlatform extends object = object> {
  /** RFC 1123 label. @default the cluster name (AWS: `<cluster>-<zone>` per zone) */
  readonly name?: string;
  /** Fixed size. Mutually exclusive with autoScaling. @default 0 */
  readonly replicas?: number;
  /** Autoscaling bounds; min 0 (scale from zero) only on AWS. @default none */
  readonly autoScaling?: { readonly min: number; readonly max: number };
  /** @default the HostedCluster's release */
  readonly release?: ReleaseProps;
  /** @default 'amd64' */
  readonly arch?: Arch;
  /** @default the platform's: Replace on AWS and KubeVirt, InPlace on Agent and None */
  readonly upgradeType?: UpgradeType;
  /** Rolling strategy for Replace pools. @default the CRD's (maxSurge 1, maxUnavailable 0) */
  readonly replace?: NodePoolSpec['management']['replace'];
  /** Rolling strategy for InPlace pools. */
  readonly inPlace?: NodePoolSpec['management']['inPlace'];
  /** Replace unhealthy machines (MachineHealthCheck). @default false */
  readonly autoRepair?: boolean;
  /** Go duration, e.g. '30m'. @default '0s' (wait forever) */
  readonly nodeDrainTimeout?: string;
  /** @default '0s' */
  readonly nodeVolumeDetachTimeout?: string;
  /** Labels put on the nodes at creation. */
  readonly nodeLabels?: Readonly<Record<string, string>>;
  /** Taints put on the nodes at creation. */
  readonly taints?: NodePoolSpec['taints'];
  /** ConfigMaps (key `config`) with MachineConfig, KubeletConfig, ContainerRuntimeConfig... */
  readonly config?: readonly string[];
  /** ConfigMaps (key `tuning`) with Tuned or PerformanceProfile objects. */
  readonly tuningConfig?: readonly string[];
  /** Pause reconciliation: true, or until an RFC 3339 time. */
  readonly pausedUntil?: boolean | string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly annotations?: Readonly<Record<string, string>>;
  /** Platform blocks (`aws`, `kubevirt`, `agent`); only the cluster's platform may be set. */
  readonly platform?: PoolPlatform;
  /** Any other spec field, merged last. */
  readonly specOverrides?: DeepPartial<NodePoolSpec>;
}

/** Builds one NodePool of a cluster. */
export function buildNodePool(
  props: NodePoolProps,
  name: string,
  clusterProps: unknown,
  clusterRelease: ReleaseProps,
  strategy: AnyPlatformStrategy,
  cluster: ClusterContext,
  path: string,
): NodePool {
  const arch = props.arch ?? CLI_DEFAULTS.arch;
  const platformBlock = strategy.blockKey ? (props.platform as Record<string, unknown> | undefined)?.[strategy.blockKey] : undefined;
  const upgradeType = props.upgradeType ?? strategy.defaultUpgradeType;
  const spec: NodePoolSpec = {
    clusterName: cluster.name,
    // Both are kept when both are given, so validation reports the conflict instead of hiding it.
    ...(props.autoScaling ? { autoScaling: props.autoScaling } : {}),
    ...(props.replicas !== undefined || !props.autoScaling ? { replicas: props.replicas ?? CLI_DEFAULTS.nodePoolReplicas } : {}),
    release: { image: (props.release ?? clusterRelease).image },
    arch,
    management: {
      upgradeType,
      autoRepair: props.autoRepair ?? CLI_DEFAULTS.autoRepair,
      ...(props.replace ? { replace: props.replace } : {}),
      ...(props.inPlace ? { inPlace: props.inPlace } : {}),
    },
    platform: strategy.nodePool(platformBlock, clusterProps, { cluster, arch, path }),
    nodeDrainTimeout: props.nodeDrainTimeout ?? CLI_DEFAULTS.nodeDrainTimeout,
    nodeVolumeDetachTimeout: props.nodeVolumeDetachTimeout ?? CLI_DEFAULTS.nodeVolumeDetachTimeout,
    ...(props.nodeLabels ? { nodeLabels: props.nodeLabels } : {}),
    ...(props.taints ? { taints: props.taints } : {}),
    ...(props.config ? { config: props.config.map((n) => ({ name: n })) } : {}),
    ...(props.tuningConfig ? { tuningConfig: props.tuningConfig.map((n) => ({ name: n })) } : {}),
    ...(props.pausedUntil !== undefined && props.pausedUntil !== false ? { pausedUntil: String(props.pausedUntil) } : {}),
  };
  return {
    apiVersion: HYPERSHIFT_API_VERSION,
    kind: 'NodePool',
    metadata: {
      name,
      namespace: cluster.namespace,
      ...nonEmpty('labels', { ...props.labels }),
      ...nonEmpty('annotations', { ...props.annotations }),
    },
    spec: deepMerge<NodePoolSpec>(spec, props.specOverrides),
  };
}
