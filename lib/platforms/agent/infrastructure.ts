/**
 * The infrastructure under an agent cluster, planned as one contribution to the app's plan: the
 * InfraEnv with its pull secret, an NMStateConfig per host with static networking, a BareMetalHost
 * per host with a BMC (and its credentials Secret), KubeVirt VMs that boot as agents, and the DNS
 * records the user must create. Everything goes to the management cluster.
 *
 * Order: Namespace (wave 0); pull secret, BMC secrets, NMStateConfigs and the InfraEnv (wave 1,
 * "prerequisites": NMStateConfigs must exist when the image is built, or it is built again);
 * BareMetalHosts and VMs once the InfraEnv reports `ImageCreated` (wave 2, "agent-hosts", beside
 * the HostedCluster), so hosts are discovered before NodePools (wave 3) ask for Agents.
 */
import { v } from '../../core/valibot';
import { checkApiSchemas } from '../../core/api-schema-check';
import type { InfraEnv, KubernetesObject, NodePool } from '../../api';
import type { Cidr, HostedClusterPlan, Phase, PlanItem, PlannedPart, Readiness, ValidationIssue } from '../../core';
import {
  IssueCollector,
  MANAGEMENT_CLUSTER,
  PHASES,
  bool,
  checkProps,
  contains,
  dnsLabelProblem,
  dnsSubdomainProblem,
  list,
  objectKey,
  parseCidr,
  parseIp,
  propsPaths,
  quote,
  readinessOf,
  strict,
  text,
  throwIfErrors,
  withSchemaFindings,
} from '../../core';
import { quantityBytes } from '../kubevirt';
import type { InfraEnvArch } from './architecture';
import { NODE_POOL_ARCH, checkArchitectures } from './architecture';
import { DnsRecord, clusterDnsRecords, dnsZoneFile } from './dns-records';
import { checkIbmZHost } from './ibm-z';
import type { TeardownStep } from './hosts-report';
import { agentTeardown, hostsReport } from './hosts-report';
import { AGENT_BMH_LABEL, bmcScheme, buildBareMetalHost, hostPropsSchema, renderBmcCredentials } from './hosts';
import type { HostProps } from './hosts';
import { INFRA_ENV_LABEL, INFRA_ENV_PATHS, buildInfraEnv, infraEnvPropsSchema, renderInfraEnvPullSecret, validateInfraEnv } from './infra-env';
import { AGENT_VM_MINIMUM, DISCOVERY_ISO_URL_AT_DEPLOYMENT, KUBEVIRT_ARCH, agentVmNames, buildAgentVirtualMachine, kubevirtAgentsPropsSchema } from './kubevirt-agents';
import { buildNMStateConfig } from './nmstate';
import type { AgentInfrastructureProps, HostNetworkProps } from './infrastructure-props';

export type { AgentInfrastructureProps, BmcExternalSecretSource, BondMode, IbmZBootProps, IbmZDisk, InterfaceAddressing } from './infrastructure-props';

/** Hosts and VMs, after the InfraEnv's image exists and before NodePools ask for Agents. */
export const AGENT_HOSTS_PHASE: Phase = { name: 'agent-hosts', wave: 2 };

/** Readiness of the kinds planned here (Pulumi `waitFor`, the Argo CD sync-wave gate). */
export const AGENT_READINESS: Readonly<Record<string, Readiness>> = {
  // assisted-service sets ImageCreated=True once the discovery image can be downloaded.
  InfraEnv: { kind: 'condition', type: 'ImageCreated', status: 'True' },
  // The bare-metal operator reports `provisioned` once the host runs the discovery ISO.
  BareMetalHost: { kind: 'jsonpath', path: '.status.provisioning.state', value: 'provisioned' },
  VirtualMachine: { kind: 'condition', type: 'Ready', status: 'True' },
};

/** Label on each NMStateConfig that its InfraEnv's `nmStateConfigLabelSelector` matches. */
export const NMSTATE_INFRA_ENV_LABEL = 'hcp-constructs.io/infraenv';

/** @internal */
export const agentInfrastructurePropsSchema = strict({
  infraEnv: infraEnvPropsSchema,
  machineNetwork: v.optional(list(text({ max: 64 }))),
  hosts: v.optional(list(hostPropsSchema, { max: 2000, limit: 'OpenShift\'s tested maximum of nodes per cluster' })),
  virtualMachines: v.optional(kubevirtAgentsPropsSchema),
  dns: v.optional(
    strict({
      apiAddresses: v.optional(list(text({ max: 64 }))),
      ingressAddresses: v.optional(list(text({ max: 64 }))),
    }),
  ),
  createNamespace: v.optional(bool()),
});

