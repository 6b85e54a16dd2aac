/**
 * The fleet check: can the management cluster's control-plane workers host these hosted control
 * planes? Pure: data in, a report and findings out.
 *
 * The documentation sizes for one load (section 2.2.4): per worker, the least of five limits
 * (vCPU and memory requests, vCPU and memory usage at the load, pods), times the workers, rounded
 * down. A fleet mixes loads, so the planner adds up what the clusters need of each of the five
 * (requests, usage at each cluster's QPS, pods) and spreads that total over the worker groups (the
 * same share of every cluster on each group; a group takes at most the share its least limit
 * allows). The fleet fits when the shares reach the whole. Headroom counts how many more
 * medium-load control planes would still fit. For one load on workers of one size this is exactly
 * the documentation's calculation; adding a cluster never raises the headroom, adding a worker
 * never lowers it.
 */
import { HcpValidationError, ValidationIssue } from '../core/errors';
import { formatPath, schemaFindings } from '../core/schema';
import { v } from '../core/valibot';
import type { AvailabilityPolicy } from '../core/hosted-cluster-props';
import type { OVERFLOW_RULES } from './input-props';
import type { PlannedObject } from '../core/plan-model';
import type { HostedCluster } from '../api';
import {
  ControlPlaneDemand,
  DEFAULT_LOAD,
  FACTOR_LABELS,
  LIMITING_FACTORS,
  LimitingFactor,
  Load,
  Resource,
  SizingBaseline,
  controlPlaneDemand,
  qpsOf,
  reservedPerControlPlane,
  sizingBaseline,
  workerLimits,
} from './baseline';
import { CapacityInput, PlanCapacityOptions, capacityInputSchema, planCapacityOptionsSchema } from './input';

/** maxPods when not given: the kubelet's default (section 2.2.1). */
export const DEFAULT_MAX_PODS = 250;

/** One group of workers of one size, and what it holds. */
export interface WorkerGroupReport {
  /** The group's name: the input's, else `workers` for the first group and `workers-<n>` for the n-th. */
  readonly name: string;
  /** How many workers the group has. */
  readonly count: number;
  /** vCPUs of one worker of the group. */
  readonly vCPU: number;
  /** Memory of one worker of the group, in GiB. */
  readonly memoryGiB: number;
  /** maxPods of one worker of the group (250 when the input left it out). */
  readonly maxPods: number;
  /** HCPs one worker holds by each limit (Table 2.5's rows), at the fleet's average demand. */
  readonly limits: Readonly<Record<LimitingFactor, number>>;
  /** The least of {@link limits}. */
  readonly perWorker: number;
  /** The limit that gives {@link WorkerGroupReport.perWorker}: the least of {@link WorkerGroupReport.limits}. */
  readonly limitingFactor: LimitingFactor;
  /** `perWorker × count`, not rounded. */
  readonly capacity: number;
  /** What the group has: `count ×` vCPU, memory (GiB), maxPods. */
  readonly total: Readonly<Record<Resource, number>>;
  /** What the fleet takes of it when spread in proportion to capacity (vCPU and memory: the larger of requests and usage). */
  readonly used: Readonly<Record<Resource, number>>;
}

/** One hosted cluster as placed. */
export interface ClusterDemandReport {
  /** The cluster's name as given (`namespace/name` for the HostedClusters of a plan). */
  readonly name: string;
  /** Its `controllerAvailabilityPolicy`; a `SingleReplica` cluster is sized as a highly available one all the same. */
  readonly availability: AvailabilityPolicy;
  /** The API load it is sized for, in queries per second (its load class turned into QPS by the baseline). */
  readonly qps: number;
}

