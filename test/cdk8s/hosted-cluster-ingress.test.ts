/** Day 2 inside a hosted cluster with cdk8s: a second target, its own output folder, its checks. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import type { HostedClusterProps, ManagementClusterProps } from '../../lib';
import { HostedClusterBundle, HostedClusterIngress, ManagementCluster, synthAtomically, synthesizeCharts } from '../../lib/cdk8s';
import { appState } from '../../lib/cdk8s/engine/app-state';
import { collectIssues } from '../../lib/cdk8s/engine/issues';
import { EXAMPLE_OPTIONS, agentCluster, kubevirtCluster } from '../../examples/clusters';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

/** The bare-metal cluster of the walkthrough, on a known machine network. */
const metal: HostedClusterProps = { ...agentCluster, networking: { machineNetwork: ['10.1.0.0/24'] } };
const kubevirtLb: HostedClusterProps = { ...kubevirtCluster, name: 'kv-lb', baseDomain: 'apps.example.com', platform: { type: 'KubeVirt', kubevirt: { ingress: 'LoadBalancer' } }, nodePools: [] };
const management = (metallb: ManagementClusterProps['metallb']): ManagementClusterProps => ({ platforms: ['KubeVirt', 'Agent'], machineNetwork: ['10.1.0.0/16'], metallb });
const POOLS = { pools: [{ name: 'ingress-public-ip', addresses: ['10.1.0.240-10.1.0.240'], autoAssign: false }] };

function define(app: App, cluster: HostedClusterProps, ingress: Record<string, unknown>, mgmt?: ManagementClusterProps): HostedClusterIngress {
  if (mgmt) new ManagementCluster(new Chart(app, 'management-cluster'), 'management', mgmt);
  const chart = new Chart(app, cluster.name);
  const bundle = new HostedClusterBundle(chart, 'cluster', { ...cluster, options: EXAMPLE_OPTIONS });
  return new HostedClusterIngress(chart, 'ingress', { cluster: bundle, ...ingress });
}

/** The errors recorded anywhere in an App that `fn` defines (they also fail its synth). */
const synthErrors = (fn: (app: App) => void): string[] => {
  const app = new App();
  fn(app);
  return collectIssues(app).filter((i) => i.severity === 'error').map((i) => `${i.object} ${i.path}: ${i.message}`);
};

