/**
 * Placement: which management cluster each hosted cluster goes to. Deterministic and sticky, in
 * this order:
 *
 * 1. pins (`managementCluster`): the named management cluster, which must prepare the cluster's
 *    platform and be in its zone, and may not differ from the previous placement;
 * 2. the previous record's placement: a placed cluster never moves (a move deletes it on one
 *    management cluster and creates it on another), not even when its management cluster
 *    overflows (a warning, or an error with `onOverflow: 'error'`);
 * 3. new clusters, by namespace then name, each on an eligible management cluster (the platform
 *    prepared, the zone, under `hcMaxNumber`, and the capacity model still fits): `spread` takes
 *    the one with the most room left, `pack` the one with the least; ties by name. When no
 *    eligible one has room, `onOverflow: 'warn'` places it on the eligible one with the most room
 *    left, with a warning (the fleet still synthesizes; add capacity before applying), and
 *    `'error'` refuses it. With no eligible one at all it is an error saying why each was not.
 */
import type { Load } from '../capacity/baseline';
import { CapacityModel, CapacityTotal, NO_DEMAND, addDemand, demandOf, fitsWith, headroomWith } from '../capacity/capacity-model';
import type { IssueCollector } from '../core/errors';
import { nearest, quote } from '../core/schema';

/** A management cluster as placement sees it. @internal */
export interface PlacementTarget {
  readonly name: string;
  readonly zone?: string;
  readonly platforms: ReadonlySet<string>;
  readonly model: CapacityModel;
  /** The add-on's `hcMaxNumber`. */
  readonly hcMaxNumber: number;
}

/** A hosted cluster as placement sees it. @internal */
export interface PlacementRequest {
  /** Its index in `hostedClusters`. */
  readonly index: number;
  readonly namespace: string;
  readonly name: string;
  readonly platform: string;
  readonly zone?: string;
  readonly pin?: string;
  readonly load?: Load;
}

/** Where one hosted cluster went, and why. */
export interface Placement {
  readonly managementCluster: string;
  /** `pinned`, `kept (previous placement)`, or the choice: `KubeVirt; 41 of 120 left; west: 12 left`. */
  readonly reason: string;
  /** True for a cluster the previous record did not hold. */
  readonly added: boolean;
}

/** How much a management cluster holds after placement. @internal */
export interface TargetLoad {
  total: CapacityTotal;
  count: number;
  /** Control planes of medium load that still fit, and still under hcMaxNumber (negative: over). */
  left: number;
  /** An overflow finding was already given for it. */
  reported: boolean;
}

export interface PlacementOptions {
  readonly strategy: 'spread' | 'pack';
  readonly onOverflow: 'warn' | 'error';
  /** The previous record's placements, `namespace/name` → management cluster. */
  readonly previous?: Readonly<Record<string, string>>;
  /** Every management-cluster name given, valid or not: a cluster bound to an invalid one waits for its findings to be fixed, without more. */
  readonly declared?: ReadonlySet<string>;
}

export const clusterKey = (c: { readonly namespace: string; readonly name: string }) => `${c.namespace}/${c.name}`;

