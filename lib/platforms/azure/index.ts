/**
 * Self-managed Azure: the CLI's defaults (`hcp create cluster azure`, `hcp create nodepool azure`)
 * and what the CLI and the operator require there. Workload identities only: the managed
 * identities of ARO HCP (managed Azure) are a managed service's and are not offered.
 */
import { v } from '../../core/valibot';
import type { HostedCluster, NodePool, NodePoolSpec, ServiceType } from '../../api';
import type { IssueCollector, PathRule } from '../../core';
import { bool, checking, count, definePlatform, joinPath, list, oneOf, parseReleaseImage, quote, renderSecret, secretSourceSchema, strict, text } from '../../core';
import { AZURE_MANAGEMENT_PRESET } from './management';
import { AZURE_RESOURCE_TYPES, AZURE_UUID, isAzureResourceOf, parseAzureResourceId } from './resource-ids';
import type { AzureClusterProps, AzureNodePoolProps, AzureWorkloadIdentities } from './props';
import {
  AZURE_AVAILABILITY_ZONES,
  AZURE_CLOUDS,
  AZURE_DIAGNOSTICS,
  AZURE_DISK_STORAGE_ACCOUNT_TYPES,
  AZURE_ENCRYPTION_AT_HOST,
  AZURE_ENDPOINT_ACCESS,
  AZURE_IMAGE_GENERATIONS,
} from './props';

export * from './props';
export * from './identities';
export * from './resource-ids';
export { AZURE_MANAGEMENT_PRESET } from './management';

/** The CLI's Azure values (cmd/cluster/azure/create.go, cmd/nodepool/azure/create.go, support/config). */
export const AZURE_DEFAULTS = {
  location: 'eastus',
  endpointAccess: 'Public',
  // "Aligning with Azure IPI instance type defaults".
  instanceType: { amd64: 'Standard_D4s_v5', arm64: 'Standard_D4ps_v5' },
  rootDiskSize: 120,
  diskStorageAccountType: 'Premium_LRS',
  // The CRD's default, written out: an empty azureMarketplace block is refused (minProperties 1).
  imageGeneration: 'Gen2',
} as const;

/** The service-account signing key Secret as the CLI names it: `<name>sa-token-issuer-key` (no dash, as create.go writes it), key `key`. */
export const AZURE_SA_SIGNING_KEY = { secretName: (cluster: string) => `${cluster}sa-token-issuer-key`, key: 'key' } as const;

/** The NodePool CRD's OS disk size bounds (GiB). */
const OS_DISK_GIB = { min: 16, max: 32767 } as const;

/** The release the operator first fills the default Marketplace image from (nodepool/azure.go: 4.20). */
const MARKETPLACE_DEFAULT_MINOR = 20;

const IDENTITY_KEYS = ['cloudProvider', 'disk', 'file', 'imageRegistry', 'ingress', 'network', 'nodePoolManagement'] as const satisfies ReadonlyArray<keyof AzureWorkloadIdentities>;

/** @internal */
export const azureWorkloadIdentitiesSchema = strict(
  { ...Object.fromEntries(IDENTITY_KEYS.map((key) => [key, text({ max: 36 })])), controlPlaneOperator: v.optional(text({ max: 36 })) } as Record<(typeof IDENTITY_KEYS)[number], ReturnType<typeof text>> & {
    controlPlaneOperator: v.OptionalSchema<ReturnType<typeof text>, undefined>;
  },
  "the workload identities' client IDs",
);

/** @internal */
export const azureClusterPropsSchema = strict({
  location: v.optional(text({ max: 255 })),
  cloud: v.optional(oneOf(AZURE_CLOUDS)),
  subscriptionId: text({ max: 255 }),
  tenantId: text({ max: 255 }),
  resourceGroup: text({ max: 90 }),
  vnetId: text({ max: 255 }),
  subnetId: text({ max: 355 }),
  securityGroupId: text({ max: 255 }),
  workloadIdentities: azureWorkloadIdentitiesSchema,
  issuerURL: text({ max: 2048 }),
  serviceAccountSigningKey: secretSourceSchema,
  endpointAccess: v.optional(oneOf(AZURE_ENDPOINT_ACCESS)),
  natSubnetId: v.optional(text({ max: 355 })),
  additionalAllowedSubscriptions: v.optional(list(text({ max: 36 }))),
  externalDnsDomain: v.optional(text({ max: 253 })),
  publicZoneId: v.optional(text({ max: 1024 })),
  privateZoneId: v.optional(text({ max: 1024 })),
  availabilityZones: v.optional(list(oneOf(AZURE_AVAILABILITY_ZONES), { max: AZURE_AVAILABILITY_ZONES.length, limit: "Azure's three zones" })),
  bootImageId: v.optional(text({ max: 255 })),
});

