/**
 * A NodePool's node configuration, as users write it (kept equal to the schemas of
 * node-config.ts by test/types/props-match-schemas.ts): each entry of `config` and `tuningConfig`
 * is an object for the library to serialize into a ConfigMap, or a ConfigMap that already exists.
 */
import type {
  ContainerRuntimeConfigSpec,
  ImageDigestMirrorSetSpec,
  KubeletConfigSpec,
  MachineConfigSpec,
  PerformanceProfileSpec,
  TunedSpec,
} from '../api';

/** One object to serialize into a ConfigMap: its name, labels and spec (checked against its CRD). */
export interface NodeConfigObject<Spec> {
  /** The object's `metadata.name`; its ConfigMap is named `<cluster>-<kind in lower case>-<name>`. */
  readonly name: string;
  /** Labels of the object. @default none (a MachineConfig gets `machineconfiguration.openshift.io/role: worker`) */
  readonly labels?: Readonly<Record<string, string>>;
  /** The object's spec, as its CRD defines it. */
  readonly spec: Spec;
}

/** One entry of a NodePool's `config`: exactly one key. */
export type NodePoolConfigEntry =
  | {
      /** A MachineConfig (files, systemd units, kernel arguments...); an Ignition version 3.2.0 is added when `spec.config` has none. */
      readonly machineConfig: NodeConfigObject<MachineConfigSpec>;
    }
  | {
      /** A KubeletConfig (`spec.kubeletConfig.maxPods`...). */
      readonly kubeletConfig: NodeConfigObject<KubeletConfigSpec>;
    }
  | {
      /** A ContainerRuntimeConfig (`spec.containerRuntimeConfig.pidsLimit`...). */
      readonly containerRuntimeConfig: NodeConfigObject<ContainerRuntimeConfigSpec>;
    }
  | {
      /** An ImageDigestMirrorSet: registry mirrors for the NodePool's nodes. */
      readonly imageDigestMirrorSet: NodeConfigObject<ImageDigestMirrorSetSpec>;
    }
  | {
      /** Name of a ConfigMap (key `config`) that already exists in the HostedCluster's namespace. */
      readonly existingConfigMap: string;
    };

/** One entry of a NodePool's `tuningConfig`: exactly one key. */
export type NodePoolTuningEntry =
  | {
      /** A Tuned (TuneD profiles and when they apply); it lives in `openshift-cluster-node-tuning-operator`. */
      readonly tuned: NodeConfigObject<TunedSpec>;
    }
  | {
      /** A PerformanceProfile (`performance.openshift.io/v2`); at most one per NodePool. */
      readonly performanceProfile: NodeConfigObject<PerformanceProfileSpec>;
    }
  | {
      /** Name of a ConfigMap (key `tuning`) that already exists in the HostedCluster's namespace. */
      readonly existingConfigMap: string;
    };

/** Helpers that read better than object literals: `NodeConfig.kubelet('max-pods', { kubeletConfig: { maxPods: 500 } })`. */
export const NodeConfig = {
  machineConfig: (name: string, spec: MachineConfigSpec, labels?: Readonly<Record<string, string>>): NodePoolConfigEntry => ({ machineConfig: { name, spec, ...(labels ? { labels } : {}) } }),
  kubelet: (name: string, spec: KubeletConfigSpec): NodePoolConfigEntry => ({ kubeletConfig: { name, spec } }),
  containerRuntime: (name: string, spec: ContainerRuntimeConfigSpec): NodePoolConfigEntry => ({ containerRuntimeConfig: { name, spec } }),
  imageDigestMirrors: (name: string, spec: ImageDigestMirrorSetSpec): NodePoolConfigEntry => ({ imageDigestMirrorSet: { name, spec } }),
  existing: (configMap: string): NodePoolConfigEntry => ({ existingConfigMap: configMap }),
} as const;

/** Helpers for `tuningConfig`: `NodeTuning.tuned('sysctl', { profile: [...], recommend: [...] })`. */
export const NodeTuning = {
  tuned: (name: string, spec: TunedSpec): NodePoolTuningEntry => ({ tuned: { name, spec } }),
  performanceProfile: (name: string, spec: PerformanceProfileSpec): NodePoolTuningEntry => ({ performanceProfile: { name, spec } }),
  existing: (configMap: string): NodePoolTuningEntry => ({ existingConfigMap: configMap }),
} as const;
