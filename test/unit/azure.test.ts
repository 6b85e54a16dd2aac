/**
 * Self-managed Azure: the defaults of `hcp create cluster azure` / `hcp create nodepool azure` as
 * read in openshift/hypershift 3ee9615 (cmd/cluster/azure/create.go, cmd/nodepool/azure/create.go,
 * support/config), one test per flag reproduced; the checks of the CLI and the operator, every
 * finding in one run with its path; and the reader of `hcp create infra azure --output-file`.
 */
import type { HostedCluster, NodePool } from '../../lib/api';
import { checkHostedCluster } from '../../lib/platforms';
import { AZURE_WORKLOAD_IDENTITIES, SecretSource, azureWorkloadIdentityNames, checkAzureCliOutput, backupSpecFor, checkManagementCluster } from '../../lib';
import { AZURE_EXAMPLE_OPTIONS, AZURE_INFRA_OUTPUT, AZURE_MANAGEMENT_CLUSTER, azureCluster } from '../../examples/azure';
import { checkFleet } from '../../lib/fleet';
import { mc, none } from './fleet-fixtures';

const SUB = '11111111-2222-4333-8444-555555555555';
const NET = `/subscriptions/${SUB}/resourceGroups/net/providers/Microsoft.Network`;
const ids = Object.fromEntries(['cloudProvider', 'disk', 'file', 'imageRegistry', 'ingress', 'network', 'nodePoolManagement'].map((key, i) => [key, `00000000-0000-4000-8000-00000000000${i}`]));

/** The smallest valid self-managed Azure cluster: the flags `create cluster azure` cannot do without. */
const minimal = {
  name: 'demo',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.21.0-x86_64' },
  baseDomain: 'example.com',
  platform: {
    type: 'Azure',
    azure: {
      subscriptionId: SUB,
      tenantId: '66666666-7777-4888-9999-000000000000',
      resourceGroup: 'demo-rg',
      vnetId: `${NET}/virtualNetworks/demo`,
      subnetId: `${NET}/virtualNetworks/demo/subnets/default`,
      securityGroupId: `${NET}/networkSecurityGroups/demo-nsg`,
      workloadIdentities: ids,
      issuerURL: 'https://oidc.blob.core.windows.net/demo',
      serviceAccountSigningKey: SecretSource.existing('demo-sa-key'),
    },
  },
  pullSecret: SecretSource.existing('demo-pull-secret'),
  secretEncryption: { aescbc: SecretSource.existing('demo-etcd-encryption-key') },
};

type Props = Record<string, unknown>;
const withAzure = (azure: Props, rest: Props = {}) => ({ ...minimal, ...rest, platform: { type: 'Azure', azure: { ...minimal.platform.azure, ...azure } } });
const plan = (props: object) => {
  const { plan: p, issues } = checkHostedCluster(props, AZURE_EXAMPLE_OPTIONS);
  expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  return p!;
};
const azureOf = (hc: HostedCluster) => hc.spec.platform.azure!;
const poolOf = (np: NodePool) => np.spec.platform.azure!;
const errors = (props: object) => checkHostedCluster(props, AZURE_EXAMPLE_OPTIONS).issues.filter((i) => i.severity === 'error');
const paths = (props: object) => errors(props).map((i) => i.path);

