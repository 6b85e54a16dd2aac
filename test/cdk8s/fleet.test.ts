/**
 * The Fleet construct end to end, as `npm run synth` writes the built-in example: a folder per
 * management cluster, the placement kept from the previous output (its record, or where the
 * HostedClusters were written when the record is lost), a pinned move refused with nothing
 * written, the delivery objects matching the folders written, and a fleet report.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import type { FleetProps } from '../../lib';
import { HcpValidationError, STAGES } from '../../lib/core';
import { Fleet, NodePool, synthAtomically } from '../../lib/cdk8s';
import { EXAMPLE_FLEET, defineFleetExample } from '../../examples/fleet-app';
import { EXAMPLE_OPTIONS, kubevirtCluster } from '../../examples/clusters';
import { filesBelow, temporaryFolder } from './files';

type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string }; spec?: Record<string, unknown> };
const docs = (file: string) => parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => d.toJS() as Obj);
const record = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'reports/fleet-placement.json'), 'utf8')) as { placements: Record<string, string> };
const topFolders = (dir: string) => [...new Set(Object.keys(filesBelow(dir)).map((f) => f.split('/')[0]))].filter((f) => !f.startsWith('.')).sort();
const define = (fleet: FleetProps) => (app: App) => void defineFleetExample(app, fleet);

const folder = temporaryFolder('hcp-fleet-');
let dist: string;
let first: ReturnType<typeof synthAtomically>;
beforeAll(() => {
  dist = path.join(folder(), 'example');
  first = synthAtomically(dist, define(EXAMPLE_FLEET));
});

/** A copy of the example's output to change without touching the shared one. */
function copyOfExample(): string {
  const copy = path.join(folder(), `copy-${Math.random().toString(36).slice(2)}`);
  fs.cpSync(dist, copy, { recursive: true });
  return copy;
}

