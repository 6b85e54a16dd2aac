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

describe('storage and network the documentation sets conditions on', () => {
  const warnings = (props: HostedClusterProps) => checkHostedCluster(props, options).issues.filter((i) => i.severity === 'warning');
  const withMtu = (networkMTU: number, poolProps: object) => ({ ...pool(poolProps), platform: { type: 'KubeVirt', kubevirt: { networkMTU } } }) as HostedClusterProps;
  const multiqueue = (props: HostedClusterProps) => checkHostedCluster(props, options).plan!.nodePools.map((np) => np.spec.platform.kubevirt?.networkInterfaceMultiqueue);

  test('a ReadWriteOnce root volume: the VMs cannot live-migrate, so infrastructure updates stop them', () => {
    expect(warnings(pool({ platform: { kubevirt: { rootVolumeAccessModes: ['ReadWriteOnce'] } } }))).toEqual([
      {
        severity: 'warning',
        object: 'NodePool kubevirt-clusters/p',
        path: 'nodePools[0].platform.kubevirt.rootVolumeAccessModes',
        renderedPath: 'spec.platform.kubevirt.rootVolume.persistent.accessModes',
        message: 'the root volumes are ReadWriteOnce, not ReadWriteMany: the VMs cannot live-migrate, so draining an infrastructure node (its updates) cannot move them and stops them instead.',
        fix: 'Use ReadWriteMany on a StorageClass that offers it (Block volume mode performs best).',
      },
    ]);
    expect(warnings(pool({ platform: { kubevirt: { rootVolumeAccessModes: ['ReadWriteMany'], rootVolumeMode: 'Block' } } }))).toEqual([]);
    // Without access modes the StorageClass decides, which the props do not show.
    expect(warnings(pool({}))).toEqual([]);
  });

  test('multiqueue follows the network MTU: off by default below 9000, a warning where it is turned on', () => {
    expect(multiqueue(withMtu(1500, {}))).toEqual(['Disable']);
    expect(multiqueue(withMtu(9000, {}))).toEqual(['Enable']);
    expect(multiqueue(pool({}))).toEqual(['Enable']);
    expect(warnings(withMtu(1500, { platform: { kubevirt: { networkInterfaceMultiqueue: 'Enable' } } }))).toEqual([
      {
        severity: 'warning',
        object: 'NodePool kubevirt-clusters/p',
        path: 'nodePools[0].platform.kubevirt.networkInterfaceMultiqueue',
        message: "multiqueue is on, but the VMs' network has an MTU of 1500 (platform.kubevirt.networkMTU); the documentation turns it on only from 9000.",
        fix: "Drop networkInterfaceMultiqueue (off by default at this MTU), or raise the network's MTU to 9000 or more.",
      },
    ]);
    expect(warnings(withMtu(9000, { platform: { kubevirt: { networkInterfaceMultiqueue: 'Enable' } } }))).toEqual([]);
  });

  test('an MTU outside 576 to 9216 is refused at its prop', () =>
    expect(errors(withMtu(9300, {}))[0]).toMatchObject({ path: 'platform.kubevirt.networkMTU', message: '9300 is more than 9216, the largest jumbo frame.' }));
});