/** How agent hosts are checked: the hosted cluster they join, the management cluster's architecture, and secret and ISO handling. */
export interface AgentInfrastructureOptions {
  /** The hosted cluster these hosts join: checks namespace, architectures and release images, and gives the DNS records. @default none */
  readonly cluster?: HostedClusterPlan;
  /** Architecture of the management cluster, where the control plane runs. @default 'x86_64' */
  readonly managementArchitecture?: InfraEnvArch;
  /** Allow an inline pull-secret value in the output. @default false */
  readonly allowInlineSecrets?: boolean;
  /** The renderer fills the ISO URL in at deployment (Pulumi): plan the VMs without `discoveryIsoUrl`. @default false */
  readonly discoveryIsoUrlAtDeployment?: boolean;
}

/**
 * Agent hosts, checked: the InfraEnv with its pull secret and NMStateConfigs, the BareMetalHosts or KubeVirt
 * VMs that boot its image, and the DNS records their cluster needs.
 */
export interface AgentInfrastructurePlan extends PlannedPart {
  /** The InfraEnv whose discovery image the hosts boot to register as Agents. */
  readonly infraEnv: InfraEnv;
  /** A NodePool `agentLabelSelector` that takes Agents of this InfraEnv only. */
  readonly agentLabelSelector: { readonly matchLabels: Readonly<Record<string, string>> };
  /** The DNS records to create (empty without a cluster). */
  readonly dnsRecords: readonly DnsRecord[];
  /** The records as a zone-file snippet, for `dns-<cluster>.zone` beside the YAML; undefined without records. */
  readonly zoneFile?: string;
  /**
   * Taking the cluster's hosts down, in the documentation's order (scale the NodePools that take
   * these Agents to 0, wait until the Agents are released, delete them, then remove the cluster):
   * Agents belong to no object of the output, so nothing else deletes them.
   */
  readonly teardown: readonly TeardownStep[];
  /**
   * The shell script for `reports/hosts-<namespace>-<InfraEnv>.sh`: `boot` (IBM Z hosts from the PXE
   * images), `agents` (host name, installation disk and approval of hosts without a BMC), `destroy` (the teardown).
   */
  readonly hostsScript: string;
  /** Warnings about the hosts and their cluster; when the planner finds an error it returns no plan. */
  readonly warnings: readonly ValidationIssue[];
}

/** A MAC address: six pairs of hex digits separated by colons. */
export const MAC_ADDRESS = /^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/;

/** `InfraEnv <ns>/<name>` for findings, with stand-ins for unusable values. */
function label(props: unknown): string {
  const infraEnv = (props as { infraEnv?: { name?: unknown; namespace?: unknown } } | undefined)?.infraEnv;
  const ok = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length <= 253;
  return `InfraEnv ${ok(infraEnv?.namespace) ? String(infraEnv?.namespace) : '<invalid namespace>'}/${ok(infraEnv?.name) ? String(infraEnv?.name) : '<invalid name>'}`;
}

/**
 * Checks the props (any value: findings, never an exception), builds every object, checks the
 * final objects and returns the plan with every finding.
 */
export function checkAgentInfrastructure(props: AgentInfrastructureProps | unknown, options: AgentInfrastructureOptions = {}): { plan?: AgentInfrastructurePlan; issues: readonly ValidationIssue[] } {
  const object = label(props);
  // What every other check reads: the InfraEnv (its namespace and name), and the networks addresses are checked against.
  const checked = checkProps(agentInfrastructurePropsSchema, props, object, ['infraEnv', 'machineNetwork']);
  if (!checked.props) return { issues: checked.issues };
  const issues = new IssueCollector(object);
  const plan = buildPlan(checked.props, options, issues);
  if (checked.issues.length > 0) return { issues: withSchemaFindings(checked, issues.issues) };
  const hasErrors = issues.issues.some((i) => i.severity === 'error');
  if (!hasErrors) checkApiSchemas(plan.objects.map((p) => p.object), issues);
  const all = issues.issues;
  return all.some((i) => i.severity === 'error') ? { issues: all } : { plan: { ...plan, warnings: all.filter((i) => i.severity === 'warning') }, issues: all };
}

