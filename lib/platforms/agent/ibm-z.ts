/**
 * IBM Z hosts booted from the InfraEnv's PXE images (kernel, initrd, rootfs), as the HCP
 * documentation's "Adding IBM Z agents to the InfraEnv resource" does it: a `virt-install` command
 * for a RHEL KVM guest, a parameter file for an LPAR (with the `.ins` file that loads it) or a z/VM
 * guest (punched to its reader). The hosts report (hosts-report.ts) writes these; nothing here
 * boots anything. The documentation's kernel arguments are kept as it gives them per method.
 */
import { v } from '../../core/valibot';
import type { IssueCollector } from '../../core';
import { oneKeyOf, oneOf, parseCidr, quote, strict, text } from '../../core';
import type { HostProps, IbmZBootProps, IbmZDisk, InfraEnvArch } from './infrastructure-props';
import { IBM_Z_BOOT_METHODS } from './infrastructure-props';

/** The documentation's virt-install example: its network, memory (MiB) and virtual CPUs. */
export const IBM_Z_KVM = { network: 'macvtap-net', memoryMiB: 16384, vcpus: 4 } as const;

/**
 * Where an LPAR's `.ins` file loads the kernel, the parameter file, and the initrd's address and
 * size; the initrd itself goes right after the kernel, rounded up to 1 MiB (documentation,
 * "Adding IBM Z LPAR as agents": OpenShift 4.16 does not generate these files).
 */
export const IBM_Z_INS_OFFSETS = { kernel: '0x00000000', cmdline: '0x00010480', initrdAddrSize: '0x00010408' } as const;