describe('HostedClusterIngress', () => {
  let work: string;
  beforeEach(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-day2-'))));
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  test('bare metal: MetalLB and the router Service land in dist/hosted-<namespace>-<name>/, ordered by wave', () => {
    const result = synthAtomically(work, (app) => define(app, metal, { metallb: POOLS }));
    // A stage folder per wave: the operator, its configuration, the pools (webhooks ready), the Service.
    const stages = ['01-operators', '02-operator-configuration', '03-webhooks', '05-resources'];
    const inside = stages.map((stage) => `hosted-clusters-vcluster2/${stage}/vcluster2.yaml`);
    expect(result.files.filter((f) => !f.endsWith('kustomization.yaml'))).toEqual([...inside, 'management/05-resources/vcluster2.yaml']);
    const docs: Obj[] = inside.flatMap((file) => parseAllDocuments(fs.readFileSync(path.join(work, file), 'utf8')).map((d) => d.toJS()));
    expect(docs.map((d) => [d.kind, d.metadata.namespace ?? '', d.metadata.name, d.metadata.annotations['argocd.argoproj.io/sync-wave']])).toEqual([
      ['Namespace', '', 'metallb-system', '-3'],
      ['OperatorGroup', 'metallb-system', 'metallb-operator', '-3'],
      ['Subscription', 'metallb-system', 'metallb-operator', '-3'],
      ['MetalLB', 'metallb-system', 'metallb', '-2'],
      ['IPAddressPool', 'metallb-system', 'ingress-public-ip', '-1'],
      ['L2Advertisement', 'metallb-system', 'ingress-public-ip', '-1'],
      ['Service', 'openshift-ingress', 'metallb-ingress', '4'],
    ]);
    const service = docs[6];
    expect(service.metadata.annotations['metallb.universe.tf/address-pool']).toBe('ingress-public-ip');
    expect(service.spec).toEqual({
      type: 'LoadBalancer',
      selector: { 'ingresscontroller.operator.openshift.io/deployment-ingresscontroller': 'default' },
      ports: [
        { name: 'http', protocol: 'TCP', port: 80, targetPort: 80 },
        { name: 'https', protocol: 'TCP', port: 443, targetPort: 443 },
      ],
    });
    expect(docs[2].spec).toMatchObject({ name: 'metallb-operator', channel: 'stable', source: 'redhat-operators' });
    expect(docs[4].spec).toEqual({ addresses: ['10.1.0.240-10.1.0.240'], autoAssign: false });
    // Nothing of the hosted cluster's API is in the management folder.
    const management: Obj[] = parseAllDocuments(fs.readFileSync(path.join(work, 'management/05-resources/vcluster2.yaml'), 'utf8')).map((d) => d.toJS());
    expect(management.map((d) => d.kind)).not.toContain('Service');
    expect(management.map((d) => d.kind)).toContain('HostedCluster');
  });

  test('each wave depends on the previous one; the objects remember their target', () => {
    const app = new App();
    const ingress = define(app, metal, { metallb: POOLS });
    expect(ingress.apiObjects.map((o) => appState(o).targetOf(o))).toEqual(Array(7).fill({ kind: 'hosted-cluster', namespace: 'clusters', name: 'vcluster2' }));
    const service = ingress.apiObjects[6];
    expect(service.node.dependencies.map((d) => d.node.id)).toEqual(['IPAddressPool:metallb-system:ingress-public-ip', 'L2Advertisement:metallb-system:ingress-public-ip']);
  });

  test('KubeVirt with LoadBalancer ingress: only the Service, no pool of its own; the HostedCluster has no passthrough', () => {
    const app = new App();
    const ingress = define(app, kubevirtLb, {}, management({ pools: [{ name: 'kv', addresses: ['10.1.1.0/24'] }] }));
    expect(ingress.apiObjects.map((o) => o.kind)).toEqual(['Service']);
    expect(ingress.apiObjects[0].toJson().metadata.annotations).toEqual({ 'argocd.argoproj.io/sync-wave': '4' });
    const charts = synthesizeCharts(app);
    const hc = charts.flatMap((c) => c.documents as Obj[]).find((d) => d.kind === 'HostedCluster');
    expect(hc.spec.platform.kubevirt.baseDomainPassthrough).toBeUndefined();
    expect(hc.spec.dns.baseDomain).toBe('apps.example.com');
  });

  test("KubeVirt with LoadBalancer ingress: the *.apps record in reports/dns-<cluster>.zone, or how to read the router's address", () => {
    const mgmt = management({ pools: [{ name: 'kv', addresses: ['10.1.1.0/24'] }] });
    const report = () => fs.readFileSync(path.join(work, 'reports/dns-kv-lb.zone'), 'utf8');
    synthAtomically(work, (app) => define(app, kubevirtLb, { ingressAddresses: ['10.1.1.7', '2001:db8::7'] }, mgmt));
    expect(report()).toBe(
      [
        '; Records for hosted cluster kubevirt-clusters/kv-lb (written by hcp-constructs).',
        '; Add them to the zone of apps.example.com; they must resolve inside and outside the cluster.',
        '*.apps.kv-lb.apps.example.com. 300 IN A    10.1.1.7',
        '*.apps.kv-lb.apps.example.com. 300 IN AAAA 2001:db8::7',
        '',
      ].join('\n'),
    );
    synthAtomically(work, (app) => define(app, kubevirtLb, {}, mgmt));
    expect(report()).toContain("; *.apps.kv-lb.apps.example.com. points at the router's load balancer, whose address the management cluster's MetalLB assigns once deployed.");
    expect(report()).toContain("oc --kubeconfig <hosted cluster> -n openshift-ingress get service metallb-ingress -o jsonpath='{.status.loadBalancer.ingress[*].ip}'");
    expect(report().split('\n').filter((line) => line && !line.startsWith(';'))).toEqual([]);
    // Bare metal: the router's address is one of its own pool's; AgentInfrastructure writes that report.
    const metalApp = new App();
    expect(define(metalApp, metal, { metallb: POOLS }).plan!.zoneFile).toBeUndefined();
  });

  test('bad input: every message names the field and the fix', () => {
    expect(synthErrors((app) => define(app, kubevirtLb, { ingressAddresses: ['router.example.com'] }, management({ pools: [{ name: 'kv', addresses: ['10.1.1.0/24'] }] })))).toEqual([
      expect.stringContaining('ingressAddresses[0]: "router.example.com" is not an IP address; A and AAAA records need addresses.'),
    ]);
    expect(synthErrors((app) => define(app, metal, { metallb: POOLS, ingressAddresses: ['10.1.0.240'] }))).toEqual([
      expect.stringContaining('ingressAddresses: the router of clusters/vcluster2 takes its address from its own MetalLB pool, which you choose, so no DNS report is written here.'),
    ]);
    expect(synthErrors((app) => define(app, metal, {}))).toEqual([expect.stringContaining('metallb: nothing gives LoadBalancer addresses inside the Agent hosted cluster clusters/vcluster2')]);
    expect(synthErrors((app) => define(app, metal, { metallb: { pools: [{ name: 'p', addresses: ['10.9.0.10-10.9.0.20'] }] } }))).toEqual([
      expect.stringContaining('metallb.pools[0].addresses[0]: "10.9.0.10-10.9.0.20" is outside the machine network (10.1.0.0/24)'),
    ]);
    expect(synthErrors((app) => define(app, metal, { metallb: { pools: [{ name: 'p', addresses: ['10.1.0.300'] }] } }))).toEqual([expect.stringContaining('metallb.pools[0].addresses[0]')]);
    expect(synthErrors((app) => define(app, metal, { metallb: POOLS, pool: 'other' }))).toEqual([expect.stringContaining('pool: no pool is named "other"')]);
    expect(synthErrors((app) => define(app, metal, { metallb: POOLS, notAField: 1 }))).toEqual([expect.stringContaining('notAField')]);
    expect(synthErrors((app) => define(app, kubevirtCluster, {}))).toEqual([expect.stringContaining("through the management cluster's wildcard routes")]);
    expect(synthErrors((app) => define(app, kubevirtLb, { metallb: POOLS }))).toEqual([expect.stringContaining('metallb: MetalLB inside a KubeVirt hosted cluster announces nothing')]);
  });

  test("a pool overlapping the management cluster's MetalLB pool is an error naming both, whichever comes first", () => {
    const overlapping = management({ pools: [{ name: 'hcp', addresses: ['10.1.0.200-10.1.0.250'] }] });
    for (const errors of [
      synthErrors((app) => define(app, metal, { metallb: POOLS }, overlapping)),
      synthErrors((app) => {
        define(app, metal, { metallb: POOLS });
        new ManagementCluster(new Chart(app, 'management-cluster'), 'management', overlapping);
      }),
    ]) {
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/"10\.1\.0\.2[0-9]+-10\.1\.0\.2[0-9]+" overlaps "10\.1\.0\.2[0-9]+-10\.1\.0\.2[0-9]+" of pool (hcp|ingress-public-ip) of (ManagementCluster|HostedClusterIngress)/);
      expect(errors[0]).toContain('ManagementCluster');
      expect(errors[0]).toContain('HostedClusterIngress clusters/vcluster2');
    }
  });
});

