/**
 * Node configuration kinds: what NodePool `spec.config` (MachineConfig, KubeletConfig,
 * ContainerRuntimeConfig, ImageDigestMirrorSet) and `spec.tuningConfig` (Tuned,
 * PerformanceProfile) carry, serialized inside ConfigMaps; their CRDs (scripts/gen-api/targets.ts)
 * check the payloads. The mirror sets (ImageDigestMirrorSet, ImageTagMirrorSet) are also applied
 * directly to a disconnected management cluster, with the same types; the management cluster's
 * KubeletConfig too.
 */
import type { SpecResource } from '../k8s';
import type { ContainerRuntimeConfigSpec } from './container-runtime-config.generated';
import type { ImageDigestMirrorSetSpec } from './image-digest-mirror-set.generated';
import type { ImageTagMirrorSetSpec } from './image-tag-mirror-set.generated';
import type { KubeletConfigSpec } from './kubelet-config.generated';
import type { MachineConfigSpec } from './machine-config.generated';
import type { PerformanceProfileSpec } from './performance-profile.generated';
import type { TunedSpec } from './tuned.generated';

export * from './container-runtime-config.generated';
export * from './image-digest-mirror-set.generated';
export * from './image-tag-mirror-set.generated';
export * from './kubelet-config.generated';
export * from './machine-config.generated';
export * from './performance-profile.generated';
export * from './tuned.generated';

/**
 * The API version of each kind, as HyperShift decodes them: PerformanceProfile only as v2 (its
 * storage version; the NodePool controller's scheme knows no other).
 */
export const NODE_CONFIG_API_VERSIONS = {
  MachineConfig: 'machineconfiguration.openshift.io/v1',
  KubeletConfig: 'machineconfiguration.openshift.io/v1',
  ContainerRuntimeConfig: 'machineconfiguration.openshift.io/v1',
  ImageDigestMirrorSet: 'config.openshift.io/v1',
  ImageTagMirrorSet: 'config.openshift.io/v1',
  Tuned: 'tuned.openshift.io/v1',
  PerformanceProfile: 'performance.openshift.io/v2',
} as const;

type Payload<K extends keyof typeof NODE_CONFIG_API_VERSIONS, S> = SpecResource<(typeof NODE_CONFIG_API_VERSIONS)[K], K, S>;

/** `machineconfiguration.openshift.io/v1` MachineConfig: files, units and kernel arguments for the nodes. A NodePool payload. */
export type MachineConfig = Payload<'MachineConfig', MachineConfigSpec>;
/** `machineconfiguration.openshift.io/v1` KubeletConfig: the nodes' kubelet settings. A NodePool payload. */
export type KubeletConfig = Payload<'KubeletConfig', KubeletConfigSpec>;
/** `machineconfiguration.openshift.io/v1` ContainerRuntimeConfig: CRI-O settings of the nodes. A NodePool payload. */
export type ContainerRuntimeConfig = Payload<'ContainerRuntimeConfig', ContainerRuntimeConfigSpec>;
/** `config.openshift.io/v1` ImageDigestMirrorSet (cluster-scoped): pull by digest from mirrors. A NodePool payload, or applied to the management cluster. */
export type ImageDigestMirrorSet = Payload<'ImageDigestMirrorSet', ImageDigestMirrorSetSpec>;
/** `config.openshift.io/v1` ImageTagMirrorSet (cluster-scoped): pull by tag from mirrors. Applied to the management cluster. */
export type ImageTagMirrorSet = Payload<'ImageTagMirrorSet', ImageTagMirrorSetSpec>;
/** `tuned.openshift.io/v1` Tuned: a Node Tuning Operator profile for the nodes (a NodePool's `tuningConfig`). */
export type Tuned = Payload<'Tuned', TunedSpec>;
/** `performance.openshift.io/v2` PerformanceProfile: low-latency tuning of the nodes (a NodePool's `tuningConfig`). */
export type PerformanceProfile = Payload<'PerformanceProfile', PerformanceProfileSpec>;
