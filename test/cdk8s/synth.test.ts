import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { HcpValidationError } from '../../lib/core';
import type { Construct } from 'constructs';
import type { ConfigMap } from '../../lib/api';
import type { PlannedPart } from '../../lib/core';
import { PHASES, managementTarget, planItem } from '../../lib/core';
import { HostedCluster, HostedClusterBundle, NodePool, PlannedConstruct, synthAtomically, synthesizeCharts } from '../../lib/cdk8s';
import { MANIFEST_FILE } from '../../lib/cdk8s/engine/output-folder';
import { readPreviousOutput } from '../../lib/cdk8s/engine/previous-output';
import { defineExample } from '../../examples/app';
import { kubevirtCluster, noneCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';
import { EXAMPLE_OUTPUT, filesBelow } from './files';

const ROOT = path.resolve(__dirname, '..', '..');
const BUILD = path.join(ROOT, 'build');

describe('synthAtomically', () => {
  let work: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-synth-'));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  test('writes one file per hosted cluster, all four platforms, and keeps files it did not write', () => {
    const out = path.join(work, 'dist');
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, 'notes.yaml'), 'mine');
    const result = synthAtomically(out, (app) => defineExample(app));
    expect(result.files).toEqual(EXAMPLE_OUTPUT);
    expect(Object.keys(filesBelow(out))).toEqual([MANIFEST_FILE, ...result.files, 'notes.yaml'].sort());
    expect(fs.readFileSync(path.join(out, 'notes.yaml'), 'utf8')).toBe('mine');
    expect(result.objects).toBe(96); // 24 of the hosted clusters (1 the AWS cluster's ManagedCluster, 1 its backup Schedule, 2 of them kv-dev's node configuration ConfigMaps, 1 the AWS cluster's OpenID client secret), 21 of the agent hosts and the VM-agents cluster, 32 of the management cluster (5 of them OADP), 3 of kv-lb and 1 inside it, 5 inside aws-prod (SR-IOV), 10 of the edge site
    expect(fs.readdirSync(work)).toEqual(['dist']);
  });

  test('a named management cluster gets its own folder, management-<name>/, read back by its target key', () => {
    /** A ConfigMap on the management cluster `on` (the default one when undefined). */
    class Marker extends PlannedConstruct<PlannedPart> {
      constructor(scope: Construct, id: string, on?: string) {
        const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'marker', namespace: 'default' }, data: { on: on ?? 'default' } };
        super(scope, id, { plan: { label: `Marker ${id}`, target: managementTarget(on), objects: [planItem(configMap, PHASES.prerequisites)] }, issues: [] });
      }
    }
    const out = path.join(work, 'dist');
    const result = synthAtomically(out, (app) => {
      const chart = new Chart(app, 'two');
      new Marker(chart, 'here');
      new Marker(chart, 'there', 'east');
    });
    expect(result.files).toEqual([
      'management-east/05-resources/kustomization.yaml',
      'management-east/05-resources/two.yaml',
      'management-east/kustomization.yaml',
      'management/05-resources/kustomization.yaml',
      'management/05-resources/two.yaml',
      'management/kustomization.yaml',
    ]);
    const read = (file: string) => parseAllDocuments(fs.readFileSync(path.join(out, file), 'utf8')).map((d) => d.toJS().data);
    expect([read('management/05-resources/two.yaml'), read('management-east/05-resources/two.yaml')]).toEqual([[{ on: 'default' }], [{ on: 'east' }]]);
    const previous = readPreviousOutput(out, new Set(['ConfigMap'])).objects;
    const marker = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'marker', namespace: 'default' } };
    expect((previous.get({ object: marker, target: managementTarget('east') }) as ConfigMap | undefined)?.data).toEqual({ on: 'east' });
    expect((previous.get({ object: marker, target: managementTarget() }) as ConfigMap | undefined)?.data).toEqual({ on: 'default' });
  });

  test('deterministic: two synths write byte-identical files', () => {
    synthAtomically(path.join(work, 'a'), (app) => defineExample(app));
    synthAtomically(path.join(work, 'b'), (app) => defineExample(app));
    const a = filesBelow(path.join(work, 'a'));
    // seven clusters, two day-2 folders (one in three stages), the management cluster (three stages), the edge site (its folder and its ClusterImageSet),
    // a kustomization.yaml in each of the four folders and their nine stage folders, capacity (2), DNS (3), etcd recovery (1), hosts (2) and ports (1) reports, the manifest
    expect(Object.keys(a)).toHaveLength(38);
    expect(filesBelow(path.join(work, 'b'))).toEqual(a);
  });

  test('a failed synth leaves the previous output exactly as it was', () => {
    const out = path.join(work, 'dist');
    synthAtomically(out, (app) => defineExample(app));
    const before = filesBelow(out);
    expect(() =>
      synthAtomically(out, (app) => {
        defineExample(app);
        new HostedClusterBundle(new Chart(app, 'broken'), 'c', { ...noneCluster, name: 'broken', networking: { clusterNetwork: ['10.132.0.0/33'] } });
      }),
    ).toThrow(HcpValidationError);
    expect(filesBelow(out)).toEqual(before);
    expect(fs.readdirSync(work)).toEqual(['dist']);
  });

  test('two charts whose files would have one name are refused (cdk8s would overwrite one with the other)', () => {
    const out = path.join(work, 'dist');
    // cdk8s names the chart "Foo" foo-c8d79bc0 (a hash is added when the id is not a DNS label).
    const define = (app: App) => {
      new HostedClusterBundle(new Chart(app, 'Foo'), 'c', { ...noneCluster, name: 'one', options: { supportedVersions: SUPPORTED_VERSIONS } });
      new HostedClusterBundle(new Chart(app, 'foo-c8d79bc0'), 'c', { ...noneCluster, name: 'two', options: { supportedVersions: SUPPORTED_VERSIONS } });
    };
    expect(() => synthAtomically(out, define)).toThrow('two charts would both write management/05-resources/foo-c8d79bc0.yaml');
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe('synthesizeCharts', () => {
  /** What cdk8s itself writes with app.synth(), read back: file name (without extension) -> documents. */
  function cdk8sOutput(define: (app: App) => void): Record<string, unknown[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-cdk8s-'));
    const app = new App({ outdir: dir, outputFileExtension: '.yaml' });
    define(app);
    app.synth();
    const files = Object.fromEntries(fs.readdirSync(dir).map((f) => [f.replace(/\.yaml$/, ''), parseAllDocuments(fs.readFileSync(path.join(dir, f), 'utf8')).map((d) => d.toJS())]));
    fs.rmSync(dir, { recursive: true, force: true });
    return files;
  }

  /** The one-pass documents, as JSON data (what a YAML reader gets back). */
  function onePass(define: (app: App) => void): Record<string, unknown[]> {
    const app = new App();
    define(app);
    return Object.fromEntries(synthesizeCharts(app).map((chart) => [chart.name, JSON.parse(JSON.stringify(chart.documents)) as unknown[]]));
  }

  test('gives the documents cdk8s writes for the example, in its order', () => {
    // cdk8s's own writer knows no targets or folders: the example without its day-2 chart and its edge site.
    const define = (app: App) => defineExample(app, undefined, undefined, undefined, [], undefined, undefined, []);
    expect(onePass(define)).toEqual(cdk8sOutput(define));
  });

  test('names files by dependency order, as cdk8s does, when charts depend on each other', () => {
    const define = (app: App) => {
      const { nodePools: _pools, createNamespace: _ns, ...clusterProps } = kubevirtCluster;
      const pools = new Chart(app, 'pools');
      const cluster = new HostedCluster(new Chart(app, 'cluster'), 'kv', { ...clusterProps, options: { supportedVersions: SUPPORTED_VERSIONS } });
      new NodePool(pools, 'workers', { cluster, name: 'kv-dev-workers', replicas: 1 });
    };
    const output = onePass(define);
    expect(Object.keys(output)).toEqual(['0000-cluster', '0001-pools']);
    expect(output).toEqual(cdk8sOutput(define));
  });
});

describe('the synth program', () => {
  beforeAll(() => {
    if (!fs.existsSync(path.join(BUILD, 'lib', 'cdk8s', 'index.js'))) throw new Error('build/ is missing: run `npm run build` (npm test does)');
  });

  test('exits non-zero with the list of problems, no stack trace, and leaves dist/ untouched', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-cli-'));
    const out = path.join(work, 'dist');
    const good = spawnSync(process.execPath, [path.join(BUILD, 'examples', 'main.js')], { env: { ...process.env, CDK8S_OUTDIR: out }, encoding: 'utf8' });
    expect(good.status).toBe(0);
    // The summary and warnings go to stderr, which `cdk8s synth` passes through (it discards stdout).
    expect(good.stdout).toBe('');
    expect(good.stderr).toMatch(/^Synthesized 52 file\(s\), 115 objects, \d+ warning\(s\) into .*\nWarnings:\n/s);
    const before = filesBelow(out);

    const program = path.join(work, 'bad-synth.js');
    fs.writeFileSync(
      program,
      `const { runSynth, HostedClusterBundle } = require(${JSON.stringify(path.join(BUILD, 'lib', 'cdk8s'))});
const { Chart } = require(${JSON.stringify(require.resolve('cdk8s'))});
const { noneCluster } = require(${JSON.stringify(path.join(BUILD, 'examples', 'clusters'))});
process.exitCode = runSynth(${JSON.stringify(out)}, (app) => {
  new HostedClusterBundle(new Chart(app, 'bad'), 'c', { ...noneCluster, release: { image: 'quay.io/x/ocp' }, networking: { serviceNetwork: ['172.31.0.0/33'] } });
});`,
    );
    const bad = spawnSync(process.execPath, [program], { cwd: ROOT, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Nothing was written');
    expect(bad.stderr).toContain('release.image: release image "quay.io/x/ocp"');
    expect(bad.stderr).toContain('networking.serviceNetwork[0] (spec.networking.serviceNetwork[0].cidr): "172.31.0.0/33" is not a CIDR');
    expect(bad.stderr).not.toMatch(/^\s+at /m);
    expect(filesBelow(out)).toEqual(before);
    fs.rmSync(work, { recursive: true, force: true });
  });

  test("a bug in the user's define function prints its stack, trimmed to the user's files, and leaves dist/ untouched", () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-user-bug-'));
    const out = path.join(work, 'dist');
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, 'kept.yaml'), 'kept: true\n');
    const program = path.join(work, 'buggy-synth.js');
    fs.writeFileSync(
      program,
      `const { runSynth } = require(${JSON.stringify(path.join(BUILD, 'lib', 'cdk8s'))});
function imageOf(cluster) {
  return cluster.release.image;
}
process.exitCode = runSynth(${JSON.stringify(out)}, () => {
  imageOf({ name: 'a' });
});`,
    );
    const run = spawnSync(process.execPath, [program], { cwd: work, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr.split('\n').slice(0, 3)).toEqual([
      "Synthesis failed: TypeError: Cannot read properties of undefined (reading 'image')",
      `    at imageOf (${program}:3:26)`,
      `    at ${program}:6:3`,
    ]);
    expect(run.stderr).toMatch(/^ {4}\(\d+ frame\(s\) of node, packages and hcp-constructs hidden; `npx hcp-constructs synth --verbose` shows them\)$/m);
    expect(run.stderr).not.toContain(path.join(BUILD, 'lib'));
    expect(filesBelow(out)).toEqual({ 'kept.yaml': 'kept: true\n' });
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('importing hcp-constructs/cdk8s loads no @pulumi module', () => {
    const count = execFileSync(
      process.execPath,
      ['-e', `require(${JSON.stringify(path.join(BUILD, 'lib', 'cdk8s'))}); console.log(Object.keys(require.cache).filter((k) => k.includes('@pulumi')).length)`],
      { encoding: 'utf8' },
    );
    expect(count.trim()).toBe('0');
  });
});

test('SUPPORTED_VERSIONS comes from the ConfigMap format', () => {
  expect(SUPPORTED_VERSIONS).toEqual(['4.17', '4.16', '4.15', '4.14']);
});
