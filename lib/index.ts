/**
 * hcp-constructs: typed OpenShift Hosted Control Planes (HyperShift) for cdk8s and Pulumi.
 * This entry point is framework-free; see `hcp-constructs/cdk8s` and `hcp-constructs/pulumi`.
 * Every name users need is listed here; the modules behind it are internal, and so is anything
 * not listed (tests import those from their modules). api/hcp-constructs.api.md records this surface.
 *
 * @module hcp-constructs
 */

// Hosted clusters: the props, their parts per platform, and secret sources.
export type { HostedClusterProps, NodePoolProps, PlatformProps, NodePoolPlatformProps } from './platforms';
export type { AwsClusterProps, AwsNodePoolProps, AwsRolesRef, AwsZone, EndpointAccess } from './platforms';
export type { KubevirtClusterProps, KubevirtNodePoolProps, StorageClassMapping } from './platforms';
export type { AgentClusterProps, AgentNodePoolProps } from './platforms';
export type { AzureClusterProps, AzureNodePoolProps, AzurePlatformProps, AzureWorkloadIdentities, AzureMarketplaceImage, AzureWorkloadIdentity } from './platforms';
export type { PowervsClusterProps, PowervsCredentials, PowervsNodePoolProps, PowervsResourceReference, PowervsVpc } from './platforms';
export type { ReleaseProps, SecretEncryptionProps, ServicesProps, PriorityClassProps } from './core/hosted-cluster';
export type { EtcdProps, UnmanagedEtcdProps, OlmCatalogsProps, OlmCatalogImages, TrustBundleSource } from './core/hosted-cluster';
export type { NetworkingProps, NetworkEntry, ClusterNetworkEntry } from './core/networking';
export type { PublishingMapping } from './core/services';
export type { Arch, UpgradeType } from './core/platform';
export { SecretSource } from './core/secrets';
export type { ExternalSecretSource } from './core/secrets';
// Node configuration of NodePools: objects serialized into the ConfigMaps of spec.config and spec.tuningConfig.
export { NodeConfig, NodeTuning } from './core/node-config';
export type { NodeConfigObject, NodeConfigPayload, NodePoolConfigEntry, NodePoolTuningEntry } from './core/node-config';
export type { SecretValues } from './core/secret-values';

// Access: OAuth identity providers, named serving certificates and the API allow-list.
export type {
  IdentityProviderProps,
  IdentityProviderBase,
  HTPasswdIdentityProvider,
  OpenIDIdentityProvider,
  GitHubIdentityProvider,
  GitLabIdentityProvider,
  GoogleIdentityProvider,
  LDAPIdentityProvider,
  KeystoneIdentityProvider,
  BasicAuthIdentityProvider,
  RequestHeaderIdentityProvider,
  TlsClientCertificate,
  MappingMethod,
  CaBundleSource,
  NamedCertificateProps,
  ApiServerNetworkingProps,
} from './core/access-props';

// Check and plan a hosted cluster without a framework: any value gives findings, never an exception.
export { planHostedCluster, checkHostedCluster, checkNodePoolPart } from './platforms';
export type { NodePoolPlan } from './platforms';
export { planObjects } from './core/plan';
export type { HostedClusterPlan, PlanOptions, PlanPhase } from './core/plan';
export type { ValidationOptions } from './core/validate';
export { parseSupportedVersions } from './core/release';
export type { UpdateChannel, UpdateChannelName } from './core/update-channel';
// Upgrades against the previous state: the versions that move, in apply order, and the steps the operators refuse.
export { upgradeFindings, versionChangeLines, versionChanges } from './core/upgrade';
export type { VersionChange } from './core/upgrade';

// What every plan result is made of: its objects as plan items, each with where it is applied (the
// management cluster or a hosted cluster's API), its phase and when it counts as ready.
export type { PlannedPart, PlanItem, Target, Phase, Readiness } from './core/plan-model';
// The folders a synth writes (one per cluster, in stage sub-folders): what the delivery planners deliver.
export { folderSpecs, STAGES } from './core/output-layout';
export type { FolderSpec, StageSpec, KindRef, Stage, OverwrittenField } from './core/output-layout';
// Fields other controllers write (the HyperShift operator's defaults and finalizers): read by delivery and the live diff.
export { FIELD_OWNERS, fieldOwnersOf, overwrittenFields } from './core/field-owners';
export type { FieldOwner, FieldTest } from './core/field-owners';

// Findings: what every check returns and every failure carries.
export { HcpValidationError, formatIssues } from './core/errors';
export type { ValidationIssue, Severity } from './core/errors';