describe('the example fleet', () => {
  test('writes a folder per management cluster, the day-2 folders, the hub and the reports', () => {
    expect(topFolders(dist)).toEqual(['gitops-hub', 'hosted-aws-clusters-aws-prod', 'hosted-kubevirt-clusters-kv-lb', 'management-east', 'management-west', 'reports']);
    expect(Object.keys(filesBelow(path.join(dist, 'reports'))).sort()).toEqual([
      'capacity-east.json',
      'capacity-east.svg',
      'capacity-west.json',
      'capacity-west.svg',
      'dns-kv-lb.zone',
      'dns-vcluster2.zone',
      'dns-vm-agents.zone',
      'etcd-recovery-aws-clusters-aws-prod.md',
      'fleet-placement.json',
      'fleet.json',
      'fleet.svg',
      'hosts-agent-labs-vm-agents-vm-agents.sh',
      'hosts-clusters-vcluster2.sh',
      'ports-east.md',
      'ports-west.md',
    ]);
  });

  test('places each cluster on a management cluster prepared for its platform and says why in the summary', () => {
    expect(record(dist).placements).toEqual({
      'agent-labs/vm-agents': 'west',
      'aws-clusters/aws-prod': 'east',
      'clusters/vcluster2': 'west',
      'kubevirt-clusters/kv-dev': 'west',
      'kubevirt-clusters/kv-lb': 'east',
      'none-clusters/edge-lab': 'west',
    });
    expect(first.summary.filter((l) => l.startsWith('Placement:'))).toEqual([
      'Placement: agent-labs/vm-agents → west (Agent; 15 of 16 left)',
      'Placement: aws-clusters/aws-prod → east (AWS; 13 of 15 left)',
      'Placement: clusters/vcluster2 → west (Agent; 14 of 16 left)',
      'Placement: kubevirt-clusters/kv-dev → west (KubeVirt; 13 of 16 left; east: 13 left)',
      'Placement: kubevirt-clusters/kv-lb → east (pinned)',
      'Placement: none-clusters/edge-lab → west (None; 12 of 16 left)',
      'Placement: 6 new, 0 moved, 0 removed',
    ]);
    // Each HostedCluster is in its management cluster's folder, and its capacity counts only those.
    const east = JSON.parse(fs.readFileSync(path.join(dist, 'reports/capacity-east.json'), 'utf8')) as { hostedClusters: { name: string }[] };
    expect(east.hostedClusters.map((c) => c.name).sort()).toEqual(['aws-clusters/aws-prod', 'kubevirt-clusters/kv-lb']);
    expect(docs(path.join(dist, 'management-west/05-resources/kubevirt-kv-dev.yaml')).some((o) => o.kind === 'HostedCluster')).toBe(true);
  });

  test('the same input synthesizes the same bytes, and keeps every cluster where it was', () => {
    const copy = copyOfExample();
    const again = synthAtomically(copy, define(EXAMPLE_FLEET));
    expect(again.summary.filter((l) => l.startsWith('Placement:'))).toEqual(['Placement: 0 new, 0 moved, 0 removed']);
    // The reports too: they hold what the input decides, this run's changes are in the summary.
    expect(filesBelow(copy)).toEqual(filesBelow(dist));
  });

  test('a new cluster is placed; no other moves; a removed one is named', () => {
    const copy = copyOfExample();
    const added = { ...kubevirtCluster, name: 'kv-new' };
    const withNew = synthAtomically(copy, define({ ...EXAMPLE_FLEET, hostedClusters: [...EXAMPLE_FLEET.hostedClusters, added] }));
    expect(withNew.summary.filter((l) => l.startsWith('Placement:'))).toEqual(['Placement: kubevirt-clusters/kv-new → east (KubeVirt; 12 of 15 left; west: 12 left)', 'Placement: 1 new, 0 moved, 0 removed']);
    const { 'kubevirt-clusters/kv-new': placed, ...others } = record(copy).placements;
    expect(placed).toBe('east');
    expect(others).toEqual(record(dist).placements);
    const without = synthAtomically(copy, define({ ...EXAMPLE_FLEET, hostedClusters: EXAMPLE_FLEET.hostedClusters.filter((c) => c.name !== 'kv-dev') }));
    expect(without.summary.filter((l) => l.startsWith('Placement:'))).toEqual(['Placement: 0 new, 0 moved, 2 removed (kubevirt-clusters/kv-dev from west, kubevirt-clusters/kv-new from east)']);
    expect(fs.existsSync(path.join(copy, 'management-west/05-resources/kubevirt-kv-dev.yaml'))).toBe(false);
  });

  test('with the record lost, the clusters stay where the previous output has them', () => {
    // Packing puts kv-dev on east in an empty folder, so the kept placement comes from the output.
    const packed = { ...EXAMPLE_FLEET, placement: { strategy: 'pack' as const } };
    const fresh = path.join(folder(), 'packed');
    synthAtomically(fresh, define(packed));
    expect(record(fresh).placements['kubevirt-clusters/kv-dev']).toBe('east');
    const copy = copyOfExample();
    fs.rmSync(path.join(copy, 'reports/fleet-placement.json'));
    synthAtomically(copy, define(packed));
    expect(record(copy).placements).toEqual(record(dist).placements);
  });

  test('pinning a placed cluster elsewhere is an error, and nothing is written', () => {
    const copy = copyOfExample();
    const before = filesBelow(copy);
    const moved = { ...EXAMPLE_FLEET, hostedClusters: EXAMPLE_FLEET.hostedClusters.map((c) => (c.name === 'kv-dev' ? { ...c, managementCluster: 'east' } : c)) };
    let error: unknown;
    try {
      synthAtomically(copy, define(moved));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HcpValidationError);
    const messages = (error as HcpValidationError).issues.filter((i) => i.severity === 'error').map((i) => `${i.path}: ${i.message}`);
    expect(messages).toEqual(['hostedClusters[1].managementCluster: kubevirt-clusters/kv-dev is pinned to "east", but the previous output places it on "west"; moving it deletes the cluster there and creates a new one.']);
    expect(filesBelow(copy)).toEqual(before);
  });
});

describe("the fleet's constructs", () => {
  test('by name: a management cluster and a hosted cluster; a name the fleet does not have throws; a fleet with errors gives none', () => {
    const app = new App();
    const fleet = new Fleet(app, 'fleet', { ...EXAMPLE_FLEET, options: EXAMPLE_OPTIONS });
    expect(fleet.managementCluster('east')?.plan?.target).toEqual({ kind: 'management', name: 'east' });
    expect(fleet.hostedCluster('kubevirt-clusters', 'kv-dev')?.managementCluster).toBe('west');
    expect(() => fleet.managementCluster('north')).toThrow('the fleet has no management cluster north; it has east, west.');
    expect(() => fleet.hostedCluster('clusters', 'nope')).toThrow('the fleet has no hosted cluster clusters/nope; it has ');
    const broken = new Fleet(new App(), 'fleet', { ...EXAMPLE_FLEET, managementClusters: [] });
    expect([broken.plan, broken.managementCluster('east'), broken.hostedCluster('kubevirt-clusters', 'kv-dev')]).toEqual([undefined, undefined, undefined]);
    expect(broken.issues.some((i) => i.severity === 'error')).toBe(true);
  });

  test("a NodePool added to a fleet's hosted cluster follows it onto its management cluster", () => {
    const app = new App();
    const fleet = new Fleet(app, 'fleet', { ...EXAMPLE_FLEET, options: EXAMPLE_OPTIONS });
    const pool = new NodePool(new Chart(app, 'pools'), 'gpu', { cluster: fleet.hostedCluster('kubevirt-clusters', 'kv-dev')!, name: 'kv-dev-gpu', replicas: 1 });
    expect(pool.issues).toEqual([]);
    expect(pool.plan?.target).toEqual({ kind: 'management', name: 'west' });
  });
});

