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
import type { OVERFLOW_RULES } from '../capacity/input-props';
import type { PLACEMENT_STRATEGIES } from './fleet-props';
import { CapacityModel, CapacityTotal, NO_DEMAND, addDemand, demandOf, fitsWith, headroomWith } from '../capacity/capacity-model';
import type { IssueCollector } from '../core/errors';
import { nearest, quote } from '../core/schema';
import { byText } from '../core/text-order';

/** A management cluster as placement sees it. */
export interface PlacementTarget {
  /** Its name in the fleet. */
  readonly name: string;
  /** Its zone. @default none */
  readonly zone?: string;
  /** The platforms it prepares. */
  readonly platforms: ReadonlySet<string>;
  /** Its capacity model. */
  readonly model: CapacityModel;
  /** The add-on's `hcMaxNumber`. */
  readonly hcMaxNumber: number;
}

/** A hosted cluster as placement sees it. */
export interface PlacementRequest {
  /** Its index in `hostedClusters`. */
  readonly index: number;
  /** Its namespace. */
  readonly namespace: string;
  /** Its name. */
  readonly name: string;
  /** Its platform type. */
  readonly platform: string;
  /** Only a management cluster of this zone. @default any zone */
  readonly zone?: string;
  /** The management cluster it is pinned to. @default none */
  readonly pin?: string;
  /** Its expected load. @default from the capacity options' loads, else medium */
  readonly load?: Load;
}

/** Where one hosted cluster went, and why. */
export interface Placement {
  /** The management cluster it went to. */
  readonly managementCluster: string;
  /** `pinned`, `kept (previous placement)`, or the choice: `KubeVirt; 41 of 120 left; west: 12 left`. */
  readonly reason: string;
  /** True for a cluster the previous record did not hold. */
  readonly added: boolean;
}

/** How much a management cluster holds so far. */
interface TargetLoad {
  /** What its control planes need, per limit. */
  total: CapacityTotal;
  /** Its control planes. */
  count: number;
  /** Control planes of medium load that still fit, and still under hcMaxNumber (negative: over). */
  left: number;
  /** An overflow finding was already given for it. */
  reported: boolean;
}

/** The fleet's `placement` settings and what placement keeps from before. */
export interface PlacementOptions {
  /** `spread`: the most room left first; `pack`: the least. */
  readonly strategy: (typeof PLACEMENT_STRATEGIES)[number];
  /** Whether a cluster that fits nowhere is placed anyway with a warning, or refused. */
  readonly onOverflow: (typeof OVERFLOW_RULES)[number];
  /** The previous record's placements, `namespace/name` → management cluster. @default none */
  readonly previous?: Readonly<Record<string, string>>;
  /** Every management-cluster name given, valid or not: a cluster bound to an invalid one waits for its findings to be fixed, without more. @default none */
  readonly declared?: ReadonlySet<string>;
}

/** A hosted cluster's key in the record, the report and messages: `namespace/name`. */
export const clusterKey = (c: { readonly namespace: string; readonly name: string }) => `${c.namespace}/${c.name}`;

/** What placement works on: the targets, their loads so far, and the placements made. */
interface State {
  readonly targets: readonly PlacementTarget[];
  readonly byName: ReadonlyMap<string, PlacementTarget>;
  readonly loads: Map<string, TargetLoad>;
  readonly placements: Map<number, Placement>;
  readonly options: PlacementOptions;
  readonly issues: IssueCollector;
}

/** Places every request; findings go to `issues` with paths `hostedClusters[i].…`. Returns the placements by request index. */
export function placeClusters(
  targets: readonly PlacementTarget[],
  requests: readonly PlacementRequest[],
  options: PlacementOptions,
  issues: IssueCollector,
): Map<number, Placement> {
  const state: State = {
    targets,
    byName: new Map(targets.map((t) => [t.name, t])),
    loads: new Map(targets.map((t) => [t.name, { total: NO_DEMAND, count: 0, left: 0, reported: false }])),
    placements: new Map(),
    options,
    issues,
  };
  for (const t of targets) refresh(t, state.loads.get(t.name)!);
  for (const r of requests.filter((q) => q.pin !== undefined)) placePinned(state, r);
  for (const r of requests.filter((q) => q.pin === undefined && previousOf(state, q) !== undefined)) placeRecorded(state, r);
  const fresh = requests.filter((q) => q.pin === undefined && previousOf(state, q) === undefined);
  for (const r of fresh.sort((a, b) => byText(a.namespace, b.namespace) || byText(a.name, b.name))) placeNew(state, r);
  overflowFindings(state);
  return state.placements;
}

function previousOf(state: State, r: PlacementRequest): string | undefined {
  const previous = state.options.previous ?? {};
  return Object.hasOwn(previous, clusterKey(r)) ? previous[clusterKey(r)] : undefined;
}

const declared = (state: State, name: string) => state.options.declared?.has(name) ?? false;

function put(state: State, t: PlacementTarget, r: PlacementRequest, reason: string, added: boolean): TargetLoad {
  const load = state.loads.get(t.name)!;
  load.total = addDemand(load.total, demandOf(t.model, r.load, r));
  load.count++;
  refresh(t, load);
  state.placements.set(r.index, { managementCluster: t.name, reason, added });
  return load;
}

