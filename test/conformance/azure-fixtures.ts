/**
 * Self-managed Azure hosted clusters for the conformance suite, beside the example
 * (examples/azure.ts): a private cluster through Private Link with OAuth on a LoadBalancer, and
 * NodePools that set every Azure option the library offers.
 */
import type { HostedClusterProps } from '../../lib';
import { SecretSource } from '../../lib';
import { AZURE_EXAMPLE_OPTIONS } from '../../examples/azure';
import type { ConformanceFixture } from './fixtures';

const SUB = '2b4d6f80-1a3c-4e5f-8071-92a3b4c5d6e7';
const NET = `/subscriptions/${SUB}/resourceGroups/az-net/providers/Microsoft.Network`;
const client = (n: number) => `7e3f9a10-2b4c-4d5e-8f60-71829304a5b${n}`;

/** Private endpoint access through Private Link, an OAuth LoadBalancer with its hostname, Azure KMS through a workload identity. */
const azurePrivate: HostedClusterProps = {
  name: 'az-private',
  namespace: 'fx-azure',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.21.3-x86_64' },
  baseDomain: 'azure.example.net',
  platform: {
    type: 'Azure',
    azure: {
      location: 'northeurope',
      cloud: 'AzurePublicCloud',
      subscriptionId: SUB,
      tenantId: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
      resourceGroup: 'az-private-rg',
      vnetId: `${NET}/virtualNetworks/az-private`,
      subnetId: `${NET}/virtualNetworks/az-private/subnets/workers`,
      securityGroupId: `${NET}/networkSecurityGroups/az-private-nsg`,
      workloadIdentities: {
        cloudProvider: client(0),
        disk: client(1),
        file: client(2),
        imageRegistry: client(3),
        ingress: client(4),
        network: client(5),
        nodePoolManagement: client(6),
        controlPlaneOperator: client(7),
      },
      issuerURL: 'https://hcpoidcfixture.blob.core.windows.net/az-private',
      serviceAccountSigningKey: SecretSource.existing('az-private-sa-signing-key'),
      endpointAccess: 'Private',
      natSubnetId: `/subscriptions/${SUB}/resourceGroups/mgmt/providers/Microsoft.Network/virtualNetworks/mgmt/subnets/pls-nat`,
      additionalAllowedSubscriptions: ['3c5e7091-2b4d-4f6a-8b1c-a3b4c5d6e7f8'],
      externalDnsDomain: 'hcp.azure.example.net',
      publicZoneId: `/subscriptions/${SUB}/resourceGroups/dns/providers/Microsoft.Network/dnszones/azure.example.net`,
      bootImageId: `/subscriptions/${SUB}/resourceGroups/images/providers/Microsoft.Compute/images/rhcos-421`,
    },
  },
  services: { overrides: { OAuthServer: { type: 'LoadBalancer', loadBalancer: { hostname: 'oauth-az-private.hcp.azure.example.net' } } } },
  pullSecret: SecretSource.existing('az-private-pull-secret'),
  secretEncryption: {
    kms: {
      provider: 'Azure',
      azure: { activeKey: { keyVaultName: 'az-private-kv', keyName: 'etcd', keyVersion: '0123456789abcdef0123456789abcdef' }, workloadIdentity: { clientID: client(8) } },
    },
  },
  nodePools: [
    {
      name: 'az-private-gen1',
      replicas: 1,
      platform: {
        azure: {
          instanceType: 'Standard_D8s_v5',
          availabilityZone: '3',
          subnetId: `${NET}/virtualNetworks/az-private/subnets/workers-2`,
          rootDiskSize: 200,
          diskStorageAccountType: 'PremiumV2_LRS',
          diskEncryptionSetId: `/subscriptions/${SUB}/resourceGroups/keys/providers/Microsoft.Compute/diskEncryptionSets/az-private-des`,
          encryptionAtHost: 'Enabled',
          imageGeneration: 'Gen1',
          diagnostics: 'UserManaged',
          diagnosticsStorageAccountURI: 'https://azprivatediag.blob.core.windows.net/',
        },
      },
    },
    { name: 'az-private-ephemeral', replicas: 1, platform: { azure: { ephemeralOSDisk: true, encryptionAtHost: 'Disabled', diagnostics: 'Disabled' } } },
  ],
};

export const AZURE_FIXTURES: readonly ConformanceFixture[] = [{ id: 'azure-private', props: azurePrivate, options: AZURE_EXAMPLE_OPTIONS }];
