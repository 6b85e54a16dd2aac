/**
 * What happens to an InfraEnv's hosts that no object of the output can say, as a shell script the
 * synth writes beside the YAML (`reports/hosts-<namespace>-<InfraEnv>.sh`):
 * - `boot`: IBM Z hosts boot the InfraEnv's PXE images (ibm-z.ts);
 * - `agents`: the Agent of a host without a BMC appears under a generated name once the host
 *   registers, so its host name, installation disk and approval are patched then (the
 *   documentation's `oc patch agent ... installation_disk_id, approved, hostname`), found by the
 *   host's MAC address; BMAC does this for BareMetalHosts;
 * - `destroy`: the documentation's order for destroying an IBM Z cluster, which also cleans up
 *   the Agents of any agent cluster: scale the NodePools to 0, wait until the Agents are released,
 *   delete them, then remove the cluster. Agents belong to no object of the output, so nothing
 *   else deletes them.
 */
import type { NodePool } from '../../api';
import { IBM_Z_INS_OFFSETS, IBM_Z_KVM, ibmZKernelArguments, parameterFile } from './ibm-z';
import { INFRA_ENV_LABEL } from './infra-env';
import type { HostProps, IbmZBootProps } from './infrastructure-props';

/** One step of taking an agent cluster down that nothing in the output does, in the documentation's order. */
export interface TeardownStep {
  /** What the step does. */
  readonly step: string;
  /** The command that does it; none where it is yours to do (removing the cluster from the output). */
  readonly command?: string;
}

/** The file the synth writes the script to: `hosts-<namespace>-<InfraEnv>.sh`. */
export const hostsReportName = (namespace: string, infraEnv: string): string => `hosts-${namespace}-${infraEnv}.sh`;

/** A word quoted for the shell. */
const sh = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

/** The Agents of this InfraEnv, as assisted-service labels them. */
const agentSelector = (infraEnv: string) => `${INFRA_ENV_LABEL}=${infraEnv}`;

/**
 * Scale each NodePool that takes these Agents to 0 (an autoscaled one loses its autoscaling
 * first), wait until the Agents are released, delete them; then the cluster may go.
 */
export function agentTeardown(namespace: string, infraEnv: string, nodePools: readonly NodePool[] | undefined): TeardownStep[] {
  const selector = sh(agentSelector(infraEnv));
  const scale = (np: NodePool): TeardownStep => ({
    step: `Scale NodePool ${np.metadata.namespace}/${np.metadata.name} to 0: its machines go and their Agents are released (with GitOps, set its replicas to 0 in the props and sync instead; self-heal undoes a scale by hand).`,
    command: np.spec.autoScaling
      ? `oc -n ${sh(np.metadata.namespace ?? '')} patch nodepool ${sh(np.metadata.name)} --type json -p '[{"op":"remove","path":"/spec/autoScaling"},{"op":"add","path":"/spec/replicas","value":0}]'`
      : `oc -n ${sh(np.metadata.namespace ?? '')} scale nodepool ${sh(np.metadata.name)} --replicas 0`,
  });
  return [
    ...(nodePools === undefined
      ? [{ step: 'Scale each NodePool that takes these Agents to 0 (no cluster was given, so they are not known here).' }]
      : nodePools.map(scale)),
    {
      step: 'Wait until no Agent is bound to a cluster (a node that does not leave: oc --kubeconfig <hosted cluster> delete node <node>).',
      command: `until [ -z "$(oc -n ${sh(namespace)} get agents -l ${selector} -o jsonpath='{.items[?(@.spec.clusterDeploymentName)].metadata.name}')" ]; do sleep 10; done`,
    },
    { step: 'Delete the Agents; the machines behind them can go afterwards.', command: `oc -n ${sh(namespace)} delete agents -l ${selector}` },
    { step: 'Remove the cluster and this InfraEnv from the output (or pulumi destroy): the plan deletes the NodePools before the HostedCluster.' },
  ];
}

