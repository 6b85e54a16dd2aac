/**
 * A relocatable edge site: a host preinstalled with single-node OpenShift 4.16.4 in the factory
 * (image-based installation), reconfigured at store 42 with a static address, the store's domain and
 * a mirror registry. Its hub objects are written to edge-store-042/ (one Argo CD Application per site).
 */
import type { EdgeSiteProps } from '../lib';
import { SecretSource } from '../lib';

/** The example's sites; the management cluster enables the multicluster engine's image-based-install-operator. */
export const EXAMPLE_EDGE_SITES: readonly EdgeSiteProps[] = [
  {
    name: 'store-042',
    baseDomain: 'stores.example.com',
    hostname: 'sno-store-042',
    // By digest: the site pulls through its mirror, which serves images by digest only.
    release: { image: 'quay.io/openshift-release-dev/ocp-release@sha256:3e9f4d5b2ab6f3a1d2c47e8b5a9d0c61f7e2b4a8c3d6e9f0a1b2c3d4e5f6a7b8', imageSetName: 'img4.16.4-x86-64' },
    machineNetworks: ['192.168.42.0/24'],
    network: {
      interfaces: [{ name: 'eno1', macAddress: '52:54:00:42:00:01', addresses: ['192.168.42.10/24'] }],
      dns: ['192.168.42.1'],
      routes: [{ destination: '0.0.0.0/0', nextHopAddress: '192.168.42.1', nextHopInterface: 'eno1' }],
    },
    pullSecret: SecretSource.external({ store: 'vault', key: 'edge/pull-secret' }),
    bmc: {
      address: 'redfish-virtualmedia+https://10.42.0.5/redfish/v1/Systems/1',
      credentials: SecretSource.external({ store: 'vault', key: 'edge/store-042/bmc' }),
    },
    bootMACAddress: '52:54:00:42:00:01',
    imageDigestSources: [{ source: 'quay.io/openshift-release-dev/ocp-release', mirrors: ['mirror.stores.example.com:8443/ocp4/openshift4'] }],
    sshKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEdgeSiteExampleKeyOnlyForTheExample store-042',
    // Applied at the site, where the node's NICs are known (not in the factory).
    extraManifests: {
      '01-sriov-network.yaml': [
        'apiVersion: sriovnetwork.openshift.io/v1',
        'kind: SriovNetworkNodePolicy',
        'metadata:',
        '  name: store-radio',
        '  namespace: openshift-sriov-network-operator',
        'spec:',
        '  resourceName: storeradio',
        '  nodeSelector:',
        '    node-role.kubernetes.io/master: ""',
        '  numVfs: 4',
        '  nicSelector:',
        '    pfNames: [ens1f0]',
        '  deviceType: netdevice',
        '',
      ].join('\n'),
    },
    managedCluster: true,
  },
];
