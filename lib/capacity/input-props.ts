/**
 * The capacity planner's input, as users write it: plain types, kept equal to the input schemas
 * (`capacityInputSchema`, `planCapacityOptionsSchema` and their parts) by
 * test/types/props-match-schemas.ts.
 */
import type { Load, SizingBaseline } from './baseline';
import type { AvailabilityPolicy } from '../core/hosted-cluster-props';

/** What a capacity or fleet overflow gives: a warning, or an error that stops synthesis. */
export const OVERFLOW_RULES = ['warn', 'error'] as const;

/** Control-plane workers of one size. */
export interface WorkerGroupInput {
  /** A name for the group in reports (`server-1`). @default `workers` for the first group, `workers-<n>` for the n-th */
  readonly name?: string;
  /** How many workers of this size host control planes (nodes labeled `hypershift.openshift.io/control-plane`). @default 1 */
  readonly count?: number;
  /** vCPUs of each worker. */
  readonly vCPU: number;
  /** Memory of each worker, in GiB. */
  readonly memoryGiB: number;
  /** The kubelet's maxPods on each worker. @default 250 (the kubelet's default, section 2.2.1) */
  readonly maxPods?: number;
}

/** A hosted cluster as the planner sees it. */
export interface CapacityClusterInput {
  /** The cluster's name (`namespace/name` or `name`), for reports and findings. */
  readonly name: string;
  /** Its `controllerAvailabilityPolicy`. @default 'HighlyAvailable' */
  readonly availability?: AvailabilityPolicy;
  /** Its expected API load. @default 'medium' (1000 QPS, section 2.2.3) */
  readonly load?: Load;
}

/** Overrides of the sizing baseline; keys as in the `hcp-sizing-baseline` ConfigMap. */
export type SizingBaselineOverrides = { readonly [K in keyof SizingBaseline]?: number };

/** What every capacity question starts from: the workers, the baseline, and what an overflow gives. */
interface CapacitySettings {
  /** Control-plane workers: one group (`{ count, vCPU, memoryGiB, maxPods }`) or a list of groups of different sizes. */
  readonly workers: WorkerGroupInput | readonly WorkerGroupInput[];
  /** Overrides of the documentation's sizing figures. @default none */
  readonly baseline?: SizingBaselineOverrides;
  /** What a fleet that does not fit gives: a warning, or an error that stops synthesis. @default 'warn' */
  readonly onOverflow?: (typeof OVERFLOW_RULES)[number];
}

/** Input of {@link planCapacity}. */
export interface CapacityInput extends CapacitySettings {
  /** The hosted clusters to place. @default none: the report then gives the capacity at medium load */
  readonly hostedClusters?: readonly CapacityClusterInput[];
}

/** Options of the capacity check of a plan (a management cluster's `capacity`). */
export interface PlanCapacityOptions extends CapacitySettings {
  /** Expected load per hosted cluster, keyed by `namespace/name` or by name. @default 'medium' for each */
  readonly loads?: Readonly<Record<string, Load>>;
}