// AWS: role ARNs as the CLI names them, and the CLI's `create infra/iam aws` JSON as props.
export { cliRolesRef, awsPropsFromCliOutput, checkAwsCliOutput } from './platforms';
export type { AwsInfraOutput, AwsIamOutput, AwsPropsFromCli, AwsClusterExtras } from './platforms';
export { azurePropsFromCliOutput, checkAzureCliOutput, azureWorkloadIdentityNames, AZURE_WORKLOAD_IDENTITIES } from './platforms';
export type { AzureInfraOutput, AzureInfraOutputFields, AzureCliIdentity, AzureCliWorkloadIdentities, AzurePropsFromCli, AzureClusterExtras } from './platforms';
export { powervsPropsFromCliOutput, checkPowervsCliOutput, powervsCredentialName, POWERVS_DEFAULTS } from './platforms';
export type { PowervsInfraOutput, PowervsInfraOutputSecret, PowervsPropsFromCli, PowervsClusterExtras } from './platforms';

// Agent and bare-metal hosts: InfraEnv, NMStateConfig, BareMetalHost, KubeVirt VMs as agents, DNS records.
export { planAgentInfrastructure, checkAgentInfrastructure } from './platforms';
export type { AgentInfrastructureProps, InfraEnvProps, HostProps, HostNetworkProps, KubevirtAgentsProps, BmcCredentials, InfraEnvArch, IbmZBootProps, IbmZDisk } from './platforms';
export type { AgentInfrastructureOptions, AgentInfrastructurePlan, DnsRecord, TeardownStep } from './platforms';

// Relocatable edge sites: a preinstalled single-node host reconfigured at its site by the hub's image-based install operator.
export { checkEdgeSite } from './edge';
export type { EdgeSiteProps, EdgeSiteRelease, EdgeSiteBmc, EdgeImageDigestSource, EdgeSitePlan } from './edge';

// The management cluster: operators, their configuration, presets and checks.
export { planManagementCluster, checkManagementCluster } from './management';
export type { ManagementClusterProps, ManagementClusterPlan, ManagementPlatform, ControlPlaneNodeSettings, OperatorId, OlmOperatorProps } from './management';
export type { DataProtectionProps, DataProtectionApplicationProps, BackupLocationProps, NodeAgentProps, VeleroPlugin } from './management';

// Backup and restore of hosted clusters with OADP: a Schedule (or Backup) per cluster, the restore
// set, and the builders of their Velero specs (also for moving a cluster between management clusters).
export { checkHostedClusterBackup, checkHostedClusterRestore, backupSpecFor, restoreFor, veleroScheduleProblem } from './management';
export type { HostedClusterBackupProps, HostedClusterBackupPlan, HostedClusterRestoreProps, HostedClusterRestorePlan } from './management';
export type { ProtectedCluster, BackupSpecOptions, RestoreSource, RestoreOptions } from './management';
export { etcdRecoveryRunbook } from './management';
// A disconnected management cluster: mirror sets, registry CAs, the KubeVirt boot image mirror.
export type { DisconnectedProps, ImageMirrorProps, RegistryCAProps, KubevirtBootImageMirrorProps } from './management';
// Import into ACM/MCE: a hosted cluster's ManagedCluster (and ACM add-ons), planned against the cluster.
export { checkHostedClusterImport } from './management';
export type { HostedClusterImportProps, HostedClusterImportPlan, KlusterletAddOnsProps } from './management';
// Moving a hosted cluster to another management cluster: the source's Backup (migration mode) and the destination's Restore.
export { checkHostedClusterMigration, OADP_PLUGIN_CONFIG } from './management';
export type { HostedClusterMigrationProps, HostedClusterMigrationDescriptions, HostedClusterMigrationPlan } from './management';

// Day 2 inside a hosted cluster: its ingress (MetalLB and the router's LoadBalancer Service).
export { checkHostedClusterIngress } from './day2';
export type { HostedClusterIngressProps, HostedClusterIngressPlan } from './day2';
// Operators inside a hosted cluster: OLM (catalogs, OperatorHub, Subscriptions, AWS STS) and SR-IOV.
export { checkHostedClusterOperators, checkHostedClusterSriov } from './day2';
export type { HostedClusterOperatorsProps, HostedClusterOperatorsPlan, GuestOperatorProps, GuestCatalogSourceProps, GuestOperatorHubProps, GuestOperatorAwsProps, GuestToleration } from './day2';
// The backup of the workloads inside a hosted cluster: OADP there and a Schedule of its namespaces.
export { checkHostedClusterWorkloadBackup } from './day2';
export type { HostedClusterWorkloadBackupProps, HostedClusterWorkloadBackupPlan } from './day2';
export type { CredentialsRequestProps, AwsStatementProps, GuestClusterRef } from './day2';
export type { HostedClusterSriovProps, HostedClusterSriovPlan, SriovOperatorProps, SriovNodePolicyProps, SriovNicSelectorProps, SriovNetworkProps } from './day2';

