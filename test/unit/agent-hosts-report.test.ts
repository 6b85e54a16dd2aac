/**
 * The hosts report of an InfraEnv (reports/hosts-<namespace>-<InfraEnv>.sh): IBM Z boot steps per
 * method with the documentation's kernel arguments, the Agents of hosts without a BMC (host name,
 * installation disk, approval), the teardown in the documentation's order; the script parses as
 * POSIX sh; bad IBM Z settings are findings at their paths.
 */
import { spawnSync } from 'child_process';
import type { AgentInfrastructureProps, HostedClusterProps } from '../../lib';
import { checkAgentInfrastructure, planAgentInfrastructure, planHostedCluster } from '../../lib';
import { EXAMPLE_OPTIONS, agentCluster } from '../../examples/clusters';
import { vcluster2Infrastructure } from '../../examples/agent-infrastructure';

const pullSecret = { existingSecret: 'pull-secret' };
const ibmZCluster: HostedClusterProps = {
  ...agentCluster,
  name: 'zcluster',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi' },
  platform: { type: 'Agent', agent: { agentNamespace: 'clusters-zcluster' } },
  networking: { machineNetwork: ['192.168.122.0/24'] },
  nodePools: [
    { name: 'zcluster', replicas: 2 },
    { name: 'zcluster-scaled', autoScaling: { min: 1, max: 3 } },
  ],
};
const network = (mac: string, address: string) => ({
  interfaces: [{ name: 'encbdf0', macAddress: mac, addresses: [address] }],
  dns: ['192.168.122.1'],
  routes: [{ destination: '0.0.0.0/0', nextHopAddress: '192.168.122.1', nextHopInterface: 'encbdf0' }],
});
const ibmZHosts: AgentInfrastructureProps = {
  infraEnv: { name: 'zcluster', namespace: 'clusters-zcluster', cpuArchitecture: 's390x', pullSecret, autoApprove: true },
  hosts: [
    { name: 'kvm-0', bootMACAddress: '52:54:00:0A:00:01', ibmZ: { method: 'kvm', rootfsUrl: 'http://10.0.0.5/rootfs.img', kvmDisk: '/var/lib/libvirt/images/kvm-0.qcow2,size=120' } },
    {
      name: 'lpar-0',
      hostname: 'lpar-0.zcluster.example.com',
      bootMACAddress: '52:54:00:0a:00:02',
      network: network('52:54:00:0a:00:02', '192.168.122.32/24'),
      rootDeviceHints: { deviceName: '/dev/dasda' },
      ibmZ: { method: 'lpar', rootfsUrl: 'http://10.0.0.5/rhcos-4.16-live-rootfs.s390x.img', networkDevices: '0.0.bdf0,0.0.bdf1,0.0.bdf2', disk: { dasd: '0.0.4411' } },
    },
    {
      name: 'zvm-0',
      bootMACAddress: '52:54:00:0a:00:03',
      rootDeviceHints: { deviceName: '/dev/sda' },
      ibmZ: { method: 'zvm', rootfsUrl: 'http://10.0.0.5/rootfs.img', networkDevices: '0.0.bdf0,0.0.bdf1,0.0.bdf2', disk: { fcp: { adapter: '0.0.8001', wwpn: '0x500507630400d1e3', lun: '0x4001404200000000' } }, zvmGuest: 'ZVM0' },
    },
  ],
};
const cluster = planHostedCluster(ibmZCluster, EXAMPLE_OPTIONS);
const plan = planAgentInfrastructure(ibmZHosts, { cluster });
const script = plan.hostsScript;
const lines = script.split('\n');

