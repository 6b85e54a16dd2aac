/**
 * Changes checked against what is there: a synth into a folder the library wrote before judges
 * every planned object against the object it wrote there last time, and fails (writing nothing)
 * on a change the API server would refuse.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { App } from 'cdk8s';
import type { HostedClusterProps } from '../../lib';
import { HcpValidationError, formatIssues } from '../../lib/core';
import { synthAtomically } from '../../lib/cdk8s';
import { reportFailure, synthInMemory } from '../../lib/cdk8s/engine/synth';
import { MANIFEST_FILE } from '../../lib/cdk8s/engine/output-folder';
import { readPreviousOutput } from '../../lib/cdk8s/engine/previous-output';
import { defineExample } from '../../examples/app';
import { EXAMPLE_AGENT_CLUSTERS } from '../../examples/agent-infrastructure';
import { EXAMPLE_CLUSTERS } from '../../examples/clusters';
import { filesBelow } from './files';

/** The example with the KubeVirt cluster kv-dev changed by `change`. */
const exampleWith =
  (change: (cluster: HostedClusterProps) => HostedClusterProps) =>
  (app: App): void =>
    defineExample(app, [...EXAMPLE_CLUSTERS.map((c) => (c.name === 'kv-dev' ? change(c) : c)), ...EXAMPLE_AGENT_CLUSTERS]);

const workersInPlace = exampleWith((c) => ({ ...c, nodePools: c.nodePools!.map((p, i) => (i === 0 ? { ...p, upgradeType: 'InPlace' as const } : p)) }));

const UPGRADE_TYPE_ERROR =
  '  error NodePool kubevirt-clusters/kv-dev-workers nodePools[0].upgradeType (spec.management.upgradeType): UpgradeType is immutable: ' +
  'it was "Replace" in the previous output and is "InPlace" now, so the API server would refuse the update (rule `self == oldSelf`). ' +
  'Fix: Keep nodePools[0].upgradeType as it was ("Replace"). To change it, add a NodePool with another name and upgradeType "InPlace", ' +
  'move the workloads to it, then remove this NodePool.';

/** The errors a synth throws, formatted as the command prints them. */
function errorsOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof HcpValidationError) return formatIssues(error.issues.filter((i) => i.severity === 'error'));
    throw error;
  }
  throw new Error('the synth did not fail');
}

let work: string;
let out: string;
/** Objects of the example, as the first synth wrote them. */
let objects: number;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-previous-'));
  out = path.join(work, 'dist');
  objects = synthAtomically(out, (app) => defineExample(app)).objects;
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

