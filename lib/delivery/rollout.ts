/**
 * A fleet rollout as the delivery engines see it. The rollout's waves live in git (the synth gives
 * the target only to the clusters of the waves started); the engines add what they can enforce on
 * their own: Argo CD syncs the Applications step by step in the waves' order (progressive sync,
 * `RollingSync` steps on a label of each Application), and Flux applies a hosted cluster's folder
 * after those of the wave before on the same management cluster (`dependsOn`) and suspends the
 * wave in progress while the rollout is paused.
 */
import type { ApplicationSetStrategy, KustomizationSpecDependsOn } from '../api';
import type { FolderSpec } from '../core';
import type { DeliveryContext, DeliveryRollout } from './context';

export type { DeliveryRollout };

/** The label of each Application naming its folder's wave. */
export const ROLLOUT_WAVE_LABEL = 'hcp-constructs.io/rollout-wave';
/** The wave of a folder no wave's cluster is in (a rollout refuses a wave of this name). */
export const NO_ROLLOUT_WAVE = 'none';

/** A folder's wave: its hosted cluster's, or, for a management cluster's folder, the first wave of the clusters placed on it. */
export interface FolderWave {
  readonly name: string;
  /** Its place in the rollout; -1 for {@link NO_ROLLOUT_WAVE}. */
  readonly index: number;
  /** Every wave with a cluster in the folder (a management cluster's folder holds several). */
  readonly all: ReadonlySet<number>;
}

/** Each delivered folder's wave. */
export function folderWaves(ctx: Pick<DeliveryContext, 'delivered' | 'placement'>, rollout: DeliveryRollout): Map<string, FolderWave> {
  const waveOf = new Map(rollout.waves.flatMap((w, index) => w.clusters.map((c) => [c, index] as const)));
  const onMc = new Map<string, Set<number>>();
  for (const [cluster, index] of waveOf) {
    const mc = ctx.placement.get(cluster);
    if (mc !== undefined) onMc.set(mc, (onMc.get(mc) ?? new Set()).add(index));
  }
  return new Map(
    ctx.delivered.map((f): [string, FolderWave] => {
      const t = f.target;
      const hosted = t.kind === 'hosted-cluster' ? waveOf.get(`${t.namespace}/${t.name}`) : undefined;
      const all = hosted !== undefined ? new Set([hosted]) : t.kind === 'management' && t.name !== undefined ? (onMc.get(t.name) ?? new Set<number>()) : new Set<number>();
      const index = all.size === 0 ? -1 : Math.min(...all);
      return [f.folder, { name: index < 0 ? NO_ROLLOUT_WAVE : rollout.waves[index].name, index, all }];
    }),
  );
}

/**
 * Argo CD's progressive sync: a step for the folders of no wave (the management clusters' own
 * changes go first), then one per wave in order, each matching the Applications labelled with it.
 */
export function rollingSyncStrategy(rollout: DeliveryRollout): ApplicationSetStrategy {
  return {
    type: 'RollingSync',
    rollingSync: { steps: [NO_ROLLOUT_WAVE, ...rollout.waves.map((w) => w.name)].map((name) => ({ matchExpressions: [{ key: ROLLOUT_WAVE_LABEL, operator: 'In', values: [name] }] })) },
  };
}

/** The stage of a folder that holds its HostedClusters and NodePools (what a wave changes). */
export const movingStage = (folder: FolderSpec): string | undefined => folder.stages.find((s) => s.kinds.some((k) => k.kind === 'HostedCluster' || k.kind === 'NodePool'))?.name;

/** Whether Flux suspends a folder's stage: the rollout is paused and the stage moves clusters of the wave in progress. */
export function suspendedStage(folder: FolderSpec, stage: string, waves: ReadonlyMap<string, FolderWave>, rollout: DeliveryRollout): boolean {
  if (!rollout.paused || rollout.reached === 0) return false;
  const wave = waves.get(folder.folder);
  if (!wave?.all.has(rollout.reached - 1)) return false;
  // A hosted cluster's own folder is all its wave's; a management folder moves clusters only in its HostedCluster stage.
  return folder.target.kind === 'hosted-cluster' || stage === movingStage(folder);
}

/**
 * What a hosted cluster's folder waits for on its management cluster's Flux: the last stage of
 * each folder of the closest earlier wave there (its Kustomizations are in the same namespace
 * only when the clusters share one, so each reference names its namespace).
 */
export function earlierWaveRefs(folder: FolderSpec, sameMc: readonly FolderSpec[], waves: ReadonlyMap<string, FolderWave>, lastStage: (f: FolderSpec) => KustomizationSpecDependsOn | undefined): KustomizationSpecDependsOn[] {
  const own = waves.get(folder.folder);
  if (!own || own.index <= 0) return [];
  const earlier = sameMc.map((f) => ({ f, index: waves.get(f.folder)?.index ?? -1 })).filter((e) => e.index >= 0 && e.index < own.index);
  const closest = Math.max(-1, ...earlier.map((e) => e.index));
  return earlier.filter((e) => e.index === closest).flatMap((e) => lastStage(e.f) ?? []);
}
