/**
 * The fleet check: can the management cluster's control-plane workers host these hosted control
 * planes? Pure: data in, a report and findings out.
 *
 * The documentation sizes for one load (section 2.2.4). A fleet mixes loads, so the planner uses the
 * fleet's average demand per control plane (each of requests and usage averaged on its own: both
 * must fit, the scheduler counts requests and the node carries usage). With that demand each worker
 * group holds its least limit × its workers, and the management cluster the sum, rounded down. For
 * workers of one size this is exactly the documentation's calculation; for mixed sizes a fleet within
 * that number can always be spread over the groups in proportion to their capacity.
 */
import { HcpValidationError, ValidationIssue } from '../core/errors';
import { formatPath, schemaFindings } from '../core/schema';
import { v } from '../core/valibot';
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
  averageDemand,
  controlPlaneDemand,
  qpsOf,
  reservedPerControlPlane,
  resourceOf,
  sizingBaseline,
  workerLimits,
} from './baseline';
import { CapacityInput, PlanCapacityOptions, capacityInputSchema, planCapacityOptionsSchema } from './input';

/** maxPods when not given: the kubelet's default (section 2.2.1). */
export const DEFAULT_MAX_PODS = 250;

/** One group of workers of one size, and what it holds. */
export interface WorkerGroupReport {
  readonly name: string;
  readonly count: number;
  readonly vCPU: number;
  readonly memoryGiB: number;
  readonly maxPods: number;
  /** HCPs one worker holds by each limit (Table 2.5's rows), at the fleet's average demand. */
  readonly limits: Readonly<Record<LimitingFactor, number>>;
  /** The least of {@link limits}. */
  readonly perWorker: number;
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
  readonly name: string;
  readonly availability: 'HighlyAvailable' | 'SingleReplica';
  readonly qps: number;
}

/** The capacity of the management cluster for this fleet. */
export interface CapacityReport {
  /** The baseline used (the documentation's figures with any overrides). */
  readonly baseline: SizingBaseline;
  /** Whose demand sized the report: the fleet's average, or (no hosted clusters) a medium-load control plane. */
  readonly basis: 'fleet-average' | 'medium-load';
  /** The demand of one control plane used for the limits (averaged over the fleet). */
  readonly demandPerControlPlane: ControlPlaneDemand;
  readonly workers: readonly WorkerGroupReport[];
  readonly hostedClusters: readonly ClusterDemandReport[];
  /** Hosted control planes the workers hold at that demand: the sum over groups, rounded down. */
  readonly capacity: number;
  /** `capacity` − the number of hosted clusters; negative when the fleet does not fit. */
  readonly headroom: number;
  readonly fits: boolean;
  /** The limit that caps the largest part of the capacity. */
  readonly limitingFactor: LimitingFactor;
  /** Capacity if every control plane had one load: requests only (the add-on's request-based figure), low, medium, high. */
  readonly capacityByLoad: Readonly<Record<'requests' | 'low' | 'medium' | 'high', number>>;
}

/** The planner's answer: a report (absent when the input is invalid) and findings. */
export interface CapacityResult {
  readonly report?: CapacityReport;
  readonly issues: readonly ValidationIssue[];
}

/** Findings about the input refer to this object. */
export const CAPACITY_INPUT = 'capacity input';
/** Findings about the fleet as a whole refer to this object. */
export const MANAGEMENT_CAPACITY = 'management cluster capacity';

