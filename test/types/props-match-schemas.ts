/**
 * Compile-time test (checked by `tsc -p tsconfig.test.json`, part of `npm test`): each public props
 * interface is exactly the type its valibot schema gives, so the documented types and the runtime
 * checks cannot drift apart. Only `readonly` is ignored (schema outputs are mutable). Any other
 * difference fails the build and names the keys that differ, e.g. with `version?: number` in
 * ReleaseProps:
 *   error TS2345: Argument of type 'boolean' is not assignable to parameter of type '{ differing: "version"; }'.
 */
import type { v } from '../../lib/core/valibot';
import type { EntriesOutput } from '../../lib/core/schema';
import { externalSecretSourceSchema, secretSourceSchema } from '../../lib/core/secrets';
import type { ExternalSecretSource, SecretSource } from '../../lib/core/secret-source';
import { networkingPropsSchema } from '../../lib/core/networking';
import { caBundleSourceSchema, identityProviderSchema, namedCertificateSchema } from '../../lib/core/access';
import type { CaBundleSource, IdentityProviderProps, NamedCertificateProps } from '../../lib/core/access-props';
import type { NetworkingProps } from '../../lib/core/networking-props';
import { hostedClusterEntries, priorityClassPropsSchema, releasePropsSchema, secretEncryptionPropsSchema, servicesPropsSchema } from '../../lib/core/hosted-cluster';
import type { ClusterPropsOf, EtcdProps, OlmCatalogImages, OlmCatalogsProps, PriorityClassProps, SecretEncryptionProps, ServicesProps, UnmanagedEtcdProps } from '../../lib/core/hosted-cluster-props';
import { etcdPropsSchema, unmanagedEtcdPropsSchema } from '../../lib/core/etcd';
import { olmCatalogImagesSchema, olmCatalogsPropsSchema } from '../../lib/core/olm-catalogs';
import type { ReleaseProps } from '../../lib/core/release-props';
import { nodePoolEntries } from '../../lib/core/node-pool';
import type { NodePoolPropsOf } from '../../lib/core/node-pool-props';
import { hostedClusterPropsSchema } from '../../lib/platforms';
import type { HostedClusterProps, NodePoolPlatformProps, NodePoolProps, PlatformProps } from '../../lib/platforms/props';
import { awsClusterPropsSchema, awsNodePoolPropsSchema, awsZoneSchema } from '../../lib/platforms/aws';
import type { AwsClusterProps, AwsNodePoolProps, AwsZone } from '../../lib/platforms/aws/props';
import { awsIamOutputSchema, awsInfraOutputSchema } from '../../lib/platforms/aws/interop';
import type { AwsIamOutput, AwsInfraOutput } from '../../lib/platforms/aws/cli-output-props';
import { azureClusterPropsSchema, azureMarketplaceImageSchema, azureNodePoolPropsSchema, azureWorkloadIdentitiesSchema } from '../../lib/platforms/azure';
import type { AzureClusterProps, AzureMarketplaceImage, AzureNodePoolProps, AzureWorkloadIdentities } from '../../lib/platforms/azure/props';
import { azureInfraOutputSchema } from '../../lib/platforms/azure/interop';
import type { AzureInfraOutput } from '../../lib/platforms/azure/cli-output-props';
import { kubevirtClusterPropsSchema, kubevirtNodePoolPropsSchema, storageClassMappingSchema } from '../../lib/platforms/kubevirt';
import type { KubevirtClusterProps, KubevirtNodePoolProps, StorageClassMapping } from '../../lib/platforms/kubevirt/props';
import { powervsClusterPropsSchema, powervsNodePoolPropsSchema } from '../../lib/platforms/powervs';
import type { PowervsClusterProps, PowervsNodePoolProps } from '../../lib/platforms/powervs/props';
import { powervsInfraOutputSchema } from '../../lib/platforms/powervs/interop';
import type { PowervsInfraOutput } from '../../lib/platforms/powervs/cli-output-props';
import { agentClusterPropsSchema, agentNodePoolPropsSchema } from '../../lib/platforms/agent';
import type { AgentClusterProps, AgentNodePoolProps } from '../../lib/platforms/agent/props';
import { agentInfrastructurePropsSchema } from '../../lib/platforms/agent/infrastructure';
import { infraEnvPropsSchema } from '../../lib/platforms/agent/infra-env';
import { bmcCredentialsSchema, hostPropsSchema } from '../../lib/platforms/agent/hosts';
import { hostNetworkSchema } from '../../lib/platforms/agent/nmstate';
import { kubevirtAgentsPropsSchema } from '../../lib/platforms/agent/kubevirt-agents';
import { edgeSitePropsSchema } from '../../lib/edge/edge-site';
import type { EdgeSiteProps } from '../../lib/edge/edge-site-props';
import { acmDeliveryPropsSchema, argoCdDeliveryPropsSchema, deliveryPropsSchema, fluxDeliveryPropsSchema } from '../../lib/delivery/delivery';
import type { AcmDeliveryProps, ArgoCdDeliveryProps, DeliveryProps, FluxDeliveryProps } from '../../lib/delivery/delivery-props';
import type { AgentInfrastructureProps, BmcCredentials, HostNetworkProps, HostProps, InfraEnvProps, KubevirtAgentsProps } from '../../lib/platforms/agent/infrastructure-props';
import { baselineOverridesSchema, capacityClusterSchema, capacityInputSchema, planCapacityOptionsSchema, workerGroupSchema } from '../../lib/capacity/input';
import type { CapacityClusterInput, CapacityInput, PlanCapacityOptions, SizingBaselineOverrides, WorkerGroupInput } from '../../lib/capacity/input-props';
import {
  assistedServicePropsSchema,
  bgpPeerPropsSchema,
  catalogSourcePropsSchema,
  controlPlaneNodePropsSchema,
  externalDnsPropsSchema,
  addOnNodePlacementPropsSchema,
  hypershiftAddOnPropsSchema,
  installFlagsPropsSchema,
  ipAddressPoolPropsSchema,
  managementClusterPropsSchema,
  managementKubeletPropsSchema,
  managementMonitoringPropsSchema,
  disconnectedPropsSchema,
  imageMirrorPropsSchema,
  registryCAPropsSchema,
  kubevirtBootImageMirrorPropsSchema,
  relabelRulePropsSchema,
  sreMetricSetPropsSchema,
  metallbPropsSchema,
  multiClusterEnginePropsSchema,
  oidcStoragePropsSchema,
  operatorPropsSchema,
  olmOperatorPropsSchema,
  privateLinkPropsSchema,
  virtualizationPropsSchema,
} from '../../lib/management/props';
import type {
  AssistedServiceProps,
  BgpPeerProps,
  CatalogSourceProps,
  ControlPlaneNodeProps,
  ExternalDnsProps,
  AddOnNodePlacementProps,
  HypershiftAddOnProps,
  InstallFlagsProps,
  IPAddressPoolProps,
  ManagementClusterProps,
  ManagementKubeletProps,
  ManagementMonitoringProps,
  DisconnectedProps,
  ImageMirrorProps,
  RegistryCAProps,
  KubevirtBootImageMirrorProps,
  RelabelRuleProps,
  SreMetricSetProps,
  MetalLBProps,
  MultiClusterEngineProps,
  OidcStorageProps,
  OperatorProps,
  OlmOperatorProps,
  PrivateLinkProps,
  VirtualizationProps,
} from '../../lib/management/management-cluster-props';
import { hostedClusterIngressPropsSchema } from '../../lib/day2/ingress';
import { hostedClusterImportPropsSchema, klusterletAddOnsPropsSchema } from '../../lib/management/import';
import type { HostedClusterImportProps, KlusterletAddOnsProps } from '../../lib/management/import-props';
import type { HostedClusterIngressProps } from '../../lib/day2/ingress-props';
import { guestOperatorAwsPropsSchema, guestOperatorPropsSchema, hostedClusterOperatorsPropsSchema } from '../../lib/day2/guest-operators';
import type { GuestOperatorAwsProps, GuestOperatorProps, HostedClusterOperatorsProps } from '../../lib/day2/guest-operators-props';
import { hostedClusterSriovPropsSchema } from '../../lib/day2/sriov';
import type { HostedClusterSriovProps } from '../../lib/day2/sriov-props';
import { hostedClusterWorkloadBackupPropsSchema } from '../../lib/day2/workload-backup';
import type { HostedClusterWorkloadBackupProps } from '../../lib/day2/workload-backup-props';
import { backupLocationPropsSchema, dataProtectionPropsSchema, nodeAgentPropsSchema } from '../../lib/management/props';
import type { BackupLocationProps, DataProtectionProps, NodeAgentProps } from '../../lib/management/management-cluster-props';
import { hostedClusterBackupPropsSchema } from '../../lib/management/hosted-cluster-backup';
import { hostedClusterRestorePropsSchema } from '../../lib/management/hosted-cluster-restore';
import type { HostedClusterBackupProps, HostedClusterRestoreProps } from '../../lib/management/protection-props';
import { hostedClusterMigrationPropsSchema } from '../../lib/management/migration';
import type { HostedClusterMigrationProps } from '../../lib/management/migration-props';
import { fleetAddressPoolSchema, fleetManagementClusterSchema, fleetPlacementOptionsSchema, fleetPlacementSchema, fleetPropsSchema } from '../../lib/fleet/fleet-schema';
import type { FleetAddressPoolProps, FleetManagementClusterProps, FleetPlacementOptions, FleetPlacementProps, FleetProps } from '../../lib/fleet/fleet-props';
import { rolloutCanarySchema, rolloutCohortSchema, rolloutPropsSchema, rolloutTargetOverrideSchema, updateGraphSchema } from '../../lib/fleet/rollout/rollout-schema';
import type { RolloutCohortProps, RolloutProps, RolloutSelectorProps, RolloutTargetOverrideProps, UpdateGraphProps } from '../../lib/fleet/rollout/rollout-props';