describe('IBM Z hosts', () => {
  test('KVM: virt-install with the PXE kernel and initrd, the MAC on the libvirt network, the documentation\'s kernel arguments', () => {
    const at = lines.indexOf("  'kvm-0')");
    expect(lines.slice(at + 2, at + 7)).toEqual([
      "    virt-install --name 'kvm-0' --autostart --ram=16384 --cpu host --vcpus=4 \\",
      "      --location \"$PWD,kernel=kernel.img,initrd=initrd.img\" --disk '/var/lib/libvirt/images/kvm-0.qcow2,size=120' \\",
      "      --network 'network:macvtap-net,mac=52:54:00:0a:00:01' \\",
      '      --graphics none --noautoconsole --wait=-1 \\',
      "      --extra-args 'rd.neednet=1 coreos.live.rootfs_url=http://10.0.0.5/rootfs.img random.trust_cpu=on rd.luks.options=discard ignition.firstboot ignition.platform.id=metal console=tty1 console=ttyS1,115200n8 coreos.inst.persistent-kargs=\"console=tty1 console=ttyS1,115200n8\"'",
    ]);
  });

  test('LPAR: a parameter file of lines within 80 characters with the static address, the DASD and qeth devices, and its .ins file', () => {
    const start = lines.indexOf("    cat > 'lpar-0.prm' <<'PARMFILE'");
    const parmfile = lines.slice(start + 1, lines.indexOf('PARMFILE', start));
    expect(parmfile.join(' ')).toBe(
      'rd.neednet=1 cio_ignore=all,!condev console=ttysclp0 ignition.firstboot ignition.platform.id=metal ' +
        'coreos.live.rootfs_url=http://10.0.0.5/rhcos-4.16-live-rootfs.s390x.img coreos.inst.persistent-kargs=console=ttysclp0 ' +
        'ip=192.168.122.32::192.168.122.1:255.255.255.0:lpar-0.zcluster.example.com::none nameserver=192.168.122.1 ' +
        'rd.znet=qeth,0.0.bdf0,0.0.bdf1,0.0.bdf2,layer2=1 rd.dasd=0.0.4411 zfcp.allow_lun_scan=0 ai.ip_cfg_override=1 random.trust_cpu=on rd.luks.options=discard',
    );
    for (const line of parmfile) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines).toContain("    lpar_ins 'lpar-0'");
    // The .ins offsets are the documentation's; the initrd goes after the kernel, rounded up to 1 MiB.
    expect(script).toContain('offset=$(( ($(stat -c%s kernel.img) + 1048575) / 1048576 * 1048576 ))');
    expect(script).toContain("'kernel.img 0x00000000' \"initrd.img $(printf '0x%08x' \"$offset\")\" 'initrd.img.addrsize 0x00010408' \"$1.prm 0x00010480\" > \"$1.ins\"");
  });

  test('z/VM: DHCP without a static network, the FCP disk, and the files punched to the guest\'s reader', () => {
    const start = lines.indexOf("    cat > 'zvm-0.prm' <<'PARMFILE'");
    const parmfile = lines.slice(start + 1, lines.indexOf('PARMFILE', start)).join(' ');
    expect(parmfile).toContain(' ip=dhcp rd.znet=qeth,0.0.bdf0,0.0.bdf1,0.0.bdf2,layer2=1 rd.zfcp=0.0.8001,0x500507630400d1e3,0x4001404200000000 zfcp.allow_lun_scan=0 ai.ip_cfg_override=1');
    expect(parmfile).not.toContain('random.trust_cpu');
    expect(lines.slice(lines.indexOf('PARMFILE', start) + 1, lines.indexOf('PARMFILE', start) + 4)).toEqual([
      "    vmur pun -r -u 'ZVM0' -N 'kernel.img' 'kernel.img'",
      "    vmur pun -r -u 'ZVM0' -N 'zvm-0.prm' 'zvm-0.prm'",
      "    vmur pun -r -u 'ZVM0' -N 'initrd.img' 'initrd.img'",
    ]);
  });

  test('Agents of hosts without a BMC: found by MAC, then host name, installation disk and approval', () => {
    expect(lines.filter((line) => line.startsWith('  set_agent '))).toEqual([
      `  set_agent '52:54:00:0a:00:01' '{"spec":{"approved":true,"hostname":"kvm-0"}}'  # kvm-0`,
      `  set_agent '52:54:00:0a:00:02' '{"spec":{"approved":true,"hostname":"lpar-0.zcluster.example.com","installation_disk_id":"/dev/dasda"}}'  # lpar-0`,
      `  set_agent '52:54:00:0a:00:03' '{"spec":{"approved":true,"hostname":"zvm-0","installation_disk_id":"/dev/sda"}}'  # zvm-0`,
    ]);
  });

  test("teardown in the documentation's order: each NodePool to 0 (autoscaling dropped), the Agents released, deleted, then the cluster", () => {
    expect(plan.teardown.map((step) => step.command ?? `(${step.step})`)).toEqual([
      "oc -n 'clusters' scale nodepool 'zcluster' --replicas 0",
      `oc -n 'clusters' patch nodepool 'zcluster-scaled' --type json -p '[{"op":"remove","path":"/spec/autoScaling"},{"op":"add","path":"/spec/replicas","value":0}]'`,
      `until [ -z "$(oc -n 'clusters-zcluster' get agents -l 'infraenvs.agent-install.openshift.io=zcluster' -o jsonpath='{.items[?(@.spec.clusterDeploymentName)].metadata.name}')" ]; do sleep 10; done`,
      "oc -n 'clusters-zcluster' delete agents -l 'infraenvs.agent-install.openshift.io=zcluster'",
      '(Remove the cluster and this InfraEnv from the output (or pulumi destroy): the plan deletes the NodePools before the HostedCluster.)',
    ]);
    // Without the cluster its NodePools are not known: the step says so.
    expect(planAgentInfrastructure(ibmZHosts).teardown[0]).toEqual({ step: 'Scale each NodePool that takes these Agents to 0 (no cluster was given, so they are not known here).' });
  });

  test('the script parses as POSIX sh (sh -n), with and without IBM Z hosts', () => {
    const walkthrough = planAgentInfrastructure(vcluster2Infrastructure, { cluster: planHostedCluster(agentCluster, EXAMPLE_OPTIONS) }).hostsScript;
    for (const text of [script, walkthrough]) {
      const parsed = spawnSync('sh', ['-n'], { input: text, encoding: 'utf8' });
      expect(parsed.stderr).toBe('');
      expect(parsed.status).toBe(0);
    }
    expect(walkthrough).toContain('echo "Every host of this InfraEnv has a BareMetalHost: BMAC sets its Agent."');
  });
});

