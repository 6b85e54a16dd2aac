/**
 * The agent examples' hosts: the walkthrough's cluster (vcluster2) with its InfraEnv, three
 * bare-metal hosts with static networking, and an agent cluster whose "hosts" are KubeVirt VMs on
 * the management cluster (OpenShift Virtualization), so the agent platform can be tried without
 * bare metal. Framework-free, like clusters.ts.
 */
import type { AgentInfrastructureProps, HostedClusterProps } from '../lib';
import { SecretSource } from '../lib';

const vault = (key: string, property?: string) => SecretSource.external({ store: 'vault', key, property });

/** Static addressing on the walkthrough's lab network; the BMCs are Redfish virtual media. */
const labHost = (index: number, network: NonNullable<AgentInfrastructureProps['hosts']>[number]['network']) => ({
  name: `vcluster2-worker-${index}`,
  hostname: `worker-${index}.vcluster2.int.massopen.cloud`,
  bootMACAddress: `52:54:00:00:02:0${index}`,
  bmc: {
    address: `redfish-virtualmedia://192.168.111.1:8000/redfish/v1/Systems/vcluster2-worker-${index}`,
    credentials: { externalSecret: { store: 'vault', key: `bmc/vcluster2-worker-${index}` } },
    disableCertificateVerification: true,
  },
  rootDeviceHints: { deviceName: '/dev/sda' },
  network,
});

const gateway = { dns: ['192.168.122.1'], routes: [{ destination: '0.0.0.0/0', nextHopAddress: '192.168.122.1', nextHopInterface: 'eno1' }] };

/**
 * The walkthrough's hosts: an InfraEnv in the agent namespace (`clusters`), three workers (one
 * with a bond and a storage VLAN), DNS for api/api-int (the management nodes) and *.apps (the
 * MetalLB address inside the hosted cluster).
 */
export const vcluster2Infrastructure: AgentInfrastructureProps = {
  infraEnv: {
    name: 'vcluster2',
    namespace: 'clusters',
    pullSecret: vault('hosted-clusters/pull-secret'),
    sshAuthorizedKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleExampleExampleExampleExampleExample01 ops@example.com',
    agentLabels: { 'hcp-constructs.io/cluster': 'vcluster2' },
    additionalNTPSources: ['clock.int.massopen.cloud'],
  },
  machineNetwork: ['192.168.122.0/24'],
  hosts: [
    labHost(0, { interfaces: [{ name: 'eno1', macAddress: '52:54:00:00:02:00', addresses: ['192.168.122.30/24'] }], ...gateway }),
    labHost(1, { interfaces: [{ name: 'eno1', macAddress: '52:54:00:00:02:01', addresses: ['192.168.122.31/24'] }], ...gateway }),
    labHost(2, {
      interfaces: [
        { name: 'eno1', macAddress: '52:54:00:00:02:02' },
        { name: 'eno2', macAddress: '52:54:00:00:12:02' },
      ],
      bonds: [{ name: 'bond0', mode: 'active-backup', ports: ['eno1', 'eno2'], addresses: ['192.168.122.32/24'] }],
      vlans: [{ name: 'bond0.200', baseInterface: 'bond0', id: 200, addresses: ['172.16.200.32/24'] }],
      dns: ['192.168.122.1'],
      routes: [{ destination: '0.0.0.0/0', nextHopAddress: '192.168.122.1', nextHopInterface: 'bond0' }],
    }),
  ],
  dns: { apiAddresses: ['192.168.122.20', '192.168.122.21', '192.168.122.22'], ingressAddresses: ['192.168.122.23'] },
};

/**
 * An agent cluster on KubeVirt VMs: its control plane on the management cluster, its two workers
 * VMs there too, booted from the InfraEnv's discovery ISO and approved automatically.
 */
export const kubevirtAgentsCluster: HostedClusterProps = {
  name: 'vm-agents',
  namespace: 'agent-labs',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' },
  baseDomain: 'lab.example.com',
  platform: { type: 'Agent', agent: { agentNamespace: 'agent-labs-vm-agents' } },
  services: { apiServerAddress: '198.51.100.10' },
  pullSecret: vault('hosted-clusters/pull-secret'),
  secretEncryption: { aescbc: vault('hosted-clusters/vm-agents', 'etcd-encryption-key') },
  nodePools: [{ name: 'vm-agents-workers', replicas: 2, platform: { agent: { agentLabelSelector: { matchLabels: { 'hcp-constructs.io/cluster': 'vm-agents' } } } } }],
};

/**
 * Its VMs. GitOps takes the ISO URL in a second commit: apply the InfraEnv, then copy
 * `oc -n agent-labs-vm-agents get infraenv vm-agents -o jsonpath='{.status.isoDownloadURL}'` here.
 */
export const kubevirtAgentsInfrastructure: AgentInfrastructureProps = {
  infraEnv: {
    name: 'vm-agents',
    namespace: 'agent-labs-vm-agents',
    pullSecret: vault('hosted-clusters/pull-secret'),
    agentLabels: { 'hcp-constructs.io/cluster': 'vm-agents' },
    autoApprove: true,
  },
  virtualMachines: {
    count: 2,
    cores: 4,
    memory: '16Gi',
    rootDiskSize: '120Gi',
    storageClass: 'ocs-storagecluster-ceph-rbd',
    discoveryIsoUrl: 'https://assisted-image-service-multicluster-engine.apps.mgmt.example.com/images/5d2c0b5e-7f0e-4a31-9c6b-0d6f1f4e9a10?arch=x86_64&type=minimal-iso&version=4.16',
  },
  dns: { ingressAddresses: ['198.51.100.11'] },
};

/** Hosts for clusters of the built-in example, by cluster name. */
export const EXAMPLE_AGENT_INFRASTRUCTURE: Readonly<Record<string, AgentInfrastructureProps>> = {
  vcluster2: vcluster2Infrastructure,
  'vm-agents': kubevirtAgentsInfrastructure,
};

/** Agent clusters that exist in the example only with their hosts (written by defineExample beside EXAMPLE_CLUSTERS). */
export const EXAMPLE_AGENT_CLUSTERS: readonly HostedClusterProps[] = [kubevirtAgentsCluster];