/** Like {@link checkAgentInfrastructure}, but throws HcpValidationError listing every problem. */
export function planAgentInfrastructure(props: AgentInfrastructureProps, options: AgentInfrastructureOptions = {}): AgentInfrastructurePlan {
  const { plan, issues } = checkAgentInfrastructure(props, options);
  throwIfErrors(issues);
  return plan!;
}

/** Long because it builds the objects in apply order (namespace, secrets, NMState, InfraEnv, hosts, VMs), each a few lines. */
function buildPlan(props: AgentInfrastructureProps, options: AgentInfrastructureOptions, issues: IssueCollector): Omit<AgentInfrastructurePlan, 'warnings'> {
  const { infraEnv: env } = props;
  const namespace = env.namespace;
  const arch = env.cpuArchitecture ?? 'x86_64';
  const nameProblem = dnsSubdomainProblem(env.name);
  if (nameProblem) issues.error('infraEnv.name', `InfraEnv name ${quote(env.name)} ${nameProblem}.`, 'Name the InfraEnv like a Kubernetes object, e.g. after the cluster.');
  const nsProblem = dnsLabelProblem(namespace);
  if (nsProblem) issues.error('infraEnv.namespace', `namespace ${quote(namespace)} ${nsProblem}.`, 'Use the cluster\'s agent namespace.');

  const objects: PlanItem[] = [];
  const add = (object: KubernetesObject, phase: Phase, dependsOn?: readonly string[]) =>
    objects.push({ object, phase, readiness: AGENT_READINESS[object.kind] ?? readinessOf(object), ...(dependsOn?.length ? { dependsOn } : {}) });

  if (props.createNamespace !== false) objects.push({ object: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }, phase: PHASES.namespaces, readiness: { kind: 'exists' }, shared: true });

  // Pull secret, NMStateConfigs, InfraEnv.
  const pull = renderInfraEnvPullSecret(env, options.allowInlineSecrets ?? false, issues);
  for (const secret of pull.objects) add(secret, PHASES.prerequisites);
  const hosts = props.hosts ?? [];
  const nmLabels = { [NMSTATE_INFRA_ENV_LABEL]: env.name };
  const nmStateConfigs = hosts.filter((h) => h.network).map((h) => buildNMStateConfig(h.name, namespace, nmLabels, h.network!));
  for (const config of nmStateConfigs) add(config, PHASES.prerequisites);
  const infraEnv = buildInfraEnv(env, pull.refName, nmStateConfigs.length > 0 ? nmLabels : undefined);
  validateInfraEnv(infraEnv, issues.forObject(`InfraEnv ${namespace}/${env.name}`, propsPaths(INFRA_ENV_PATHS, props)));
  add(infraEnv, PHASES.prerequisites, [...pull.objects, ...nmStateConfigs].map(objectKey));
  const infraEnvKey = objectKey(infraEnv);

  // Hosts: BMC Secrets (prerequisites), BareMetalHosts (after the image exists).
  const machineNetworks = machineNetworksOf(props, options.cluster, issues);
  checkHosts(hosts, arch, machineNetworks, issues);
  hosts.forEach((host, index) => {
    if (!host.bmc) return;
    const credentials = renderBmcCredentials(host.name, namespace, host.bmc.credentials, `hosts[${index}].bmc.credentials`, issues);
    for (const secret of credentials.objects) add(secret, PHASES.prerequisites);
    add(buildBareMetalHost({ ...host, bmc: host.bmc }, namespace, env.name, credentials.name), AGENT_HOSTS_PHASE, [infraEnvKey, ...credentials.objects.map(objectKey)]);
  });

  // KubeVirt VMs.
  const vms = props.virtualMachines;
  if (vms) {
    checkVirtualMachines(vms, arch, issues);
    const isoUrl = vms.discoveryIsoUrl ?? (options.discoveryIsoUrlAtDeployment ? DISCOVERY_ISO_URL_AT_DEPLOYMENT : undefined);
    if (isoUrl === undefined) {
      issues.warn(
        'virtualMachines.discoveryIsoUrl',
        `the ${vms.count} VM(s) are not emitted yet: they boot the InfraEnv's discovery ISO, whose URL assisted-service publishes only once the image exists.`,
        `After the InfraEnv reports ImageCreated, set discoveryIsoUrl to the output of: oc -n ${namespace} get infraenv ${env.name} -o jsonpath='{.status.isoDownloadURL}'`,
      );
    } else {
      agentVmNames(vms, env.name).forEach((name, index) =>
        add(buildAgentVirtualMachine(vms, { name, index, namespace: vms.namespace ?? namespace, arch: KUBEVIRT_ARCH[arch] ?? 'amd64', isoUrl }), AGENT_HOSTS_PHASE, [infraEnvKey]),
      );
    }
  }

  checkDuplicates(objects.map((p) => p.object), issues);
  checkApproval(props, issues);
  const agentLabels = { [INFRA_ENV_LABEL]: env.name, ...env.agentLabels };
  const pools = options.cluster ? agentPools(options.cluster, agentLabels) : undefined;
  if (options.cluster) checkCluster(options.cluster, pools ?? [], infraEnv, options.managementArchitecture ?? 'x86_64', issues);
  const teardown = agentTeardown(namespace, env.name, pools);
  const dnsRecords = options.cluster ? dnsRecordsOf(options.cluster, props.dns, issues) : [];
  if (props.dns && !options.cluster) issues.warn('dns', 'DNS records need the hosted cluster (its name and base domain); none are planned.', 'Pass the cluster the hosts join.');
  const cluster = options.cluster;
  return {
    label: `InfraEnv ${namespace}/${env.name}`,
    target: MANAGEMENT_CLUSTER,
    objects,
    infraEnv,
    agentLabelSelector: { matchLabels: env.agentLabels && Object.keys(env.agentLabels).length > 0 ? env.agentLabels : { [INFRA_ENV_LABEL]: env.name } },
    dnsRecords,
    teardown,
    hostsScript: hostsReport({ namespace, infraEnv: env.name, hosts, teardown }),
    ...(cluster && dnsRecords.length > 0
      ? { zoneFile: dnsZoneFile(dnsRecords, { comment: `Records for hosted cluster ${cluster.namespace}/${cluster.name} (written by hcp-constructs).\nAdd them to the zone of ${cluster.hostedCluster.spec.dns?.baseDomain ?? ''}.` }) }
      : {}),
  };
}