describe('bad IBM Z settings and disk hints are findings at their paths', () => {
  const found = (hosts: unknown[], arch = 's390x') =>
    checkAgentInfrastructure({ ...ibmZHosts, infraEnv: { ...ibmZHosts.infraEnv, cpuArchitecture: arch }, hosts }).issues.map((i) => `${i.severity} ${i.path}: ${i.message}`);
  const host = (ibmZ: object, extra: object = {}) => ({ name: 'h', bootMACAddress: '52:54:00:0a:00:09', ibmZ, ...extra });

  test('what each method needs, what it does not take, the formats, the architecture and the BMC', () => {
    expect(found([host({ method: 'lpar', rootfsUrl: 'ftp://x/rootfs.img', kvmDisk: 'a.qcow2' })])).toEqual([
      'error hosts[0].ibmZ.rootfsUrl: "ftp://x/rootfs.img" is not an http or https URL without spaces, quotes or shell characters; the live image fetches its rootfs over HTTP(S) only.',
      'error hosts[0].ibmZ.kvmDisk: kvmDisk is not used by the lpar boot.',
      'error hosts[0].ibmZ.networkDevices: the lpar boot needs networkDevices.',
      'error hosts[0].ibmZ.disk: the lpar boot needs disk.',
    ]);
    expect(found([host({ method: 'zvm', rootfsUrl: 'http://x/r.img', networkDevices: '0.0.bdf0,bdf1', disk: { fcp: { adapter: '8001', wwpn: '0x1', lun: '0x4001404200000000' } }, zvmGuest: 'ZVM%0' })])).toEqual([
      'error hosts[0].ibmZ.networkDevices: "0.0.bdf0,bdf1" is not a list of channel devices.',
      'error hosts[0].ibmZ.disk.fcp.adapter: "8001" is not an FCP adapter device number.',
      'error hosts[0].ibmZ.disk.fcp.wwpn: "0x1" is not a 64-bit hexadecimal WWPN.',
      'error hosts[0].ibmZ.zvmGuest: "ZVM%0" is not a z/VM user ID.',
    ]);
    expect(found([host({ method: 'kvm', rootfsUrl: 'http://x/r.img', kvmDisk: 'a.qcow2' })], 'x86_64')).toEqual(['error hosts[0].ibmZ: IBM Z boot steps for a host of an InfraEnv of x86_64 hosts.']);
    expect(found([host({ method: 'kvm', rootfsUrl: 'http://x/r.img', kvmDisk: 'a.qcow2; rm -rf /' })])).toEqual([
      'error hosts[0].ibmZ.kvmDisk: "a.qcow2; rm -rf /" has characters virt-install\'s argument cannot take here.',
    ]);
  });

  test('root device hints other than deviceName on a host without a BMC: a warning, since only a BareMetalHost applies them', () =>
    expect(found([{ name: 'h', bootMACAddress: '52:54:00:0a:00:09', rootDeviceHints: { deviceName: '/dev/sda', serialNumber: 'S1', rotational: false } }], 'x86_64')).toContain(
      'warning hosts[0].rootDeviceHints: serialNumber, rotational need a BareMetalHost, whose hints BMAC applies; host "h" has no BMC, so its Agent\'s installation disk comes from deviceName only.',
    ));
});
