/**
 * The documentation's sizing rules for hosted control planes (OpenShift Container Platform 4.16,
 * "Hosted control planes", section 2.2 "Sizing guidance for hosted control planes", and 2.3
 * "Overriding resource utilization measurements"), as pure functions.
 *
 * Per control-plane worker, the number of highly available hosted control planes (HCPs) it can
 * hold is the least of five limits (Table 2.5, "Calculation notes"):
 *
 * | limit           | formula                                              |
 * |-----------------|------------------------------------------------------|
 * | `cpuRequest`    | worker vCPU ÷ 5                                      |
 * | `cpuUsage`      | worker vCPU ÷ (2.9 + QPS ÷ 1000 × 9.0)               |
 * | `memoryRequest` | worker GiB ÷ 18                                      |
 * | `memoryUsage`   | worker GiB ÷ (11.1 + QPS ÷ 1000 × 2.5)               |
 * | `pods`          | maxPods ÷ 75                                         |
 *
 * and the management cluster holds that minimum times the number of such workers, rounded down
 * (section 2.2.4: 5.4 × 3 → 16, 6.7 × 3 → 20).
 */
import type { ConfigMap } from '../api';

/**
 * The sizing baseline: what one highly available hosted control plane requests and uses. The keys
 * are those of the `hcp-sizing-baseline` ConfigMap read by the HyperShift add-on.
 */
export interface SizingBaseline {
  /** vCPU requested by one HCP's pods. @default 5 (section 2.2.2) */
  readonly cpuRequestPerHCP: number;
  /** Memory (GiB) requested by one HCP's pods. @default 18 (section 2.2.2) */
  readonly memoryRequestPerHCP: number;
  /** Pods of one HCP to plan for. @default 75 (section 2.2.1) */
  readonly podsPerHCP: number;
  /** vCPU used by an idle HCP. @default 2.9 (Table 2.2) */
  readonly idleCPUUsage: number;
  /** Memory (GiB) used by an idle HCP. @default 11.1 (Table 2.2) */
  readonly idleMemoryUsage: number;
  /** Extra vCPU used per 1,000 QPS to the hosted API server. @default 9.0 (Table 2.2) */
  readonly incrementalCPUUsagePer1KQPS: number;
  /** Extra memory (GiB) used per 1,000 QPS. @default 2.5 (Table 2.2) */
  readonly incrementalMemUsagePer1KQPS: number;
  /** QPS of a low-load HCP ("less than 50 QPS", Table 2.3). @default 50 */
  readonly minimumQPSPerHCP: number;
  /** QPS of a medium-load HCP (section 2.2.3). @default 1000 */
  readonly mediumQPSPerHCP: number;
  /** QPS of a heavy-load HCP (section 2.2.3). @default 2000 */
  readonly highQPSPerHCP: number;
}

/** The documentation's figures (sections 2.2.1 to 2.2.3, Tables 2.2 and 2.3). */
export const DEFAULT_SIZING_BASELINE: SizingBaseline = Object.freeze({
  cpuRequestPerHCP: 5,
  memoryRequestPerHCP: 18,
  podsPerHCP: 75,
  idleCPUUsage: 2.9,
  idleMemoryUsage: 11.1,
  incrementalCPUUsagePer1KQPS: 9.0,
  incrementalMemUsagePer1KQPS: 2.5,
  minimumQPSPerHCP: 50,
  mediumQPSPerHCP: 1000,
  highQPSPerHCP: 2000,
});

/** The keys of the baseline, in a fixed order (the order of the ConfigMap's data). */
export const SIZING_BASELINE_KEYS = Object.keys(DEFAULT_SIZING_BASELINE).sort() as readonly (keyof SizingBaseline)[];

/** Where the HyperShift add-on reads baseline overrides: ConfigMap `hcp-sizing-baseline` in `local-cluster` (section 2.3.1). */
export const SIZING_BASELINE_CONFIGMAP = { name: 'hcp-sizing-baseline', namespace: 'local-cluster' } as const;

/** An expected API load: a class, or queries per second to the hosted API server. */
export type Load = 'low' | 'medium' | 'high' | number;
export const LOAD_CLASSES = ['low', 'medium', 'high'] as const;

/**
 * The load assumed for a hosted cluster whose load is not given: medium, because "for general
 * sizing purposes, consider the 1000 QPS API rate that is a medium hosted cluster load" (2.2.3).
 */
export const DEFAULT_LOAD: Load = 'medium';

/** QPS of a load: low, medium and high are the baseline's `minimumQPSPerHCP`, `mediumQPSPerHCP`, `highQPSPerHCP`. */
export function qpsOf(load: Load, baseline: SizingBaseline = DEFAULT_SIZING_BASELINE): number {
  if (typeof load === 'number') return load;
  return load === 'low' ? baseline.minimumQPSPerHCP : load === 'medium' ? baseline.mediumQPSPerHCP : baseline.highQPSPerHCP;
}

/** What one hosted control plane needs at a load: requests, usage (Table 2.3) and pods. */
export interface ControlPlaneDemand {
  /** The API load, in queries per second. */
  readonly qps: number;
  /** vCPU requested (the baseline's `cpuRequestPerHCP`). */
  readonly cpuRequest: number;
  /** vCPU used at that load: the idle usage plus the increment per 1,000 QPS. */
  readonly cpuUsage: number;
  /** Memory requested, in GiB (the baseline's `memoryRequestPerHCP`). */
  readonly memoryRequest: number;
  /** Memory used at that load, in GiB: the idle usage plus the increment per 1,000 QPS. */
  readonly memoryUsage: number;
  /** Pods to plan for (the baseline's `podsPerHCP`). */
  readonly pods: number;
}