describe('delivery', () => {
  test("Argo CD's ApplicationSet lists exactly the folders written, each to its cluster, and the AppProject allows exactly their cluster-scoped kinds", () => {
    const objects = docs(path.join(dist, 'gitops-hub/05-resources/gitops.yaml'));
    const appSet = objects.find((o) => o.kind === 'ApplicationSet')!;
    const elements = (appSet.spec!.generators as { list: { elements: { folder: string; destination: string }[] } }[])[0].list.elements;
    const delivered = topFolders(dist).filter((f) => !f.startsWith('gitops-') && f !== 'reports');
    expect(elements.map((e) => e.folder)).toEqual(delivered);
    expect(Object.fromEntries(elements.map((e) => [e.folder, e.destination]))).toEqual({
      'hosted-aws-clusters-aws-prod': 'aws-prod',
      'hosted-kubevirt-clusters-kv-lb': 'kv-lb',
      'management-east': 'east',
      'management-west': 'west',
    });
    const clusterScoped = new Set<string>();
    for (const [file, content] of Object.entries(filesBelow(dist))) {
      if (!/^(management|hosted)-.*\.yaml$/.test(file) || file.endsWith('kustomization.yaml')) continue;
      for (const o of parseAllDocuments(content).map((d) => d.toJS() as Obj)) if (!o.metadata.namespace) clusterScoped.add(`${o.apiVersion.includes('/') ? o.apiVersion.split('/')[0] : ''}/${o.kind}`);
    }
    const project = objects.find((o) => o.kind === 'AppProject')!;
    expect((project.spec!.clusterResourceWhitelist as { group: string; kind: string }[]).map((k) => `${k.group}/${k.kind}`).sort()).toEqual([...clusterScoped].sort());
  });

  test("Flux gets a folder per management cluster whose Kustomizations apply the stages in order, each after the one before", () => {
    const out = path.join(folder(), 'flux');
    synthAtomically(out, define({ ...EXAMPLE_FLEET, delivery: { repoURL: 'https://git.example.com/platform/hosted-clusters.git', flux: {} } }));
    for (const mc of ['east', 'west']) {
      const stages = fs.readdirSync(path.join(out, `management-${mc}`)).filter((f) => (STAGES as readonly string[]).includes(f)).sort();
      const files = Object.keys(filesBelow(path.join(out, `gitops-${mc}`))).filter((f) => f.endsWith('.yaml') && !f.endsWith('kustomization.yaml'));
      const kustomizations = files.flatMap((f) => docs(path.join(out, `gitops-${mc}`, f))).filter((o) => o.kind === 'Kustomization' && String(o.spec?.path).includes(`/management-${mc}/`));
      expect(kustomizations.map((k) => String(k.spec!.path).split('/').pop())).toEqual(stages);
      kustomizations.forEach((k, index) => {
        const dependsOn = (k.spec!.dependsOn as { name: string }[] | undefined) ?? [];
        expect(dependsOn.map((d) => d.name)).toEqual(index === 0 ? [] : [kustomizations[index - 1].metadata.name]);
      });
    }
  });

  const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
  if (!kubectl) process.stdout.write('fleet.test.ts: kubectl is not installed, so the fleet folders are not built with `kubectl kustomize`.\n');
  (kubectl ? test : test.skip)('every folder of the fleet builds with `kubectl kustomize`', () => {
    const folders = Object.keys(filesBelow(dist))
      .filter((f) => path.basename(f) === 'kustomization.yaml')
      .map((f) => path.dirname(f));
    expect(folders.length).toBeGreaterThan(10);
    for (const f of folders) {
      const built = spawnSync('kubectl', ['kustomize', path.join(dist, f)], { encoding: 'utf8' });
      expect([f, built.status, built.stderr]).toEqual([f, 0, '']);
    }
  });
});
