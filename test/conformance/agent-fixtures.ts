/**
 * Agent infrastructure for the conformance suite: with the built-in examples, these set every
 * optional field the library offers for InfraEnv, NMStateConfig, BareMetalHost and the KubeVirt
 * agent VMs, so the API server sees every shape the library can emit.
 */
import type { AgentInfrastructureProps, HostedClusterProps } from '../../lib';
import { SecretSource } from '../../lib';

export interface AgentConformanceFixture {
  readonly id: string;
  readonly cluster: HostedClusterProps;
  readonly infrastructure: AgentInfrastructureProps;
  readonly allowInlineSecrets?: boolean;
}

const CA = '-----BEGIN CERTIFICATE-----\nMIIBfixture\n-----END CERTIFICATE-----\n';

/** IBM Z: s390x hosts booted by hand (z/VM) with static IPv4 and IPv6, a multi-arch release, every InfraEnv option. */
const ibmZ: AgentConformanceFixture = {
  id: 'ibm-z',
  cluster: {
    name: 'zcluster',
    namespace: 'fx-ibmz',
    release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi' },
    baseDomain: 'z.example.com',
    platform: { type: 'Agent', agent: { agentNamespace: 'fx-ibmz-zcluster' } },
    services: { apiServerAddress: '192.0.2.40' },
    networking: { machineNetwork: ['192.0.2.0/24'] },
    pullSecret: SecretSource.existing('zcluster-pull-secret'),
    secretEncryption: { aescbc: SecretSource.existing('zcluster-etcd-key') },
  },
  infrastructure: {
    infraEnv: {
      name: 'zcluster',
      namespace: 'fx-ibmz-zcluster',
      cpuArchitecture: 's390x',
      pullSecret: SecretSource.existing('zcluster-pull-secret-copy'),
      sshAuthorizedKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFixtureFixtureFixtureFixtureFixtureFixture0 ops@example.com',
      agentLabels: { 'example.com/arch': 's390x', 'example.com/site': 'lab-z' },
      autoApprove: true,
      proxy: { httpProxy: 'http://proxy.z.example.com:3128', httpsProxy: 'https://proxy.z.example.com:3129', noProxy: '.z.example.com,192.0.2.0/24' },
      additionalNTPSources: ['ntp.z.example.com', '192.0.2.1'],
      additionalTrustBundle: CA,
      imageType: 'full-iso',
      osImageVersion: '4.16',
    },
    hosts: [
      {
        name: 'zvm-0',
        hostname: 'compute-0.zcluster.z.example.com',
        bootMACAddress: '02:00:00:00:00:10',
        network: {
          interfaces: [{ name: 'enc2e0', macAddress: '02:00:00:00:00:10', addresses: ['192.0.2.50/24', '2001:db8::50/64'] }],
          dns: ['192.0.2.1', '2001:db8::1'],
          routes: [
            { destination: '0.0.0.0/0', nextHopAddress: '192.0.2.1', nextHopInterface: 'enc2e0' },
            { destination: '::/0', nextHopAddress: '2001:db8::1', nextHopInterface: 'enc2e0' },
          ],
        },
      },
      { name: 'zvm-1', bootMACAddress: '02:00:00:00:00:11', network: { interfaces: [{ name: 'enc2e0', macAddress: '02:00:00:00:00:11', dhcp: true }] } },
    ],
    dns: { apiAddresses: ['192.0.2.40'], ingressAddresses: ['192.0.2.41', '2001:db8::41'] },
  },
};

