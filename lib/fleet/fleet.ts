/**
 * A fleet, checked and planned: every management cluster and hosted cluster checked by its own
 * checker (findings under the fleet's paths), each hosted cluster placed (placement.ts), what its
 * management cluster shares allocated (allocation.ts), the filled props checked again, and the
 * record and report of the run. Pure: any value in, findings out, never an exception.
 */
import type { Load } from '../capacity/baseline';
import { CapacityModel, capacityModel, loadOf } from '../capacity/capacity-model';
import type { PlanCapacityOptions } from '../capacity/input';
import { IssueCollector, ValidationIssue } from '../core/errors';
import { CLI_DEFAULTS } from '../core/defaults';
import { dnsLabelProblem } from '../core/names';
import { isPlainObject, quote, schemaFindings } from '../core/schema';
import { byText } from '../core/text-order';
import { v } from '../core/valibot';
import { checkManagementCluster } from '../management/management-cluster';
import { ADD_ON_LIMIT_DEFAULTS } from '../management/multicluster-engine';
import type { ManagementClusterProps } from '../management/management-cluster-props';
import { checkHostedCluster, platformDefinition } from '../platforms';
import type { HostedClusterProps } from '../platforms/props';
import type { HostedCluster } from '../api';
import type { PlanOptions } from '../core/plan';
import { FleetAddressBlock, FleetAllocation, allocateBlocks, fillServices, needsAddresses, withStandInAddress } from './allocation';
import type { FleetAddressPoolProps, FleetProps } from './fleet-props';
import { fleetPlacementSchema, fleetPropsSchema } from './fleet-schema';
import { Placement, PlacementRequest, PlacementTarget, clusterKey, placeClusters } from './placement';
import { FleetRecord, fleetRecordProblem } from './record';
import { FleetChanges, FleetReport, FleetReportInput, fleetReport } from './report';
import { rolloutCluster, withRelease } from './fleet-rollout';
import { RolloutDelivery, RolloutPlan, RolloutPrevious, planRollout } from './rollout/rollout-plan';

/** Findings about the fleet name it this way. */
export const FLEET_LABEL = 'Fleet';


/** One management cluster of the plan. */
export interface FleetPlannedManagementCluster {
  /** Its name in the fleet (its folder is `management-<name>`). */
  readonly name: string;
  /** @default none */
  readonly zone?: string;
  /** Its props, as given. */
  readonly props: ManagementClusterProps;
}

/** One hosted cluster of the plan: where it goes, why, and its props with the allocations filled in. */
export interface FleetPlannedHostedCluster {
  /** `namespace/name`. */
  readonly cluster: string;
  /** The management cluster it is placed on. */
  readonly managementCluster: string;
  /** The props without the fleet's keys, with the NodePort address and DNS names filled in. */
  readonly props: HostedClusterProps;
  /** Why it is there (`pinned`, `kept (previous placement)`, or the choice made). */
  readonly reason: string;
  /** True when the previous record did not hold it. */
  readonly added: boolean;
  /** What the fleet filled in and handed out to it. */
  readonly allocation: FleetAllocation;
}

/** The planned fleet. */
export interface FleetPlan {
  /** In the order of `managementClusters`. */
  readonly managementClusters: readonly FleetPlannedManagementCluster[];
  /** In the order of `hostedClusters`. */
  readonly hostedClusters: readonly FleetPlannedHostedCluster[];
  /** What the next run reads back. */
  readonly record: FleetRecord;
  /** The placement changes against the previous record. */
  readonly changes: FleetChanges;
  /** Per management cluster: what it holds and its headroom. */
  readonly report: FleetReport;
  /** `delivery` as given, for the delivery planners. @default none */
  readonly delivery?: unknown;
  /** The rollout, planned: its waves, each cluster's state, its record. @default none */
  readonly rollout?: RolloutPlan;
}

/** A management cluster that passed its checks: what placement, the fills and the report read of it. */
interface CheckedMc {
  readonly index: number;
  readonly name: string;
  readonly zone?: string;
  readonly props: ManagementClusterProps;
  readonly model: CapacityModel;
  readonly hcMaxNumber: number;
  readonly nodePortAddress?: string;
  readonly dnsDomain?: string;
}

