/**
 * The capacity planner's model, one cluster at a time: what one hosted control plane needs
 * ({@link demandOf}) and whether a management cluster still holds its running total with one more
 * ({@link fitsWith}). Placement asks this once per candidate; re-planning the whole fleet per
 * candidate would be quadratic. Built from the planner's own functions, so a running total that
 * fits is exactly a fleet that `planCapacity` says fits (a test holds them equal).
 */
import { DEFAULT_LOAD, Load, SizingBaseline, controlPlaneDemand, qpsOf, sizingBaseline } from './baseline';
import type { PlanCapacityOptions } from './input';
import { planCapacityOptionsSchema } from './input';
import { Group, Vector, ZERO, combine, fits, groupsOf, headroomOf, vectorOf } from './planner';
import { v } from '../core/valibot';

/** One management cluster's workers and baseline, ready for incremental questions. */
export interface CapacityModel {
  /** The worker groups, defaults filled. */
  readonly groups: readonly Group[];
  /** The sizing baseline, overrides applied. */
  readonly baseline: SizingBaseline;
  /** A medium-load control plane: the unit of headroom. */
  readonly unit: Vector;
  /** Loads by `namespace/name` or name, from the capacity options. */
  readonly loads: Readonly<Record<string, Load>>;
  /** Whether {@link loads} has any: most fleets give none, and placement asks for a load per candidate. */
  readonly anyLoads: boolean;
}

/** What the control planes on a management cluster need in total, per limit. */
export type CapacityTotal = Vector;

/** The empty total. */
export const NO_DEMAND: CapacityTotal = ZERO;

/** The model of capacity options (a management cluster's `capacity`), or undefined when they are not valid. */
export function capacityModel(options: PlanCapacityOptions | unknown): CapacityModel | undefined {
  const parsed = v.safeParse(planCapacityOptionsSchema, options);
  if (!parsed.success) return undefined;
  const baseline = sizingBaseline(parsed.output.baseline);
  return {
    groups: groupsOf(parsed.output.workers),
    baseline,
    unit: vectorOf(controlPlaneDemand(qpsOf(DEFAULT_LOAD, baseline), baseline)),
    loads: parsed.output.loads ?? {},
    anyLoads: Object.keys(parsed.output.loads ?? {}).length > 0,
  };
}

/**
 * What one control plane at `load` needs of each limit. Without a load, the model's `loads` for
 * `key` (`namespace/name`, then `name`), else medium, as `capacityOfPlan` reads them.
 */
export function demandOf(model: CapacityModel, load?: Load, key?: ClusterKey): CapacityTotal {
  return vectorOf(controlPlaneDemand(qpsOf(loadOf(model, load, key), model.baseline), model.baseline));
}

/** A hosted cluster's namespace and name, for the options' `loads`. */
export interface ClusterKey {
  /** Its namespace. */
  readonly namespace: string;
  /** Its name. */
  readonly name: string;
}

/** The load {@link demandOf} counts: `load`, else the options' `loads` for `key` (`namespace/name`, then `name`), else medium. */
export function loadOf(model: CapacityModel, load?: Load, key?: ClusterKey): Load {
  if (load !== undefined) return load;
  if (!model.anyLoads || key === undefined) return DEFAULT_LOAD;
  const given = (k: string) => (Object.hasOwn(model.loads, k) ? model.loads[k] : undefined);
  return given(`${key.namespace}/${key.name}`) ?? given(key.name) ?? DEFAULT_LOAD;
}

/** `total` plus `demand`. */
export function addDemand(total: CapacityTotal, demand: CapacityTotal): CapacityTotal {
  return combine(total, demand, 1);
}

/** Whether the workers hold `total` and one more control plane of `demand` (`planCapacity(...).fits` for that fleet). */
export function fitsWith(model: CapacityModel, total: CapacityTotal, demand: CapacityTotal = NO_DEMAND): boolean {
  return fits(model.groups, combine(total, demand, 1));
}

/**
 * How many more medium-load control planes fit beside `total` (`count` control planes); negative
 * when it does not fit, as `planCapacity`'s headroom.
 */
export function headroomWith(model: CapacityModel, total: CapacityTotal, count: number): number {
  return headroomOf(model.groups, total, count, model.unit);
}
