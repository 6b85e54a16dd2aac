/**
 * Edge sites for the conformance suite, beside the example's (examples/edge.ts): every shape the
 * hub's objects can take (static dual-stack network with a bond and a VLAN, DHCP, existing
 * Secrets and ConfigMap, a tagged release, a trust bundle, mirrors that never contact the source,
 * an iDRAC BMC with a self-signed certificate), so the API server sees each of them.
 */
import type { EdgeSiteProps } from '../../lib';
import { SecretSource } from '../../lib';
import { EXAMPLE_EDGE_SITES } from '../../examples/edge';

export interface EdgeFixture {
  readonly id: string;
  readonly props: EdgeSiteProps;
}

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBkTCB+wIJAKHBfpegPjMCMA0GCSqGSIb3DQEBCwUAMBExDzANBgNVBAMMBm1pcnJvcjAeFw0yNDAxMDEwMDAwMDBaFw0zNDAxMDEwMDAwMDBaMBExDzANBgNVBAMMBm1pcnJvcg==\n-----END CERTIFICATE-----\n';

export const EDGE_FIXTURES: readonly EdgeFixture[] = [
  { id: 'example', props: EXAMPLE_EDGE_SITES[0] },
  {
    id: 'dual-stack-bond-vlan',
    props: {
      name: 'plant-7',
      namespace: 'edge-plant-7',
      baseDomain: 'plants.example.com',
      hostname: 'sno.plant-7.plants.example.com',
      release: { image: 'mirror.plants.example.com:5000/ocp/release@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef' },
      machineNetworks: ['10.70.0.0/24', 'fd70::/64'],
      network: {
        interfaces: [
          { name: 'ens1f0', macAddress: 'B4:96:91:70:00:01' },
          { name: 'ens1f1', macAddress: 'B4:96:91:70:00:02' },
        ],
        bonds: [{ name: 'bond0', mode: 'active-backup', ports: ['ens1f0', 'ens1f1'] }],
        vlans: [{ name: 'bond0.70', baseInterface: 'bond0', id: 70, addresses: ['10.70.0.10/24', 'fd70::10/64'] }],
        dns: ['10.70.0.1', 'fd70::1'],
        routes: [
          { destination: '0.0.0.0/0', nextHopAddress: '10.70.0.1', nextHopInterface: 'bond0.70' },
          { destination: '::/0', nextHopAddress: 'fd70::1', nextHopInterface: 'bond0.70' },
        ],
      },
      pullSecret: SecretSource.existing('plant-pull-secret'),
      bmc: { address: 'idrac-virtualmedia://10.70.1.5/redfish/v1/Systems/System.Embedded.1', credentials: SecretSource.existing('plant-7-bmc'), disableCertificateVerification: true },
      bootMACAddress: 'B4:96:91:70:00:01',
      imageDigestSources: [
        { source: 'quay.io/openshift-release-dev/ocp-release', mirrors: ['mirror.plants.example.com:5000/ocp/release'], mirrorSourcePolicy: 'NeverContactSource' },
        { source: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev', mirrors: ['mirror.plants.example.com:5000/ocp/release'] },
      ],
      trustBundle: PEM,
    },
  },
  {
    id: 'dhcp-tagged-existing-bundle',
    props: {
      name: 'kiosk-3',
      baseDomain: 'kiosks.example.com',
      hostname: 'kiosk-3',
      release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.2-x86_64' },
      machineNetworks: ['172.16.3.0/24'],
      pullSecret: SecretSource.external({ store: 'edge-store', storeKind: 'SecretStore', key: 'pull-secret', property: 'dockerconfigjson', refreshInterval: '24h' }),
      bmc: { address: 'redfish-virtualmedia://172.16.3.5/redfish/v1/Systems/1', credentials: SecretSource.external({ store: 'vault', key: 'kiosk-3/bmc' }) },
      bootMACAddress: '52:54:00:03:00:01',
      trustBundle: { existingConfigMap: 'kiosk-ca' },
    },
  },
];