/** The Agent spec of a host without a BMC: approved, its host name, and `rootDeviceHints.deviceName` as its installation disk. */
export function agentSpecOf(host: HostProps): Readonly<Record<string, unknown>> {
  const disk = host.rootDeviceHints?.deviceName;
  return { approved: true, hostname: host.hostname ?? host.name, ...(disk !== undefined ? { installation_disk_id: disk } : {}) };
}

/** One IBM Z host's boot, as lines of the script's `boot` (run where that host is booted). */
function bootLines(host: HostProps & { readonly ibmZ: IbmZBootProps }): string[] {
  const boot = host.ibmZ;
  const args = ibmZKernelArguments(host);
  if (boot.method === 'kvm') {
    return [
      `    # RHEL KVM guest: run on its KVM host, in the folder of kernel.img and initrd.img; serve rootfs.img at ${boot.rootfsUrl}.`,
      `    virt-install --name ${sh(host.name)} --autostart --ram=${IBM_Z_KVM.memoryMiB} --cpu host --vcpus=${IBM_Z_KVM.vcpus} \\`,
      `      --location "$PWD,kernel=kernel.img,initrd=initrd.img" --disk ${sh(boot.kvmDisk ?? '')} \\`,
      `      --network ${sh(`network:${boot.kvmNetwork ?? IBM_Z_KVM.network},mac=${host.bootMACAddress.toLowerCase()}`)} \\`,
      '      --graphics none --noautoconsole --wait=-1 \\',
      `      --extra-args ${sh(args.join(' '))}`,
    ];
  }
  const prm = `${host.name}.prm`;
  const parmfile = [`    cat > ${sh(prm)} <<'PARMFILE'`, parameterFile(args), 'PARMFILE'];
  if (boot.method === 'lpar') {
    return [
      `    # LPAR: copy kernel.img, initrd.img, initrd.img.addrsize, ${prm} and ${host.name}.ins to the HMC's FTP server and load ${host.name}.ins; serve rootfs.img at ${boot.rootfsUrl}.`,
      ...parmfile,
      `    lpar_ins ${sh(host.name)}`,
    ];
  }
  const guest = sh(boot.zvmGuest ?? '');
  return [
    `    # z/VM guest ${boot.zvmGuest}: run on a Linux guest of the same z/VM, then IPL it from its console (cp ipl c); serve rootfs.img at ${boot.rootfsUrl}.`,
    ...parmfile,
    ...['kernel.img', prm, 'initrd.img'].map((file) => `    vmur pun -r -u ${guest} -N ${sh(file)} ${sh(file)}`),
  ];
}

/** The `.ins` file of an LPAR: the documentation's procedure, with the address step it leaves out. */
const LPAR_INS = [
  'lpar_ins() {  # the .ins file of host $1, and initrd.img.addrsize',
  '  offset=$(( ($(stat -c%s kernel.img) + 1048575) / 1048576 * 1048576 ))  # the initrd goes after the kernel, rounded up to 1 MiB',
  '  printf \'%016x%016x\' "$offset" "$(stat -c%s initrd.img)" | xxd -r -p > initrd.img.addrsize',
  `  printf '%s\\n' 'kernel.img ${IBM_Z_INS_OFFSETS.kernel}' "initrd.img $(printf '0x%08x' "$offset")" 'initrd.img.addrsize ${IBM_Z_INS_OFFSETS.initrdAddrSize}' "$1.prm ${IBM_Z_INS_OFFSETS.cmdline}" > "$1.ins"`,
  '}',
];

/** The script's `boot`: the PXE images downloaded, then each IBM Z host named (all by default) booted. */
function bootFunction(ibmZ: ReadonlyArray<HostProps & { readonly ibmZ: IbmZBootProps }>): string[] {
  if (ibmZ.length === 0) return ['boot() {', '  echo "No host of this InfraEnv has IBM Z boot settings (hosts[].ibmZ)."', '}'];
  return [
    ...(ibmZ.some((host) => host.ibmZ.method === 'lpar') ? [...LPAR_INS, ''] : []),
    'boot() {',
    '  oc -n "$NS" wait infraenv/"$INFRAENV" --for=condition=ImageCreated --timeout=30m',
    '  for artifact in kernel initrd rootfs; do',
    '    curl -fsSL -o "$artifact.img" "$(oc -n "$NS" get infraenv "$INFRAENV" -o jsonpath="{.status.bootArtifacts.$artifact}")"',
    '  done',
    `  for host in \${@:-${ibmZ.map((host) => host.name).join(' ')}}; do`,
    '  case "$host" in',
    ...ibmZ.flatMap((host) => [`  ${sh(host.name)})`, ...bootLines(host), '    ;;']),
    '  *) echo "no IBM Z host $host in this InfraEnv" >&2; exit 1 ;;',
    '  esac',
    '  done',
    '}',
  ];
}

