/**
 * The placement of a Pulumi Fleet, and how far its rollout has gone, as a small dynamic resource
 * (`<fleet>-placement`): on the next preview or update the engine passes its provider what it
 * stored last time (`olds`) with this update's (`news`), and its `check` refuses, before anything
 * happens, a hosted cluster that would move to another management cluster (Pulumi would delete it
 * on one and create it anew on the other), and a rollout state that starts more than one wave
 * since the last update (the order `hcp-constructs rollout next` keeps: a hand-edited state could
 * otherwise move two waves at once). Every resource of the fleet depends on it, so an update
 * without a preview creates nothing either. The provider: stored-input-guard.ts.
 */
import * as pulumi from '@pulumi/pulumi';
import { StoredInputGuard } from './stored-input-guard';

type Placements = Readonly<Record<string, string>>;

const placementsOf = (value: unknown): Placements => {
  const placements = typeof value === 'object' && value !== null ? (value as { placements?: unknown }).placements : undefined;
  return typeof placements === 'object' && placements !== null && !Array.isArray(placements) ? (placements as Placements) : {};
};

/** How far a fleet's rollout has gone, as the guard stores it. */
export interface RolloutProgress {
  /** The target release image (another target is another rollout). */
  readonly target: string;
  /** How many waves are started. */
  readonly reached: number;
  /** The waves' names, in order. */
  readonly waves: readonly string[];
}

const rolloutOf = (value: unknown): RolloutProgress | undefined => {
  const rollout = typeof value === 'object' && value !== null ? (value as { rollout?: Partial<RolloutProgress> }).rollout : undefined;
  if (typeof rollout !== 'object' || rollout === null) return undefined;
  const { target, reached, waves } = rollout;
  return typeof target === 'string' && Number.isInteger(reached) && Array.isArray(waves) ? { target, reached: reached!, waves: waves.map(String) } : undefined;
};

/** One failure per hosted cluster whose management cluster differs between the stored placement and this one. */
function movedClusters(olds: unknown, news: unknown): pulumi.dynamic.CheckFailure[] {
  const before = placementsOf(olds);
  const after = placementsOf(news);
  return Object.keys(after)
    .filter((cluster) => typeof before[cluster] === 'string' && before[cluster] !== after[cluster])
    .sort()
    .map((cluster) => ({
      property: '', // the engine would print the whole record before the reason
      reason:
        `hosted cluster ${cluster} would move from management cluster ${before[cluster]} to ${after[cluster]}: Pulumi would delete it there and create a new one. ` +
        `Fix: Give the stack's last placement output as previousPlacement (or pin it: managementCluster: '${before[cluster]}'); to move it, use HostedClusterMigration.`,
    }));
}

/** A failure when this update's rollout state starts more than one wave past the stored one, for the same target. */
function skippedWaves(olds: unknown, news: unknown): pulumi.dynamic.CheckFailure[] {
  const before = rolloutOf(olds);
  const after = rolloutOf(news);
  if (!before || !after || before.target !== after.target || after.reached <= before.reached + 1) return [];
  const starting = after.waves.slice(before.reached, after.reached);
  return [
    {
      property: '',
      reason:
        `the rollout to ${after.target} would start ${starting.length} waves in one update (${starting.join(', ')}): the last update had started ${before.reached} of ${after.waves.length}, ` +
        'and waves start one at a time, each once the one before it is healthy. ' +
        'Fix: Give rolloutState the rollout output of the last update, advanced by one wave with `hcp-constructs rollout next --record`.',
    },
  ];
}

/** What the fleet's guard refuses: a hosted cluster moving to another management cluster, and a rollout skipping waves. */
export function placementFailures(olds: unknown, news: unknown): pulumi.dynamic.CheckFailure[] {
  return [...movedClusters(olds, news), ...skippedWaves(olds, news)];
}

/** The placement guard of a fleet (`<fleet>-placement`, a child of `parent`), with its rollout's progress when it has one. */
export class PlacementGuard extends StoredInputGuard {
  constructor(name: string, placements: Placements, rollout: RolloutProgress | undefined, parent: pulumi.Resource) {
    super('placementFailures', 'placement', name, { placements, ...(rollout ? { rollout } : {}) }, { parent });
  }
}