/** @internal */
export const azureMarketplaceImageSchema = strict({ publisher: text({ max: 50 }), offer: text({ max: 255 }), sku: text({ max: 255 }), version: text({ max: 32 }) }, 'a Marketplace image ({ publisher, offer, sku, version })');

/** @internal */
export const azureNodePoolPropsSchema = strict({
  instanceType: v.optional(text({ max: 255 })),
  availabilityZone: v.optional(oneOf(AZURE_AVAILABILITY_ZONES)),
  subnetId: v.optional(text({ max: 355 })),
  rootDiskSize: v.optional(count(OS_DISK_GIB.min, OS_DISK_GIB.max, "the NodePool CRD's OS disk bounds")),
  diskStorageAccountType: v.optional(oneOf(AZURE_DISK_STORAGE_ACCOUNT_TYPES)),
  diskEncryptionSetId: v.optional(text({ max: 285 })),
  ephemeralOSDisk: v.optional(bool()),
  encryptionAtHost: v.optional(oneOf(AZURE_ENCRYPTION_AT_HOST)),
  imageGeneration: v.optional(oneOf(AZURE_IMAGE_GENERATIONS)),
  marketplaceImage: v.optional(azureMarketplaceImageSchema),
  imageId: v.optional(text({ max: 255 })),
  diagnostics: v.optional(oneOf(AZURE_DIAGNOSTICS)),
  diagnosticsStorageAccountURI: v.optional(text({ max: 1024 })),
});

const BLOCK = 'spec.platform.azure';
const IDENTITIES = `${BLOCK}.azureAuthenticationConfig.workloadIdentities`;

/** An ARM ID of the given type, else an error at `path`. */
function checkResourceId(id: string | undefined, type: keyof typeof AZURE_RESOURCE_TYPES, path: string, issues: IssueCollector): void {
  if (id === undefined || isAzureResourceOf(id, type)) return;
  const { type: wanted, example } = AZURE_RESOURCE_TYPES[type];
  issues.error(path, `${quote(id)} is not a ${wanted} resource ID.`, `Give the ID as ${example}.`);
}

function checkUuid(value: string | undefined, path: string, what: string, issues: IssueCollector): void {
  if (value !== undefined && !AZURE_UUID.test(value)) issues.error(path, `${quote(value)} is not a UUID.`, `Give the ${what} as 8-4-4-4-12 hexadecimal digits.`);
}

/**
 * Checks on the final HostedCluster: what the CLI checks before it creates anything and what the
 * operator fails on at reconcile time (IDs it takes names out of, the subnet in the VNet).
 */