/** The script's `agents`: each host without a BMC's Agent, found by its MAC address once registered, patched. */
function agentsFunction(infraEnv: string, handBooted: readonly HostProps[]): string[] {
  if (handBooted.length === 0) return ['agents() {', '  echo "Every host of this InfraEnv has a BareMetalHost: BMAC sets its Agent."', '}'];
  return [
    'agent_of() {  # the Agent of this InfraEnv whose inventory lists MAC address $1',
    `  oc -n "$NS" get agents -l ${sh(agentSelector(infraEnv))} -o json | jq -r --arg mac "$1" '.items[] | select(any(.status.inventory.interfaces[]?; (.macAddress | ascii_downcase) == $mac)) | .metadata.name'`,
    '}',
    'set_agent() {  # $1 MAC address, $2 spec: waits until the host has registered',
    '  until agent=$(agent_of "$1") && [ -n "$agent" ]; do sleep 10; done',
    '  oc -n "$NS" patch agent "$agent" --type merge -p "$2"',
    '}',
    'agents() {',
    ...handBooted.map((host) => `  set_agent ${sh(host.bootMACAddress.toLowerCase())} ${sh(JSON.stringify({ spec: agentSpecOf(host) }))}  # ${host.name}`),
    '}',
  ];
}

/** What the script needs: the InfraEnv, its hosts, and the steps that take the cluster down. */
export interface HostsReportInput {
  readonly namespace: string;
  readonly infraEnv: string;
  readonly hosts: readonly HostProps[];
  readonly teardown: readonly TeardownStep[];
}

/** The script, deterministic: the same hosts give the same text. */
export function hostsReport(input: HostsReportInput): string {
  const { namespace, infraEnv } = input;
  const file = hostsReportName(namespace, infraEnv);
  const ibmZ = input.hosts.filter((host): host is HostProps & { readonly ibmZ: IbmZBootProps } => host.ibmZ !== undefined);
  const lines = [
    '#!/bin/sh',
    `# The hosts of InfraEnv ${namespace}/${infraEnv}, where the output cannot take them (written by hcp-constructs).`,
    `#   sh ${file} boot [host...]   boot IBM Z hosts from the InfraEnv's PXE images (all of them when none is named)`,
    `#   sh ${file} agents           once hosts without a BMC register: their Agents' host name, installation disk, approval`,
    `#   sh ${file} destroy          before the cluster goes: scale its NodePools to 0, then delete these Agents`,
    '# Needs oc, logged in to the management cluster; agents needs jq; boot needs curl (and xxd for an LPAR).',
    'set -eu',
    `NS=${sh(namespace)}`,
    `INFRAENV=${sh(infraEnv)}`,
    '',
    ...bootFunction(ibmZ),
    '',
    ...agentsFunction(infraEnv, input.hosts.filter((host) => !host.bmc)),
    '',
    'destroy() {',
    ...input.teardown.flatMap((step) => (step.command ? [`  # ${step.step}`, `  ${step.command}`] : [`  echo ${sh(`Then yourself: ${step.step}`)}`])),
    '}',
    '',
    'case "${1:-}" in',
    '  boot) shift; boot "$@" ;;',
    '  agents) agents ;;',
    '  destroy) destroy ;;',
    `  *) echo "usage: sh ${file} boot [host...] | agents | destroy" >&2; exit 2 ;;`,
    'esac',
    '',
  ];
  return lines.join('\n');
}