describe('KubeVirt ingress choice', () => {
  test('LoadBalancer ingress with a management cluster without MetalLB is an error naming both', () => {
    const errors = synthErrors((app) => define(app, kubevirtLb, {}, { ...management(false), platforms: ['KubeVirt'] }));
    expect(errors).toEqual([expect.stringMatching(/HostedCluster kubevirt-clusters\/kv-lb .* spec\.platform\.kubevirt: its ingress is a LoadBalancer .* but ManagementCluster \(management-cluster\/management\) installs no MetalLB/)]);
  });

  test("Routes (the default without baseDomain) need no baseDomain; each choice refuses the other's domain", () => {
    expect(synthErrors((app) => new HostedClusterBundle(new Chart(app, 'c'), 'c', { ...kubevirtCluster, platform: { type: 'KubeVirt', kubevirt: { ingress: 'Routes' } }, options: EXAMPLE_OPTIONS }))).toEqual([]);
    expect(synthErrors((app) => new HostedClusterBundle(new Chart(app, 'c'), 'c', { ...kubevirtCluster, baseDomain: 'x.example.com', platform: { type: 'KubeVirt', kubevirt: { ingress: 'Routes' } }, options: EXAMPLE_OPTIONS }))).toEqual([
      expect.stringContaining("platform.kubevirt.ingress: ingress through the management cluster's wildcard routes serves only its own apps domain"),
    ]);
    expect(synthErrors((app) => new HostedClusterBundle(new Chart(app, 'c'), 'c', { ...kubevirtCluster, platform: { type: 'KubeVirt', kubevirt: { ingress: 'LoadBalancer' } }, options: EXAMPLE_OPTIONS }))).toEqual([
      expect.stringContaining('platform.kubevirt.ingress: LoadBalancer ingress needs a baseDomain'),
    ]);
  });
});