/** A machine network as written, and parsed. */
export interface MachineNetwork {
  readonly text: string;
  readonly cidr: Cidr;
}

/** The machine networks host addresses must lie in: the props', else the cluster's. */
function machineNetworksOf(props: AgentInfrastructureProps, cluster: HostedClusterPlan | undefined, issues: IssueCollector): MachineNetwork[] {
  if (props.machineNetwork) {
    return props.machineNetwork.flatMap((text, index) => {
      const cidr = parseCidr(text);
      if (typeof cidr === 'string') {
        issues.error(`machineNetwork[${index}]`, `${quote(text)} ${cidr}.`, 'Write the machine network as a CIDR, e.g. 192.168.122.0/24.');
        return [];
      }
      return [{ text, cidr }];
    });
  }
  return (cluster?.hostedCluster.spec.networking?.machineNetwork ?? []).flatMap((entry) => {
    const cidr = parseCidr(entry.cidr);
    return typeof cidr === 'string' ? [] : [{ text: entry.cidr, cidr }];
  });
}

/** Per host: names, MAC and address formats, addresses inside the machine network, references inside the host's network, IBM Z boot settings. */
function checkHosts(hosts: readonly HostProps[], arch: InfraEnvArch, networks: readonly MachineNetwork[], issues: IssueCollector): void {
  const seenNames = new Map<string, number>();
  hosts.forEach((host, index) => {
    const path = `hosts[${index}]`;
    const problem = dnsSubdomainProblem(host.name);
    if (problem) issues.error(`${path}.name`, `host name ${quote(host.name)} ${problem}.`, 'Name the host like a Kubernetes object (lower case), e.g. worker-0.');
    const first = seenNames.get(host.name);
    if (first !== undefined) issues.error(`${path}.name`, `host ${quote(host.name)} is also hosts[${first}].`, 'Give every host its own name.');
    else seenNames.set(host.name, index);
    if (!MAC_ADDRESS.test(host.bootMACAddress)) issues.error(`${path}.bootMACAddress`, `${quote(host.bootMACAddress)} is not a MAC address.`, 'Write it as six pairs of hex digits separated by colons, e.g. 52:54:00:aa:bb:01.');
    if (host.bmc) {
      const scheme = bmcScheme(host.bmc.address);
      if ('problem' in scheme) issues.error(`${path}.bmc.address`, scheme.problem, 'Use a metal3 BMC address, e.g. redfish-virtualmedia://10.0.0.5/redfish/v1/Systems/1.');
      else if (!scheme.virtualMedia) {
        issues.warn(
          `${path}.bmc.address`,
          `the ${scheme.scheme} driver boots by iPXE from the provisioning network, not from virtual media; the discovery ISO reaches the host only if that network is set up.`,
          `Prefer a virtual-media scheme (${scheme.scheme.startsWith('idrac') ? 'idrac-virtualmedia' : 'redfish-virtualmedia'}://...) when the BMC supports it.`,
        );
      }
    }
    if (host.network) checkHostNetwork(host, host.network, `${path}.network`, networks, issues);
    checkIbmZHost(host, index, arch, issues);
    // Without a BareMetalHost only deviceName reaches the Agent (as its installation disk, through the hosts report).
    const ignored = Object.keys(host.rootDeviceHints ?? {}).filter((hint) => hint !== 'deviceName');
    if (!host.bmc && ignored.length > 0) {
      issues.warn(
        `${path}.rootDeviceHints`,
        `${ignored.join(', ')} ${ignored.length === 1 ? 'needs' : 'need'} a BareMetalHost, whose hints BMAC applies; host ${quote(host.name)} has no BMC, so its Agent's installation disk comes from deviceName only.`,
        'Give the disk as rootDeviceHints.deviceName (its id in the Agent\'s inventory, e.g. /dev/sda), or a BMC.',
      );
    }
  });
}