function validateCluster(hc: HostedCluster, issues: IssueCollector): void {
  const azure = hc.spec.platform.azure;
  if (!azure) return;
  checkUuid(azure.subscriptionID, `${BLOCK}.subscriptionID`, 'subscription ID', issues);
  checkUuid(azure.tenantID, `${BLOCK}.tenantID`, 'tenant ID', issues);
  checkResourceId(azure.vnetID, 'vnet', `${BLOCK}.vnetID`, issues);
  checkResourceId(azure.subnetID, 'subnet', `${BLOCK}.subnetID`, issues);
  checkResourceId(azure.securityGroupID, 'securityGroup', `${BLOCK}.securityGroupID`, issues);
  const subnet = parseAzureResourceId(azure.subnetID ?? '');
  if (subnet?.parent && isAzureResourceOf(azure.vnetID ?? '', 'vnet') && subnet.parent.toLowerCase() !== azure.vnetID.toLowerCase()) {
    // The cloud provider and the VMs are configured with the VNet's name and the subnet's name.
    // Named by VNet and resource group: the IDs are longer than a message quotes.
    const vnet = parseAzureResourceId(azure.vnetID)!;
    const parent = parseAzureResourceId(subnet.parent)!;
    issues.error(`${BLOCK}.subnetID`, `the subnet is in the VNet ${quote(parent.name)} of resource group ${quote(parent.resourceGroup)}, not in the cluster's VNet ${quote(vnet.name)} of ${quote(vnet.resourceGroup)}.`, "Give a subnet of the cluster's VNet.");
  }
  if (!/^[a-z0-9]+$/.test(azure.location ?? '')) {
    issues.warn(`${BLOCK}.location`, `${quote(azure.location)} is not an Azure region name such as eastus.`, 'Use the region name az account list-locations gives (lowercase, no spaces).');
  }
  const identities = azure.azureAuthenticationConfig?.workloadIdentities;
  for (const [key, identity] of Object.entries(identities ?? {})) checkUuid((identity as { clientID?: string })?.clientID, `${IDENTITIES}.${key}.clientID`, `${key} identity's client ID`, issues);
  if (azure.azureAuthenticationConfig?.azureAuthenticationConfigType === 'ManagedIdentities') {
    issues.error(`${BLOCK}.azureAuthenticationConfig.azureAuthenticationConfigType`, 'managed identities are for ARO HCP, the managed service; a self-managed cluster uses workload identities.', 'Give platform.azure.workloadIdentities and drop the override.');
  }
  checkResourceId(azure.private?.privateLink?.natSubnetID, 'subnet', `${BLOCK}.private.privateLink.natSubnetID`, issues);
  (azure.private?.privateLink?.additionalAllowedSubscriptions ?? []).forEach((id, i) => checkUuid(id, `${BLOCK}.private.privateLink.additionalAllowedSubscriptions[${i}]`, 'subscription ID', issues));
  // The core checks that issuerURL is https; here, that there is one (the CRD's default is the in-cluster issuer).
  if (!hc.spec.issuerURL) {
    issues.error('spec.issuerURL', 'no OIDC issuer: the workload identities trust the issuer their federated credentials name, not the cluster\'s own.', 'Give platform.azure.issuerURL (https://<storage account>.blob.core.windows.net/<container> of ccoctl azure create-oidc-issuer).');
  }
  if (!hc.spec.serviceAccountSigningKey) {
    issues.error('spec.serviceAccountSigningKey', 'no service-account signing key: the tokens would not match the keys the OIDC issuer publishes, so no workload identity could sign in.', 'Give platform.azure.serviceAccountSigningKey (the private key ccoctl made).');
  }
  if (!hc.spec.dns?.baseDomain) issues.error('spec.dns.baseDomain', 'Azure clusters need a base domain (create infra azure requires --base-domain).', 'Set baseDomain.');
}

/** The release's minor when its image names a version (`...:4.21.0-x86_64`), else undefined. */
function releaseMinor(image: string | undefined): number | undefined {
  const parsed = typeof image === 'string' ? parseReleaseImage(image) : undefined;
  return parsed && typeof parsed !== 'string' ? parsed.version?.minor : undefined;
}

/** Checks on a final NodePool: the CLI's flag rules and what the operator needs to make the VMs. */
function validateNodePool(np: NodePool, issues: IssueCollector): void {
  const azure = np.spec.platform.azure;
  if (!azure) return;
  checkResourceId(azure.subnetID, 'subnet', `${BLOCK}.subnetID`, issues);
  const market = azure.image?.azureMarketplace;
  const given = ['publisher', 'offer', 'sku', 'version'].filter((key) => market?.[key as keyof typeof market] !== undefined);
  if (given.length > 0 && given.length < 4) {
    issues.error(`${BLOCK}.image.azureMarketplace`, `only ${given.join(', ')} of the Marketplace image is given.`, 'Give publisher, offer, sku and version together, or none.');
  }
  const minor = releaseMinor(np.spec.release?.image);
  if (azure.image?.type === 'AzureMarketplace' && given.length === 0 && minor !== undefined && minor < MARKETPLACE_DEFAULT_MINOR) {
    issues.error(`${BLOCK}.image`, `the operator fills the release's Marketplace image only from OpenShift 4.${MARKETPLACE_DEFAULT_MINOR}; this release is 4.${minor}, so the VMs would have no image.`, 'Give a marketplaceImage or an imageId, or use a 4.20 or later release.');
  }
  const diagnostics = azure.diagnostics;
  if (diagnostics?.userManaged && diagnostics.storageAccountType !== 'UserManaged') {
    issues.error(`${BLOCK}.diagnostics.userManaged`, 'a storage account URI is given but diagnostics are not UserManaged.', "Set diagnostics: 'UserManaged', or drop the URI.");
  }
  if (diagnostics?.storageAccountType === 'UserManaged' && !diagnostics.userManaged) {
    issues.error(`${BLOCK}.diagnostics.userManaged`, 'UserManaged diagnostics need the storage account URI.', 'Give diagnosticsStorageAccountURI (https://<account>.blob.core.windows.net/).');
  }
}

