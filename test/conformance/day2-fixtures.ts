/**
 * Day-2 objects for the conformance suite: MetalLB inside a bare-metal hosted cluster with every
 * option the ingress offers (a pinned operator, two pools, interfaces, the router's Service).
 */
import type { HostedClusterIngressProps, HostedClusterProps } from '../../lib';
import { SecretSource } from '../../lib';

export interface Day2Fixture {
  readonly id: string;
  readonly cluster: HostedClusterProps;
  readonly ingress: HostedClusterIngressProps;
}

export const DAY2_FIXTURES: readonly Day2Fixture[] = [
  {
    id: 'day2-metal-ingress',
    cluster: {
      name: 'metal-day2',
      namespace: 'fx-day2',
      release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64' },
      baseDomain: 'metal.example.com',
      platform: { type: 'None' },
      services: { apiServerAddress: '10.2.0.10' },
      networking: { machineNetwork: ['10.2.0.0/24'] },
      pullSecret: SecretSource.existing('metal-day2-pull-secret'),
    },
    ingress: {
      operator: { channel: 'stable', approval: 'Automatic', startingCSV: 'metallb-operator.v4.17.0' },
      metallb: {
        pools: [
          { name: 'ingress-public-ip', addresses: ['10.2.0.240-10.2.0.240'], autoAssign: false, avoidBuggyIPs: true },
          { name: 'workloads', addresses: ['10.2.0.192/28'], l2: { interfaces: ['enp1s0'] } },
        ],
        spec: { logLevel: 'info' },
      },
      pool: 'ingress-public-ip',
      serviceName: 'router-load-balancer',
      preserveClientAddress: true,
    },
  },
];
