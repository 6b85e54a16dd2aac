/** Agent infrastructure planning: objects, order, readiness, DNS, and the bad-input findings with their exact messages. */
import { App, Chart } from 'cdk8s';
import type { AgentInfrastructureProps } from '../../lib';
import { checkAgentInfrastructure, planAgentInfrastructure, planHostedCluster } from '../../lib';
import { releaseArchitecture } from '../../lib/core';
import { bmcScheme, clusterDnsRecords, dnsZoneFile } from '../../lib/platforms/agent';
import { AgentInfrastructure, HostedClusterBundle } from '../../lib/cdk8s';
import { EXAMPLE_OPTIONS, agentCluster } from '../../examples/clusters';
import { kubevirtAgentsCluster, kubevirtAgentsInfrastructure, vcluster2Infrastructure } from '../../examples/agent-infrastructure';

const lines = (props: unknown, options = {}) => checkAgentInfrastructure(props, options).issues.map((i) => `${i.severity} ${i.path}: ${i.message}`);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const base = vcluster2Infrastructure as any;
const vcluster2 = planHostedCluster(agentCluster, EXAMPLE_OPTIONS);

describe('the walkthrough cluster with its hosts', () => {
  const plan = planAgentInfrastructure(vcluster2Infrastructure, { cluster: vcluster2 });

  test('objects in apply order, with phases and readiness from the CRDs', () => {
    expect(plan.objects.map((p) => `${p.phase.wave} ${p.object.kind} ${p.object.metadata.name}`)).toEqual([
      '0 Namespace clusters',
      '1 ExternalSecret vcluster2-infraenv-pull-secret',
      '1 NMStateConfig vcluster2-worker-0',
      '1 NMStateConfig vcluster2-worker-1',
      '1 NMStateConfig vcluster2-worker-2',
      '1 InfraEnv vcluster2',
      '1 ExternalSecret vcluster2-worker-0-bmc-secret',
      '2 BareMetalHost vcluster2-worker-0',
      '1 ExternalSecret vcluster2-worker-1-bmc-secret',
      '2 BareMetalHost vcluster2-worker-1',
      '1 ExternalSecret vcluster2-worker-2-bmc-secret',
      '2 BareMetalHost vcluster2-worker-2',
    ]);
    const readiness = Object.fromEntries(plan.objects.map((p) => [p.object.kind, p.readiness]));
    expect(readiness.InfraEnv).toEqual({ kind: 'condition', type: 'ImageCreated', status: 'True' });
    expect(readiness.BareMetalHost).toEqual({ kind: 'jsonpath', path: '.status.provisioning.state', value: 'provisioned' });
    expect(plan.objects.find((p) => p.object.kind === 'InfraEnv')?.dependsOn).toEqual([
      'external-secrets.io/ExternalSecret/clusters/vcluster2-infraenv-pull-secret',
      'agent-install.openshift.io/NMStateConfig/clusters/vcluster2-worker-0',
      'agent-install.openshift.io/NMStateConfig/clusters/vcluster2-worker-1',
      'agent-install.openshift.io/NMStateConfig/clusters/vcluster2-worker-2',
    ]);
  });

  test('the InfraEnv selects the NMStateConfigs; BareMetalHosts carry the InfraEnv label and BMAC annotations; no secret value', () => {
    const infraEnv = plan.infraEnv;
    expect(infraEnv.spec.nmStateConfigLabelSelector).toEqual({ matchLabels: { 'hcp-constructs.io/infraenv': 'vcluster2' } });
    expect(infraEnv.spec.pullSecretRef).toEqual({ name: 'vcluster2-infraenv-pull-secret' });
    const bmh = plan.objects.find((p) => p.object.kind === 'BareMetalHost')!.object as unknown as { metadata: { labels: object; annotations: object }; spec: Record<string, unknown> };
    expect(bmh.metadata.labels).toEqual({ 'infraenvs.agent-install.openshift.io': 'vcluster2' });
    expect(bmh.metadata.annotations).toEqual({ 'inspect.metal3.io': 'disabled', 'bmac.agent-install.openshift.io/hostname': 'worker-0.vcluster2.int.massopen.cloud' });
    expect(bmh.spec).toMatchObject({ online: true, automatedCleaningMode: 'disabled', bootMACAddress: '52:54:00:00:02:00', bmc: { credentialsName: 'vcluster2-worker-0-bmc-secret' } });
    expect(JSON.stringify(plan.objects)).not.toMatch(/password"\s*:\s*"[^"]/);
    const nm = plan.objects.find((p) => p.object.metadata.name === 'vcluster2-worker-2' && p.object.kind === 'NMStateConfig')!.object as unknown as { spec: { config: { interfaces: object[] } } };
    expect(nm.spec.config.interfaces).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'bond0', type: 'bond', 'link-aggregation': { mode: 'active-backup', port: ['eno1', 'eno2'] } }),
        expect.objectContaining({ name: 'bond0.200', type: 'vlan', vlan: { 'base-iface': 'bond0', id: 200 } }),
      ]),
    );
  });

  test('DNS records as data and as a zone file', () => {
    expect(plan.dnsRecords).toContainEqual({ name: '*.apps.vcluster2.int.massopen.cloud.', type: 'A', value: '192.168.122.23' });
    expect(plan.zoneFile).toContain('api-int.vcluster2.int.massopen.cloud. 300 IN A    192.168.122.21');
    expect(clusterDnsRecords({ clusterName: 'c', baseDomain: 'example.com', apiAddresses: ['2001:db8::5'] })).toEqual([
      { name: 'api.c.example.com.', type: 'AAAA', value: '2001:db8::5' },
      { name: 'api-int.c.example.com.', type: 'AAAA', value: '2001:db8::5' },
    ]);
    expect(dnsZoneFile([])).toBe('');
  });
});