describe('a synth against the output it wrote before', () => {
  test("a NodePool's upgradeType changed: the synth fails with the way forward and the folder stays as it was", () => {
    const before = filesBelow(out);
    expect(errorsOf(() => synthAtomically(out, workersInPlace))).toBe(UPGRADE_TYPE_ERROR);
    expect(filesBelow(out)).toEqual(before);
    expect(fs.readdirSync(work)).toEqual(['dist']);
  });

  test('runSynth and the command print it and exit 1', () => {
    let printed = '';
    let code: number | undefined;
    try {
      synthAtomically(out, workersInPlace);
    } catch (error) {
      code = reportFailure(error, { write: (text: string) => (printed += text) });
    }
    expect(code).toBe(1);
    expect(printed).toBe(`Synthesis failed: 1 problem(s) in the input. Nothing was written.\n${UPGRADE_TYPE_ERROR}\n`);
  });

  test('immutable fields of a HostedCluster: each change is an error naming the prop and a new cluster as the way forward', () => {
    const changed = exampleWith((c) => ({ ...c, controllerAvailabilityPolicy: 'SingleReplica', etcd: { ...c.etcd, storageClassName: 'other' }, networking: { serviceNetwork: ['172.30.0.0/16'] } }));
    const newCluster = 'Fix: Keep %s as it was (%s). An existing hosted cluster never takes this change: to have it, create a new hosted cluster with it and move the workloads there.';
    const line = (path: string, rendered: string, message: string, before: string, after: string) =>
      `  error HostedCluster kubevirt-clusters/kv-dev ${path}${rendered ? ` (${rendered})` : ''}: ${message}: it was ${before} in the previous output and is ${after} now, so the API server would refuse the update (rule \`self == oldSelf\`). ${newCluster.replace('%s', path).replace('%s', before)}`;
    expect(errorsOf(() => synthAtomically(out, changed)).split('\n')).toEqual([
      line('controllerAvailabilityPolicy', '', 'ControllerAvailabilityPolicy is immutable', '"HighlyAvailable"', '"SingleReplica"'),
      line('etcd.storageClassName', 'spec.etcd.managed.storage.persistentVolume.storageClassName', 'storageClassName is immutable', '"ocs-storagecluster-ceph-rbd"', '"other"'),
      line('networking.serviceNetwork', '', 'serviceNetwork is immutable and cannot be modified once set', '[{"cidr":"172.31.0.0/16"}]', '[{"cidr":"172.30.0.0/16"}]'),
    ]);
  });

  test('changes the API server takes pass: replicas, and a base domain set where there was none', () => {
    const changed = exampleWith((c) => ({ ...c, baseDomain: 'kv.example.com', nodePools: c.nodePools!.map((p) => ({ ...p, replicas: 5 })) }));
    expect(synthAtomically(out, changed).files).toContain('management/05-resources/kubevirt-kv-dev.yaml');
    expect(fs.readFileSync(path.join(out, 'management', '05-resources', 'kubevirt-kv-dev.yaml'), 'utf8')).toContain('baseDomain: kv.example.com');
    // ...and once set, the base domain is fixed.
    const again = exampleWith((c) => ({ ...c, baseDomain: 'other.example.com', nodePools: c.nodePools!.map((p) => ({ ...p, replicas: 5 })) }));
    expect(errorsOf(() => synthAtomically(out, again))).toContain(
      'error HostedCluster kubevirt-clusters/kv-dev baseDomain (spec.dns.baseDomain): baseDomain is immutable: it was "kv.example.com" in the previous output and is "other.example.com" now',
    );
  });

  test('synthInMemory (synth --check, diff) judges against the folder it is given, and only then; it returns what it finds', () => {
    const judged = synthInMemory(workersInPlace, {}, out);
    expect(formatIssues(judged.previous.findings.filter((i) => i.severity === 'error'))).toBe(UPGRADE_TYPE_ERROR);
    expect(judged.objects).toBe(objects);
    expect(synthInMemory(workersInPlace).previous).toEqual({ findings: [], summary: [] });
  });

  test('a new NodePool with another name is the way: the old one removed, the new one added', () => {
    const replaced = exampleWith((c) => ({ ...c, nodePools: c.nodePools!.map((p, i) => (i === 0 ? { ...p, name: 'kv-dev-workers-inplace', upgradeType: 'InPlace' as const } : p)) }));
    const result = synthAtomically(out, replaced);
    expect(result.warnings.filter((w) => w.message.includes('previous output'))).toEqual([]);
    expect(fs.readFileSync(path.join(out, 'management', '05-resources', 'kubevirt-kv-dev.yaml'), 'utf8')).toContain('name: kv-dev-workers-inplace');
  });
});