// Capacity planning: how many hosted control planes the management cluster's workers hold (sizing guidance).
export { planCapacity, planCapacityOrThrow, capacityReportJson, capacityReportSvg, capacitySummary, sizingBaselineConfigMap } from './capacity';
export type { CapacityInput, CapacityClusterInput, WorkerGroupInput, PlanCapacityOptions, Load, SizingBaseline } from './capacity';
export type { CapacityResult, CapacityReport, WorkerGroupReport, ClusterDemandReport, ControlPlaneDemand, LimitingFactor } from './capacity';

// Fleets: hosted clusters placed over management clusters (platform, zone, capacity; sticky), what
// each management cluster shares allocated, the record the next run keeps, and the fleet report.
export { checkFleet, fleetRecordJson, readFleetRecord, fleetReportJson, fleetReportSvg, fleetSummary } from './fleet';
export type { FleetProps, FleetManagementClusterProps, FleetHostedClusterProps, FleetPlacementProps, FleetPlacementOptions, FleetAddressPoolProps } from './fleet';
export type { FleetPlan, FleetPlannedHostedCluster, FleetPlannedManagementCluster, FleetAllocation, FleetAddressBlock, FleetRecord } from './fleet';
export type { FleetReport, FleetManagementClusterReport, FleetChanges, FleetLimit, FleetSummaryInput, HostedClusterChecks, HostedClusterCheckResult } from './fleet';
// Fleet rollouts: an upgrade of the fleet in waves, its state in git (advanced by `rollout next`) and its report.
export { planRollout, nextWave, waveInOutput, readRolloutRecord, rolloutRecordJson, rolloutReport, rolloutReportJson, rolloutReportSvg, rolloutSummary, ROLLOUT_RECORD_FILE } from './fleet';
export type { RolloutProps, RolloutCohortProps, RolloutSelectorProps, RolloutTargetOverrideProps, UpdateGraphProps, UpdateGraphConditionalEdgesProps, UpdateRiskProps } from './fleet';
export type { RolloutPlan, RolloutWave, RolloutClusterPlan, RolloutCluster, RolloutState, RolloutPrevious, RolloutDelivery, PreviousReleases, RolloutRecord, RolloutRecordWave, WaveStep, NextWave, RolloutReport, RolloutReportWave, RolloutReportCluster } from './fleet';

// GitOps: health checks for Argo CD (Lua) and Flux (CEL), from one decision table per kind.
export { argoCdHealthChecks, argoCdConfigMapData, fluxHealthCheckExprs } from './gitops';
export type { ArgoCdHealthCheck, FluxHealthCheckExpr } from './gitops';
// Delivery of the output folders by Argo CD (ApplicationSet, AppProject; ACM Placement and GitOpsCluster) or Flux (staged Kustomizations).
export { checkDelivery } from './delivery';
export type { DeliveryProps, ArgoCdDeliveryProps, FluxDeliveryProps, AcmDeliveryProps } from './delivery';

// The Kubernetes objects the library emits (types only).
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
  ManagedCluster,
  KlusterletAddonConfig,
  InfraEnv,
  NMStateConfig,
  BareMetalHost,
  VirtualMachine,
  ImageClusterInstall,
  ClusterDeployment,
  ClusterImageSet,
  PlatformType,
  ServiceType,
  PublishingStrategy,
  // Node configuration, serialized into the ConfigMaps of NodePool config and tuningConfig.
  MachineConfig,
  MachineConfigSpec,
  KubeletConfig,
  KubeletConfigSpec,
  ContainerRuntimeConfig,
  ContainerRuntimeConfigSpec,
  ImageDigestMirrorSet,
  ImageDigestMirrorSetSpec,
  Tuned,
  TunedSpec,
  PerformanceProfile,
  PerformanceProfileSpec,
  // Backup and restore (OADP, Velero).
  DataProtectionApplication,
  DataProtectionApplicationSpec,
  Backup,
  BackupSpec,
  Schedule,
  ScheduleSpec,
  Restore,
  RestoreSpec,
  // Delivery (Argo CD, Flux, ACM).
  AppProject,
  ApplicationSet,
  ArgoCd,
  GitRepository,
  FluxKustomization,
  ManagedClusterSetBinding,
  Placement,
  GitOpsCluster,
} from './api';