/** `true` when A and B are the same type (the compiler's identity relation, not assignability). */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** T without `readonly`, all the way down (functions and primitives as they are). */
type Mutable<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer I)[]
    ? Mutable<I>[]
    : T extends object
      ? { -readonly [K in keyof T]: Mutable<T[K]> }
      : T;

/** Keys whose types differ between A and B, or that only one of them has. */
type DifferingKeys<A, B> = { [K in keyof A | keyof B]-?: K extends keyof A ? (K extends keyof B ? (Equals<A[K], B[K]> extends true ? never : K) : K) : K }[keyof A | keyof B];

/** What to show when the types differ: the keys, or (for unions, whose keys are shared) the union itself. */
type Difference<A, B> = [DifferingKeys<A, B>] extends [never] ? 'the union members' : DifferingKeys<A, B>;

/** Compiles only when `Props` is the schema's type `Schema` (up to readonly); otherwise names what differs. */
function same<Props, Schema>(ok: Equals<Mutable<Props>, Mutable<Schema>> extends true ? true : { differing: Difference<Mutable<Props>, Mutable<Schema>> }): void {
  void ok;
}

// Core: secrets, networking, the HostedCluster's own fields and blocks, the NodePool's fields.
same<ExternalSecretSource, v.InferOutput<typeof externalSecretSourceSchema>>(true);
same<SecretSource, v.InferOutput<typeof secretSourceSchema>>(true);
same<NetworkingProps, v.InferOutput<typeof networkingPropsSchema>>(true);
same<CaBundleSource, v.InferOutput<typeof caBundleSourceSchema>>(true);
same<IdentityProviderProps, v.InferOutput<typeof identityProviderSchema>>(true);
same<NamedCertificateProps, v.InferOutput<typeof namedCertificateSchema>>(true);
same<ReleaseProps, v.InferOutput<typeof releasePropsSchema>>(true);
same<SecretEncryptionProps, v.InferOutput<typeof secretEncryptionPropsSchema>>(true);
same<ServicesProps, v.InferOutput<typeof servicesPropsSchema>>(true);
same<PriorityClassProps, v.InferOutput<typeof priorityClassPropsSchema>>(true);
same<EtcdProps, v.InferOutput<typeof etcdPropsSchema>>(true);
same<UnmanagedEtcdProps, v.InferOutput<typeof unmanagedEtcdPropsSchema>>(true);
same<OlmCatalogsProps, v.InferOutput<typeof olmCatalogsPropsSchema>>(true);
same<OlmCatalogImages, v.InferOutput<typeof olmCatalogImagesSchema>>(true);
same<Omit<ClusterPropsOf<{ readonly type: 'Test' }>, 'platform'>, EntriesOutput<typeof hostedClusterEntries>>(true);
same<Omit<NodePoolPropsOf, 'platform'>, EntriesOutput<typeof nodePoolEntries>>(true);