describe('bad input: every problem at once, with its path', () => {
  test('the schema', () => {
    expect(lines({ infraEnv: { name: 'x', namespace: 'y', pullSecret: { existingSecret: 'p' }, cpuArchitecture: 's390', hostz: 1 }, hosts: [{ name: 'h', bootMACAddress: 5 }] })).toEqual([
      'error infraEnv.cpuArchitecture: "s390" (a string) is not one of x86_64, aarch64, arm64, ppc64le, s390x; did you mean "s390x"?',
      'error infraEnv.hostz: unknown key "hostz".',
      'error hosts[0].bootMACAddress: 5 (a number) is not a string.',
    ]);
  });

  test('MACs, BMC schemes, duplicates, bond ports, addresses and the machine network', () => {
    const props = {
      ...base,
      hosts: [
        { ...base.hosts[0], bootMACAddress: '52:54:00:00:02', bmc: { ...base.hosts[0].bmc, address: 'redfsh://10.0.0.1/x' } },
        { ...base.hosts[1], name: 'vcluster2-worker-0', network: { interfaces: [{ name: 'eno1', macAddress: '52:54:00:00:02:09', addresses: ['10.0.0.5/24', '192.168.122.300/24'] }], bonds: [{ name: 'bond0', mode: 'active-backup', ports: ['eno9'] }] } },
        { ...base.hosts[2], bootMACAddress: '52:54:00:00:02:01', bmc: { ...base.hosts[2].bmc, address: 'ipmi://10.0.0.3' } },
      ],
    };
    expect(lines(props)).toEqual([
      'error hosts[0].bootMACAddress: "52:54:00:00:02" is not a MAC address.',
      'error hosts[0].bmc.address: the scheme "redfsh" is not one metal3 knows (ipmi, redfish, redfish-virtualmedia, idrac, idrac-redfish, idrac-virtualmedia, ilo4, ilo4-virtualmedia, ilo5, ilo5-redfish, ilo5-virtualmedia, irmc, irmc-virtualmedia).',
      'error hosts[1].name: host "vcluster2-worker-0" is also hosts[0].',
      'error hosts[1].network.bonds[0].ports[0]: port "eno9" is not one of the host\'s interfaces.',
      'error hosts[1].network.interfaces[0].addresses[1]: "192.168.122.300/24": "192.168.122.300" is not a valid IPv4 address.',
      'error hosts[1].network.interfaces[0].addresses[0]: none of host "vcluster2-worker-0"\'s IPv4 addresses (10.0.0.5/24) is inside the machine network (192.168.122.0/24).',
      'warning hosts[2].bmc.address: the ipmi driver boots by iPXE from the provisioning network, not from virtual media; the discovery ISO reaches the host only if that network is set up.',
      'error spec.bootMACAddress: MAC address 52:54:00:00:02:01 is also used by host vcluster2-worker-0.',
      'warning dns: DNS records need the hosted cluster (its name and base domain); none are planned.',
    ]);
  });

  test('duplicate addresses across hosts', () => {
    const hosts = [0, 1].map((i) => ({ name: `h${i}`, bootMACAddress: `02:00:00:00:00:0${i}`, network: { interfaces: [{ name: 'eth0', macAddress: `02:00:00:00:00:0${i}`, addresses: ['192.168.122.9/24'] }] } }));
    expect(lines({ infraEnv: base.infraEnv, hosts })).toEqual([
      'error spec.config.interfaces[0]: address 192.168.122.9 is also used by host h0.',
      'warning infraEnv.autoApprove: 2 host(s) without a BareMetalHost (hand-booted hosts, VMs) become Agents that wait for approval; only BareMetalHost Agents are approved automatically.',
    ]);
  });

  test('VM sizes, network, MACs and architecture', () => {
    expect(lines({ infraEnv: { ...kubevirtAgentsInfrastructure.infraEnv, cpuArchitecture: 'ppc64le' }, virtualMachines: { count: 1, memory: '4Gi', rootDiskSize: '50Gi', network: 'vlan', macAddresses: ['zz', '02:00:00:00:00:01'], discoveryIsoUrl: 'ftp://x' } })).toEqual([
      'error virtualMachines.memory: "4Gi" is less than 8Gi, assisted-service\'s minimum for a worker; the Agent would fail its hardware validation.',
      'error virtualMachines.rootDiskSize: "50Gi" is less than 100 GB (94Gi), assisted-service\'s minimum for a worker; the Agent would fail its hardware validation.',
      'error virtualMachines.network: "vlan" is not <namespace>/<NetworkAttachmentDefinition>.',
      'error virtualMachines.macAddresses[0]: "zz" is not a MAC address.',
      'error virtualMachines.macAddresses: 2 MAC addresses for 1 VM(s).',
      'error virtualMachines.discoveryIsoUrl: "ftp://x" is not an http(s) URL.',
      'error virtualMachines: KubeVirt runs no ppc64le VMs (it runs amd64, arm64 and s390x).',
    ]);
    // A malformed value hides nothing else: the rest of the props is still checked.
    expect(lines({ ...kubevirtAgentsInfrastructure, virtualMachines: { count: 1, cores: 1 } })).toEqual([
      'error virtualMachines.cores: 1 is less than 2.',
      'warning dns: DNS records need the hosted cluster (its name and base domain); none are planned.',
    ]);
  });

  test('InfraEnv values: key, proxies, NTP, trust bundle', () => {
    const infraEnv = { ...base.infraEnv, sshAuthorizedKey: '-----BEGIN OPENSSH PRIVATE KEY-----', proxy: { httpProxy: 'proxy:3128', httpsProxy: 'ftp://p' }, additionalNTPSources: ['not a host'], additionalTrustBundle: 'x' };
    expect(lines({ infraEnv })).toEqual([
      'error infraEnv.sshAuthorizedKey: this is an SSH private key; only the public key belongs here.',
      'error infraEnv.proxy.httpProxy: "proxy:3128" is not a proxy URL of the form http://host:port.',
      'error infraEnv.proxy.httpsProxy: "ftp://p" is not a proxy URL of the form http://host:port or https://host:port.',
      'error infraEnv.additionalNTPSources[0]: "not a host" is neither a host name nor an IP address.',
      'error infraEnv.additionalTrustBundle: holds no PEM certificate ("-----BEGIN CERTIFICATE-----").',
    ]);
  });

  test('against the cluster: agent namespace, release and NodePool architectures', () => {
    const cluster = planHostedCluster(
      { ...kubevirtAgentsCluster, nodePools: [{ name: 'p', arch: 'arm64', platform: { agent: { agentLabelSelector: { matchLabels: { 'hcp-constructs.io/cluster': 'vm-agents' } } } } }] },
      EXAMPLE_OPTIONS,
    );
    const props = { ...kubevirtAgentsInfrastructure, infraEnv: { ...kubevirtAgentsInfrastructure.infraEnv, namespace: 'other', cpuArchitecture: 'ppc64le' }, virtualMachines: undefined };
    expect(lines(props, { cluster })).toEqual([
      'error infraEnv.namespace: the InfraEnv\'s Agents appear in namespace "other", but HostedCluster agent-labs/vm-agents takes Agents from "agent-labs-vm-agents".',
      'error spec.release.image: the release image "quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64" is for x86_64, but the InfraEnv boots ppc64le hosts.',
      'error spec.arch: the NodePool\'s arch is arm64, but it draws Agents from an InfraEnv of ppc64le hosts.',
    ]);
    // IBM Z: a multi-arch release is what the documentation asks for; the NodePool CRD cannot say s390x on Agent, so pools are not compared.
    const multi = planHostedCluster({ ...kubevirtAgentsCluster, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi' } }, EXAMPLE_OPTIONS);
    expect(lines({ ...kubevirtAgentsInfrastructure, infraEnv: { ...kubevirtAgentsInfrastructure.infraEnv, cpuArchitecture: 's390x' } }, { cluster: multi })).toEqual([]);
    const s390Only = planHostedCluster({ ...kubevirtAgentsCluster, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-s390x' } }, EXAMPLE_OPTIONS);
    expect(lines({ ...kubevirtAgentsInfrastructure, virtualMachines: undefined, infraEnv: { ...kubevirtAgentsInfrastructure.infraEnv, cpuArchitecture: 's390x' } }, { cluster: s390Only })).toEqual([
      'error spec.release.image: the release image "quay.io/openshift-release-dev/ocp-release:4.16.4-s390x" is for s390x only, but the control plane runs on the x86_64 management cluster and the hosts are s390x.',
    ]);
  });

  test('approval and the ISO URL two-step are warnings that say what to do', () => {
    const { plan, issues } = checkAgentInfrastructure({ ...kubevirtAgentsInfrastructure, infraEnv: { ...kubevirtAgentsInfrastructure.infraEnv, autoApprove: false }, virtualMachines: { count: 2 }, dns: undefined });
    expect(plan?.objects.some((p) => p.object.kind === 'VirtualMachine')).toBe(false);
    expect(issues.map((i) => `${i.severity} ${i.path}`)).toEqual(['warning virtualMachines.discoveryIsoUrl', 'warning infraEnv.autoApprove']);
    expect(issues[1].fix).toContain('oc -n agent-labs-vm-agents patch agent <name> --type merge -p \'{"spec":{"approved":true}}\'');
  });
});

test('helpers: release architecture and BMC schemes', () => {
  expect(releaseArchitecture('quay.io/openshift-release-dev/ocp-release:4.16.4-multi')).toBe('multi');
  expect(releaseArchitecture('quay.io/openshift-release-dev/ocp-release@sha256:' + 'a'.repeat(64))).toBeUndefined();
  expect(bmcScheme('redfish-virtualmedia+https://10.0.0.1/redfish/v1/Systems/1')).toEqual({ scheme: 'redfish-virtualmedia', virtualMedia: true });
  expect(bmcScheme('10.0.0.1:623')).toEqual({ scheme: 'ipmi', virtualMedia: false });
  expect(bmcScheme('redfish://10.0.0.1')).toEqual({ problem: '"redfish://10.0.0.1" has no system path; Redfish addresses name the system (/redfish/v1/Systems/<id>).' });
});

test('cdk8s: the construct renders the plan with sync waves; invalid props fail synthesis with every message', () => {
  const app = new App();
  const chart = new Chart(app, 'c');
  const cluster = new HostedClusterBundle(chart, 'cluster', { ...agentCluster, options: EXAMPLE_OPTIONS });
  const hosts = new AgentInfrastructure(chart, 'hosts', { ...vcluster2Infrastructure, cluster });
  expect(hosts.zoneFile).toContain('*.apps.vcluster2.int.massopen.cloud.');
  const waves = chart.toJson().filter((o) => ['InfraEnv', 'BareMetalHost'].includes(o.kind)).map((o) => `${o.kind} ${o.metadata.annotations['argocd.argoproj.io/sync-wave']}`);
  expect(new Set(waves)).toEqual(new Set(['InfraEnv 1', 'BareMetalHost 2']));

  const bad = new App();
  new AgentInfrastructure(new Chart(bad, 'bad'), 'hosts', { ...(vcluster2Infrastructure as AgentInfrastructureProps), hosts: [{ name: 'Bad_Name', bootMACAddress: 'x' }] });
  expect(() => bad.synth()).toThrow(/hosts\[0\]\.name: host name "Bad_Name" must consist of[\s\S]*hosts\[0\]\.bootMACAddress: "x" is not a MAC address/);
});