/** A hosted cluster as given: what placement reads of it (its own check comes once it is placed, with what the fleet fills in). */
interface GivenHc {
  readonly index: number;
  readonly namespace: string;
  readonly name: string;
  readonly platform: string;
  readonly props: HostedClusterProps;
  readonly pin?: string;
  readonly zone?: string;
  readonly load?: Load;
}

const listAt = (value: Record<string, unknown>, key: string): unknown[] => (Array.isArray(value[key]) ? (value[key] as unknown[]) : []);

/** The warnings of the clusters' own checks, which their constructs report again once the fleet creates them. */
const clusterWarnings = new WeakSet<ValidationIssue>();

/**
 * A warning of a hosted or management cluster's own check, which the fleet's constructs (cdk8s
 * and Pulumi) leave out of their findings: the cluster's construct reports it under the cluster's
 * name. Errors stop the fleet, so they are always the fleet's.
 */
export function isClusterWarning(issue: ValidationIssue): boolean {
  return clusterWarnings.has(issue);
}

/** Nested findings under the fleet's paths (`hostedClusters[2].release.image`). */
function nested(prefix: string, found: readonly ValidationIssue[]): ValidationIssue[] {
  return found.map((i) => {
    const issue = { ...i, object: FLEET_LABEL, path: i.path.startsWith('(') ? prefix : `${prefix}.${i.path}` };
    if (issue.severity === 'warning') clusterWarnings.add(issue);
    return issue;
  });
}

/** What {@link checkFleet} needs of a hosted cluster's check: its findings, and its HostedCluster when it has no errors. */
export interface HostedClusterCheckResult {
  /** The cluster's HostedCluster as planned; absent when the check found errors. */
  readonly plan?: { readonly hostedCluster: HostedCluster };
  /** Every finding of the cluster's check. */
  readonly issues: readonly ValidationIssue[];
}

/**
 * How {@link checkFleet} checks its hosted clusters, all at once and in order: checkHostedCluster
 * on each, or a caller's that also keeps the plans (the cdk8s Fleet plans big fleets in threads).
 */
export type HostedClusterChecks = (clusters: readonly HostedClusterProps[], options: PlanOptions) => readonly HostedClusterCheckResult[];

const checkEach: HostedClusterChecks = (clusters, options) => clusters.map((props) => checkHostedCluster(props, options));

/**
 * Checks a fleet (any value) and plans it against the previous record: placements, allocations,
 * the record and report of this run. Every problem in one run; no plan when any is an error.
 * `options` are those of checkHostedCluster, for every hosted cluster; `checkClusters` checks them.
 */