// Platforms, and the unions the registry derives from PLATFORM_DEFINITIONS.
type HostedClusterSchemaOutput = v.InferOutput<typeof hostedClusterPropsSchema>;
type NodePoolSchemaOutput = NonNullable<HostedClusterSchemaOutput['nodePools']>[number];
same<AwsZone, v.InferOutput<typeof awsZoneSchema>>(true);
same<AwsClusterProps, v.InferOutput<typeof awsClusterPropsSchema>>(true);
same<AwsNodePoolProps, v.InferOutput<typeof awsNodePoolPropsSchema>>(true);
same<AzureWorkloadIdentities, v.InferOutput<typeof azureWorkloadIdentitiesSchema>>(true);
same<AzureClusterProps, v.InferOutput<typeof azureClusterPropsSchema>>(true);
same<AzureMarketplaceImage, v.InferOutput<typeof azureMarketplaceImageSchema>>(true);
same<AzureNodePoolProps, v.InferOutput<typeof azureNodePoolPropsSchema>>(true);
same<StorageClassMapping, v.InferOutput<typeof storageClassMappingSchema>>(true);
same<KubevirtClusterProps, v.InferOutput<typeof kubevirtClusterPropsSchema>>(true);
same<KubevirtNodePoolProps, v.InferOutput<typeof kubevirtNodePoolPropsSchema>>(true);
same<PowervsClusterProps, v.InferOutput<typeof powervsClusterPropsSchema>>(true);
same<PowervsNodePoolProps, v.InferOutput<typeof powervsNodePoolPropsSchema>>(true);
same<AgentClusterProps, v.InferOutput<typeof agentClusterPropsSchema>>(true);
same<AgentNodePoolProps, v.InferOutput<typeof agentNodePoolPropsSchema>>(true);
same<PlatformProps, HostedClusterSchemaOutput['platform']>(true);
same<NodePoolPlatformProps, NonNullable<NodePoolSchemaOutput['platform']>>(true);
same<NodePoolProps, NodePoolSchemaOutput>(true);
same<HostedClusterProps, HostedClusterSchemaOutput>(true);