/** The client IDs as the API nests them (`{ disk: { clientID } }`). */
function workloadIdentities(ids: AzureWorkloadIdentities) {
  return Object.fromEntries(Object.entries(ids).filter(([, id]) => id !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([key, clientID]) => [key, { clientID }])) as never;
}

/** What the CLI does with `--external-dns-domain` (create.go ApplyPlatformSpecifics): Konnectivity and Ignition names only with Public access. */
function externalDnsHostnames(name: string, domain: string | undefined, access: string): Partial<Record<ServiceType, string>> {
  if (!domain) return {};
  return {
    APIServer: `api-${name}.${domain}`,
    OAuthServer: `oauth-${name}.${domain}`,
    ...(access === 'Public' ? { Konnectivity: `konnectivity-${name}.${domain}`, Ignition: `ignition-${name}.${domain}` } : {}),
  };
}

/** Checks the CLI makes on the cluster flags before it creates anything, on the props, with their paths. */
function checkClusterProps(props: AzureClusterProps, name: string, baseDomain: string | undefined, issues: IssueCollector): void {
  const access = props.endpointAccess ?? AZURE_DEFAULTS.endpointAccess;
  const domain = props.externalDnsDomain;
  if (access !== 'Public' && !domain) {
    issues.error('platform.azure.externalDnsDomain', `${access} endpoint access publishes the API server as a Route, which needs a hostname.`, 'Give externalDnsDomain (the documentation\'s private clusters use --external-dns-domain), or use Public access.');
  }
  if (access !== 'Public' && !props.workloadIdentities.controlPlaneOperator) {
    issues.error('platform.azure.workloadIdentities.controlPlaneOperator', `${access} endpoint access goes through Private Link, which the control-plane operator sets up with its own identity.`, 'Create the identity (hypershift create iam azure for a private cluster) and give its client ID as workloadIdentities.controlPlaneOperator.');
  }
  if (access !== 'Public' && props.natSubnetId === undefined && props.additionalAllowedSubscriptions === undefined) {
    // The CLI writes an empty privateLink then, which its omitzero drops, and the CRD requires privateLink for type PrivateLink (minProperties 1).
    issues.error('platform.azure.natSubnetId', `${access} endpoint access needs the Private Link settings, and the HostedCluster CRD refuses an empty privateLink block.`, 'Give natSubnetId (a subnet of the management cluster\'s VNet with privateLinkServiceNetworkPolicies disabled) or additionalAllowedSubscriptions.');
  }
  if (access !== 'Public') {
    issues.warn('platform.azure.endpointAccess', `${access} endpoint access needs the HyperShift operator installed with --private-platform Azure (a Private Link Service per cluster), which the library's management cluster does not set up.`, 'Install the operator with hypershift install --private-platform Azure --azure-private-creds ... --azure-pls-resource-group ... before this cluster, or use Public access.');
  }
  if (access === 'Public' && (props.natSubnetId !== undefined || props.additionalAllowedSubscriptions !== undefined)) {
    issues.error(props.natSubnetId !== undefined ? 'platform.azure.natSubnetId' : 'platform.azure.additionalAllowedSubscriptions', 'Private Link settings are given, but endpoint access is Public.', "Set endpointAccess: 'Private' or 'PublicAndPrivate', or drop them.");
  }
  if (domain && baseDomain) {
    // validateExternalDNSDomain: a Private DNS zone for it would shadow *.apps of the cluster.
    const cluster = `${name}.${baseDomain}`.toLowerCase().replace(/\.$/, '');
    const external = domain.toLowerCase().replace(/\.$/, '');
    if (cluster === external || cluster.endsWith(`.${external}`)) {
      issues.error('platform.azure.externalDnsDomain', `${quote(domain)} is the cluster's domain ${quote(cluster)} or a parent of it: its Azure Private DNS zone would shadow the *.apps records.`, 'Use another external DNS domain.');
    }
  }
}

const IDENTITY_PATHS: PathRule[] = [...IDENTITY_KEYS, 'controlPlaneOperator'].map((key) => [`${IDENTITIES}.${key}`, `platform.azure.workloadIdentities.${key}`, 'whole'] as const);