/** The capacity of the management cluster for this fleet. */
export interface CapacityReport {
  /** The baseline used (the documentation's figures with any overrides). */
  readonly baseline: SizingBaseline;
  /**
   * The demand of one control plane behind the per-worker limits: the average over the planned
   * clusters and the headroom (filled at medium load). With no clusters, a medium-load control plane.
   */
  readonly demandPerControlPlane: ControlPlaneDemand;
  /** QPS of the control planes {@link headroom} counts: medium load (1000 QPS unless overridden). */
  readonly headroomQps: number;
  /** Each worker group with its limits, capacity and share of the fleet, in input order. */
  readonly workers: readonly WorkerGroupReport[];
  /** The clusters sized, in input order. */
  readonly hostedClusters: readonly ClusterDemandReport[];
  /** Hosted control planes the workers hold: the planned ones plus {@link headroom}. */
  readonly capacity: number;
  /**
   * How many more medium-load control planes fit beside the planned ones; negative when the fleet
   * does not fit: how many of the planned control planes (of their average demand) would have to go.
   */
  readonly headroom: number;
  /** Whether the planned clusters fit on the workers ({@link CapacityReport.headroom} is 0 or more); when not, the result has an overflow finding. */
  readonly fits: boolean;
  /** The limit that caps the largest part of the capacity. */
  readonly limitingFactor: LimitingFactor;
  /** Capacity if every control plane had one load: requests only (the add-on's request-based figure), low, medium, high. */
  readonly capacityByLoad: Readonly<Record<'requests' | 'low' | 'medium' | 'high', number>>;
}

/** The planner's answer: a report (absent when the input is invalid) and findings. */
export interface CapacityResult {
  /** The sizing; undefined when the input failed its checks. */
  readonly report?: CapacityReport;
  /** Findings about the input and the fleet; an overflow is an error with `onOverflow: 'error'`, else a warning. */
  readonly issues: readonly ValidationIssue[];
}

/** Findings about the input refer to this object. */
export const CAPACITY_INPUT = 'capacity input';
/** Findings about the fleet as a whole refer to this object. */
export const MANAGEMENT_CAPACITY = 'management cluster capacity';

/** A worker group with its defaults filled. @internal */
export interface Group {
  /** Its name in the report. */
  readonly name: string;
  /** How many workers of this shape. */
  readonly count: number;
  /** vCPU of one worker. */
  readonly vCPU: number;
  /** Memory of one worker, GiB. */
  readonly memoryGiB: number;
  /** Pods one worker takes. */
  readonly maxPods: number;
}

interface Cluster extends ClusterDemandReport {
  /** Where a finding about its availability goes. */
  readonly object: string;
  readonly path: string;
}

/**
 * Checks the input and sizes the fleet: capacity, headroom, limiting factor per worker group and
 * overall, and findings when the fleet does not fit (a warning, or an error with `onOverflow: 'error'`).
 *
 * @example the documentation's example (section 2.2.4): 3 workers of 64 vCPU, 128 GiB, maxPods 500
 * at medium load hold 16 control planes, limited by vCPU usage.
 */
export function planCapacity(input: CapacityInput): CapacityResult;
/** {@link planCapacity} for input of unknown shape (parsed JSON or YAML): anything malformed comes back as findings, never as an exception. */
export function planCapacity(input: unknown): CapacityResult;
export function planCapacity(input: unknown): CapacityResult {
  const parsed = v.safeParse(capacityInputSchema, input);
  if (!parsed.success) return { issues: schemaFindings(parsed.issues, CAPACITY_INPUT) };
  const { workers, hostedClusters = [], baseline: overrides, onOverflow = 'warn' } = parsed.output;
  const baseline = sizingBaseline(overrides);
  const clusters = hostedClusters.map((cluster, index) => ({
    name: cluster.name,
    availability: cluster.availability ?? 'HighlyAvailable',
    qps: qpsOf(cluster.load ?? DEFAULT_LOAD, baseline),
    object: CAPACITY_INPUT,
    path: `hostedClusters[${index}].availability`,
  }));
  return size(groupsOf(workers), clusters, baseline, onOverflow);
}

/**
 * {@link planCapacity} for the HostedClusters of an app plan (`plan.objects`), with their
 * `spec.controllerAvailabilityPolicy` and a load per cluster (keyed `namespace/name` or `name`;
 * medium when not given). A SingleReplica cluster gets no warning here: the planner gave it one
 * already; {@link capacitySummary} says it is counted as highly available.
 */
