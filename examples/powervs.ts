/**
 * An example app for IBM Cloud Power Virtual Server: a management cluster prepared for PowerVS and
 * one PowerVS hosted cluster on it, made from the JSON `hypershift create infra powervs
 * --output-file` wrote (a made-up one here: account, CRNs and IDs are placeholders).
 * `npx hcp-constructs synth examples/powervs.ts` writes it.
 *
 * The five controller credentials and the pull secret come from a secret store; the API keys the
 * CLI's JSON holds never enter the props (`powervsPropsFromCliOutput` reads the Secrets' names only,
 * and `credentials` here replaces even those).
 */
import { App, Chart } from 'cdk8s';
import type { HostedClusterProps, ManagementClusterProps, PowervsCredentials } from '../lib';
import { SecretSource, powervsPropsFromCliOutput } from '../lib';
import { HostedClusterBundle, ManagementCluster, runSynth } from '../lib/cdk8s';
import { EXAMPLE_OPTIONS } from './clusters';

const vault = (key: string, property?: string) => SecretSource.external({ store: 'vault', key, property });

/** What `hypershift create infra powervs --name pvs-dev --infra-id pvs-dev --base-domain power.example.com --resource-group hcp --output-file infra.json` writes (the Secrets shortened to their names). */
export const POWERVS_INFRA_JSON = {
  id: 'pvs-dev',
  region: 'us-south',
  zone: 'dal12',
  vpcRegion: 'us-south',
  accountID: '0123456789abcdef0123456789abcdef',
  baseDomain: 'power.example.com',
  cisCrn: 'crn:v1:bluemix:public:internet-svcs:global:a/0123456789abcdef0123456789abcdef:11111111-2222-3333-4444-555555555555::',
  cisDomainID: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  resourceGroup: 'hcp',
  cloudInstanceID: '66666666-7777-8888-9999-000000000000',
  dhcpSubnet: 'DHCPSERVERpvs-dev_Private',
  dhcpSubnetID: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
  vpcName: 'pvs-dev-vpc',
  vpcSubnetName: 'pvs-dev-vpc-sn',
  stats: {},
  secrets: {
    KubeCloudControllerManager: { metadata: { name: 'pvs-dev-cloud-controller-creds', namespace: 'powervs-clusters' } },
    NodePoolManagement: { metadata: { name: 'pvs-dev-node-management-creds', namespace: 'powervs-clusters' } },
    IngressOperator: { metadata: { name: 'pvs-dev-ingress-creds', namespace: 'powervs-clusters' } },
    StorageOperator: { metadata: { name: 'pvs-dev-storage-creds', namespace: 'powervs-clusters' } },
    ImageRegistryOperator: { metadata: { name: 'pvs-dev-image-registry-creds', namespace: 'powervs-clusters' } },
  },
};

/** The credentials from the store: each key holds `ibmcloud_api_key` and `ibm-credentials.env` (node management: the latter only). */
const CREDENTIALS: PowervsCredentials = {
  kubeCloudController: vault('powervs/pvs-dev/cloud-controller'),
  nodePoolManagement: vault('powervs/pvs-dev/node-management'),
  ingressOperator: vault('powervs/pvs-dev/ingress'),
  storageOperator: vault('powervs/pvs-dev/storage'),
  imageRegistryOperator: vault('powervs/pvs-dev/image-registry'),
};

/** A management cluster for PowerVS hosted clusters: the multicluster engine and nothing else. */
export const POWERVS_MANAGEMENT_CLUSTER: ManagementClusterProps = { platforms: ['PowerVS'] };

/** The hosted cluster: ppc64le nodes need the multi-architecture release; one pool of the CLI's shape, one larger. */
export const POWERVS_CLUSTER: HostedClusterProps = {
  name: 'pvs-dev',
  namespace: 'powervs-clusters',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi' },
  ...powervsPropsFromCliOutput(POWERVS_INFRA_JSON, { credentials: CREDENTIALS }),
  controllerAvailabilityPolicy: 'HighlyAvailable',
  pullSecret: vault('hosted-clusters/pull-secret'),
  secretEncryption: { aescbc: vault('powervs/pvs-dev', 'etcd-encryption-key') },
  nodePools: [
    { name: 'pvs-dev', replicas: 2 },
    { name: 'pvs-dev-large', replicas: 1, platform: { powervs: { processorType: 'dedicated', processors: 4, memoryGiB: 128, storageType: 'tier3' } } },
  ],
};

/** The app: the management cluster's objects and the hosted cluster's, in the management folder. */
export function define(app: App): void {
  new ManagementCluster(new Chart(app, 'management-cluster'), 'management', POWERVS_MANAGEMENT_CLUSTER);
  new HostedClusterBundle(new Chart(app, 'powervs-pvs-dev'), 'cluster', { ...POWERVS_CLUSTER, options: EXAMPLE_OPTIONS });
}

if (require.main === module) process.exitCode = runSynth(define);
