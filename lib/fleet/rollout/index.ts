export type { RolloutProps, RolloutCohortProps, RolloutSelectorProps, RolloutTargetOverrideProps, UpdateGraphProps, UpdateGraphConditionalEdgesProps, UpdateRiskProps } from './rollout-props';
export { ROLLOUT_HEALTH_GATES } from './rollout-props';
/** The schemas (valibot, so internal). @internal */
export { rolloutPropsSchema, rolloutCohortSchema, rolloutCanarySchema, rolloutTargetOverrideSchema, updateGraphSchema } from './rollout-schema';
export { planRollout, releaseVersion, ROLLOUT_STATES } from './rollout-plan';
export type { RolloutPlan, RolloutWave, RolloutClusterPlan, RolloutCluster, RolloutState, RolloutPrevious, RolloutDelivery, PreviousReleases } from './rollout-plan';
export { ROLLOUT_RECORD_FILE, readRolloutRecord, rolloutRecordJson, waveStepName } from './rollout-record';
export type { RolloutRecord, RolloutRecordWave, WaveStep } from './rollout-record';
export { nextWave, waveInOutput, currentWave, durationMs } from './rollout-next';
export type { NextWave } from './rollout-next';
export { rolloutReport, rolloutReportJson, rolloutReportSvg, rolloutSummary } from './rollout-report';
export type { RolloutReport, RolloutReportWave, RolloutReportCluster } from './rollout-report';