/**
 * One host's static network (`net`, at `path`): interface names, MACs, bonds and VLANs that name
 * declared interfaces, addresses, DNS servers and routes, and a node address inside the machine
 * network (`networksProp`: the prop that lists it). Also used for edge sites.
 */
export function checkHostNetwork(host: { readonly name: string }, net: HostNetworkProps, path: string, networks: readonly MachineNetwork[], issues: IssueCollector, networksProp = 'machineNetwork'): void {
  const names = new Set<string>();
  const declare = (name: string, where: string) => {
    if (names.has(name)) issues.error(where, `interface ${quote(name)} is declared twice on host ${quote(host.name)}.`, 'Give every interface its own name.');
    names.add(name);
  };
  const addressed: Array<{ readonly where: string; readonly addresses?: readonly string[] }> = [];
  net.interfaces.forEach((nic, i) => {
    declare(nic.name, `${path}.interfaces[${i}].name`);
    if (!MAC_ADDRESS.test(nic.macAddress)) issues.error(`${path}.interfaces[${i}].macAddress`, `${quote(nic.macAddress)} is not a MAC address.`, 'Write it as six pairs of hex digits separated by colons.');
    addressed.push({ where: `${path}.interfaces[${i}]`, addresses: nic.addresses });
  });
  (net.bonds ?? []).forEach((bond, i) => {
    declare(bond.name, `${path}.bonds[${i}].name`);
    bond.ports.forEach((port, j) => {
      if (!net.interfaces.some((nic) => nic.name === port)) issues.error(`${path}.bonds[${i}].ports[${j}]`, `port ${quote(port)} is not one of the host's interfaces.`, 'List interfaces declared under network.interfaces.');
    });
    addressed.push({ where: `${path}.bonds[${i}]`, addresses: bond.addresses });
  });
  (net.vlans ?? []).forEach((vlan, i) => {
    declare(vlan.name, `${path}.vlans[${i}].name`);
    if (!names.has(vlan.baseInterface)) issues.error(`${path}.vlans[${i}].baseInterface`, `${quote(vlan.baseInterface)} is not an interface or bond of the host.`, 'Name an interface or bond declared above.');
    addressed.push({ where: `${path}.vlans[${i}]`, addresses: vlan.addresses });
  });
  // Each host needs its node address inside the machine network; other addresses (a storage VLAN) may lie outside it.
  const parsed: Array<{ readonly at: string; readonly text: string; readonly cidr: Cidr }> = [];
  for (const { where, addresses } of addressed) {
    (addresses ?? []).forEach((address, k) => {
      const cidr = parseCidr(address);
      const at = `${where}.addresses[${k}]`;
      if (typeof cidr === 'string') issues.error(at, `${quote(address)}: ${cidr}.`, 'Write the address with its prefix length, e.g. 192.168.122.21/24.');
      else parsed.push({ at, text: address, cidr });
    });
  }
  for (const family of [4, 6] as const) {
    const mine = parsed.filter((p) => p.cidr.family === family);
    const inFamily = networks.filter((n) => n.cidr.family === family);
    if (mine.length === 0 || inFamily.length === 0) continue;
    const inside = (p: (typeof mine)[number]) => inFamily.some((n) => n.cidr.prefix <= p.cidr.prefix && contains(n.cidr, { ...p.cidr, prefix: Math.max(p.cidr.prefix, n.cidr.prefix) }) && contains(n.cidr, { ...p.cidr, prefix: n.cidr.prefix }));
    if (!mine.some(inside)) {
      issues.error(
        mine[0].at,
        `none of host ${quote(host.name)}'s IPv${family} addresses (${mine.map((p) => p.text).join(', ')}) is inside the machine network (${inFamily.map((n) => n.text).join(', ')}).`,
        `Give the host its node address inside the machine network, or add its network to ${networksProp}.`,
      );
    }
  }
  (net.dns ?? []).forEach((server, i) => {
    if (!parseIp(server)) issues.error(`${path}.dns[${i}]`, `${quote(server)} is not an IP address.`, 'Give the DNS server by address.');
  });
  (net.routes ?? []).forEach((route, i) => {
    const at = `${path}.routes[${i}]`;
    const destination = parseCidr(route.destination);
    if (typeof destination === 'string') issues.error(`${at}.destination`, `${quote(route.destination)} ${destination}.`, 'Write the destination as a CIDR; 0.0.0.0/0 for the default route.');
    if (!parseIp(route.nextHopAddress)) issues.error(`${at}.nextHopAddress`, `${quote(route.nextHopAddress)} is not an IP address.`, 'Give the gateway\'s address.');
    if (!names.has(route.nextHopInterface)) issues.error(`${at}.nextHopInterface`, `${quote(route.nextHopInterface)} is not an interface of the host.`, 'Name an interface, bond or VLAN declared above.');
  });
}

