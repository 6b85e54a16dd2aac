/**
 * The self-managed Azure example: a management cluster prepared for Azure hosted clusters and one
 * cluster on infrastructure made beforehand (`hcp create iam azure`, `hcp create infra azure
 * --output-file`, and the OIDC issuer of `ccoctl azure create-oidc-issuer`), read from the infra
 * file with azurePropsFromCliOutput. Two NodePools, one per availability zone, and an arm64 pool
 * scaling from zero with a Marketplace image. `npx hcp-constructs synth examples/azure.ts` writes it.
 */
import { App, Chart } from 'cdk8s';
import type { HostedClusterProps, ManagementClusterProps, PlanOptions } from '../lib';
import { SecretSource, azurePropsFromCliOutput, parseSupportedVersions } from '../lib';
import { HostedClusterBundle, ManagementCluster, runSynth } from '../lib/cdk8s';

const vault = (key: string, property?: string) => SecretSource.external({ store: 'vault', key, property });

/** Self-managed Azure is a Developer Preview of OpenShift 4.21: the operator of multicluster engine 2.11 deploys it. */
export const AZURE_EXAMPLE_OPTIONS: PlanOptions = { supportedVersions: parseSupportedVersions({ 'supported-versions': '{"versions":["4.22","4.21","4.20","4.19"]}' }) };

const SUBSCRIPTION = '5f2c1a7e-8b3d-4e6f-9a0b-1c2d3e4f5a6b';
const GROUP = `/subscriptions/${SUBSCRIPTION}/resourceGroups`;

/** What `hcp create infra azure --name az-prod --infra-id az-prod --workload-identities-file ... --output-file` writes (its YAML, parsed). */
export const AZURE_INFRA_OUTPUT = {
  baseDomain: 'azure.example.com',
  publicZoneID: `${GROUP}/os4-common/providers/Microsoft.Network/dnszones/azure.example.com`,
  privateZoneID: `${GROUP}/az-prod-az-prod/providers/Microsoft.Network/privateDnsZones/az-prod-azurecluster.azure.example.com`,
  region: 'westeurope',
  resourceGroupName: 'az-prod-az-prod',
  vnetID: `${GROUP}/az-prod-vnet/providers/Microsoft.Network/virtualNetworks/az-prod`,
  subnetID: `${GROUP}/az-prod-vnet/providers/Microsoft.Network/virtualNetworks/az-prod/subnets/default`,
  bootImageID: '',
  infraID: 'az-prod',
  securityGroupID: `${GROUP}/az-prod-nsg/providers/Microsoft.Network/networkSecurityGroups/az-prod-nsg`,
  controlPlaneMIs: null,
  dataPlaneIdentities: { diskMSIClientID: '', fileMSIClientID: '', imageRegistryMSIClientID: '' },
  workloadIdentities: {
    cloudProvider: { clientID: '0b6e2c4a-1d3f-4a5b-8c7d-9e0f1a2b3c41' },
    disk: { clientID: '0b6e2c4a-1d3f-4a5b-8c7d-9e0f1a2b3c42' },
    file: { clientID: '0b6e2c4a-1d3f-4a5b-8c7d-9e0f1a2b3c43' },
    imageRegistry: { clientID: '0b6e2c4a-1d3f-4a5b-8c7d-9e0f1a2b3c44' },
    ingress: { clientID: '0b6e2c4a-1d3f-4a5b-8c7d-9e0f1a2b3c45' },
    network: { clientID: '0b6e2c4a-1d3f-4a5b-8c7d-9e0f1a2b3c46' },
    nodePoolManagement: { clientID: '0b6e2c4a-1d3f-4a5b-8c7d-9e0f1a2b3c47' },
  },
};

/** The hosted cluster: its infrastructure from the file, the rest as flags of `hcp create cluster azure` would give it. */
export const azureCluster: HostedClusterProps = {
  name: 'az-prod',
  namespace: 'azure-clusters',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.21.3-multi' },
  ...azurePropsFromCliOutput(AZURE_INFRA_OUTPUT, {
    subscriptionId: SUBSCRIPTION,
    tenantId: '9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d',
    issuerURL: 'https://hcpoidcexample.blob.core.windows.net/az-prod',
    serviceAccountSigningKey: vault('hosted-clusters/az-prod', 'sa-signing-key'),
    externalDnsDomain: 'hcp.azure.example.com',
    availabilityZones: ['1', '2'],
  }),
  controllerAvailabilityPolicy: 'HighlyAvailable',
  pullSecret: vault('hosted-clusters/pull-secret'),
  secretEncryption: { aescbc: SecretSource.existing('az-prod-etcd-encryption-key') },
  nodePools: [
    { name: 'az-prod-1', replicas: 2, platform: { azure: { availabilityZone: '1' } } },
    { name: 'az-prod-2', replicas: 2, platform: { azure: { availabilityZone: '2', diagnostics: 'Managed' } } },
    {
      name: 'az-prod-arm',
      arch: 'arm64',
      autoScaling: { min: 0, max: 4 },
      platform: { azure: { marketplaceImage: { publisher: 'azureopenshift', offer: 'aro4', sku: 'aro_421-arm64', version: '421.6.20260101' }, rootDiskSize: 256, diskStorageAccountType: 'StandardSSD_LRS' } },
    },
  ],
};

/** The management cluster: the multicluster engine that deploys OpenShift 4.21, with external DNS for the clusters' names. */
export const AZURE_MANAGEMENT_CLUSTER: ManagementClusterProps = {
  platforms: ['Azure'],
  operators: { multiclusterEngine: { channel: 'stable-2.11' } },
  multiclusterEngine: { externalDns: { provider: 'azure', domainFilter: 'hcp.azure.example.com', credentials: vault('management/external-dns-azure', 'credentials') } },
};

/** Adds the management cluster and the Azure hosted cluster to `app`. */
export function define(app: App): void {
  new ManagementCluster(new Chart(app, 'management-cluster'), 'management', AZURE_MANAGEMENT_CLUSTER);
  new HostedClusterBundle(new Chart(app, 'azure-az-prod'), 'cluster', { ...azureCluster, options: AZURE_EXAMPLE_OPTIONS });
}

if (require.main === module) process.exitCode = runSynth(define);