describe('hcp create cluster azure: the defaults of each flag', () => {
  test('--location: eastus', () => expect(azureOf(plan(minimal).hostedCluster).location).toBe('eastus'));

  test('--endpoint-access: Public, written as the topology (workload-identity clusters always carry one), no private block', () => {
    const azure = azureOf(plan(minimal).hostedCluster);
    expect(azure.topology).toBe('Public');
    expect(azure.private).toBeUndefined();
  });

  test('--workload-identities-file: WorkloadIdentities authentication, each client ID under its component', () => {
    const config = azureOf(plan(minimal).hostedCluster).azureAuthenticationConfig;
    expect(config.azureAuthenticationConfigType).toBe('WorkloadIdentities');
    expect(config.workloadIdentities?.disk).toEqual({ clientID: ids.disk });
    expect(config.managedIdentities).toBeUndefined();
  });

  test('--oidc-issuer-url and --sa-token-issuer-private-key-path: the issuer, and the key Secret named <name>sa-token-issuer-key (key "key")', () => {
    const p = plan({ ...withAzure({ serviceAccountSigningKey: SecretSource.external({ store: 'vault', key: 'demo', property: 'sa' }) }) });
    expect(p.hostedCluster.spec.issuerURL).toBe('https://oidc.blob.core.windows.net/demo');
    expect(p.hostedCluster.spec.serviceAccountSigningKey).toEqual({ name: 'demosa-token-issuer-key' });
    const external = p.phases.flatMap((phase) => phase.objects).find((o) => o.metadata.name === 'demosa-token-issuer-key') as unknown as { spec: { data: { secretKey: string }[] } };
    expect(external.spec.data[0].secretKey).toBe('key');
  });

  test('services: APIServer on a LoadBalancer, the rest on Routes (GetIngressServicePublishingStrategyMapping)', () => {
    expect(plan(minimal).hostedCluster.spec.services.map((s) => `${s.service}=${s.servicePublishingStrategy.type}`)).toEqual(['APIServer=LoadBalancer', 'Ignition=Route', 'Konnectivity=Route', 'OAuthServer=Route']);
  });

  test('--external-dns-domain: api-, oauth-, konnectivity- and ignition-<name> hostnames with Public access; API and OAuth only when private', () => {
    const names = (hc: HostedCluster) => hc.spec.services.map((s) => s.servicePublishingStrategy.route?.hostname ?? '-');
    expect(names(plan(withAzure({ externalDnsDomain: 'hcp.example.net' })).hostedCluster)).toEqual([
      'api-demo.hcp.example.net',
      'ignition-demo.hcp.example.net',
      'konnectivity-demo.hcp.example.net',
      'oauth-demo.hcp.example.net',
    ]);
    const privateCluster = plan(withAzure({ externalDnsDomain: 'hcp.example.net', endpointAccess: 'Private', natSubnetId: `${NET}/virtualNetworks/mgmt/subnets/nat`, workloadIdentities: { ...ids, controlPlaneOperator: '00000000-0000-4000-8000-000000000009' } })).hostedCluster;
    expect(names(privateCluster)).toEqual(['api-demo.hcp.example.net', '-', '-', 'oauth-demo.hcp.example.net']);
  });

  test('--endpoint-access Private with --endpoint-access-private-nat-subnet-id: a PrivateLink block with the NAT subnet and the allowed subscriptions', () => {
    const azure = azureOf(
      plan(
        withAzure({
          externalDnsDomain: 'hcp.example.net',
          endpointAccess: 'PublicAndPrivate',
          natSubnetId: `${NET}/virtualNetworks/mgmt/subnets/nat`,
          additionalAllowedSubscriptions: [SUB],
          workloadIdentities: { ...ids, controlPlaneOperator: '00000000-0000-4000-8000-000000000009' },
        }),
      ).hostedCluster,
    );
    expect(azure.topology).toBe('PublicAndPrivate');
    expect(azure.private).toEqual({ type: 'PrivateLink', privateLink: { natSubnetID: `${NET}/virtualNetworks/mgmt/subnets/nat`, additionalAllowedSubscriptions: [SUB] } });
  });

  test('no --availability-zones: one NodePool named after the cluster, on the cluster subnet, replaced on upgrade', () => {
    const pools = plan(minimal).nodePools;
    expect(pools.map((np) => np.metadata.name)).toEqual(['demo']);
    expect(poolOf(pools[0]).subnetID).toBe(minimal.platform.azure.subnetId);
    expect(poolOf(pools[0]).availabilityZone).toBeUndefined();
    expect(pools[0].spec.management.upgradeType).toBe('Replace');
  });

  test('--availability-zones 1,2: a NodePool <name>-<zone> per zone', () => {
    const pools = plan(withAzure({ availabilityZones: ['1', '2'] })).nodePools;
    expect(pools.map((np) => [np.metadata.name, poolOf(np).availabilityZone])).toEqual([
      ['demo-1', '1'],
      ['demo-2', '2'],
    ]);
  });
});