/** VM shape: quantities, minimums, the network reference, MACs, and whether KubeVirt runs this architecture. */
function checkVirtualMachines(vms: NonNullable<AgentInfrastructureProps['virtualMachines']>, arch: InfraEnvArch, issues: IssueCollector): void {
  const quantity = (field: 'memory' | 'rootDiskSize' | 'isoVolumeSize', minimum: number | undefined, minimumText: string) => {
    const given = vms[field];
    if (given === undefined) return;
    const bytes = quantityBytes(given);
    if (bytes === undefined) issues.error(`virtualMachines.${field}`, `${quote(given)} is not a quantity.`, 'Write it as 16Gi.');
    else if (minimum !== undefined && bytes < minimum) issues.error(`virtualMachines.${field}`, `${quote(given)} is less than ${minimumText}, assisted-service's minimum for a worker; the Agent would fail its hardware validation.`, `Give at least ${minimumText}.`);
  };
  quantity('memory', AGENT_VM_MINIMUM.memoryBytes, '8Gi');
  quantity('rootDiskSize', AGENT_VM_MINIMUM.diskBytes, '100 GB (94Gi)');
  quantity('isoVolumeSize', undefined, '');
  if (vms.memory !== undefined && (quantityBytes(vms.memory) ?? 0) > 6 * 2 ** 40) issues.error('virtualMachines.memory', `${quote(vms.memory)} is more than 6Ti, the OpenShift Virtualization tested maximum per VM.`, 'Give 6Ti or less.');
  if (vms.network !== undefined) {
    const [ns, name, ...rest] = vms.network.split('/');
    if (rest.length > 0 || !name || dnsLabelProblem(ns) || dnsSubdomainProblem(name)) {
      issues.error('virtualMachines.network', `${quote(vms.network)} is not <namespace>/<NetworkAttachmentDefinition>.`, 'Name the NetworkAttachmentDefinition with its namespace, e.g. default/vlan-100.');
    }
  }
  if (vms.storageClass !== undefined) {
    const problem = dnsSubdomainProblem(vms.storageClass);
    if (problem) issues.error('virtualMachines.storageClass', `StorageClass name ${quote(vms.storageClass)} ${problem}.`, 'Name an existing StorageClass.');
  }
  (vms.macAddresses ?? []).forEach((mac, i) => {
    if (!MAC_ADDRESS.test(mac)) issues.error(`virtualMachines.macAddresses[${i}]`, `${quote(mac)} is not a MAC address.`, 'Write it as six pairs of hex digits separated by colons.');
  });
  if ((vms.macAddresses?.length ?? 0) > vms.count) issues.error('virtualMachines.macAddresses', `${vms.macAddresses!.length} MAC addresses for ${vms.count} VM(s).`, 'Give at most one MAC address per VM.');
  if (vms.discoveryIsoUrl !== undefined && !/^https?:\/\/\S+$/.test(vms.discoveryIsoUrl)) issues.error('virtualMachines.discoveryIsoUrl', `${quote(vms.discoveryIsoUrl)} is not an http(s) URL.`, 'Copy the InfraEnv\'s status.isoDownloadURL.');
  if (!KUBEVIRT_ARCH[arch]) issues.error('virtualMachines', `KubeVirt runs no ${arch} VMs (it runs amd64, arm64 and s390x).`, 'Boot IBM Power hosts from the discovery image instead (hosts without bmc).');
}