/** Bare metal: every BareMetalHost option, BMC credentials from an existing Secret and from a store, bonds and VLANs; VMs on a Multus network. */
const bareMetal: AgentConformanceFixture = {
  id: 'bare-metal-full',
  cluster: {
    name: 'metal',
    namespace: 'fx-metal',
    release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' },
    baseDomain: 'metal.example.com',
    platform: { type: 'Agent', agent: { agentNamespace: 'fx-metal-hosts' } },
    services: { apiServerAddress: '198.51.100.5' },
    pullSecret: SecretSource.existing('metal-pull-secret'),
    secretEncryption: { aescbc: SecretSource.existing('metal-etcd-key') },
    nodePools: [{ name: 'metal-workers', replicas: 3, platform: { agent: { agentLabelSelector: { matchLabels: { 'example.com/pool': 'metal' } } } } }],
  },
  infrastructure: {
    infraEnv: {
      name: 'metal',
      namespace: 'fx-metal-hosts',
      pullSecret: SecretSource.inline(JSON.stringify({ auths: { 'quay.io': { auth: Buffer.from('user:token').toString('base64') } } })),
      agentLabels: { 'example.com/pool': 'metal' },
      imageType: 'minimal-iso',
    },
    machineNetwork: ['198.51.100.0/24'],
    hosts: [
      {
        name: 'metal-0',
        bootMACAddress: 'b8:ce:f6:00:00:01',
        bmc: { address: 'idrac-virtualmedia://10.1.0.10/redfish/v1/Systems/System.Embedded.1', credentials: { existingSecret: 'metal-0-bmc' } },
        rootDeviceHints: { deviceName: '/dev/disk/by-path/pci-0000:00:17.0-ata-1', hctl: '0:0:0:0', model: 'PERC', vendor: 'DELL', serialNumber: 'S1', minSizeGigabytes: 200, wwn: '0x5000c500a0b1c2d3', rotational: false },
        bootMode: 'UEFISecureBoot',
        network: {
          interfaces: [
            { name: 'eno1', macAddress: 'b8:ce:f6:00:00:01' },
            { name: 'eno2', macAddress: 'b8:ce:f6:00:00:02' },
          ],
          bonds: [{ name: 'bond0', mode: '802.3ad', ports: ['eno1', 'eno2'] }],
          vlans: [{ name: 'bond0.10', baseInterface: 'bond0', id: 10, addresses: ['198.51.100.21/24'] }],
          dns: ['198.51.100.1'],
          routes: [{ destination: '0.0.0.0/0', nextHopAddress: '198.51.100.1', nextHopInterface: 'bond0.10' }],
        },
      },
      {
        name: 'metal-1',
        bootMACAddress: 'b8:ce:f6:00:01:01',
        bmc: {
          address: 'redfish-virtualmedia+https://10.1.0.11/redfish/v1/Systems/1',
          credentials: { externalSecret: { store: 'bmc-store', storeKind: 'SecretStore', key: 'bmc/metal-1', usernameProperty: 'user', passwordProperty: 'pass', refreshInterval: '15m' } },
          disableCertificateVerification: true,
        },
        bootMode: 'legacy',
      },
      { name: 'metal-2', bootMACAddress: 'b8:ce:f6:00:02:01', bmc: { address: 'ipmi://10.1.0.12:623', credentials: { existingSecret: 'metal-2-bmc' } }, bootMode: 'UEFI' },
    ],
    virtualMachines: {
      count: 2,
      namePrefix: 'metal-vm',
      cores: 8,
      memory: '32Gi',
      rootDiskSize: '200Gi',
      storageClass: 'lvms-vg1',
      isoVolumeSize: '3Gi',
      network: 'fx-metal-hosts/vlan-10',
      macAddresses: ['02:00:00:aa:00:01', '02:00:00:aa:00:02'],
      nodeSelector: { 'kubernetes.io/arch': 'amd64' },
      discoveryIsoUrl: 'https://assisted-image-service.apps.mgmt.example.com/byapikey/token/4.16/x86_64/minimal.iso',
    },
    dns: { ingressAddresses: ['198.51.100.30'] },
  },
  allowInlineSecrets: true,
};

export const AGENT_CONFORMANCE_FIXTURES: readonly AgentConformanceFixture[] = [ibmZ, bareMetal];