export function capacityOfPlan(
  plan: { readonly objects: readonly PlannedObject[] },
  workers: PlanCapacityOptions['workers'],
  loads?: Readonly<Record<string, Load>>,
  options?: Pick<PlanCapacityOptions, 'baseline' | 'onOverflow'>,
): CapacityResult;
export function capacityOfPlan(plan: { readonly objects: readonly PlannedObject[] }, workers: unknown, loads?: unknown, options?: unknown): CapacityResult;
export function capacityOfPlan(plan: { readonly objects: readonly PlannedObject[] }, workers: unknown, loads?: unknown, options?: unknown): CapacityResult {
  const extra = typeof options === 'object' && options !== null && !Array.isArray(options) ? options : options === undefined ? {} : { options };
  const parsed = v.safeParse(planCapacityOptionsSchema, { ...extra, workers, ...(loads === undefined ? {} : { loads }) });
  if (!parsed.success) return { issues: schemaFindings(parsed.issues, CAPACITY_INPUT) };
  const { baseline: overrides, onOverflow = 'warn' } = parsed.output;
  const given = parsed.output.loads ?? {};
  const baseline = sizingBaseline(overrides);
  const used = new Set<string>();
  const clusters: Cluster[] = [];
  for (const { object } of Array.isArray(plan?.objects) ? plan.objects : []) {
    if (object.kind !== 'HostedCluster' || !object.apiVersion.startsWith('hypershift.openshift.io/')) continue;
    const hc = object as HostedCluster;
    const id = `${hc.metadata.namespace ?? ''}/${hc.metadata.name}`;
    const has = (k: string) => Object.prototype.hasOwnProperty.call(given, k);
    const key = has(id) ? id : has(hc.metadata.name) ? hc.metadata.name : undefined;
    if (key !== undefined) used.add(key);
    clusters.push({
      name: id,
      availability: hc.spec?.controllerAvailabilityPolicy === 'SingleReplica' ? 'SingleReplica' : 'HighlyAvailable', // the CRD's default
      qps: qpsOf(key === undefined ? DEFAULT_LOAD : given[key], baseline),
      object: `HostedCluster ${id}`,
      path: 'spec.controllerAvailabilityPolicy',
    });
  }
  const unknownLoads: ValidationIssue[] = Object.keys(given)
    .filter((key) => !used.has(key))
    .sort()
    .map((key) => ({
      severity: 'warning',
      object: CAPACITY_INPUT,
      path: formatPath([{ key: 'loads' }, { key }]),
      message: `no HostedCluster of the plan is named ${JSON.stringify(key)}, so this load is not used.`,
      fix: `Key loads by "namespace/name" or name of a planned HostedCluster (${clusters.map((c) => c.name).join(', ') || 'the plan has none'}).`,
    }));
  const result = size(groupsOf(parsed.output.workers), clusters, baseline, onOverflow, false);
  return { report: result.report, issues: [...unknownLoads, ...result.issues] };
}

/** {@link planCapacity}, throwing {@link HcpValidationError} on errors (invalid input, or an overflow with `onOverflow: 'error'`). */
export function planCapacityOrThrow(input: CapacityInput): CapacityReport {
  const { report, issues } = planCapacity(input);
  if (!report || issues.some((issue) => issue.severity === 'error')) throw new HcpValidationError(issues);
  return report;
}

/** The worker groups of the input with their defaults (name, count, maxPods). @internal */
export function groupsOf(workers: readonly { name?: string; count?: number; vCPU: number; memoryGiB: number; maxPods?: number }[]): Group[] {
  return workers.map((w, index) => ({
    name: w.name ?? (index === 0 ? 'workers' : `workers-${index + 1}`),
    count: w.count ?? 1,
    vCPU: w.vCPU,
    memoryGiB: w.memoryGiB,
    maxPods: w.maxPods ?? DEFAULT_MAX_PODS,
  }));
}

/** Floors a sum of quotients without losing a whole one to rounding (`6.666… × 3` is 20). */
const EPSILON = 1e-9;
const floorCapacity = (value: number) => Math.floor(value + EPSILON);

/** A demand per limit: what HCPs need of each (requests, usage, pods), or one HCP's. @internal */
export type Vector = Record<LimitingFactor, number>;

/** @internal */
export const vectorOf = (d: ControlPlaneDemand): Vector => ({
  cpuRequest: d.cpuRequest,
  cpuUsage: d.cpuUsage,
  memoryRequest: d.memoryRequest,
  memoryUsage: d.memoryUsage,
  pods: d.pods,
});
const supplyOf = (g: Group): Vector => ({ cpuRequest: g.vCPU, cpuUsage: g.vCPU, memoryRequest: g.memoryGiB, memoryUsage: g.memoryGiB, pods: g.maxPods });
/** `a + m × b` per limit, never below 0. @internal */
export const combine = (a: Vector, b: Vector, m: number): Vector => ({
  // Spelled out rather than mapped over LIMITING_FACTORS: placement calls it per candidate per cluster.
  cpuRequest: Math.max(0, a.cpuRequest + m * b.cpuRequest),
  cpuUsage: Math.max(0, a.cpuUsage + m * b.cpuUsage),
  memoryRequest: Math.max(0, a.memoryRequest + m * b.memoryRequest),
  memoryUsage: Math.max(0, a.memoryUsage + m * b.memoryUsage),
  pods: Math.max(0, a.pods + m * b.pods),
});
/** @internal */
export const ZERO: Vector = { cpuRequest: 0, cpuUsage: 0, memoryRequest: 0, memoryUsage: 0, pods: 0 };