/** One HCP at `qps` QPS: 1000 QPS gives 11.9 vCPU and 13.6 GiB used (Table 2.3), 5 vCPU and 18 GiB requested. */
export function controlPlaneDemand(qps: number, baseline: SizingBaseline = DEFAULT_SIZING_BASELINE): ControlPlaneDemand {
  return {
    qps,
    cpuRequest: baseline.cpuRequestPerHCP,
    cpuUsage: baseline.idleCPUUsage + (qps / 1000) * baseline.incrementalCPUUsagePer1KQPS,
    memoryRequest: baseline.memoryRequestPerHCP,
    memoryUsage: baseline.idleMemoryUsage + (qps / 1000) * baseline.incrementalMemUsagePer1KQPS,
    pods: baseline.podsPerHCP,
  };
}

/** A control-plane worker of the management cluster. */
export interface WorkerShape {
  /** vCPUs of the worker. */
  readonly vCPU: number;
  /** Memory of the worker, in GiB. */
  readonly memoryGiB: number;
  /** The kubelet's maxPods on the worker. */
  readonly maxPods: number;
}

/** The five limits of Table 2.5, in the table's order; ties go to the earlier one. */
export const LIMITING_FACTORS = ['cpuRequest', 'cpuUsage', 'memoryRequest', 'memoryUsage', 'pods'] as const;
/** One of the five limits on how many control planes a worker holds; see {@link LIMITING_FACTORS}. */
export type LimitingFactor = (typeof LIMITING_FACTORS)[number];

/** The resource a limit is about. */
export type Resource = 'vCPU' | 'memory' | 'pods';
export const RESOURCES: readonly Resource[] = ['vCPU', 'memory', 'pods'];
export function resourceOf(factor: LimitingFactor): Resource {
  return factor === 'pods' ? 'pods' : factor.startsWith('cpu') ? 'vCPU' : 'memory';
}

/** How each limit reads in messages and pictures: "vCPU usage", "maxPods". */
export const FACTOR_LABELS: Readonly<Record<LimitingFactor, string>> = {
  cpuRequest: 'vCPU requests',
  cpuUsage: 'vCPU usage',
  memoryRequest: 'memory requests',
  memoryUsage: 'memory usage',
  pods: 'maxPods',
};

/** HCPs one worker can hold by each limit, the least of them, and which limit that is. */
export interface WorkerLimits {
  readonly byFactor: Readonly<Record<LimitingFactor, number>>;
  /** The least of {@link byFactor} (not rounded: the documentation multiplies it by the workers first). */
  readonly perWorker: number;
  readonly limitingFactor: LimitingFactor;
}

/** Table 2.5 for one worker: 64 vCPU, 128 GiB, maxPods 500 at 1000 QPS → 5.38 HCPs, limited by vCPU usage. */
export function workerLimits(worker: WorkerShape, demand: ControlPlaneDemand): WorkerLimits {
  const byFactor: Record<LimitingFactor, number> = {
    cpuRequest: worker.vCPU / demand.cpuRequest,
    cpuUsage: worker.vCPU / demand.cpuUsage,
    memoryRequest: worker.memoryGiB / demand.memoryRequest,
    memoryUsage: worker.memoryGiB / demand.memoryUsage,
    pods: worker.maxPods / demand.pods,
  };
  let limitingFactor: LimitingFactor = LIMITING_FACTORS[0];
  for (const factor of LIMITING_FACTORS) if (byFactor[factor] < byFactor[limitingFactor]) limitingFactor = factor;
  return { byFactor, perWorker: byFactor[limitingFactor], limitingFactor };
}

/**
 * What one HCP of this demand takes of each resource on a worker: the larger of its request and
 * its usage for vCPU and memory (the smaller never limits), and its pods.
 */
export function reservedPerControlPlane(demand: ControlPlaneDemand): Readonly<Record<Resource, number>> {
  return {
    vCPU: Math.max(demand.cpuRequest, demand.cpuUsage),
    memory: Math.max(demand.memoryRequest, demand.memoryUsage),
    pods: demand.pods,
  };
}

/** The baseline with overrides applied. */
export function sizingBaseline(overrides: Partial<SizingBaseline> = {}): SizingBaseline {
  const merged: Record<string, number> = { ...DEFAULT_SIZING_BASELINE };
  for (const key of SIZING_BASELINE_KEYS) {
    const value = overrides[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged as unknown as SizingBaseline;
}

/**
 * The `hcp-sizing-baseline` ConfigMap that makes the HyperShift add-on use these overrides (section
 * 2.3.1): in namespace `local-cluster`, one string per overridden key (the add-on parses each as a
 * number and keeps its default for keys left out). The add-on reads it when it starts: after
 * applying it, restart `hypershift-addon-agent` in `open-cluster-management-agent-addon`.
 */
export function sizingBaselineConfigMap(overrides: Partial<SizingBaseline>): ConfigMap {
  const data: Record<string, string> = {};
  for (const key of SIZING_BASELINE_KEYS) {
    const value = overrides[key];
    if (value !== undefined) data[key] = formatBaselineValue(value);
  }
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: SIZING_BASELINE_CONFIGMAP.name, namespace: SIZING_BASELINE_CONFIGMAP.namespace },
    data,
  };
}

/** `9` → `"9.0"`, `18.5` → `"18.5"`: decimal notation as in the documentation's example, never an exponent. */
function formatBaselineValue(value: number): string {
  if (Number.isInteger(value)) return `${value}.0`;
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/0+$/, '') : text;
}
