/** KubeVirt: VM shape checked on the final NodePool (props or specOverrides), within documented maxima. */
import { HostedClusterProps, checkHostedCluster, quantityBytes } from '../../lib/platforms';
import { kubevirtCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };
const errors = (props: HostedClusterProps) => checkHostedCluster(props, options).issues.filter((i) => i.severity === 'error');
const pool = (pool: object) => ({ ...kubevirtCluster, nodePools: [{ name: 'p', ...pool }] }) as HostedClusterProps;

describe('VM shape', () => {
  test('cores: 0 through specOverrides is refused, read from spec.platform.kubevirt', () =>
    expect(errors(pool({ specOverrides: { platform: { kubevirt: { compute: { cores: 0 } } } } }))).toEqual([
      {
        severity: 'error',
        object: 'NodePool kubevirt-clusters/p',
        path: 'nodePools[0].specOverrides.platform.kubevirt.compute.cores',
        message: '0 is not a whole number from 1 to 216.',
        fix: 'Give 1 to 216 cores (OpenShift Virtualization\'s tested maximum per VM).',
      },
    ]));

  test('more cores than OpenShift Virtualization supports per VM', () =>
    expect(errors(pool({ platform: { kubevirt: { cores: 217 } } }))[0]).toMatchObject({
      path: 'nodePools[0].platform.kubevirt.cores',
      message: '217 is more than 216, the OpenShift Virtualization tested maximum per VM.',
      fix: 'Give 216 or less.',
    }));

  test('memory within 512Mi and 6Ti', () => {
    expect(errors(pool({ platform: { kubevirt: { memory: '7Ti' } } }))[0]).toMatchObject({
      path: 'nodePools[0].platform.kubevirt.memory',
      renderedPath: 'spec.platform.kubevirt.compute.memory',
      message: '7Ti is outside 512Mi to 6Ti, the memory OpenShift Virtualization supports per VM.',
      fix: 'Give between 512Mi and 6Ti (the CLI default is 4Gi).',
    });
    expect(errors(pool({ platform: { kubevirt: { memory: '256Mi' } } }))[0]).toMatchObject({ path: 'nodePools[0].platform.kubevirt.memory' });
    expect(errors(pool({ platform: { kubevirt: { memory: 'lots' } } }))[0]).toMatchObject({ message: '"lots" is not a quantity.', fix: 'Write it as 8Gi.' });
    expect(errors(pool({ platform: { kubevirt: { memory: '6Ti', cores: 216 } } }))).toEqual([]);
  });

  test('quantities', () => {
    expect(quantityBytes('4Gi')).toBe(4 * 2 ** 30);
    expect(quantityBytes('1G')).toBe(1e9);
    expect(quantityBytes(1024)).toBe(1024);
    expect(quantityBytes('4 GiB')).toBeUndefined();
  });
});
