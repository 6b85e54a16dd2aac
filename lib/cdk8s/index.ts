/**
 * cdk8s constructs for hosted clusters: `hcp-constructs/cdk8s`. Never loads @pulumi/*.
 * Every name users need is listed here; the modules behind it (rendering, the output folder,
 * the writer and checker threads) are internal. api/cdk8s.api.md records this surface.
 *
 * @module hcp-constructs/cdk8s
 */

// The base of ManagementCluster, AgentInfrastructure and HostedClusterIngress: the plan each renders, its findings, its ApiObjects.
export { PlannedConstruct } from './planned-construct';

// Constructs and their props.
export { HostedClusterBundle } from './hosted-cluster-bundle';
export type { HostedClusterBundleProps } from './hosted-cluster-bundle';
export { HostedCluster } from './hosted-cluster';
export type { HostedClusterConstructProps } from './hosted-cluster';
export { NodePool } from './node-pool';
export type { NodePoolConstructProps } from './node-pool';
// The hosted cluster every part planned against one is given (a HostedClusterBundle or HostedCluster).
export type { PlannedClusterRef } from './planned-cluster';
export { ManagementCluster } from './management-cluster';
export type { ManagementClusterProps, ManagementClusterOptions } from './management-cluster';
export { AgentInfrastructure } from './agent-infrastructure';
export type { AgentInfrastructureConstructProps } from './agent-infrastructure';
export { HostedClusterIngress } from './hosted-cluster-ingress';
export type { HostedClusterIngressConstructProps } from './hosted-cluster-ingress';
export { EdgeSite } from './edge-site';
export { HostedClusterBackup } from './hosted-cluster-backup';
export type { HostedClusterBackupConstructProps } from './hosted-cluster-backup';
export { HostedClusterRestore } from './hosted-cluster-restore';
export type { HostedClusterRestoreConstructProps } from './hosted-cluster-restore';
export { HostedClusterOperators, HostedClusterSriov } from './hosted-cluster-operators';
export type { HostedClusterOperatorsConstructProps, HostedClusterSriovConstructProps, HostedClusterRefProps } from './hosted-cluster-operators';
export { HostedClusterWorkloadBackup } from './hosted-cluster-workload-backup';
export type { HostedClusterWorkloadBackupConstructProps } from './hosted-cluster-workload-backup';
export { HostedClusterImport } from './hosted-cluster-import';
export type { HostedClusterImportConstructProps } from './hosted-cluster-import';
export { HostedClusterMigration } from './hosted-cluster-migration';
export type { HostedClusterMigrationConstructProps } from './hosted-cluster-migration';
export { Fleet } from './fleet';
export type { FleetConstructProps } from './fleet';

// cdk8s-plus interop: the parts of your cdk8s-plus module the bundle's helpers use.
export type { KplusSecretModule, KplusNamespacesModule } from './cdk8s-plus';

// Synthesis: validate everything, then write one folder per target cluster.
export { runSynth, synthAtomically, synthesizeCharts } from './engine/synth';
export type { SynthResult, SynthesizedChart } from './engine/synth';
export { OutputFolderError } from './engine/output-folder';