export function checkFleet(
  input: FleetProps | unknown,
  previous?: FleetRecord,
  options: PlanOptions = {},
  checkClusters: HostedClusterChecks = checkEach,
  rolloutPrevious: RolloutPrevious = {},
): { plan?: FleetPlan; issues: readonly ValidationIssue[] } {
  const parsed = v.safeParse(fleetPropsSchema, input);
  const found: ValidationIssue[] = parsed.success ? [] : schemaFindings(parsed.issues, FLEET_LABEL);
  const issues = new IssueCollector(FLEET_LABEL, found);
  const given = isPlainObject(input) ? input : {};
  const record = previous !== undefined && fleetRecordProblem(previous) === undefined ? previous : undefined;
  const placing = isPlainObject(given.placement) ? given.placement : {};
  const strategy = placing.strategy === 'pack' ? 'pack' : 'spread';
  const onOverflow = placing.onOverflow === 'error' ? 'error' : 'warn';

  const mcs = checkManagementClusters(listAt(given, 'managementClusters'), issues, found);
  const { given: hcs, unplaceable } = givenHostedClusters(listAt(given, 'hostedClusters'), issues, found);
  const byName = new Map(mcs.map((mc) => [mc.name, mc]));
  const targets: PlacementTarget[] = mcs.map((mc) => ({ name: mc.name, zone: mc.zone, platforms: new Set(mc.props.platforms), model: mc.model, hcMaxNumber: mc.hcMaxNumber }));
  const requests: PlacementRequest[] = hcs.map((hc) => ({ index: hc.index, namespace: hc.namespace, name: hc.name, platform: hc.platform, zone: hc.zone, pin: hc.pin, load: hc.load }));
  const declared = new Set(listAt(given, 'managementClusters').flatMap((mc) => (isPlainObject(mc) && typeof mc.name === 'string' ? [mc.name] : [])));
  const placements = placeClusters(targets, requests, { strategy, onOverflow, previous: record?.placements, declared }, issues);

  // Flux applies a management cluster's HostedClusters and NodePools at once: each wave then takes two commits.
  const nodePoolStep = isPlainObject(given.delivery) && given.delivery.flux !== undefined;
  const rollout = rolloutOf(given.rollout, hcs, placements, byName, rolloutPrevious, { nodePoolStep }, found);
  const filled = fillAll([...rollout.moved, ...unplaceable], placements, byName, options, checkClusters, found);
  const blockRequests = hcs
    .filter((hc) => filled.has(hc.index) && needsAddresses(filled.get(hc.index)!.hostedCluster))
    .map((hc) => ({ key: clusterKey(hc), managementCluster: placements.get(hc.index)!.managementCluster, index: hc.index }))
    .sort((a, b) => byText(a.key, b.key));
  const pools = (parsed.success ? parsed.output.addressPools : undefined) ?? ([] as readonly FleetAddressPoolProps[]);
  const blocks = allocateBlocks(pools, declared, blockRequests, record?.allocations ?? {}, issues);

  if (!parsed.success || found.some((i) => i.severity === 'error') || hcs.some((hc) => !filled.has(hc.index))) return { issues: found };
  const planned: FleetPlannedHostedCluster[] = hcs.map((hc) => {
    const placed = placements.get(hc.index)!;
    const fill = filled.get(hc.index)!;
    const block = blocks.get(hc.index);
    return {
      cluster: clusterKey(hc),
      managementCluster: placed.managementCluster,
      props: fill.props,
      reason: placed.reason,
      added: placed.added,
      allocation: { ...fill.allocation, ...(block ? { addresses: block } : {}) },
    };
  });
  const plan: FleetPlan = {
    managementClusters: mcs.map((mc) => ({ name: mc.name, ...(mc.zone !== undefined ? { zone: mc.zone } : {}), props: mc.props })),
    hostedClusters: planned,
    record: recordOf(planned),
    changes: changesOf(planned, record),
    report: reportOf(mcs, hcs, planned),
    ...(given.delivery !== undefined ? { delivery: given.delivery } : {}),
    ...(rollout.plan ? { rollout: rollout.plan } : {}),
  };
  return { plan, issues: found };
}

/**
 * The rollout over the placed clusters (those without a placement have errors already: no rollout
 * then), and the clusters with the releases of its current state.
 */
function rolloutOf(
  input: unknown,
  hcs: readonly GivenHc[],
  placements: ReadonlyMap<number, Placement>,
  byName: ReadonlyMap<string, CheckedMc>,
  previous: RolloutPrevious,
  delivery: RolloutDelivery,
  found: ValidationIssue[],
): { plan?: RolloutPlan; moved: readonly GivenHc[] } {
  if (input === undefined || hcs.some((hc) => !placements.has(hc.index))) return { moved: hcs };
  const clusters = hcs.map((hc) => {
    const mc = placements.get(hc.index)!.managementCluster;
    return rolloutCluster({ index: hc.index, key: clusterKey(hc), platform: hc.platform, props: hc.props }, mc, byName.get(mc)?.zone);
  });
  const plan = planRollout(input, clusters, previous, found, FLEET_LABEL, delivery);
  const moved = (hc: GivenHc) => {
    const c = plan!.clusters.get(clusterKey(hc))!;
    return { ...hc, props: withRelease(hc.props, c.release, c.nodePoolsHeld) };
  };
  return { ...(plan ? { plan } : {}), moved: plan ? hcs.map(moved) : hcs };
}

type Filled = Map<number, { props: HostedClusterProps; allocation: FleetAllocation; hostedCluster: HostedCluster }>;

/**
 * Fills in what each placed cluster's management cluster shares and checks the filled props, once
 * per cluster (unplaced ones as given, with a stand-in NodePort address), with the fleet's paths.
 */
