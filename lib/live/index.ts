/**
 * The plan against the live management cluster: `hcp-constructs/live`. A read-only preflight
 * before anything is applied (docs/preflight.md), the planned objects against the live ones by
 * server-side apply dry-run (docs/live-diff.md), the client and kubeconfig reader they use, and
 * the RBAC the preflight needs. api/live.api.md records this surface.
 *
 * @module hcp-constructs/live
 */
export { preflight, preflightPlan, judge } from './preflight';
export type { PreflightPlan, PreflightReport, PreflightCheckReport, PreflightOptions, PreflightCheck } from './preflight';
export { LiveState, readKey } from './live-state';
export type { Read, ReadResult } from './live-state';
export { KubeClient, KubeApiError } from './kube-client';
export type { ServedResource } from './kube-client';
export { readKubeconfig, kubeconfigFile, KubeconfigError } from './kubeconfig';
export type { Connection } from './kubeconfig';
export { PREFLIGHT_CHECKS } from './checks';
export { preflightReader, PREFLIGHT_ROLE } from './rbac';
export type { PreflightServiceAccount } from './rbac';
export { diffLive, diffLiveWith, FIELD_MANAGERS } from './diff-live';
export type { LiveDiffOptions, LiveDiffReport, LiveObjectDiff, LiveChange, LiveDrift, LiveLeftAlone, LiveApi } from './diff-live';