describe('hcp create nodepool azure: the defaults of each flag', () => {
  const pool = (azure: Props, extra: Props = {}) => poolOf(plan({ ...minimal, nodePools: [{ name: 'p', ...extra, platform: { azure } }] }).nodePools[0]);

  test('--instance-type: Standard_D4s_v5 for amd64, Standard_D4ps_v5 for arm64', () => {
    expect(pool({}).vmSize).toBe('Standard_D4s_v5');
    expect(pool({}, { arch: 'arm64' }).vmSize).toBe('Standard_D4ps_v5');
    expect(pool({ instanceType: 'Standard_D8s_v5' }).vmSize).toBe('Standard_D8s_v5');
  });

  test('--root-disk-size 120 and --disk-storage-account-type Premium_LRS; persistent unless --enable-ephemeral-disk', () => {
    expect(pool({}).osDisk).toEqual({ sizeGiB: 120, diskStorageAccountType: 'Premium_LRS' });
    expect(pool({ ephemeralOSDisk: true, rootDiskSize: 64 }).osDisk).toEqual({ sizeGiB: 64, diskStorageAccountType: 'Premium_LRS', persistence: 'Ephemeral' });
  });

  test('--disk-encryption-set-id: the OS disk encryption set', () => {
    const des = `/subscriptions/${SUB}/resourceGroups/keys/providers/Microsoft.Compute/diskEncryptionSets/des1`;
    expect(pool({ diskEncryptionSetId: des }).osDisk.encryptionSetID).toBe(des);
  });

  test('image: the release Marketplace image, Gen2 unless --image-generation; the Marketplace flags; the infra boot image ID', () => {
    expect(pool({}).image).toEqual({ type: 'AzureMarketplace', azureMarketplace: { imageGeneration: 'Gen2' } });
    expect(pool({ imageGeneration: 'Gen1' }).image).toEqual({ type: 'AzureMarketplace', azureMarketplace: { imageGeneration: 'Gen1' } });
    const marketplaceImage = { publisher: 'azureopenshift', offer: 'aro4', sku: 'aro_421', version: '421.6.20260101' };
    expect(pool({ marketplaceImage }).image).toEqual({ type: 'AzureMarketplace', azureMarketplace: { ...marketplaceImage, imageGeneration: 'Gen2' } });
    const boot = `/subscriptions/${SUB}/resourceGroups/img/providers/Microsoft.Compute/images/rhcos`;
    const fromInfra = plan(withAzure({ bootImageId: boot })).nodePools[0];
    expect(poolOf(fromInfra).image).toEqual({ type: 'ImageID', imageID: boot });
  });

  test('--diagnostics-storage-account-type and -uri; --encryption-at-host; --nodepool-subnet-id', () => {
    expect(pool({ diagnostics: 'Managed' }).diagnostics).toEqual({ storageAccountType: 'Managed' });
    expect(pool({ diagnostics: 'UserManaged', diagnosticsStorageAccountURI: 'https://diag.blob.core.windows.net/' }).diagnostics).toEqual({
      storageAccountType: 'UserManaged',
      userManaged: { storageAccountURI: 'https://diag.blob.core.windows.net/' },
    });
    expect(pool({}).diagnostics).toBeUndefined();
    expect(pool({ encryptionAtHost: 'Disabled' }).encryptionAtHost).toBe('Disabled');
    expect(pool({}).encryptionAtHost).toBeUndefined();
    expect(pool({ subnetId: `${NET}/virtualNetworks/demo/subnets/workers` }).subnetID).toBe(`${NET}/virtualNetworks/demo/subnets/workers`);
  });

  test('scale from zero is allowed, as the NodePool CRD allows it on Azure', () => {
    expect(errors({ ...minimal, nodePools: [{ name: 'p', autoScaling: { min: 0, max: 3 } }] })).toEqual([]);
  });
});

