/** Service publishing: NodePort addresses and the apiServerAddress that a mapping does not use. */
import { isAddressOrDnsName } from '../../lib/core';
import { HostedClusterProps, checkHostedCluster } from '../../lib/platforms';
import { awsCluster, kubevirtCluster, noneCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };
const errors = (props: HostedClusterProps) => checkHostedCluster(props, options).issues.filter((i) => i.severity === 'error');

describe('apiServerAddress', () => {
  test.each([
    ['KubeVirt', kubevirtCluster],
    ['AWS', awsCluster],
  ])('is refused on %s, whose Ingress mapping does not use it', (platform, cluster) =>
    expect(errors({ ...cluster, services: { apiServerAddress: '192.0.2.1' } })).toEqual([
      {
        severity: 'error',
        object: `HostedCluster ${cluster.namespace}/${cluster.name}`,
        path: 'services.apiServerAddress',
        message: `the ${platform} cluster publishes its services with the Ingress mapping, which does not use an API server address.`,
        fix: 'Remove services.apiServerAddress, or set services.mapping: NodePort to publish the services on node ports at that address.',
      },
    ]));

  test('is used with the NodePort mapping on KubeVirt', () => {
    const { plan } = checkHostedCluster({ ...kubevirtCluster, services: { mapping: 'NodePort', apiServerAddress: '192.0.2.1' } }, options);
    expect(plan?.hostedCluster.spec.services.every((s) => s.servicePublishingStrategy.nodePort?.address === '192.0.2.1')).toBe(true);
  });

  test('"1Gi" is neither an IP address nor a DNS name; reported once', () =>
    expect(errors({ ...noneCluster, services: { apiServerAddress: '1Gi' } })).toEqual([
      {
        severity: 'error',
        object: 'HostedCluster none-clusters/edge-lab',
        // The prop the services come from, and where in the rendered list the address is.
        path: 'services',
        renderedPath: 'spec.services[0].servicePublishingStrategy.nodePort.address',
        message: '"1Gi" is neither an IP address nor a DNS name.',
        fix: 'Give the IP address or DNS name of a management-cluster node or of a load balancer in front of the nodes (e.g. 192.0.2.10 or api.example.com).',
      },
    ]));

  test('addresses and names', () => {
    for (const ok of ['192.0.2.10', '2001:db8::1', 'api.example.com', 'localhost', 'api.vcluster2.int.massopen.cloud']) expect(isAddressOrDnsName(ok)).toBe(true);
    for (const bad of ['1Gi', '10.0.0', '999.1.1.1', 'a..b', '-x.example.com', '', 'x'.repeat(254)]) expect(isAddressOrDnsName(bad)).toBe(false);
  });
});