/** Places every request; findings go to `issues` with paths `hostedClusters[i].…`. Returns the placements by request index and the load of each target. */
export function placeClusters(
  targets: readonly PlacementTarget[],
  requests: readonly PlacementRequest[],
  options: PlacementOptions,
  issues: IssueCollector,
): { placements: Map<number, Placement>; loads: Map<string, TargetLoad> } {
  const byName = new Map(targets.map((t) => [t.name, t]));
  const loads = new Map<string, TargetLoad>(targets.map((t) => [t.name, { total: NO_DEMAND, count: 0, left: 0, reported: false }]));
  for (const t of targets) refresh(t, loads.get(t.name)!);
  const placements = new Map<number, Placement>();
  const previous = options.previous ?? {};
  const declared = options.declared ?? new Set<string>();
  const put = (t: PlacementTarget, r: PlacementRequest, reason: string, added: boolean) => {
    const load = loads.get(t.name)!;
    load.total = addDemand(load.total, demandOf(t.model, r.load, r));
    load.count++;
    refresh(t, load);
    placements.set(r.index, { managementCluster: t.name, reason, added });
  };
  const wasAt = (r: PlacementRequest) => (Object.hasOwn(previous, clusterKey(r)) ? previous[clusterKey(r)] : undefined);

  // 1. Pins.
  for (const r of requests.filter((q) => q.pin !== undefined)) {
    const t = byName.get(r.pin!);
    const path = `hostedClusters[${r.index}].managementCluster`;
    if (!t && declared.has(r.pin!)) continue;
    if (!t) {
      const guess = nearest(r.pin!, [...byName.keys()]);
      issues.error(path, `${clusterKey(r)} is pinned to ${quote(r.pin)}, which is not a management cluster of the fleet${guess ? `; did you mean ${quote(guess)}?` : '.'}`, guess ? `Pin it to ${quote(guess)}.` : `Pin it to one of ${[...byName.keys()].join(', ')}, or remove the pin.`);
      continue;
    }
    const before = wasAt(r);
    if (before !== undefined && before !== t.name) {
      issues.error(path, `${clusterKey(r)} is pinned to ${quote(t.name)}, but the previous output places it on ${quote(before)}; moving it deletes the cluster there and creates a new one.`, `Pin it to ${quote(before)}; to move it, migrate it first (HostedClusterMigration, docs/migration.md) and pin it to ${quote(t.name)} after.`);
      continue;
    }
    if (!eligibleKind(t, r, issues, path)) continue;
    put(t, r, 'pinned', before === undefined);
  }

  // 2. The previous placement.
  for (const r of requests.filter((q) => q.pin === undefined && wasAt(q) !== undefined)) {
    const name = wasAt(r)!;
    const t = byName.get(name);
    if (!t && declared.has(name)) continue;
    if (!t) {
      issues.error(`hostedClusters[${r.index}]`, `${clusterKey(r)} is on management cluster ${quote(name)} in the previous output, and the fleet no longer has it; placing the cluster elsewhere would delete it and create a new one.`, `Add management cluster ${quote(name)} back, or migrate the cluster first (HostedClusterMigration, docs/migration.md) and pin it to its new management cluster.`);
      continue;
    }
    if (!eligibleKind(t, r, issues, `hostedClusters[${r.index}]`)) continue;
    put(t, r, 'kept (previous placement)', false);
  }

  // 3. New clusters, by namespace then name.
  const fresh = requests.filter((q) => q.pin === undefined && wasAt(q) === undefined).sort((a, b) => compare(a.namespace, b.namespace) || compare(a.name, b.name));
  for (const r of fresh) placeNew(r);

  // A management cluster over its capacity keeps its clusters: one finding each.
  for (const t of targets) {
    const load = loads.get(t.name)!;
    if (load.reported || (load.count <= t.hcMaxNumber && fitsWith(t.model, load.total))) continue;
    const why = load.count > t.hcMaxNumber ? `more than its hcMaxNumber ${t.hcMaxNumber}` : `${-load.left} more than its capacity model holds`;
    (options.onOverflow === 'error' ? issues.error : issues.warn).call(issues, 'managementClusters', `management cluster ${quote(t.name)} holds ${load.count} hosted clusters, ${why}; placed clusters stay where they are.`, `Add workers to ${quote(t.name)} (or raise hcMaxNumber), or migrate some of its clusters to another management cluster.`);
  }
  return { placements, loads };

  function placeNew(r: PlacementRequest) {
    if (targets.length === 0) return; // every management cluster has findings of its own
    const path = `hostedClusters[${r.index}]`;
    const kind = targets.filter((t) => t.platforms.has(r.platform) && (r.zone === undefined || t.zone === r.zone));
    if (kind.length === 0) {
      const why = targets.map((t) => `${t.name}: ${!t.platforms.has(r.platform) ? `no ${r.platform}` : `zone ${t.zone ?? 'none'}`}`).join('; ');
      const zoneKnown = r.zone === undefined || targets.some((t) => t.zone === r.zone);
      issues.error(
        r.zone !== undefined && !zoneKnown ? `${path}.zone` : `${path}.platform.type`,
        r.zone !== undefined && !zoneKnown
          ? `no management cluster is in zone ${quote(r.zone)}, so ${clusterKey(r)} cannot be placed (${why}).`
          : `no management cluster${r.zone !== undefined ? ` in zone ${quote(r.zone)}` : ''} prepares ${r.platform}, so ${clusterKey(r)} cannot be placed (${why}).`,
        `Add ${r.platform} to the platforms of a management cluster${r.zone !== undefined ? ` in zone ${quote(r.zone)}, or change the cluster's zone` : ''}.`,
      );
      return;
    }
    const room = kind.filter((t) => {
      const load = loads.get(t.name)!;
      return load.count < t.hcMaxNumber && fitsWith(t.model, load.total, demandOf(t.model, r.load, r));
    });
    const ranked = [...(room.length > 0 ? room : kind)].sort((a, b) => {
      const [x, y] = [loads.get(a.name)!.left, loads.get(b.name)!.left];
      return (options.strategy === 'pack' && room.length > 0 ? x - y : y - x) || compare(a.name, b.name);
    });
    if (room.length === 0) {
      const why = kind.map((t) => `${t.name}: ${loads.get(t.name)!.count >= t.hcMaxNumber ? `at hcMaxNumber ${t.hcMaxNumber}` : `${Math.max(0, loads.get(t.name)!.left)} left, not enough for its load`}`).join('; ');
      const message = `no management cluster that can take ${clusterKey(r)} has room for it (${why}).`;
      const fix = `Add workers to a management cluster that prepares ${r.platform}${r.zone !== undefined ? ` in zone ${quote(r.zone)}` : ''}, or add a management cluster.`;
      if (options.onOverflow === 'error') {
        issues.error(path, message, fix);
        return;
      }
      issues.warn(path, `${message.slice(0, -1)}; placed on ${quote(ranked[0].name)}, the one with the most room left.`, fix);
      loads.get(ranked[0].name)!.reported = true;
    }
    const [chosen, next] = ranked;
    const others = next ? `; ${next.name}: ${Math.max(0, loads.get(next.name)!.left)} left` : '';
    put(chosen, r, '', true);
    const load = loads.get(chosen.name)!;
    placements.set(r.index, { managementCluster: chosen.name, reason: `${r.platform}; ${Math.max(0, load.left)} of ${load.count + Math.max(0, load.left)} left${others}`, added: true });
  }
}

/** The platform and the zone of the cluster fit the management cluster; else an error. */
function eligibleKind(t: PlacementTarget, r: PlacementRequest, issues: IssueCollector, path: string): boolean {
  if (!t.platforms.has(r.platform)) {
    issues.error(path, `${clusterKey(r)} is a ${r.platform} cluster and management cluster ${quote(t.name)} does not prepare ${r.platform} (its platforms: ${[...t.platforms].join(', ') || 'none'}).`, `Add ${r.platform} to the platforms of ${quote(t.name)}, or pin the cluster to a management cluster that has it.`);
    return false;
  }
  if (r.zone !== undefined && t.zone !== r.zone) {
    issues.error(`${path}`, `${clusterKey(r)} is in zone ${quote(r.zone)} and management cluster ${quote(t.name)} is in ${t.zone === undefined ? 'no zone' : `zone ${quote(t.zone)}`}.`, `Pin it to a management cluster of zone ${quote(r.zone)}, or change its zone.`);
    return false;
  }
  return true;
}

/** Recomputes how many medium control planes still fit, capped by hcMaxNumber. */
function refresh(t: PlacementTarget, load: TargetLoad): void {
  load.left = Math.min(headroomWith(t.model, load.total, load.count), t.hcMaxNumber - load.count);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