/** How many times a worker holds `demand` (Infinity for none): the least over the limits. */
function times(g: Group, demand: Vector): number {
  const supply = supplyOf(g);
  let least = Infinity;
  for (const f of LIMITING_FACTORS) if (demand[f] > 0) least = Math.min(least, supply[f] / demand[f]);
  return least;
}

/**
 * Whether a total demand fits: spread over the groups with the same share of every cluster on each
 * group, group g can take a share up to `count × times(g)`, and the shares must reach 1. @internal
 */
export function fits(groups: readonly Group[], total: Vector): boolean {
  return groups.reduce((sum, g) => sum + g.count * times(g, total), 0) >= 1 - EPSILON;
}

/** Hosted control planes the groups hold, each control plane having this demand (the documentation's formula). */
function capacityAt(groups: readonly Group[], demand: ControlPlaneDemand): number {
  return floorCapacity(groups.reduce((sum, g) => sum + workerLimits(g, demand).perWorker * g.count, 0));
}

/**
 * Headroom: with the fleet fitting, how many more control planes of demand `unit` would fit; else,
 * negative, how many of the fleet's average control planes would have to go. Never rises as the
 * fleet grows, never falls as workers are added. @internal
 */
export function headroomOf(groups: readonly Group[], fleet: Vector, n: number, unit: Vector): number {
  const share = groups.reduce((sum, g) => sum + g.count * times(g, fleet), 0);
  if (share < 1 - EPSILON) return -Math.ceil(n * (1 - share) - EPSILON);
  let lo = 0; // fits
  let hi = capacityAt(groups, { qps: 0, ...unit }) + 1; // more than fits on empty workers: never fits
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(groups, combine(fleet, unit, mid))) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Sizes every worker group for the clusters and reports it. Long because the report is built field by field in its published order. */
/**
 * The report and its findings. `warnSingleReplica` is off for the HostedClusters of a plan: the
 * planner warned about each SingleReplica one already, and one cause gets one finding (the
 * summary says how they are counted).
 */