/** One MAC per NIC and one address per host across the whole infrastructure (final objects). */
function checkDuplicates(objects: readonly KubernetesObject[], issues: IssueCollector): void {
  const macs = new Map<string, string>();
  const addresses = new Map<string, string>();
  const claim = (seen: Map<string, string>, key: string, shown: string, owner: string, what: string, where: string) => {
    const holder = seen.get(key);
    if (holder && holder !== owner) issues.forObject(owner).error(where, `${what} ${shown} is also used by ${holder}.`, `Give every ${what === 'MAC address' ? 'NIC' : 'host'} its own.`);
    else seen.set(key, owner);
  };
  for (const object of objects) {
    const owner = `${object.kind} ${object.metadata.namespace}/${object.metadata.name}`;
    const hostOwner = `host ${object.metadata.name}`;
    const spec = (object as { spec?: Record<string, unknown> }).spec ?? {};
    if (object.kind === 'BareMetalHost' && typeof spec.bootMACAddress === 'string') claim(macs, spec.bootMACAddress.toLowerCase(), spec.bootMACAddress, hostOwner, 'MAC address', 'spec.bootMACAddress');
    if (object.kind === 'NMStateConfig') {
      ((spec.interfaces as Array<{ macAddress: string }>) ?? []).forEach((nic, i) => claim(macs, nic.macAddress.toLowerCase(), nic.macAddress, hostOwner, 'MAC address', `spec.interfaces[${i}].macAddress`));
      const config = spec.config as { interfaces?: Array<{ ipv4?: { address?: Array<{ ip: string }> }; ipv6?: { address?: Array<{ ip: string }> } }> };
      (config.interfaces ?? []).forEach((nic, i) =>
        [...(nic.ipv4?.address ?? []), ...(nic.ipv6?.address ?? [])].forEach((a) => {
          const ip = parseIp(a.ip);
          if (ip) claim(addresses, `${ip.family}/${ip.address}`, a.ip, hostOwner, 'address', `spec.config.interfaces[${i}]`);
        }),
      );
    }
    if (object.kind === 'VirtualMachine') {
      const mac = (object as unknown as { spec: { template: { spec: { domain: { devices: { interfaces: Array<{ macAddress?: string }> } } } } } }).spec.template.spec.domain.devices.interfaces[0]?.macAddress;
      if (mac) claim(macs, mac, mac, owner, 'MAC address', 'spec.template.spec.domain.devices.interfaces[0].macAddress');
    }
  }
}

/** Who approves the Agents: BMAC for BareMetalHosts; otherwise autoApprove or the user. */
function checkApproval(props: AgentInfrastructureProps, issues: IssueCollector): void {
  if (props.infraEnv.autoApprove) return;
  const manual = (props.hosts ?? []).filter((h) => !h.bmc).length + (props.virtualMachines?.count ?? 0);
  if (manual === 0) return;
  issues.warn(
    'infraEnv.autoApprove',
    `${manual} host(s) without a BareMetalHost (hand-booted hosts, VMs) become Agents that wait for approval; only BareMetalHost Agents are approved automatically.`,
    `Set infraEnv.autoApprove: true (assisted-service with InfraEnv spec.agentApproval), or approve each: oc -n ${props.infraEnv.namespace} patch agent <name> --type merge -p '{"spec":{"approved":true}}'`,
  );
}

