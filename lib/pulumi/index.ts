/**
 * Pulumi components for hosted clusters: `hcp-constructs/pulumi`. Loads @pulumi/pulumi and
 * @pulumi/kubernetes; the cdk8s entry never does. Every name users need is listed here; the
 * modules behind it (rendering, the program's shared plan) are internal. api/pulumi.api.md records this surface.
 *
 * @module hcp-constructs/pulumi
 */

// The base of ManagementCluster, AgentInfrastructure and HostedClusterIngress: the plan each registers, its resources by phase, its warnings.
export { PlannedComponent } from './planned-component';
export type { RegisteredPhase } from './register-phases';

// Components and their args.
export { HostedClusterBundle } from './hosted-cluster';
export type { HostedClusterBundleArgs, HostedClusterSecretValues } from './hosted-cluster';
// A bundle's args checked and planned before anything is registered, with values known only at deploy time added by path.
export { PlannedBundle } from './hosted-cluster';
export type { DeployTimeFields } from './hosted-cluster';
export type { FieldPath, FieldValue } from '../core/field-values';
// One more NodePool of a bundle's cluster, planned against its plan; the cluster every such part is given.
export { NodePool } from './node-pool';
export type { NodePoolArgs } from './node-pool';
export type { PlannedClusterRef } from './planned-cluster';
export { ManagementCluster } from './management-cluster';
export type { ManagementClusterArgs } from './management-cluster';
export { Fleet } from './fleet';
export type { FleetArgs } from './fleet';
// What the placement guard's provider loads by package name when it runs (see placement-guard.ts).
export { placementFailures } from './placement-guard';
export { AgentInfrastructure } from './agent-infrastructure';
export type { AgentInfrastructureArgs } from './agent-infrastructure';
export { HostedClusterIngress } from './hosted-cluster-ingress';
export type { HostedClusterIngressArgs } from './hosted-cluster-ingress';
export { EdgeSite } from './edge-site';
export { HostedClusterBackup } from './hosted-cluster-backup';
export type { HostedClusterBackupArgs } from './hosted-cluster-backup';
export { HostedClusterRestore } from './hosted-cluster-restore';
export type { HostedClusterRestoreArgs } from './hosted-cluster-restore';
export { HostedClusterOperators, HostedClusterSriov } from './hosted-cluster-operators';
export type { HostedClusterOperatorsArgs, HostedClusterSriovArgs, HostedClusterTargetArgs } from './hosted-cluster-operators';
export { HostedClusterWorkloadBackup } from './hosted-cluster-workload-backup';
export type { HostedClusterWorkloadBackupArgs } from './hosted-cluster-workload-backup';
export { HostedClusterImport } from './hosted-cluster-import';
export type { HostedClusterImportArgs } from './hosted-cluster-import';
export { HostedClusterMigration } from './hosted-cluster-migration';
export type { HostedClusterMigrationArgs } from './hosted-cluster-migration';

// The API of a hosted cluster: its admin kubeconfig and a provider built from it.
export { hostedClusterProvider, adminKubeconfig } from './hosted-cluster-provider';
export type { HostedClusterRef, HostedClusterProviderOptions } from './hosted-cluster-provider';

// Changes the API server would refuse, judged against the state the engine stored last time: the
// check each component's previous-state guard (a dynamic resource) runs; its provider loads it by this name.
export { previousStateFailures } from './previous-state-guard';

// The error every component throws on invalid input (with every finding in `.issues`).
export { HcpResourceError } from './errors';

// The SDK's promise bookkeeping stacks, read only when debugging leaks, are not source-mapped (see sdk-promise-stacks.ts).
import { skipSdkPromiseStacks } from './sdk-promise-stacks';
skipSdkPromiseStacks();