export const azurePlatform = definePlatform({
  type: 'Azure',
  block: { key: 'azure', required: true, cluster: checking<AzureClusterProps>(azureClusterPropsSchema), pool: checking<AzureNodePoolProps>(azureNodePoolPropsSchema) },
  defaults: AZURE_DEFAULTS,
  defaultMapping: 'Ingress',
  // The CRD's rules for Azure: Konnectivity and Ignition on Routes, OAuth on a Route or (self-managed) a LoadBalancer.
  publishingRules: {
    APIServer: ['LoadBalancer', 'Route'],
    OAuthServer: ['Route', 'LoadBalancer'],
    Konnectivity: ['Route'],
    Ignition: ['Route'],
  },
  defaultUpgradeType: 'Replace',
  // The NodePool CRD accepts arm64 on Azure; Azure has no s390x or ppc64le VMs.
  archs: ['amd64', 'arm64'],
  // The NodePool CRD: scale-from-zero is allowed on AWS and Azure.
  scaleFromZero: true,
  createsMachines: true,
  management: AZURE_MANAGEMENT_PRESET,
  // The Azure cloud provider inside the hosted cluster makes the router's load balancer.
  ingress: { mode: 'platform-load-balancer' },
  // Upstream disaster recovery with OADP 1.5, Azure tab: the CAPI Azure kinds beside the common
  // ones. It shows a restore on the same management cluster only.
  backup: { resources: ['azurecluster', 'azuremachinetemplate', 'azuremachine'], preserveNodePorts: false, crossClusterRestore: false },

  contribute: {
    cluster(props, ctx) {
      if (!props) return { platform: { type: 'Azure' } };
      checkClusterProps(props, ctx.name, ctx.baseDomain, ctx.issues);
      const access = props.endpointAccess ?? AZURE_DEFAULTS.endpointAccess;
      const signingKey = renderSecret(
        { name: AZURE_SA_SIGNING_KEY.secretName(ctx.name), namespace: ctx.namespace, key: AZURE_SA_SIGNING_KEY.key },
        props.serviceAccountSigningKey,
        { allowInline: ctx.allowInlineSecrets, path: 'platform.azure.serviceAccountSigningKey', issues: ctx.issues },
      );
      const privateLink = { ...(props.natSubnetId ? { natSubnetID: props.natSubnetId } : {}), ...(props.additionalAllowedSubscriptions ? { additionalAllowedSubscriptions: props.additionalAllowedSubscriptions } : {}) };
      return {
        platform: {
          type: 'Azure',
          azure: {
            location: props.location ?? AZURE_DEFAULTS.location,
            ...(props.cloud ? { cloud: props.cloud } : {}),
            subscriptionID: props.subscriptionId,
            tenantID: props.tenantId,
            resourceGroup: props.resourceGroup,
            vnetID: props.vnetId,
            subnetID: props.subnetId,
            securityGroupID: props.securityGroupId,
            // The CLI sets the topology on every workload-identity cluster (Public unless told).
            topology: access,
            ...(access !== 'Public' ? { private: { type: 'PrivateLink', privateLink } } : {}),
            azureAuthenticationConfig: { azureAuthenticationConfigType: 'WorkloadIdentities', workloadIdentities: workloadIdentities(props.workloadIdentities) },
          },
        },
        dns: { baseDomain: ctx.baseDomain ?? '', ...(props.publicZoneId ? { publicZoneID: props.publicZoneId } : {}), ...(props.privateZoneId ? { privateZoneID: props.privateZoneId } : {}) },
        issuerURL: props.issuerURL,
        serviceAccountSigningKey: signingKey.refName,
        hostnames: externalDnsHostnames(ctx.name, props.externalDnsDomain, access),
        objects: signingKey.objects,
      };
    },

    defaultPools(props, clusterName) {
      const zones = props?.availabilityZones ?? [];
      return zones.length === 0 ? [{ name: clusterName }] : zones.map((zone) => ({ name: `${clusterName}-${zone}`, platform: { azure: { availabilityZone: zone } } }));
    },

    nodePool(pool, cluster, ctx): NodePoolSpec['platform'] {
      const p = pool ?? {};
      const path = (field: string) => joinPath(ctx.path, `platform.azure.${field}`);
      if (p.marketplaceImage && p.imageId) ctx.cluster.issues.error(path('imageId'), 'both a Marketplace image and an image ID are given.', 'Give one of marketplaceImage and imageId.');
      if (p.imageGeneration && p.imageId) ctx.cluster.issues.error(path('imageGeneration'), 'the image generation applies to Marketplace images, and an image ID is given.', 'Drop imageGeneration, or use a Marketplace image.');
      if (p.diagnosticsStorageAccountURI !== undefined && p.diagnostics !== 'UserManaged') {
        ctx.cluster.issues.error(path('diagnosticsStorageAccountURI'), "a storage account URI applies only to diagnostics: 'UserManaged'.", "Set diagnostics: 'UserManaged', or drop the URI.");
      }
      const imageId = p.imageId ?? (p.marketplaceImage ? undefined : cluster?.bootImageId);
      const image = imageId
        ? { type: 'ImageID' as const, imageID: imageId }
        : { type: 'AzureMarketplace' as const, azureMarketplace: { ...p.marketplaceImage, imageGeneration: p.imageGeneration ?? AZURE_DEFAULTS.imageGeneration } };
      const diagnostics = p.diagnostics
        ? { storageAccountType: p.diagnostics, ...(p.diagnostics === 'UserManaged' && p.diagnosticsStorageAccountURI ? { userManaged: { storageAccountURI: p.diagnosticsStorageAccountURI } } : {}) }
        : undefined;
      return {
        type: 'Azure',
        azure: {
          vmSize: p.instanceType ?? (ctx.arch === 'arm64' ? AZURE_DEFAULTS.instanceType.arm64 : AZURE_DEFAULTS.instanceType.amd64),
          image,
          osDisk: {
            sizeGiB: p.rootDiskSize ?? AZURE_DEFAULTS.rootDiskSize,
            diskStorageAccountType: p.diskStorageAccountType ?? AZURE_DEFAULTS.diskStorageAccountType,
            ...(p.diskEncryptionSetId ? { encryptionSetID: p.diskEncryptionSetId } : {}),
            ...(p.ephemeralOSDisk ? { persistence: 'Ephemeral' as const } : {}),
          },
          subnetID: p.subnetId ?? cluster?.subnetId ?? '',
          ...(p.availabilityZone ? { availabilityZone: p.availabilityZone } : {}),
          ...(p.encryptionAtHost ? { encryptionAtHost: p.encryptionAtHost } : {}),
          ...(diagnostics ? { diagnostics } : {}),
        },
      };
    },
  },

  validate: {
    cluster: validateCluster,
    nodePool: (np, _hc, issues) => validateNodePool(np, issues),
    paths: {
      cluster: [
        [`${BLOCK}.subscriptionID`, 'platform.azure.subscriptionId'],
        [`${BLOCK}.tenantID`, 'platform.azure.tenantId'],
        [`${BLOCK}.vnetID`, 'platform.azure.vnetId'],
        [`${BLOCK}.subnetID`, 'platform.azure.subnetId'],
        [`${BLOCK}.securityGroupID`, 'platform.azure.securityGroupId'],
        [`${BLOCK}.topology`, 'platform.azure.endpointAccess', 'default'],
        [`${BLOCK}.private.privateLink.natSubnetID`, 'platform.azure.natSubnetId'],
        [`${BLOCK}.private.privateLink.additionalAllowedSubscriptions`, 'platform.azure.additionalAllowedSubscriptions'],
        ...IDENTITY_PATHS,
        ['spec.issuerURL', 'platform.azure.issuerURL'],
        ['spec.serviceAccountSigningKey', 'platform.azure.serviceAccountSigningKey', 'whole'],
        ['spec.dns.publicZoneID', 'platform.azure.publicZoneId'],
        ['spec.dns.privateZoneID', 'platform.azure.privateZoneId'],
      ],
      nodePool: [
        [`${BLOCK}.vmSize`, 'platform.azure.instanceType', 'default'],
        [`${BLOCK}.subnetID`, 'platform.azure.subnetId'],
        [`${BLOCK}.osDisk.sizeGiB`, 'platform.azure.rootDiskSize', 'default'],
        [`${BLOCK}.osDisk.diskStorageAccountType`, 'platform.azure.diskStorageAccountType', 'default'],
        [`${BLOCK}.osDisk.encryptionSetID`, 'platform.azure.diskEncryptionSetId'],
        [`${BLOCK}.image.azureMarketplace.imageGeneration`, 'platform.azure.imageGeneration', 'default'],
        [`${BLOCK}.image.azureMarketplace`, 'platform.azure.marketplaceImage'],
        [`${BLOCK}.image.imageID`, 'platform.azure.imageId'],
        [`${BLOCK}.diagnostics.storageAccountType`, 'platform.azure.diagnostics'],
        [`${BLOCK}.diagnostics.userManaged.storageAccountURI`, 'platform.azure.diagnosticsStorageAccountURI'],
      ],
    },
  },
});
