/**
 * The two consumer apps of the type-check bench, as source text: a 90-line cdk8s app as a new user
 * writes it (a ManagementCluster, a HostedClusterBundle for a bare-metal agent cluster and the
 * AgentInfrastructure of its hosts, with props like the examples'), and a bare cdk8s app (one
 * `ApiObject`) that costs what cdk8s itself costs to check.
 */

/** The library app: each construct with the props a real bare-metal setup gives it. */
export const HCP_APP = `import { App, Chart } from 'cdk8s';
import { AgentInfrastructure, HostedClusterBundle, ManagementCluster } from 'hcp-constructs/cdk8s';
import { SecretSource } from 'hcp-constructs';

const vault = (key: string, property?: string) => SecretSource.external({ store: 'vault', key, property });

const app = new App();

new ManagementCluster(new Chart(app, 'management-cluster'), 'management', {
  platforms: ['Agent', 'KubeVirt'],
  multiclusterEngine: { hypershiftAddOn: { hcMaxNumber: 40, hcThresholdNumber: 30 } },
  machineNetwork: ['192.168.122.0/24'],
  metallb: { pools: [{ name: 'hosted-control-planes', addresses: ['192.168.122.200-192.168.122.250'] }] },
  assistedService: { storageClassName: 'lvms-vg1', databaseStorage: '20Gi' },
  storage: 'lvms',
  controlPlaneNodes: [
    { name: 'worker-0', zone: 'rack1' },
    { name: 'worker-1', zone: 'rack2' },
    { name: 'worker-2', zone: 'rack3' },
  ],
  capacity: { workers: [{ name: 'control-plane', count: 3, vCPU: 64, memoryGiB: 128 }], loads: { 'clusters/lab': 'low' } },
});

const chart = new Chart(app, 'agent-lab');
const cluster = new HostedClusterBundle(chart, 'cluster', {
  name: 'lab',
  namespace: 'clusters',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' },
  platform: { type: 'Agent', agent: { agentNamespace: 'clusters' } },
  baseDomain: 'lab.example.com',
  controllerAvailabilityPolicy: 'HighlyAvailable',
  services: { apiServerAddress: '192.168.122.20' },
  networking: { clusterNetwork: [{ cidr: '10.132.0.0/14' }], serviceNetwork: ['172.31.0.0/16'] },
  pullSecret: vault('hosted-clusters/pull-secret'),
  sshKey: vault('hosted-clusters/lab', 'ssh-public-key'),
  secretEncryption: { aescbc: vault('hosted-clusters/lab', 'etcd-encryption-key') },
  labels: { team: 'platform' },
  nodePools: [
    {
      name: 'lab-workers',
      replicas: 3,
      platform: { agent: { agentLabelSelector: { matchLabels: { 'hcp-constructs.io/cluster': 'lab' } } } },
      nodeLabels: { 'node-role.kubernetes.io/worker': '' },
    },
  ],
  options: { allowInlineSecrets: false },
});

const gateway = { dns: ['192.168.122.1'], routes: [{ destination: '0.0.0.0/0', nextHopAddress: '192.168.122.1', nextHopInterface: 'eno1' }] };

const host = (index: number) => ({
  name: \`lab-worker-\${index}\`,
  hostname: \`worker-\${index}.lab.example.com\`,
  bootMACAddress: \`52:54:00:00:03:0\${index}\`,
  bmc: {
    address: \`redfish-virtualmedia://192.168.111.1:8000/redfish/v1/Systems/lab-worker-\${index}\`,
    credentials: { externalSecret: { store: 'vault', key: \`bmc/lab-worker-\${index}\` } },
    disableCertificateVerification: true,
  },
  rootDeviceHints: { deviceName: '/dev/sda' },
  network: {
    interfaces: [{ name: 'eno1', macAddress: \`52:54:00:00:03:0\${index}\`, addresses: [\`192.168.122.\${40 + index}/24\`] }],
    ...gateway,
  },
});

const hosts = new AgentInfrastructure(chart, 'agent-infrastructure', {
  cluster,
  infraEnv: {
    name: 'lab',
    namespace: 'clusters',
    pullSecret: vault('hosted-clusters/pull-secret'),
    sshAuthorizedKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleExampleExampleExampleExampleExample01 ops@example.com',
    agentLabels: { 'hcp-constructs.io/cluster': 'lab' },
    additionalNTPSources: ['clock.lab.example.com'],
  },
  machineNetwork: ['192.168.122.0/24'],
  hosts: [host(0), host(1), host(2)],
  dns: { apiAddresses: ['192.168.122.20'], ingressAddresses: ['192.168.122.23'] },
});

export const records = hosts.dnsRecords.length;
export const clusterName = cluster.clusterName;
app.synth();
`;

/** The bare cdk8s app: one ApiObject in one Chart, no library. */
export const BARE_APP = `import { App, Chart, ApiObject } from 'cdk8s';

const app = new App();
const chart = new Chart(app, 'bare');
new ApiObject(chart, 'config', {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'settings', namespace: 'default' },
  data: { greeting: 'hello' },
});
app.synth();
`;
