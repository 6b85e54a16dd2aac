/** NodePool props, the CLI's per-platform defaults, and the NodePool object. */
import type { NodePool, NodePoolSpec } from '../api';
import { HYPERSHIFT_API_VERSION } from '../api';
import { v } from './valibot';
import { CLI_DEFAULTS } from './defaults';
import type { ReleaseProps } from './release-props';
import { nonEmpty, releasePropsSchema } from './hosted-cluster';
import { MAX_NAME_LENGTH, MAX_NODEPOOL_CONFIG_REFS, MAX_NODES_PER_CLUSTER, MAX_TAINTS } from './limits';
import { MAX_SUBDOMAIN_LENGTH } from './names';
import { bool, count, describeValue, list, oneOf, passthrough, schemaMessage, strict, stringMap, text } from './schema';
import { DeepPartial, deepMerge } from './merge';
import type { AnyPlatformDefinition, Arch, ClusterContext } from './platform';
import type { NodePoolPropsOf } from './node-pool-props';
import type { PathRule } from './props-paths';
import { nodeConfigNames, nodePoolConfigEntrySchema, nodePoolTuningEntrySchema } from './node-config';

export type { NodePoolAutoScaling, NodePoolPropsOf, NodePoolTaint } from './node-pool-props';

/** Taint effects the NodePool CRD accepts. */
export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;
const ARCHS = ['amd64', 'arm64', 'ppc64le', 's390x'] as const satisfies readonly Arch[];

/** The fields of a NodePool's props, except its platform blocks (which the platform registry supplies). @internal */
export const nodePoolEntries = {
  /** RFC 1123 label. @default the cluster name (AWS: `<cluster>-<zone>` per zone) */
  name: v.optional(text({ max: MAX_NAME_LENGTH, fix: 'Give the NodePool name as a string, e.g. "workers".' })),
  /** Fixed size. Mutually exclusive with autoScaling. @default 0 */
  replicas: v.optional(count(0, MAX_NODES_PER_CLUSTER, 'the tested OpenShift maximum of nodes per cluster')),
  /** Autoscaling bounds; min 0 (scale from zero) only on AWS. @default none */
  autoScaling: v.optional(
    strict({
      /** Fewest nodes. */
      min: count(0, MAX_NODES_PER_CLUSTER, 'the tested OpenShift maximum of nodes per cluster'),
      /** Most nodes. */
      max: count(1, MAX_NODES_PER_CLUSTER, 'the tested OpenShift maximum of nodes per cluster'),
    }),
  ),
  /** @default the HostedCluster's release */
  release: v.optional(releasePropsSchema),
  /** @default 'amd64' */
  arch: v.optional(oneOf(ARCHS)),
  /** @default the platform's: Replace on AWS and KubeVirt, InPlace on Agent and None */
  upgradeType: v.optional(oneOf(['Replace', 'InPlace'])),
  /** Rolling strategy for Replace pools. @default the CRD's (maxSurge 1, maxUnavailable 0) */
  replace: v.optional(passthrough<NodePoolSpec['management']['replace']>()),
  /** Rolling strategy for InPlace pools. @default the CRD's */
  inPlace: v.optional(passthrough<NodePoolSpec['management']['inPlace']>()),
  /** Replace unhealthy machines (MachineHealthCheck). @default false */
  autoRepair: v.optional(bool()),
  /** Go duration, e.g. '30m'. @default '0s' (wait forever) */
  nodeDrainTimeout: v.optional(text({ max: 64 })),
  /** @default '0s' */
  nodeVolumeDetachTimeout: v.optional(text({ max: 64 })),
  /** Labels put on the nodes at creation. @default none */
  nodeLabels: v.optional(stringMap()),
  /** Taints put on the nodes at creation. @default none */
  taints: v.optional(
    list(
      strict({
        /** Qualified name, e.g. `example.com/dedicated`. */
        key: text({ max: MAX_SUBDOMAIN_LENGTH + 1 + MAX_NAME_LENGTH }),
        /** @default empty */
        value: v.optional(text({ max: MAX_NAME_LENGTH })),
        /** What the taint does to pods that do not tolerate it. */
        effect: oneOf(TAINT_EFFECTS),
      }),
      { max: MAX_TAINTS, limit: 'the NodePool CRD\'s maximum' },
    ),
  ),
  /** MachineConfig, KubeletConfig, ContainerRuntimeConfig and ImageDigestMirrorSet objects, or existing ConfigMaps (key `config`). @default none */
  config: v.optional(list(nodePoolConfigEntrySchema, { max: MAX_NODEPOOL_CONFIG_REFS, limit: 'the NodePool CRD\'s maximum' })),
  /** Tuned and PerformanceProfile objects, or existing ConfigMaps (key `tuning`). @default none */
  tuningConfig: v.optional(list(nodePoolTuningEntrySchema, { max: MAX_NODEPOOL_CONFIG_REFS, limit: 'the NodePool CRD\'s maximum' })),
  /** Pause reconciliation: true, or until an RFC 3339 time. @default not paused */
  pausedUntil: v.optional(
    v.union([bool(), text({ max: 64 })], (issue) =>
      schemaMessage(`${describeValue(issue.input)} is neither true/false nor an RFC 3339 time.`, 'Give true, or a time such as "2026-12-01T00:00:00Z".'),
    ),
  ),
  /** Labels on the NodePool object. @default none */
  labels: v.optional(stringMap()),
  /** Annotations on the NodePool object. @default none */
  annotations: v.optional(stringMap()),
  /** Any other spec field, merged last; the merged NodePool is validated. @default none */
  specOverrides: v.optional(passthrough<DeepPartial<NodePoolSpec>>()),
};