interface Group {
  readonly name: string;
  readonly count: number;
  readonly vCPU: number;
  readonly memoryGiB: number;
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
 * medium when not given).
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
  for (const { object } of plan.objects) {
    if (object.kind !== 'HostedCluster' || !object.apiVersion.startsWith('hypershift.openshift.io/')) continue;
    const hc = object as HostedCluster;
    const id = `${hc.metadata.namespace ?? ''}/${hc.metadata.name}`;
    const key = id in given ? id : hc.metadata.name in given ? hc.metadata.name : undefined;
    if (key !== undefined) used.add(key);
    clusters.push({
      name: id,
      availability: hc.spec.controllerAvailabilityPolicy ?? 'HighlyAvailable',
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
  const result = size(groupsOf(parsed.output.workers), clusters, baseline, onOverflow);
  return { report: result.report, issues: [...unknownLoads, ...result.issues] };
}

/** {@link planCapacity}, throwing {@link HcpValidationError} on errors (invalid input, or an overflow with `onOverflow: 'error'`). */
export function planCapacityOrThrow(input: CapacityInput): CapacityReport {
  const { report, issues } = planCapacity(input);
  if (!report || issues.some((issue) => issue.severity === 'error')) throw new HcpValidationError(issues);
  return report;
}

function groupsOf(workers: readonly { name?: string; count?: number; vCPU: number; memoryGiB: number; maxPods?: number }[]): Group[] {
  return workers.map((w, index) => ({
    name: w.name ?? (index === 0 ? 'workers' : `workers-${index + 1}`),
    count: w.count ?? 1,
    vCPU: w.vCPU,
    memoryGiB: w.memoryGiB,
    maxPods: w.maxPods ?? DEFAULT_MAX_PODS,
  }));
}

/** Floors a sum of quotients without losing a whole one to rounding (`6.666… × 3` is 20). */
const floorCapacity = (value: number) => Math.floor(value + 1e-9);

/** Hosted control planes the groups hold, each control plane having this demand. */
function capacityAt(groups: readonly Group[], demand: ControlPlaneDemand): number {
  return floorCapacity(groups.reduce((sum, g) => sum + workerLimits(g, demand).perWorker * g.count, 0));
}

function size(groups: readonly Group[], clusters: readonly Cluster[], baseline: SizingBaseline, onOverflow: 'warn' | 'error'): { report: CapacityReport; issues: ValidationIssue[] } {
  const fleet = averageDemand(clusters.map((c) => controlPlaneDemand(c.qps, baseline)));
  const demand = fleet ?? controlPlaneDemand(qpsOf(DEFAULT_LOAD, baseline), baseline);
  const reserved = reservedPerControlPlane(demand);
  const limits = groups.map((g) => workerLimits(g, demand));
  const exact = limits.reduce((sum, l, i) => sum + l.perWorker * groups[i].count, 0);
  const n = clusters.length;
  const workers: WorkerGroupReport[] = groups.map((g, i) => {
    const capacity = limits[i].perWorker * g.count;
    const placed = (n * capacity) / exact;
    return {
      ...g,
      limits: limits[i].byFactor,
      perWorker: limits[i].perWorker,
      limitingFactor: limits[i].limitingFactor,
      capacity,
      total: { vCPU: g.vCPU * g.count, memory: g.memoryGiB * g.count, pods: g.maxPods * g.count },
      used: { vCPU: placed * reserved.vCPU, memory: placed * reserved.memory, pods: placed * reserved.pods },
    };
  });
  // The factor that caps the largest share of the capacity (ties: the table's order).
  const share = new Map<LimitingFactor, number>();
  for (const w of workers) share.set(w.limitingFactor, (share.get(w.limitingFactor) ?? 0) + w.capacity);
  const limitingFactor = LIMITING_FACTORS.reduce((best, f) => ((share.get(f) ?? 0) > (share.get(best) ?? 0) ? f : best), workers[0].limitingFactor);
  const capacity = floorCapacity(exact);
  const requestsOnly = { ...controlPlaneDemand(0, baseline), cpuUsage: 0, memoryUsage: 0 };
  const report: CapacityReport = {
    baseline,
    basis: fleet ? 'fleet-average' : 'medium-load',
    demandPerControlPlane: demand,
    workers,
    hostedClusters: clusters.map(({ name, availability, qps }) => ({ name, availability, qps })),
    capacity,
    headroom: capacity - n,
    fits: n <= capacity,
    limitingFactor,
    capacityByLoad: {
      requests: capacityAt(groups, requestsOnly),
      low: capacityAt(groups, controlPlaneDemand(baseline.minimumQPSPerHCP, baseline)),
      medium: capacityAt(groups, controlPlaneDemand(baseline.mediumQPSPerHCP, baseline)),
      high: capacityAt(groups, controlPlaneDemand(baseline.highQPSPerHCP, baseline)),
    },
  };
  return { report, issues: [...singleReplicaFindings(clusters), ...overflowFindings(report, onOverflow)] };
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

function overflowFindings(report: CapacityReport, onOverflow: 'warn' | 'error'): ValidationIssue[] {
  if (report.fits) return [];
  const n = report.hostedClusters.length;
  const over = n - report.capacity;
  const label = FACTOR_LABELS[report.limitingFactor];
  // The group that adds the most per worker: how many more of those would make the fleet fit.
  const best = report.workers.reduce((a, b) => (b.perWorker > a.perWorker ? b : a));
  const exact = report.workers.reduce((sum, w) => sum + w.capacity, 0);
  const more = Math.max(1, Math.ceil((n - exact - 1e-9) / best.perWorker));
  const podsFix =
    resourceOf(report.limitingFactor) === 'pods' && report.workers.some((w) => w.maxPods < 500)
      ? 'raise maxPods to 500 with a KubeletConfig (the documentation\'s advice for dense control-plane nodes), '
      : '';
  return [
    {
      severity: onOverflow === 'error' ? 'error' : 'warning',
      object: MANAGEMENT_CAPACITY,
      path: 'workers',
      message:
        `${n} hosted control planes do not fit: the control-plane workers hold ${report.capacity} at ` +
        `${Math.round(report.demandPerControlPlane.qps)} QPS each on average, limited by ${label} ` +
        `(${over} too many).`,
      fix: `${podsFix ? `Either ${podsFix}or add` : 'Add'} ${more} more worker${more === 1 ? '' : 's'} like ${JSON.stringify(best.name)}, or host ${over} of the clusters on another management cluster.`,
    },
  ];
}