function fillAll(
  hcs: readonly GivenHc[],
  placements: ReadonlyMap<number, Placement>,
  byName: ReadonlyMap<string, CheckedMc>,
  options: PlanOptions,
  checkClusters: HostedClusterChecks,
  found: ValidationIssue[],
): Filled {
  const filled: Filled = new Map();
  // Every cluster filled in first (its findings kept apart), so that all are checked at once; then each cluster's findings in turn.
  const fills = [...hcs]
    .sort((a, b) => a.index - b.index)
    .map((hc) => {
      const placed = placements.get(hc.index);
      const path = `hostedClusters[${hc.index}]`;
      const own: ValidationIssue[] = [];
      const fill = placed ? fillServices(hc.props, byName.get(placed.managementCluster)!, path, new IssueCollector(FLEET_LABEL, own)) : { props: withStandInAddress(hc.props), allocation: {} };
      return { hc, placed, path, fill, own };
    });
  const checked = checkClusters(
    fills.map(({ fill }) => fill.props),
    options,
  );
  fills.forEach(({ hc, placed, path, fill, own }, i) => {
    found.push(...own, ...nested(path, checked[i].issues));
    const plan = checked[i].plan;
    if (placed && plan) filled.set(hc.index, { ...fill, hostedCluster: plan.hostedCluster });
  });
  return filled;
}

/**
 * The report: per management cluster its clusters with their loads (as the capacity model read
 * them for placement), and its blocks. One pass over the clusters: a fleet holds thousands.
 */
function reportOf(mcs: readonly CheckedMc[], hcs: readonly GivenHc[], planned: readonly FleetPlannedHostedCluster[]): FleetReport {
  type Held = { readonly mc: CheckedMc; readonly clusters: FleetReportInput['clusters'][number][]; readonly allocations: FleetReportInput['allocations'][number][] };
  const held = new Map(mcs.map((mc): [string, Held] => [mc.name, { mc, clusters: [], allocations: [] }]));
  planned.forEach((p, i) => {
    const hc = hcs[i]; // `planned` is `hcs` mapped: the same index is the same cluster
    const on = held.get(p.managementCluster)!;
    on.clusters.push({ key: p.cluster, load: loadOf(on.mc.model, hc.load, hc), availability: hc.props.controllerAvailabilityPolicy });
    if (p.allocation.addresses) on.allocations.push({ cluster: p.cluster, ...p.allocation.addresses });
  });
  return fleetReport(
    [...held.values()].map(({ mc, clusters, allocations }) => ({
      name: mc.name,
      ...(mc.zone !== undefined ? { zone: mc.zone } : {}),
      capacity: mc.props.capacity as PlanCapacityOptions,
      hcMaxNumber: mc.hcMaxNumber,
      clusters,
      allocations,
    })),
  );
}

/** Each management cluster checked by checkManagementCluster, its name (FL1) and its capacity (required). */
function checkManagementClusters(entries: readonly unknown[], issues: IssueCollector, found: ValidationIssue[]): CheckedMc[] {
  const out: CheckedMc[] = [];
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    if (!isPlainObject(entry)) return; // the schema's finding
    const path = `managementClusters[${index}]`;
    const name = entry.name;
    let ok = typeof name === 'string';
    if (typeof name === 'string') {
      const problem = dnsLabelProblem(name);
      if (problem) {
        issues.error(`${path}.name`, `management cluster name ${quote(name)} ${problem}.`, 'Give a name of lower-case letters, digits and dashes (its folder is management-<name>).');
        ok = false;
      }
      if (seen.has(name)) {
        issues.error(`${path}.name`, `management cluster name ${quote(name)} is also used by managementClusters[${seen.get(name)}].`, 'Give every management cluster its own name.');
        ok = false;
      } else seen.set(name, index);
    }
    if (!isPlainObject(entry.cluster)) return;
    const checked = checkManagementCluster(entry.cluster);
    found.push(...nested(`${path}.cluster`, checked.issues));
    const props = entry.cluster as unknown as ManagementClusterProps;
    if (props.capacity === undefined) {
      issues.error(`${path}.cluster.capacity`, `management cluster ${typeof name === 'string' ? quote(name) : index} gives no capacity, so the fleet cannot tell how many hosted clusters it holds.`, 'Give cluster.capacity with its control-plane workers: { workers: { count, vCPU, memoryGiB, maxPods } }.');
      return;
    }
    const model = capacityModel(props.capacity);
    if (!ok || !checked.plan || !model) return;
    out.push({
      index,
      name: name as string,
      ...(typeof entry.zone === 'string' ? { zone: entry.zone } : {}),
      props,
      model,
      hcMaxNumber: props.multiclusterEngine?.hypershiftAddOn?.hcMaxNumber ?? ADD_ON_LIMIT_DEFAULTS.hcMaxNumber,
      ...(typeof entry.nodePortAddress === 'string' ? { nodePortAddress: entry.nodePortAddress } : {}),
      ...(typeof entry.dnsDomain === 'string' ? { dnsDomain: entry.dnsDomain } : {}),
    });
  });
  return out;
}

