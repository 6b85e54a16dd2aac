/**
 * hcp-constructs: typed OpenShift Hosted Control Planes (HyperShift) for cdk8s and Pulumi.
 * This entry point is framework-free; see `hcp-constructs/cdk8s` and `hcp-constructs/pulumi`.
 * Everything a user needs is listed here by name; the modules behind it are internal.
 */

// Describe hosted clusters (props, their schema and their pieces).
export { hostedClusterPropsSchema, PLATFORMS } from './platforms';
export type { HostedClusterProps, NodePoolProps, PlatformProps, NodePoolPlatformProps } from './platforms';
export type { AwsClusterProps, AwsNodePoolProps, AwsRolesRef, AwsZone, EndpointAccess } from './platforms';
export type { KubevirtClusterProps, KubevirtNodePoolProps, StorageClassMapping } from './platforms';
export type { AgentClusterProps, AgentNodePoolProps } from './platforms';

// Agent and bare-metal hosts: InfraEnv, NMStateConfig, BareMetalHost, KubeVirt VMs as agents, DNS records.
export { agentInfrastructurePropsSchema, checkAgentInfrastructure, planAgentInfrastructure, clusterDnsRecords, dnsZoneFile, zoneFileName } from './platforms';
export { AGENT_HOSTS_PHASE, AGENT_READINESS, AGENT_BMH_LABEL, INFRA_ENV_LABEL, BMC_SCHEMES, INFRA_ENV_ARCHS, NODE_POOL_ARCH, releaseArchitecture, bmcScheme, nmstateDocument } from './platforms';
export type { AgentInfrastructureProps, AgentInfrastructureOptions, AgentInfrastructurePlan, InfraEnvProps, HostProps, HostNetworkProps, KubevirtAgentsProps, BmcCredentials, DnsRecord, InfraEnvArch } from './platforms';
export { AWS_CONTROL_PLANE_ROLES, cliRolesRef } from './platforms';
// AWS infrastructure as data, and the CLI's create infra/iam JSON as props.
export {
  awsPropsFromCliOutput,
  checkAwsCliOutput,
  awsInfraOutputSchema,
  awsIamOutputSchema,
  awsNetworkLayout,
  awsSubnetCidrs,
  awsIssuerURL,
  awsIamNames,
  AWS_OPERATOR_ROLES,
  AWS_OIDC,
} from './platforms';
export type { AwsInfraOutput, AwsIamOutput, AwsPropsFromCli, AwsClusterExtras, AwsNetworkInput, AwsNetworkLayout, AwsOperatorRole } from './platforms';
export { SecretSource } from './core/secrets';
export type { ExternalSecretSource } from './core/secrets';
export type { ReleaseProps, SecretEncryptionProps, ServicesProps, PriorityClassProps } from './core/hosted-cluster';
export type { NetworkingProps } from './core/networking';
export type { PublishingMapping } from './core/services';
export type { Arch, UpgradeType } from './core/platform';

// Check and plan them.
export { planHostedCluster, checkHostedCluster, checkNodePool } from './platforms';
export { planObjects } from './core/plan';
export type { HostedClusterPlan, PlanOptions, PlanPhase } from './core/plan';
export type { ValidationOptions } from './core/validate';
export { HcpValidationError, formatIssues } from './core/errors';
export type { ValidationIssue, Severity } from './core/errors';
export { parseSupportedVersions } from './core/release';

// The plan of a whole app: targets, phases, readiness, contributions.
export { Plan, PHASES, MANAGEMENT_CLUSTER, hostedClusterTarget, contributionOf, planItem, readinessOf, objectKey, targetKey } from './core/plan-model';
export type { Claim, Phase, PlanContribution, PlanItem, PlannedObject, PlannedPart, Readiness, Target } from './core/plan-model';
export { applySecretValues } from './core/secret-values';
export type { SecretValues, ValueSecret } from './core/secret-values';

// Capacity planning: how many hosted control planes the management cluster's workers hold (sizing guidance).
export { planCapacity, planCapacityOrThrow, capacityOfPlan, capacityReportJson, capacityReportSvg, capacitySummary } from './capacity';
export { sizingBaseline, sizingBaselineConfigMap, workerLimits, controlPlaneDemand, qpsOf, capacityInputSchema } from './capacity';
export { DEFAULT_SIZING_BASELINE, SIZING_BASELINE_CONFIGMAP, LIMITING_FACTORS, FACTOR_LABELS } from './capacity';
export type { CapacityInput, CapacityReport, CapacityResult, WorkerGroupReport, WorkerGroupInput, CapacityClusterInput } from './capacity';
export type { SizingBaseline, Load, LimitingFactor, ControlPlaneDemand, WorkerLimits, WorkerShape, PlanCapacityOptions } from './capacity';

// The management cluster: operators, their configuration, presets and checks.
export {
  managementClusterPropsSchema,
  checkManagementCluster,
  planManagementCluster,
  managementRequirements,
  PLATFORM_PRESETS,
  OPERATOR_PACKAGES,
  MANAGEMENT_PLATFORMS,
} from './management';
export type { ManagementClusterProps, ManagementClusterPlan, ManagementPlatform, ControlPlaneNodeSettings, OperatorId } from './management';
export type { PlanCheck } from './core/plan-model';

// The CLI's names and defaults.
export { CLI_DEFAULTS, ANNOTATIONS, SAFE_TO_DELETE_LABEL } from './core/defaults';
export { secretNames, secretKeys, controlPlaneNamespace } from './core/names';

// The Kubernetes objects emitted, and the API server's own checks of them.
export type {
  KubernetesObject,
  ObjectMeta,
  Namespace,
  Secret,
  ConfigMap,
  Role,
  HostedCluster,
  HostedClusterSpec,
  NodePool,
  NodePoolSpec,
  ExternalSecret,
  InfraEnv,
  NMStateConfig,
  BareMetalHost,
  VirtualMachine,
  PlatformType,
  ServiceType,
  PublishingStrategy,
} from './api';
export { HYPERSHIFT_API_VERSION, EXTERNAL_SECRETS_API_VERSION, checkObjectSchema } from './api';
export type { SchemaFinding } from './api';

// GitOps: health checks for Argo CD (Lua) and Flux (CEL), from one decision table per kind.
export { argoCdHealthChecks, argoCdConfigMapData, fluxHealthCheckExprs, healthTables } from './gitops';
export type { ArgoCdHealthCheck, FluxHealthCheckExpr, HealthTable } from './gitops';

// Day 2 inside a hosted cluster: its ingress (MetalLB and the router's LoadBalancer Service).
export { checkHostedClusterIngress, hostedClusterIngressPropsSchema, poolsDisjoint, ROUTER, METALLB_POOL_ANNOTATION } from './day2';
export type { HostedClusterIngressProps, HostedClusterIngressPlan } from './day2';