// The hosts under an agent cluster.
same<AgentInfrastructureProps, v.InferOutput<typeof agentInfrastructurePropsSchema>>(true);
same<InfraEnvProps, v.InferOutput<typeof infraEnvPropsSchema>>(true);
same<HostProps, v.InferOutput<typeof hostPropsSchema>>(true);
same<BmcCredentials, v.InferOutput<typeof bmcCredentialsSchema>>(true);
same<HostNetworkProps, v.InferOutput<typeof hostNetworkSchema>>(true);
same<KubevirtAgentsProps, v.InferOutput<typeof kubevirtAgentsPropsSchema>>(true);

// Capacity: what users give is the schemas' input (one worker group or a list).
same<WorkerGroupInput, v.InferInput<typeof workerGroupSchema>>(true);
same<CapacityClusterInput, v.InferInput<typeof capacityClusterSchema>>(true);
same<SizingBaselineOverrides, v.InferInput<typeof baselineOverridesSchema>>(true);
same<CapacityInput, v.InferInput<typeof capacityInputSchema>>(true);
same<PlanCapacityOptions, v.InferInput<typeof planCapacityOptionsSchema>>(true);

// The management cluster (its `capacity` is the capacity options as given, checked above).
type ManagementSchemaOutput = v.InferOutput<typeof managementClusterPropsSchema>;
same<Omit<ManagementClusterProps, 'capacity'>, Omit<ManagementSchemaOutput, 'capacity'>>(true);
same<ManagementClusterProps['capacity'], v.InferInput<typeof managementClusterPropsSchema>['capacity']>(true);
same<OperatorProps, v.InferOutput<typeof operatorPropsSchema>>(true);
same<OlmOperatorProps, v.InferOutput<typeof olmOperatorPropsSchema>>(true);
same<CatalogSourceProps, v.InferOutput<typeof catalogSourcePropsSchema>>(true);
same<OidcStorageProps, v.InferOutput<typeof oidcStoragePropsSchema>>(true);
same<ExternalDnsProps, v.InferOutput<typeof externalDnsPropsSchema>>(true);
same<PrivateLinkProps, v.InferOutput<typeof privateLinkPropsSchema>>(true);
same<HypershiftAddOnProps, v.InferOutput<typeof hypershiftAddOnPropsSchema>>(true);
same<MultiClusterEngineProps, v.InferOutput<typeof multiClusterEnginePropsSchema>>(true);
same<IPAddressPoolProps, v.InferOutput<typeof ipAddressPoolPropsSchema>>(true);
same<BgpPeerProps, v.InferOutput<typeof bgpPeerPropsSchema>>(true);
same<MetalLBProps, v.InferOutput<typeof metallbPropsSchema>>(true);
same<VirtualizationProps, v.InferOutput<typeof virtualizationPropsSchema>>(true);
same<AssistedServiceProps, v.InferOutput<typeof assistedServicePropsSchema>>(true);
same<ControlPlaneNodeProps, v.InferOutput<typeof controlPlaneNodePropsSchema>>(true);
same<AddOnNodePlacementProps, v.InferOutput<typeof addOnNodePlacementPropsSchema>>(true);
same<InstallFlagsProps, v.InferOutput<typeof installFlagsPropsSchema>>(true);
same<ManagementKubeletProps, v.InferOutput<typeof managementKubeletPropsSchema>>(true);
same<ManagementMonitoringProps, v.InferOutput<typeof managementMonitoringPropsSchema>>(true);
same<DisconnectedProps, v.InferOutput<typeof disconnectedPropsSchema>>(true);
same<ImageMirrorProps, v.InferOutput<typeof imageMirrorPropsSchema>>(true);
same<RegistryCAProps, v.InferOutput<typeof registryCAPropsSchema>>(true);
same<KubevirtBootImageMirrorProps, v.InferOutput<typeof kubevirtBootImageMirrorPropsSchema>>(true);
same<SreMetricSetProps, v.InferOutput<typeof sreMetricSetPropsSchema>>(true);
same<RelabelRuleProps, v.InferOutput<typeof relabelRulePropsSchema>>(true);