/**
 * Each hosted cluster's fleet keys, by their schema, and what placement needs of it: namespace,
 * name (unique, FL2) and platform. The rest is checkHostedCluster's, once the cluster is placed
 * and filled in; a cluster without a usable name or platform is not placed and only checked.
 */
function givenHostedClusters(entries: readonly unknown[], issues: IssueCollector, found: ValidationIssue[]): { given: GivenHc[]; unplaceable: GivenHc[] } {
  const given: GivenHc[] = [];
  const unplaceable: GivenHc[] = [];
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    if (!isPlainObject(entry)) return; // the schema's finding
    const path = `hostedClusters[${index}]`;
    const placement = v.safeParse(fleetPlacementSchema, entry);
    if (!placement.success) found.push(...nested(path, schemaFindings(placement.issues, FLEET_LABEL)));
    const { managementCluster: _pin, zone: _zone, load: _load, ...rest } = entry;
    const platform = isPlainObject(rest.platform) ? rest.platform.type : undefined;
    const hc: GivenHc = {
      index,
      namespace: typeof rest.namespace === 'string' ? rest.namespace : CLI_DEFAULTS.namespace,
      name: String(rest.name),
      platform: String(platform),
      props: rest as unknown as HostedClusterProps,
      ...(placement.success ? { pin: placement.output.managementCluster, zone: placement.output.zone, load: placement.output.load } : {}),
    };
    if (!placement.success || typeof rest.name !== 'string' || !platformDefinition(platform)) {
      unplaceable.push(hc);
      return;
    }
    const key = clusterKey(hc);
    if (seen.has(key)) {
      issues.error(`${path}.name`, `hosted cluster ${key} is also hostedClusters[${seen.get(key)}]; its folders, ManagedCluster and Flux names would collide.`, 'Give every hosted cluster its own namespace/name.');
      unplaceable.push(hc);
      return;
    }
    seen.set(key, index);
    given.push(hc);
  });
  return { given, unplaceable };
}

/** What the next run keeps: each cluster's management cluster and address block. */
function recordOf(planned: readonly FleetPlannedHostedCluster[]): FleetRecord {
  const placements: Record<string, string> = {};
  const allocations: Record<string, FleetAddressBlock> = {};
  for (const p of planned) {
    placements[p.cluster] = p.managementCluster;
    if (p.allocation.addresses) allocations[p.cluster] = p.allocation.addresses;
  }
  return { version: 1, placements, allocations };
}

/** The placement changes against the previous record (no placed cluster moves, so there is no "moved"). */
function changesOf(planned: readonly FleetPlannedHostedCluster[], previous: FleetRecord | undefined): FleetChanges {
  const now = new Set(planned.map((p) => p.cluster));
  const sortBy = <T extends { cluster: string }>(list: T[]) => list.sort((a, b) => byText(a.cluster, b.cluster));
  return {
    added: sortBy(planned.filter((p) => p.added).map((p) => ({ cluster: p.cluster, to: p.managementCluster }))),
    removed: sortBy(
      Object.entries(previous?.placements ?? {})
        .filter(([cluster]) => !now.has(cluster))
        .map(([cluster, from]) => ({ cluster, from })),
    ),
    kept: planned.filter((p) => !p.added).length,
  };
}