describe('checks: every finding in one run, with its path', () => {
  test('values of the wrong type give findings, never an exception', () => {
    for (const bad of [5, 'x', [], null, { vnetId: 7 }, { workloadIdentities: [] }, { serviceAccountSigningKey: 'key' }, { availabilityZones: '1' }]) {
      const props = typeof bad === 'object' && bad !== null && !Array.isArray(bad) ? withAzure(bad) : { ...minimal, platform: { type: 'Azure', azure: bad } };
      expect(() => checkHostedCluster(props, AZURE_EXAMPLE_OPTIONS)).not.toThrow();
      expect(errors(props).length).toBeGreaterThan(0);
      expect(errors(props).every((i) => i.path.startsWith('platform'))).toBe(true);
    }
    const pools = { ...minimal, nodePools: [{ name: 'p', platform: { azure: { rootDiskSize: '12', availabilityZone: 4, marketplaceImage: { publisher: 'x' }, ephemeralOSDisk: 'yes' } } }] };
    expect(paths(pools).sort()).toEqual([
      'nodePools[0].platform.azure.availabilityZone',
      'nodePools[0].platform.azure.ephemeralOSDisk',
      'nodePools[0].platform.azure.marketplaceImage.offer',
      'nodePools[0].platform.azure.marketplaceImage.sku',
      'nodePools[0].platform.azure.marketplaceImage.version',
      'nodePools[0].platform.azure.rootDiskSize',
    ]);
  });

  test("the CLI's flag rules and the operator's needs, all at once", () => {
    const props = withAzure(
      {
        subscriptionId: 'not-a-uuid',
        vnetId: `${NET}/virtualNetworks/demo`,
        subnetId: `${NET}/virtualNetworks/other/subnets/default`,
        securityGroupId: `${NET}/virtualNetworks/demo`,
        workloadIdentities: { ...ids, disk: 'disk' },
        issuerURL: 'http://oidc.example.com',
        endpointAccess: 'Private',
        natSubnetId: `${NET}/virtualNetworks/mgmt`,
        externalDnsDomain: 'example.com',
      },
      { release: { image: 'quay.io/openshift-release-dev/ocp-release:4.21.0-x86_64' } },
    );
    expect(errors(props).map((i) => i.path).sort()).toEqual([
      // The CLI's rules, on the props; what the operator needs, on the final HostedCluster, named by the prop.
      'platform.azure.externalDnsDomain',
      'platform.azure.issuerURL',
      'platform.azure.natSubnetId',
      'platform.azure.securityGroupId',
      'platform.azure.subnetId',
      'platform.azure.subscriptionId',
      'platform.azure.workloadIdentities.controlPlaneOperator',
      'platform.azure.workloadIdentities.disk',
    ]);
    const byPath = new Map(errors(props).map((i) => [i.path, i.message]));
    expect(byPath.get('platform.azure.externalDnsDomain')).toBe('"example.com" is the cluster\'s domain "demo.example.com" or a parent of it: its Azure Private DNS zone would shadow the *.apps records.');
    expect(byPath.get('platform.azure.subnetId')).toBe('the subnet is in the VNet "other" of resource group "net", not in the cluster\'s VNet "demo" of "net".');
    expect(byPath.get('platform.azure.securityGroupId')).toMatch(/is not a Microsoft.Network\/networkSecurityGroups resource ID\.$/);
    expect(byPath.get('platform.azure.workloadIdentities.disk')).toBe('"disk" is not a UUID.');
  });

  test('Private without an external DNS domain: the API Route would have no hostname; Private Link settings on a Public cluster', () => {
    expect(paths(withAzure({ endpointAccess: 'Private', workloadIdentities: { ...ids, controlPlaneOperator: ids.disk } }))).toEqual(['platform.azure.externalDnsDomain', 'platform.azure.natSubnetId']);
    expect(paths(withAzure({ natSubnetId: `${NET}/virtualNetworks/mgmt/subnets/nat` }))).toEqual(['platform.azure.natSubnetId']);
  });

  test('a private cluster warns that the operator needs --private-platform Azure', () => {
    const { issues } = checkHostedCluster(withAzure({ endpointAccess: 'Private', externalDnsDomain: 'hcp.example.net', additionalAllowedSubscriptions: [SUB], workloadIdentities: { ...ids, controlPlaneOperator: ids.disk } }), AZURE_EXAMPLE_OPTIONS);
    expect(issues.filter((i) => i.severity === 'warning').map((i) => i.path)).toContain('platform.azure.endpointAccess');
  });

  test('pools: image ID and Marketplace image together, a URI without UserManaged, the release image before 4.20', () => {
    const boot = `/subscriptions/${SUB}/resourceGroups/img/providers/Microsoft.Compute/images/rhcos`;
    const marketplaceImage = { publisher: 'azureopenshift', offer: 'aro4', sku: 'aro_419', version: '419.6.20250523' };
    expect(paths({ ...minimal, nodePools: [{ name: 'p', platform: { azure: { imageId: boot, marketplaceImage, imageGeneration: 'Gen1', diagnosticsStorageAccountURI: 'https://d.blob.core.windows.net/' } } }] })).toEqual([
      'nodePools[0].platform.azure.imageId',
      'nodePools[0].platform.azure.imageGeneration',
      'nodePools[0].platform.azure.diagnosticsStorageAccountURI',
    ]);
    const old = { ...minimal, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.19.9-x86_64' } };
    const poolErrors = (props: object) => errors(props).filter((i) => i.object.startsWith('NodePool'));
    // The default pool's image is no prop the user wrote: the finding keeps the rendered path.
    expect(poolErrors(old).map((i) => `${i.object} ${i.path}`)).toEqual(['NodePool clusters/demo spec.platform.azure.image']);
    expect(poolErrors({ ...old, nodePools: [{ name: 'p', platform: { azure: { marketplaceImage } } }] })).toEqual([]);
  });

  test('managed identities (ARO HCP) through specOverrides are refused with the override path', () => {
    const props = { ...minimal, specOverrides: { platform: { azure: { azureAuthenticationConfig: { azureAuthenticationConfigType: 'ManagedIdentities' } } } } };
    expect(paths(props)).toContain('specOverrides.platform.azure.azureAuthenticationConfig.azureAuthenticationConfigType');
  });

  test('the CRD: Konnectivity on a LoadBalancer is refused for Azure', () => {
    const found = errors({ ...minimal, services: { overrides: { Konnectivity: { type: 'LoadBalancer' } } } });
    expect(found.map((i) => [i.path, i.message])).toContainEqual(['services', 'Konnectivity cannot be published as LoadBalancer on the Azure platform.']);
  });

  test('OAuth on a LoadBalancer is allowed (self-managed Azure, --oauth-publishing-strategy LoadBalancer)', () => {
    expect(errors({ ...minimal, services: { overrides: { OAuthServer: { type: 'LoadBalancer' } } } })).toEqual([]);
  });
});

describe('hcp create infra azure --output-file', () => {
  const extras = { subscriptionId: SUB, tenantId: minimal.platform.azure.tenantId, issuerURL: 'https://oidc.blob.core.windows.net/demo', serviceAccountSigningKey: SecretSource.existing('k') };

  test("maps the CLI's keys to the props (region, resource group, network, zones, identities)", () => {
    const { props, issues } = checkAzureCliOutput(AZURE_INFRA_OUTPUT, extras);
    expect(issues).toEqual([]);
    expect(props!.infraID).toBe('az-prod');
    expect(props!.platform.azure).toMatchObject({
      location: 'westeurope',
      resourceGroup: 'az-prod-az-prod',
      vnetId: AZURE_INFRA_OUTPUT.vnetID,
      subnetId: AZURE_INFRA_OUTPUT.subnetID,
      securityGroupId: AZURE_INFRA_OUTPUT.securityGroupID,
      workloadIdentities: { disk: AZURE_INFRA_OUTPUT.workloadIdentities.disk.clientID },
    });
    // An empty bootImageID (the release's image) is not carried over.
    expect(props!.platform.azure.bootImageId).toBeUndefined();
  });

  test('wrong types and missing keys give findings under infra., never an exception', () => {
    for (const bad of [undefined, null, 'yaml', 42]) expect(checkAzureCliOutput(bad, extras).issues.map((i) => i.path)).toEqual(['infra']);
    // A list is taken for an object without the keys (valibot's looseObject), each missing key a finding.
    expect(checkAzureCliOutput([], extras).issues.map((i) => i.path)).toContain('infra.vnetID');
    const { issues } = checkAzureCliOutput({ ...AZURE_INFRA_OUTPUT, vnetID: 3, workloadIdentities: { ...AZURE_INFRA_OUTPUT.workloadIdentities, disk: {} } }, extras);
    expect(issues.map((i) => i.path)).toEqual(['infra.vnetID', 'infra.workloadIdentities.disk.clientID']);
  });

  test('a file for ARO HCP (managed identities) or without workload identities is refused', () => {
    expect(checkAzureCliOutput({ ...AZURE_INFRA_OUTPUT, workloadIdentities: null, controlPlaneMIs: { controlPlane: {} } }, extras).issues.map((i) => i.path)).toEqual(['infra.controlPlaneMIs']);
    expect(checkAzureCliOutput({ ...AZURE_INFRA_OUTPUT, workloadIdentities: null }, extras).issues.map((i) => i.path)).toEqual(['infra.workloadIdentities']);
  });

  test('the example cluster built from the file plans without findings', () => {
    expect(checkHostedCluster(azureCluster, AZURE_EXAMPLE_OPTIONS).issues).toEqual([]);
  });
});

describe('around the cluster', () => {
  test('the identities as create iam azure names them, with their service accounts', () => {
    expect(azureWorkloadIdentityNames('demo', 'demo-x1').disk).toBe('demo-disk-demo-x1');
    expect(AZURE_WORKLOAD_IDENTITIES.nodePoolManagement.serviceAccounts).toEqual(['system:serviceaccount:kube-system:capi-provider']);
  });

  test('the management cluster: Azure needs multicluster engine 2.11 (OpenShift 4.21); the example gives it', () => {
    expect(checkManagementCluster({ platforms: ['Azure'] }).issues.filter((i) => i.severity === 'error').map((i) => i.path)).toEqual(['operators.multiclusterEngine.channel']);
    expect(checkManagementCluster(AZURE_MANAGEMENT_CLUSTER).issues.filter((i) => i.severity === 'error')).toEqual([]);
  });

  test('the backup takes the CAPI Azure kinds beside the common ones', () => {
    const spec = backupSpecFor(plan(azureCluster).hostedCluster);
    expect(spec.includedResources).toEqual(expect.arrayContaining(['hostedcluster', 'nodepool', 'azurecluster', 'azuremachinetemplate', 'azuremachine']));
    expect(spec.includedNamespaces).toEqual(['azure-clusters', 'azure-clusters-az-prod']);
  });
  test('a fleet places an Azure cluster on a management cluster that prepares Azure, and refuses it where none does', () => {
    const azureMc = mc('azure-mc', {}, { platforms: ['Azure'], operators: { multiclusterEngine: { channel: 'stable-2.11' } }, metallb: undefined, storage: undefined, defaultStorageClass: undefined });
    const { plan: placed, issues } = checkFleet({ managementClusters: [mc('bare'), azureMc], hostedClusters: [azureCluster, none('lab', { release: azureCluster.release })] }, undefined, AZURE_EXAMPLE_OPTIONS);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(placed!.hostedClusters.map((h) => [h.cluster, h.managementCluster])).toEqual([
      ['azure-clusters/az-prod', 'azure-mc'],
      ['none-clusters/lab', 'bare'],
    ]);
    const refused = checkFleet({ managementClusters: [mc('bare')], hostedClusters: [azureCluster] }, undefined, AZURE_EXAMPLE_OPTIONS);
    expect(refused.issues.filter((i) => i.severity === 'error').map((i) => i.path)).toEqual(['hostedClusters[0].platform.type']);
  });
});