/** A channel device number: `0.0.bdf0`. */
const DEVICE = /^[0-9a-f]\.[0-9a-f]\.[0-9a-f]{4}$/i;
/** A 64-bit FCP WWPN or LUN: `0x500507630400d1e3`. */
const FCP_ID = /^0x[0-9a-f]{16}$/i;
/** A z/VM user ID: 1 to 8 letters, digits, @, # or $. */
const ZVM_USER = /^[A-Za-z0-9@#$]{1,8}$/;
/** A URL to write into a kernel argument and a shell script: no white space, quotes or shell specials. */
const ROOTFS_URL = /^https?:\/\/[^\s"'`$\\;&|<>()]+$/;

/** @internal */
export const ibmZBootSchema = strict({
  method: oneOf(IBM_Z_BOOT_METHODS),
  rootfsUrl: text({ max: 2048 }),
  networkDevices: v.optional(text({ max: 64 })),
  disk: v.optional(
    oneKeyOf(
      {
        dasd: text({ max: 16 }),
        fcp: strict({ adapter: text({ max: 16 }), wwpn: text({ max: 18 }), lun: text({ max: 18 }) }),
      },
      'an IBM Z disk',
    ),
  ),
  zvmGuest: v.optional(text({ max: 8 })),
  kvmDisk: v.optional(text({ max: 1024 })),
  kvmNetwork: v.optional(text({ max: 253 })),
});

/** Which settings each method takes (the others would be ignored, so they are refused). */
const FIELDS: Readonly<Record<IbmZBootProps['method'], readonly (keyof IbmZBootProps)[]>> = {
  kvm: ['kvmDisk', 'kvmNetwork'],
  lpar: ['networkDevices', 'disk'],
  zvm: ['networkDevices', 'disk', 'zvmGuest'],
};
const REQUIRED: Readonly<Record<IbmZBootProps['method'], readonly (keyof IbmZBootProps)[]>> = {
  kvm: ['kvmDisk'],
  lpar: ['networkDevices', 'disk'],
  zvm: ['networkDevices', 'disk', 'zvmGuest'],
};

/** An IBM Z host's boot settings: on an s390x InfraEnv, without a BMC, with what its method needs, in the formats IBM Z takes. */
export function checkIbmZHost(host: HostProps, index: number, arch: InfraEnvArch, issues: IssueCollector): void {
  const boot = host.ibmZ;
  if (!boot) return;
  const path = `hosts[${index}].ibmZ`;
  if (arch !== 's390x') issues.error(path, `IBM Z boot steps for a host of an InfraEnv of ${arch} hosts.`, 'Set infraEnv.cpuArchitecture: s390x, or drop ibmZ.');
  if (host.bmc) issues.error(path, 'a host with a BMC is booted by its BareMetalHost, not by these steps.', 'Drop bmc or ibmZ.');
  if (!ROOTFS_URL.test(boot.rootfsUrl)) {
    issues.error(`${path}.rootfsUrl`, `${quote(boot.rootfsUrl)} is not an http or https URL without spaces, quotes or shell characters; the live image fetches its rootfs over HTTP(S) only.`, 'Serve the InfraEnv\'s rootfs image over HTTP(S) and give its URL.');
  }
  for (const field of Object.keys(boot) as (keyof IbmZBootProps)[]) {
    if (field !== 'method' && field !== 'rootfsUrl' && !FIELDS[boot.method].includes(field)) {
      issues.error(`${path}.${field}`, `${field} is not used by the ${boot.method} boot.`, `Drop ${field}, or use the method it belongs to.`);
    }
  }
  for (const field of REQUIRED[boot.method]) {
    if (boot[field] === undefined) issues.error(`${path}.${field}`, `the ${boot.method} boot needs ${field}.`, `Give ${field} (see IbmZBootProps).`);
  }
  if (boot.networkDevices !== undefined && !boot.networkDevices.split(',').every((device) => DEVICE.test(device))) {
    issues.error(`${path}.networkDevices`, `${quote(boot.networkDevices)} is not a list of channel devices.`, 'Give the OSA or HiperSockets devices as 0.0.bdf0,0.0.bdf1,0.0.bdf2.');
  }
  const disk = boot.disk;
  if (disk && 'dasd' in disk && !DEVICE.test(disk.dasd)) issues.error(`${path}.disk.dasd`, `${quote(disk.dasd)} is not a DASD device number.`, 'Give it as 0.0.4411.');
  if (disk && 'fcp' in disk) {
    if (!DEVICE.test(disk.fcp.adapter)) issues.error(`${path}.disk.fcp.adapter`, `${quote(disk.fcp.adapter)} is not an FCP adapter device number.`, 'Give it as 0.0.8001.');
    for (const field of ['wwpn', 'lun'] as const) {
      if (!FCP_ID.test(disk.fcp[field])) issues.error(`${path}.disk.fcp.${field}`, `${quote(disk.fcp[field])} is not a 64-bit hexadecimal ${field.toUpperCase()}.`, 'Give it as 0x followed by 16 hex digits.');
    }
  }
  // The host name goes into the ip= argument, whose fields are separated by colons.
  if (boot.method !== 'kvm' && !/^[A-Za-z0-9.-]+$/.test(host.hostname ?? host.name)) {
    issues.error(`hosts[${index}].hostname`, `${quote(host.hostname ?? host.name)} cannot stand in the ip= kernel argument.`, 'Use a DNS name: letters, digits, "." and "-".');
  }
  if (boot.zvmGuest !== undefined && !ZVM_USER.test(boot.zvmGuest)) issues.error(`${path}.zvmGuest`, `${quote(boot.zvmGuest)} is not a z/VM user ID.`, 'Give 1 to 8 letters, digits, @, # or $.');
  for (const field of ['kvmDisk', 'kvmNetwork'] as const) {
    const value = boot[field];
    if (value !== undefined && !/^[\w./:=,@+-]+$/.test(value)) issues.error(`${path}.${field}`, `${quote(value)} has characters virt-install's argument cannot take here.`, 'Use letters, digits and . / : = , @ + - _ only.');
  }
}

/** The installation disk's kernel argument: `rd.dasd=<device>` or `rd.zfcp=<adapter>,<wwpn>,<lun>`. */
function diskArgument(disk: IbmZDisk): string {
  return 'dasd' in disk ? `rd.dasd=${disk.dasd}` : `rd.zfcp=${disk.fcp.adapter},${disk.fcp.wwpn},${disk.fcp.lun}`;
}

/** A prefix length as an IPv4 netmask: 24 → 255.255.255.0. */
function netmask(prefix: number): string {
  const bits = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return [24, 16, 8, 0].map((shift) => (bits >>> shift) & 0xff).join('.');
}

/**
 * `ip=<address>::<gateway>:<netmask>:<host name>::none` from the host's first static address and
 * default route of that family (IPv6 in brackets with its prefix length); `ip=dhcp` without one.
 */
function ipArgument(host: HostProps): string {
  const net = host.network;
  const first = [...(net?.interfaces ?? []), ...(net?.bonds ?? []), ...(net?.vlans ?? [])].flatMap((nic) => nic.addresses ?? [])[0];
  const cidr = first === undefined ? undefined : parseCidr(first);
  if (cidr === undefined || typeof cidr === 'string') return 'ip=dhcp';
  const address = first!.slice(0, first!.indexOf('/'));
  const defaultRoute = cidr.family === 4 ? '0.0.0.0/0' : '::/0';
  const gateway = net?.routes?.find((route) => route.destination === defaultRoute)?.nextHopAddress ?? '';
  const name = host.hostname ?? host.name;
  return cidr.family === 4 ? `ip=${address}::${gateway}:${netmask(cidr.prefix)}:${name}::none` : `ip=[${address}]::${gateway ? `[${gateway}]` : ''}:${cidr.prefix}:${name}::none`;
}

/** The kernel arguments of an IBM Z host, in the documentation's order for its method. */
export function ibmZKernelArguments(host: HostProps & { readonly ibmZ: IbmZBootProps }): string[] {
  const boot = host.ibmZ;
  const nameservers = (host.network?.dns ?? []).map((server) => `nameserver=${server}`);
  const rootfs = `coreos.live.rootfs_url=${boot.rootfsUrl}`;
  const secure = ['random.trust_cpu=on', 'rd.luks.options=discard'];
  if (boot.method === 'kvm') {
    // The documentation's value has a space, so it is quoted, as the kernel command line takes it.
    return ['rd.neednet=1', ...nameservers, rootfs, ...secure, 'ignition.firstboot', 'ignition.platform.id=metal', 'console=tty1', 'console=ttyS1,115200n8', 'coreos.inst.persistent-kargs="console=tty1 console=ttyS1,115200n8"'];
  }
  return [
    'rd.neednet=1',
    'cio_ignore=all,!condev',
    'console=ttysclp0',
    'ignition.firstboot',
    'ignition.platform.id=metal',
    rootfs,
    'coreos.inst.persistent-kargs=console=ttysclp0',
    ipArgument(host),
    ...nameservers,
    `rd.znet=qeth,${boot.networkDevices ?? ''},layer2=1`,
    ...(boot.disk ? [diskArgument(boot.disk)] : []),
    'zfcp.allow_lun_scan=0',
    // For OSA and HiperSockets, which qeth devices are.
    'ai.ip_cfg_override=1',
    ...(boot.method === 'lpar' ? secure : []),
  ];
}

/** Parameter-file lines hold at most 80 characters (the records of a z/VM reader); an argument longer than that stands on its own line. */
export function parameterFile(args: readonly string[]): string {
  const lines: string[] = [];
  for (const arg of args) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + arg.length <= 80) lines[last] += ` ${arg}`;
    else lines.push(arg);
  }
  return lines.join('\n');
}