/** Which prop of a NodePool's each field of the NodePool comes from, for findings (see props-paths.ts and HOSTED_CLUSTER_PATHS). */
export const NODE_POOL_PATHS: readonly PathRule[] = [
  ['metadata.name', 'name'],
  ['metadata.labels', 'labels'],
  ['metadata.annotations', 'annotations'],
  ['spec.replicas', 'replicas', 'default'],
  ['spec.autoScaling', 'autoScaling'],
  ['spec.release.image', 'release.image'],
  ['spec.release.version', 'release.version'],
  ['spec.arch', 'arch', 'default'],
  ['spec.management.upgradeType', 'upgradeType', 'default'],
  ['spec.management.replace', 'replace'],
  ['spec.management.inPlace', 'inPlace'],
  ['spec.management.autoRepair', 'autoRepair', 'default'],
  ['spec.nodeDrainTimeout', 'nodeDrainTimeout', 'default'],
  ['spec.nodeVolumeDetachTimeout', 'nodeVolumeDetachTimeout', 'default'],
  ['spec.nodeLabels', 'nodeLabels'],
  ['spec.taints', 'taints'],
  ['spec.config', 'config'],
  ['spec.tuningConfig', 'tuningConfig'],
  ['spec.pausedUntil', 'pausedUntil'],
  ['spec.platform', 'platform'],
];

/** Builds one NodePool of a cluster. */
export function buildNodePool(
  props: NodePoolPropsOf,
  name: string,
  clusterProps: unknown,
  clusterRelease: ReleaseProps,
  platform: AnyPlatformDefinition,
  cluster: ClusterContext,
  path: string,
): NodePool {
  const arch = props.arch ?? CLI_DEFAULTS.arch;
  const platformBlock = platform.blockKey ? (props.platform as Record<string, unknown> | undefined)?.[platform.blockKey] : undefined;
  const upgradeType = props.upgradeType ?? platform.defaultUpgradeType;
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
    platform: platform.contribute.nodePool(platformBlock, clusterProps, { cluster, arch, path }),
    nodeDrainTimeout: props.nodeDrainTimeout ?? CLI_DEFAULTS.nodeDrainTimeout,
    nodeVolumeDetachTimeout: props.nodeVolumeDetachTimeout ?? CLI_DEFAULTS.nodeVolumeDetachTimeout,
    ...(props.nodeLabels ? { nodeLabels: props.nodeLabels } : {}),
    ...(props.taints ? { taints: props.taints } : {}),
    ...(props.config ? { config: nodeConfigNames(cluster.name, 'config', props.config).map((n) => ({ name: n })) } : {}),
    ...(props.tuningConfig ? { tuningConfig: nodeConfigNames(cluster.name, 'tuningConfig', props.tuningConfig).map((n) => ({ name: n })) } : {}),
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
