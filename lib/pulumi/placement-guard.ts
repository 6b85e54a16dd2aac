/**
 * The placement of a Pulumi Fleet as a small dynamic resource (`<fleet>-placement`): on the next
 * preview or update the engine passes its provider the placement it stored last time (`olds`)
 * with this one (`news`), and its `check` refuses a hosted cluster that would move to another
 * management cluster (Pulumi would delete it on one and create it anew on the other), before
 * anything happens. Every resource of the fleet depends on it, so an update without a preview
 * creates nothing either. The provider: stored-input-guard.ts.
 */
import * as pulumi from '@pulumi/pulumi';
import { StoredInputGuard } from './stored-input-guard';

type Placements = Readonly<Record<string, string>>;

const placementsOf = (value: unknown): Placements => {
  const placements = typeof value === 'object' && value !== null ? (value as { placements?: unknown }).placements : undefined;
  return typeof placements === 'object' && placements !== null && !Array.isArray(placements) ? (placements as Placements) : {};
};

/** One failure per hosted cluster whose management cluster differs between the stored placement and this one. */
export function placementFailures(olds: unknown, news: unknown): pulumi.dynamic.CheckFailure[] {
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

/** The placement guard of a fleet (`<fleet>-placement`, a child of `parent`). */
export class PlacementGuard extends StoredInputGuard {
  constructor(name: string, placements: Placements, parent: pulumi.Resource) {
    super('placementFailures', 'placement', name, { placements }, { parent });
  }
}