/** 1. A pin: a known management cluster, the same as the previous placement, with the platform and the zone. */
function placePinned(state: State, r: PlacementRequest): void {
  const { byName, issues } = state;
  const t = byName.get(r.pin!);
  const path = `hostedClusters[${r.index}].managementCluster`;
  if (!t && declared(state, r.pin!)) return; // that management cluster has findings of its own
  if (!t) {
    const guess = nearest(r.pin!, [...byName.keys()]);
    issues.error(path, `${clusterKey(r)} is pinned to ${quote(r.pin)}, which is not a management cluster of the fleet${guess ? `; did you mean ${quote(guess)}?` : '.'}`, guess ? `Pin it to ${quote(guess)}.` : `Pin it to one of ${[...byName.keys()].join(', ')}, or remove the pin.`);
    return;
  }
  const before = previousOf(state, r);
  if (before !== undefined && before !== t.name) {
    issues.error(path, `${clusterKey(r)} is pinned to ${quote(t.name)}, but the previous output places it on ${quote(before)}; moving it deletes the cluster there and creates a new one.`, `Pin it to ${quote(before)}; to move it, migrate it first (HostedClusterMigration, docs/migration.md) and pin it to ${quote(t.name)} after.`);
    return;
  }
  if (eligibleKind(t, r, issues, path)) put(state, t, r, 'pinned', before === undefined);
}

/** 2. The previous placement, when that management cluster is still in the fleet. */
function placeRecorded(state: State, r: PlacementRequest): void {
  const name = previousOf(state, r)!;
  const t = state.byName.get(name);
  const path = `hostedClusters[${r.index}]`;
  if (!t && declared(state, name)) return;
  if (!t) {
    state.issues.error(path, `${clusterKey(r)} is on management cluster ${quote(name)} in the previous output, and the fleet no longer has it; placing the cluster elsewhere would delete it and create a new one.`, `Add management cluster ${quote(name)} back, or migrate the cluster first (HostedClusterMigration, docs/migration.md) and pin it to its new management cluster.`);
    return;
  }
  if (eligibleKind(t, r, state.issues, path)) put(state, t, r, 'kept (previous placement)', false);
}

/** 3. A new cluster: the eligible management cluster the strategy picks, or the overflow rule. */
function placeNew(state: State, r: PlacementRequest): void {
  const { targets, loads, options, issues } = state;
  if (targets.length === 0) return; // every management cluster has findings of its own
  const path = `hostedClusters[${r.index}]`;
  const kind = targets.filter((t) => t.platforms.has(r.platform) && (r.zone === undefined || t.zone === r.zone));
  if (kind.length === 0) {
    noCandidate(targets, r, issues);
    return;
  }
  const left = (t: PlacementTarget) => loads.get(t.name)!.left;
  const room = kind.filter((t) => loads.get(t.name)!.count < t.hcMaxNumber && fitsWith(t.model, loads.get(t.name)!.total, demandOf(t.model, r.load, r)));
  const ranked = [...(room.length > 0 ? room : kind)].sort((a, b) => (options.strategy === 'pack' && room.length > 0 ? left(a) - left(b) : left(b) - left(a)) || byText(a.name, b.name));
  if (room.length === 0) {
    const why = kind.map((t) => `${t.name}: ${loads.get(t.name)!.count >= t.hcMaxNumber ? `at hcMaxNumber ${t.hcMaxNumber}` : `${Math.max(0, left(t))} left, not enough for its load`}`).join('; ');
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
  const others = next ? `; ${next.name}: ${Math.max(0, left(next))} left` : '';
  const load = put(state, chosen, r, '', true);
  state.placements.set(r.index, { managementCluster: chosen.name, reason: `${r.platform}; ${Math.max(0, load.left)} of ${load.count + Math.max(0, load.left)} left${others}`, added: true });
}

/** No management cluster prepares the platform in the zone: an error with each one's reason. */
function noCandidate(targets: readonly PlacementTarget[], r: PlacementRequest, issues: IssueCollector): void {
  const path = `hostedClusters[${r.index}]`;
  const why = targets.map((t) => `${t.name}: ${!t.platforms.has(r.platform) ? `no ${r.platform}` : `zone ${t.zone ?? 'none'}`}`).join('; ');
  const unknownZone = r.zone !== undefined && !targets.some((t) => t.zone === r.zone);
  issues.error(
    unknownZone ? `${path}.zone` : `${path}.platform.type`,
    unknownZone
      ? `no management cluster is in zone ${quote(r.zone)}, so ${clusterKey(r)} cannot be placed (${why}).`
      : `no management cluster${r.zone !== undefined ? ` in zone ${quote(r.zone)}` : ''} prepares ${r.platform}, so ${clusterKey(r)} cannot be placed (${why}).`,
    `Add ${r.platform} to the platforms of a management cluster${r.zone !== undefined ? ` in zone ${quote(r.zone)}, or change the cluster's zone` : ''}.`,
  );
}

/** A management cluster over its capacity keeps its clusters: one finding each (unless a new cluster's overflow said so already). */
function overflowFindings(state: State): void {
  for (const t of state.targets) {
    const load = state.loads.get(t.name)!;
    if (load.reported || (load.count <= t.hcMaxNumber && fitsWith(t.model, load.total))) continue;
    const why = load.count > t.hcMaxNumber ? `more than its hcMaxNumber ${t.hcMaxNumber}` : `${-load.left} more than its capacity model holds`;
    const message = `management cluster ${quote(t.name)} holds ${load.count} hosted clusters, ${why}; placed clusters stay where they are.`;
    const fix = `Add workers to ${quote(t.name)} (or raise hcMaxNumber), or migrate some of its clusters to another management cluster.`;
    if (state.options.onOverflow === 'error') state.issues.error('managementClusters', message, fix);
    else state.issues.warn('managementClusters', message, fix);
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