// Protection (OADP).
same<DataProtectionProps, v.InferOutput<typeof dataProtectionPropsSchema>>(true);
same<BackupLocationProps, v.InferOutput<typeof backupLocationPropsSchema>>(true);
same<NodeAgentProps, v.InferOutput<typeof nodeAgentPropsSchema>>(true);
same<HostedClusterBackupProps, v.InferOutput<typeof hostedClusterBackupPropsSchema>>(true);
same<HostedClusterRestoreProps, v.InferOutput<typeof hostedClusterRestorePropsSchema>>(true);
same<HostedClusterMigrationProps, v.InferOutput<typeof hostedClusterMigrationPropsSchema>>(true);

// Fleets: the fleet's own settings (the descriptions inside are checked by their own checkers).
same<FleetManagementClusterProps, v.InferOutput<typeof fleetManagementClusterSchema>>(true);
same<FleetPlacementProps, v.InferOutput<typeof fleetPlacementSchema>>(true);
same<FleetPlacementOptions, v.InferOutput<typeof fleetPlacementOptionsSchema>>(true);
same<FleetAddressPoolProps, v.InferOutput<typeof fleetAddressPoolSchema>>(true);
same<FleetProps, v.InferOutput<typeof fleetPropsSchema>>(true);
same<RolloutProps, v.InferOutput<typeof rolloutPropsSchema>>(true);
same<RolloutCohortProps, v.InferOutput<typeof rolloutCohortSchema>>(true);
same<RolloutSelectorProps & Pick<RolloutCohortProps, 'soak'>, v.InferOutput<typeof rolloutCanarySchema>>(true);
same<RolloutTargetOverrideProps, v.InferOutput<typeof rolloutTargetOverrideSchema>>(true);
same<UpdateGraphProps, v.InferOutput<typeof updateGraphSchema>>(true);

// Edge sites.
same<EdgeSiteProps, v.InferOutput<typeof edgeSitePropsSchema>>(true);

// Delivery.
same<DeliveryProps, v.InferOutput<typeof deliveryPropsSchema>>(true);
same<ArgoCdDeliveryProps, v.InferOutput<typeof argoCdDeliveryPropsSchema>>(true);
same<FluxDeliveryProps, v.InferOutput<typeof fluxDeliveryPropsSchema>>(true);
same<AcmDeliveryProps, v.InferOutput<typeof acmDeliveryPropsSchema>>(true);

// Day 2.
same<HostedClusterIngressProps, v.InferOutput<typeof hostedClusterIngressPropsSchema>>(true);
same<HostedClusterImportProps, v.InferOutput<typeof hostedClusterImportPropsSchema>>(true);
same<KlusterletAddOnsProps, v.InferOutput<typeof klusterletAddOnsPropsSchema>>(true);
same<HostedClusterOperatorsProps, v.InferOutput<typeof hostedClusterOperatorsPropsSchema>>(true);
same<GuestOperatorProps, v.InferOutput<typeof guestOperatorPropsSchema>>(true);
same<GuestOperatorAwsProps, v.InferOutput<typeof guestOperatorAwsPropsSchema>>(true);
same<HostedClusterSriovProps, v.InferOutput<typeof hostedClusterSriovPropsSchema>>(true);
same<HostedClusterWorkloadBackupProps, v.InferOutput<typeof hostedClusterWorkloadBackupPropsSchema>>(true);

// The AWS CLI's JSON.
same<AwsInfraOutput, v.InferOutput<typeof awsInfraOutputSchema>>(true);
same<AzureInfraOutput, v.InferOutput<typeof azureInfraOutputSchema>>(true);
same<PowervsInfraOutput, v.InferOutput<typeof powervsInfraOutputSchema>>(true);
same<AwsIamOutput, v.InferOutput<typeof awsIamOutputSchema>>(true);
