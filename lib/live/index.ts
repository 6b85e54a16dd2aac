/**
 * The plan against the live management cluster, read-only: `hcp-constructs/live`. A preflight
 * before anything is applied (docs/preflight.md), the client and kubeconfig reader it uses, and
 * the RBAC it needs. api/live.api.md records this surface.
 *
 * @module hcp-constructs/live
 */
export { preflight, preflightPlan, judge } from './preflight';
export type { PreflightPlan, PreflightReport, PreflightCheckReport, PreflightOptions, PreflightCheck } from './preflight';
export { LiveState } from './live-state';
export type { Read, ReadResult } from './live-state';
export { KubeClient, KubeApiError } from './kube-client';
export type { ServedResource } from './kube-client';
export { readKubeconfig, kubeconfigFile, KubeconfigError } from './kubeconfig';
export type { Connection } from './kubeconfig';
export { PREFLIGHT_CHECKS } from './checks';
export { preflightReader, PREFLIGHT_ROLE } from './rbac';
export type { PreflightServiceAccount } from './rbac';