/** The cluster's NodePools whose agentLabelSelector takes Agents of this InfraEnv (its labels; the BMH label names single hosts). */
function agentPools(cluster: HostedClusterPlan, agentLabels: Readonly<Record<string, string>>): NodePool[] {
  const selects = (np: NodePool) => {
    const matchLabels = np.spec.platform.agent?.agentLabelSelector?.matchLabels ?? {};
    return Object.entries(matchLabels).every(([key, value]) => key === AGENT_BMH_LABEL || agentLabels[key] === value);
  };
  return cluster.nodePools.filter(selects);
}

/** The InfraEnv against the cluster: Agents must appear in its agent namespace, with architectures that agree. */
function checkCluster(cluster: HostedClusterPlan, pools: readonly NodePool[], infraEnv: InfraEnv, managementArch: InfraEnvArch, issues: IssueCollector): void {
  const hc = cluster.hostedCluster;
  const agentNamespace = hc.spec.platform.agent?.agentNamespace;
  const clusterLabel = `HostedCluster ${cluster.namespace}/${cluster.name}`;
  if (hc.spec.platform.type !== 'Agent') {
    issues.error('infraEnv', `${clusterLabel} is on platform ${hc.spec.platform.type}; only Agent clusters take Agents.`, 'Use the InfraEnv with an Agent cluster.');
    return;
  }
  if (agentNamespace !== infraEnv.metadata.namespace) {
    issues.error(
      'infraEnv.namespace',
      `the InfraEnv's Agents appear in namespace ${quote(infraEnv.metadata.namespace)}, but ${clusterLabel} takes Agents from ${quote(agentNamespace)}.`,
      'Put the InfraEnv in the cluster\'s agentNamespace.',
    );
  }
  const poolLabel = (np: NodePool) => `NodePool ${np.metadata.namespace}/${np.metadata.name}`;
  checkArchitectures(
    {
      infraEnvArch: (infraEnv.spec.cpuArchitecture ?? 'x86_64') as InfraEnvArch,
      managementArch,
      releases: [
        { image: hc.spec.release.image, path: 'spec.release.image', object: clusterLabel },
        ...pools.filter((np) => np.spec.release.image !== hc.spec.release.image).map((np) => ({ image: np.spec.release.image, path: 'spec.release.image', object: poolLabel(np) })),
      ],
      nodePools: pools.map((np) => ({ arch: np.spec.arch ?? NODE_POOL_ARCH.x86_64, path: 'spec.arch', object: poolLabel(np) })),
    },
    issues,
  );
}

/** Records from the cluster's name, base domain and API address, and the props' addresses. */
function dnsRecordsOf(cluster: HostedClusterPlan, dns: AgentInfrastructureProps['dns'], issues: IssueCollector): DnsRecord[] {
  const hc = cluster.hostedCluster;
  const baseDomain = hc.spec.dns?.baseDomain ?? '';
  const api = hc.spec.services.find((s) => s.service === 'APIServer')?.servicePublishingStrategy;
  const nodePortAddress = api?.type === 'NodePort' ? api.nodePort?.address : undefined;
  const apiAddresses = dns?.apiAddresses ?? (nodePortAddress && parseIp(nodePortAddress) ? [nodePortAddress] : []);
  for (const [field, list] of [['apiAddresses', dns?.apiAddresses], ['ingressAddresses', dns?.ingressAddresses]] as const) {
    (list ?? []).forEach((address, i) => {
      if (!parseIp(address)) issues.error(`dns.${field}[${i}]`, `${quote(address)} is not an IP address; A and AAAA records need addresses.`, 'Give the address the name should resolve to.');
    });
  }
  if (apiAddresses.length === 0) {
    issues.warn(
      'dns.apiAddresses',
      `no address for api.${cluster.name}.${baseDomain}: the APIServer is published at ${quote(nodePortAddress ?? 'no fixed address')}, not an IP address.`,
      'Give dns.apiAddresses (management nodes running the control plane, or a load balancer).',
    );
  }
  return clusterDnsRecords({ clusterName: cluster.name, baseDomain, apiAddresses, ingressAddresses: dns?.ingressAddresses });
}