function size(
  groups: readonly Group[],
  clusters: readonly Cluster[],
  baseline: SizingBaseline,
  onOverflow: (typeof OVERFLOW_RULES)[number],
  warnSingleReplica = true,
): { report: CapacityReport; issues: ValidationIssue[] } {
  const n = clusters.length;
  const unit = controlPlaneDemand(qpsOf(DEFAULT_LOAD, baseline), baseline);
  const fleet = clusters.reduce((sum, c) => combine(sum, vectorOf(controlPlaneDemand(c.qps, baseline)), 1), ZERO);
  const fleetQps = clusters.reduce((sum, c) => sum + c.qps, 0);
  const headroom = headroomOf(groups, fleet, n, vectorOf(unit));
  // The per-worker limits are those of the average control plane of the full fleet: the planned
  // clusters plus the headroom at medium load (for no clusters, the documentation's calculation).
  const added = Math.max(0, headroom);
  const full = n + added;
  const average = (f: LimitingFactor) => (full === 0 ? vectorOf(unit)[f] : (fleet[f] + added * vectorOf(unit)[f]) / full);
  const demand: ControlPlaneDemand = {
    qps: full === 0 ? unit.qps : (fleetQps + added * unit.qps) / full,
    cpuRequest: average('cpuRequest'),
    cpuUsage: average('cpuUsage'),
    memoryRequest: average('memoryRequest'),
    memoryUsage: average('memoryUsage'),
    pods: average('pods'),
  };
  const limits = groups.map((g) => workerLimits(g, demand));
  const exact = limits.reduce((sum, l, i) => sum + l.perWorker * groups[i].count, 0);
  const placedTotal = reservedPerControlPlane({ qps: fleetQps, ...fleet });
  const workers: WorkerGroupReport[] = groups.map((g, i) => {
    const capacity = limits[i].perWorker * g.count;
    const share = capacity / exact;
    return {
      ...g,
      limits: limits[i].byFactor,
      perWorker: limits[i].perWorker,
      limitingFactor: limits[i].limitingFactor,
      capacity,
      total: { vCPU: g.vCPU * g.count, memory: g.memoryGiB * g.count, pods: g.maxPods * g.count },
      used: { vCPU: share * placedTotal.vCPU, memory: share * placedTotal.memory, pods: share * placedTotal.pods },
    };
  });
  // The factor that caps the largest share of the capacity (ties: the table's order).
  const capped = new Map<LimitingFactor, number>();
  for (const w of workers) capped.set(w.limitingFactor, (capped.get(w.limitingFactor) ?? 0) + w.capacity);
  const limitingFactor = LIMITING_FACTORS.reduce((best, f) => ((capped.get(f) ?? 0) > (capped.get(best) ?? 0) ? f : best), workers[0].limitingFactor);
  const requestsOnly = { ...controlPlaneDemand(0, baseline), cpuUsage: 0, memoryUsage: 0 };
  const report: CapacityReport = {
    baseline,
    demandPerControlPlane: demand,
    headroomQps: unit.qps,
    workers,
    hostedClusters: clusters.map(({ name, availability, qps }) => ({ name, availability, qps })),
    capacity: n + headroom,
    headroom,
    fits: headroom >= 0,
    limitingFactor,
    capacityByLoad: {
      requests: capacityAt(groups, requestsOnly),
      low: capacityAt(groups, controlPlaneDemand(baseline.minimumQPSPerHCP, baseline)),
      medium: capacityAt(groups, controlPlaneDemand(baseline.mediumQPSPerHCP, baseline)),
      high: capacityAt(groups, controlPlaneDemand(baseline.highQPSPerHCP, baseline)),
    },
  };
  const issues = warnSingleReplica ? singleReplicaFindings(clusters) : [];
  if (!report.fits) issues.push(overflowFinding(report, groups, fleet, onOverflow));
  return { report, issues };
}

/**
 * The documentation's figures are for highly available control planes and it gives none for
 * SingleReplica (which it calls unsupported, section 2.5.1): such clusters are counted with the HA
 * figures, which overstates what they need, and each gets a warning saying so.
 */
function singleReplicaFindings(clusters: readonly Cluster[]): ValidationIssue[] {
  return clusters
    .filter((c) => c.availability === 'SingleReplica')
    .map((c) => ({
      severity: 'warning',
      object: c.object,
      path: c.path,
      message: `${c.name} is SingleReplica; the sizing guidance covers highly available control planes only, so it is counted as one (an overestimate).`,
      fix: 'Use HighlyAvailable (control planes that are not highly available are not supported), or keep the estimate as a safe upper bound.',
    }));
}

function overflowFinding(report: CapacityReport, groups: readonly Group[], fleet: Vector, onOverflow: (typeof OVERFLOW_RULES)[number]): ValidationIssue {
  const n = report.hostedClusters.length;
  const over = -report.headroom;
  // How many more workers of the group that takes the largest share of this fleet per worker make it fit.
  const shares = groups.map((g) => times(g, fleet));
  const best = shares.indexOf(Math.max(...shares));
  const have = groups.reduce((sum, g, i) => sum + g.count * shares[i], 0);
  const more = Math.max(1, Math.ceil((1 - have) / shares[best] - EPSILON));
  const name = report.workers[best].name;
  const podsFix =
    report.limitingFactor === 'pods' && report.workers.some((w) => w.maxPods < 500)
      ? "raise maxPods to 500 with a KubeletConfig (the documentation's advice for dense control-plane nodes), "
      : '';
  return {
    severity: onOverflow === 'error' ? 'error' : 'warning',
    object: MANAGEMENT_CAPACITY,
    path: 'workers',
    message:
      `${n} hosted control planes do not fit: the control-plane workers hold ${report.capacity} of this fleet's load ` +
      `(${Math.round(report.demandPerControlPlane.qps)} QPS each on average), limited by ${FACTOR_LABELS[report.limitingFactor]} ` +
      `(${over} too many).`,
    fix: `${podsFix ? `Either ${podsFix}or add` : 'Add'} ${more} more worker${more === 1 ? '' : 's'} like ${JSON.stringify(name)}, or host ${over} of the clusters on another management cluster.`,
  };
}
