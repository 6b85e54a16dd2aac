/**
 * `hcp-constructs/live`: the plan against the live management cluster, read-only. A preflight
 * before anything is applied, and (diff-live.ts) the planned objects against the live ones.
 */
export { preflight, judge } from './preflight';
export type { PreflightPlan, PreflightReport, PreflightCheckReport, PreflightOptions, PreflightCheck } from './preflight';
export { LiveState } from './live-state';
export type { Read, ReadResult } from './live-state';
export { KubeClient, KubeApiError } from './kube-client';
export type { ServedResource } from './kube-client';
export { readKubeconfig, kubeconfigFile, KubeconfigError } from './kubeconfig';
export type { Connection } from './kubeconfig';
export { PREFLIGHT_CHECKS } from './checks';
export { diffLive, diffLiveWith, FIELD_MANAGERS } from './diff-live';
export type { LiveDiffOptions, LiveDiffReport, LiveObjectDiff, LiveChange, LiveDrift, LiveLeftAlone, LiveApi } from './diff-live';
