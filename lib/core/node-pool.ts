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
import type { AnyPlatformDefinition, ClusterContext } from './platform';
import type { NodePoolPropsOf } from './node-pool-props';
import { ARCHS, TAINT_EFFECTS, UPGRADE_TYPES } from './node-pool-props';
import type { PathRule } from './props-paths';
import { nodeConfigNames, nodePoolConfigEntrySchema, nodePoolTuningEntrySchema } from './node-config';

export type { NodePoolAutoScaling, NodePoolPropsOf, NodePoolTaint } from './node-pool-props';

export { TAINT_EFFECTS } from './node-pool-props';

/** The fields of a NodePool's props, except its platform blocks (which the platform registry supplies). @internal */
export const nodePoolEntries = {
  name: v.optional(text({ max: MAX_NAME_LENGTH, fix: 'Give the NodePool name as a string, e.g. "workers".' })),
  replicas: v.optional(count(0, MAX_NODES_PER_CLUSTER, 'the tested OpenShift maximum of nodes per cluster')),
  autoScaling: v.optional(
    strict({
      min: count(0, MAX_NODES_PER_CLUSTER, 'the tested OpenShift maximum of nodes per cluster'),
      max: count(1, MAX_NODES_PER_CLUSTER, 'the tested OpenShift maximum of nodes per cluster'),
    }),
  ),
  release: v.optional(releasePropsSchema),
  arch: v.optional(oneOf(ARCHS)),
  upgradeType: v.optional(oneOf(UPGRADE_TYPES)),
  replace: v.optional(passthrough<NodePoolSpec['management']['replace']>()),
  inPlace: v.optional(passthrough<NodePoolSpec['management']['inPlace']>()),
  autoRepair: v.optional(bool()),
  nodeDrainTimeout: v.optional(text({ max: 64 })),
  nodeVolumeDetachTimeout: v.optional(text({ max: 64 })),
  nodeLabels: v.optional(stringMap()),
  taints: v.optional(
    list(
      strict({
        key: text({ max: MAX_SUBDOMAIN_LENGTH + 1 + MAX_NAME_LENGTH }),
        value: v.optional(text({ max: MAX_NAME_LENGTH })),
        effect: oneOf(TAINT_EFFECTS),
      }),
      { max: MAX_TAINTS, limit: 'the NodePool CRD\'s maximum' },
    ),
  ),
  config: v.optional(list(nodePoolConfigEntrySchema, { max: MAX_NODEPOOL_CONFIG_REFS, limit: 'the NodePool CRD\'s maximum' })),
  tuningConfig: v.optional(list(nodePoolTuningEntrySchema, { max: MAX_NODEPOOL_CONFIG_REFS, limit: 'the NodePool CRD\'s maximum' })),
  pausedUntil: v.optional(
    v.union([bool(), text({ max: 64 })], (issue) =>
      schemaMessage(`${describeValue(issue.input)} is neither true/false nor an RFC 3339 time.`, 'Give true, or a time such as "2026-12-01T00:00:00Z".'),
    ),
  ),
  labels: v.optional(stringMap()),
  annotations: v.optional(stringMap()),
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
  // A platform without amd64 machines (PowerVS: ppc64le) defaults to its own, as the CLI sets it.
  const arch = props.arch ?? (platform.archs.includes(CLI_DEFAULTS.arch) ? CLI_DEFAULTS.arch : platform.archs[0]);
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
