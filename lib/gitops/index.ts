/** GitOps helpers (framework-free): health checks for Argo CD and Flux. */
export * from './health-table';
export * from './health-checks';
export { FLUX_STATUS, renderCelVerdict } from './health-cel';
export type { FluxHealthStatus } from './health-cel';
export { renderLuaHealthCheck } from './health-lua';