describe('reading the previous output', () => {
  test('a listed file that is gone or does not parse is a warning, and the rest is still checked', () => {
    fs.rmSync(path.join(out, 'management', '05-resources', 'aws-aws-prod.yaml'));
    fs.writeFileSync(path.join(out, 'management', '05-resources', 'none-edge-lab.yaml'), 'kind: NodePool\nmetadata: [unclosed\n');
    const previous = readPreviousOutput(out, new Set(['HostedCluster', 'NodePool']));
    expect(previous.warnings.map((w) => `${w.object} ${w.path}: ${w.message}`)).toEqual([
      `${MANIFEST_FILE} in ${out} management/05-resources/aws-aws-prod.yaml: the previous output management/05-resources/aws-aws-prod.yaml is missing, so changes to its objects are not checked against what was applied.`,
      expect.stringMatching(
        new RegExp(`^${MANIFEST_FILE} in ${out} management/05-resources/none-edge-lab.yaml: the previous output management/05-resources/none-edge-lab.yaml does not parse as YAML \\(.+\\), so changes to its objects are not checked against what was applied\\.$`),
      ),
    ]);
    expect(errorsOf(() => synthAtomically(out, workersInPlace))).toBe(UPGRADE_TYPE_ERROR);
  });

  test('an output in the layout before the stage folders (files directly in management/) is judged as well, then moved', () => {
    // The folder as an older version wrote it: each chart's stage files as one file in its folder, no kustomization files.
    const flat = new Map<string, string[]>();
    for (const file of fs.readFileSync(path.join(out, MANIFEST_FILE), 'utf8').split('\n').filter((f) => f !== '' && !f.startsWith('#'))) {
      const parts = file.split('/');
      const content = fs.readFileSync(path.join(out, file), 'utf8');
      fs.rmSync(path.join(out, file));
      if (parts[parts.length - 1] === 'kustomization.yaml') continue;
      const name = parts.length === 3 ? `${parts[0]}/${parts[2]}` : file;
      flat.set(name, [...(flat.get(name) ?? []), content]);
    }
    for (const [name, contents] of flat) fs.writeFileSync(path.join(out, name), contents.join('---\n'));
    fs.writeFileSync(path.join(out, MANIFEST_FILE), `# Files written by hcp-constructs\n${[...flat.keys()].join('\n')}\n`);
    for (const folder of fs.readdirSync(path.join(out, 'management')).filter((f) => /^0\d-/.test(f))) fs.rmSync(path.join(out, 'management', folder), { recursive: true });
    expect(fs.readdirSync(path.join(out, 'management')).sort()).toEqual(['agent-vcluster2.yaml', 'agent-vm-agents.yaml', 'aws-aws-prod.yaml', 'edge-store-042.yaml', 'kubevirt-kv-dev.yaml', 'kubevirt-kv-lb.yaml', 'management-cluster.yaml', 'none-edge-lab.yaml']);
    const before = filesBelow(out);
    expect(errorsOf(() => synthAtomically(out, workersInPlace))).toBe(UPGRADE_TYPE_ERROR);
    expect(filesBelow(out)).toEqual(before);
    // A change the API server takes: the files move into the stage folders, the flat ones go.
    const result = synthAtomically(out, (app) => defineExample(app));
    expect(result.removed).toEqual([...flat.keys()].filter((f) => !f.startsWith('reports/')).sort());
    expect(fs.readdirSync(path.join(out, 'management')).sort()).toEqual(['01-operators', '02-operator-configuration', '03-webhooks', '05-resources', 'kustomization.yaml']);
  });

  test('only the kinds asked for, only from target folders, and nothing without a manifest', () => {
    const kinds = (objects: ReturnType<typeof readPreviousOutput>['objects']) => objects.size;
    expect(kinds(readPreviousOutput(out, new Set(['NodePool'])).objects)).toBe(8);
    expect(kinds(readPreviousOutput(out, new Set(['HostedCluster', 'NodePool'])).objects)).toBe(14); // 6 HostedClusters, 8 NodePools
    expect(kinds(readPreviousOutput(out, new Set()).objects)).toBe(0);
    fs.rmSync(path.join(out, MANIFEST_FILE));
    expect(readPreviousOutput(out, new Set(['NodePool']))).toEqual({ objects: expect.objectContaining({ size: 0 }), warnings: [] });
    // Without the record the folder is not the library's: nothing to judge against.
    expect(synthAtomically(path.join(work, 'fresh'), workersInPlace).objects).toBe(objects);
  });
});
