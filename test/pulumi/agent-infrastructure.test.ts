/**
 * AgentInfrastructure under strict Pulumi mocks: the same objects as the cdk8s construct (parity),
 * waves as dependsOn, readiness as waitFor, and VMs that import the ISO URL the InfraEnv reports.
 */
import { objectId as key, settle, strictMocks, valueOf, withoutAnnotations as strip } from './strict-mocks';
import { App, Chart } from 'cdk8s';
import { AgentInfrastructure as Cdk8sAgentInfrastructure } from '../../lib/cdk8s';
import { kubevirtAgentsInfrastructure, vcluster2Infrastructure } from '../../examples/agent-infrastructure';

const ISO = 'https://assisted-image-service.example.com/images/abc?type=minimal-iso';
// assisted-service publishes the ISO URL on the InfraEnv once the image exists.
const mocked = strictMocks((args) => (args.type.endsWith(':InfraEnv') ? { id: `${args.name}-id`, state: { ...args.inputs, status: { isoDownloadURL: ISO } } } : undefined));
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
beforeAll(async () => {
  hcp = await mocked.load();
});

test('parity: the same Kubernetes objects as the cdk8s construct (bare-metal hosts and VMs)', async () => {
  for (const props of [vcluster2Infrastructure, kubevirtAgentsInfrastructure]) {
    registrations.length = 0;
    await mocked.newProgram();
    const component = new hcp.AgentInfrastructure('hosts', props);
    await settle(component);
    const pulumiObjects = registrations.filter((r) => r.type.startsWith('kubernetes:')).map((r) => strip(r.inputs, 'pulumi.com/waitFor'));
    const app = new App();
    const chart = new Chart(app, 'c');
    new Cdk8sAgentInfrastructure(chart, 'hosts', props);
    const cdk8sObjects = chart.toJson().map((o) => strip(o, 'argocd.argoproj.io/sync-wave'));
    const byKey = (list: Record<string, unknown>[]) => Object.fromEntries(list.map((o) => [key(o as never), o]));
    expect(byKey(pulumiObjects)).toEqual(byKey(cdk8sObjects));
  }
});

test('waves become dependsOn, readiness waitFor; without discoveryIsoUrl the VMs import the URL the InfraEnv reports', async () => {
  const { discoveryIsoUrl: _omitted, ...vms } = kubevirtAgentsInfrastructure.virtualMachines!;
  const component = new hcp.AgentInfrastructure('lab', { ...kubevirtAgentsInfrastructure, virtualMachines: vms });
  await settle(component);
  const byName = Object.fromEntries(registrations.map((r) => [r.name, r.inputs]));
  const infraEnv = byName['lab-infraenv-agent-labs-vm-agents/vm-agents'] as { metadata: { annotations: Record<string, string> } };
  expect(infraEnv.metadata.annotations['pulumi.com/waitFor']).toBe('condition=ImageCreated');
  const vm = byName['lab-virtualmachine-agent-labs-vm-agents/vm-agents-agent-0'] as { metadata: { annotations: Record<string, string> }; spec: { dataVolumeTemplates: Array<{ spec: { source: { http?: { url: string } } } }> } };
  expect(vm.metadata.annotations['pulumi.com/waitFor']).toBe('condition=Ready');
  expect(vm.spec.dataVolumeTemplates[1].spec.source.http?.url).toBe(ISO);
  expect(await valueOf(component.isoDownloadURL)).toBe(ISO);
});

test('invalid args throw HcpResourceError before anything is registered', async () => {
  expect(() => new hcp.AgentInfrastructure('bad', { ...vcluster2Infrastructure, hosts: [{ name: 'h', bootMACAddress: 'nope' }] })).toThrow(/hosts\[0\]\.bootMACAddress: "nope" is not a MAC address/);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(registrations).toEqual([]);
});
