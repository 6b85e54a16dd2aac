export type { FleetProps, FleetManagementClusterProps, FleetHostedClusterProps, FleetPlacementProps, FleetPlacementOptions, FleetAddressPoolProps } from './fleet-props';
/** The schemas (valibot, so internal). @internal */
export { fleetPropsSchema, fleetManagementClusterSchema, fleetPlacementSchema, fleetPlacementOptionsSchema, fleetAddressPoolSchema } from './fleet-schema';
export { checkFleet, isClusterWarning, FLEET_LABEL } from './fleet';
export type { HostedClusterCheckResult, HostedClusterChecks } from './fleet';
export type { FleetPlan, FleetPlannedHostedCluster, FleetPlannedManagementCluster } from './fleet';
export type { FleetAllocation, FleetAddressBlock } from './allocation';
export { fleetRecordJson, readFleetRecord } from './record';
export type { FleetRecord } from './record';
export { fleetReportJson, fleetReportSvg, fleetSummary } from './report';
export type { FleetReport, FleetManagementClusterReport, FleetChanges, FleetLimit, FleetSummaryInput } from './report';
export * from './rollout';
