export {
  DEFAULT_SIZING_BASELINE,
  SIZING_BASELINE_KEYS,
  SIZING_BASELINE_CONFIGMAP,
  LOAD_CLASSES,
  DEFAULT_LOAD,
  LIMITING_FACTORS,
  FACTOR_LABELS,
  RESOURCES,
  qpsOf,
  controlPlaneDemand,
  workerLimits,
  reservedPerControlPlane,
  resourceOf,
  sizingBaseline,
  sizingBaselineConfigMap,
} from './baseline';
export type { SizingBaseline, Load, ControlPlaneDemand, WorkerShape, LimitingFactor, Resource, WorkerLimits } from './baseline';
/** The schemas (valibot, so internal: the declarations stay free of it). @internal */
export { capacityInputSchema, planCapacityOptionsSchema, workerGroupSchema, capacityClusterSchema, baselineOverridesSchema, loadSchema } from './input';
/** @internal */
export type { CheckedCapacityInput } from './input';
export type { CapacityInput, WorkerGroupInput, CapacityClusterInput, PlanCapacityOptions } from './input';
export { planCapacity, planCapacityOrThrow, capacityOfPlan, DEFAULT_MAX_PODS, CAPACITY_INPUT, MANAGEMENT_CAPACITY } from './planner';
export type { CapacityReport, CapacityResult, WorkerGroupReport, ClusterDemandReport } from './planner';
export { capacityReportJson, capacityReportSvg, capacitySummary } from './report';
