/**
 * A Fleet in the library's synth plans big fleets in threads (lib/cdk8s/engine/fleet-planning.ts): the
 * files, warnings, summaries and refused changes must be exactly those of planning in one thread.
 * Threads run the compiled thread body, so these tests run the build in a child process, with
 * `HCP_SYNTH_THREADS` forcing threads for small fleets.
 */
import * as fs from 'fs';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import { HostedClusterBundle } from '../../lib/cdk8s';
import { isPlainData, planningThreadCount, MIN_CLUSTERS_FOR_THREADS, MIN_CORES_FOR_THREADS } from '../../lib/cdk8s/engine/fleet-planning';
import { plannedDocument } from '../../lib/cdk8s/engine/planned-document';
import { appState } from '../../lib/cdk8s/engine/app-state';
import type { KubernetesObject } from '../../lib';
import { SecretSource } from '../../lib';
import { describeObject } from '../../lib/core';
import { EXAMPLE_CLUSTERS, EXAMPLE_OPTIONS } from '../../examples/clusters';
import { BUILD, filesBelow, runOnBuild, temporaryFolder } from './files';

type Input = 'example' | 'example, kv-dev workers InPlace' | 'workload of 48' | 'workload of 48 with errors' | 'workload of 48, an object in a chart';

/**
 * Synthesizes `input` into `outdir` with `HCP_SYNTH_THREADS=threads`; prints how many clusters the
 * threads planned, which charts the synth wrote from the threads' documents, and the warnings and
 * summary (or the failure, as the command prints it, on stderr).
 */
function synth(outdir: string, threads: number, input: Input) {
  const script = `
const { PlanningThreads } = require(${JSON.stringify(path.join(BUILD, 'lib', 'cdk8s', 'engine', 'fleet-planning'))});
const plan = PlanningThreads.prototype.plan;
let threaded = 0;
PlanningThreads.prototype.plan = function (...args) {
  const answers = plan.apply(this, args);
  threaded += answers.filter((a) => a !== undefined).length;
  return answers;
};
// Hosted clusters planned in this thread.
const platforms = require(${JSON.stringify(path.join(BUILD, 'lib', 'platforms'))});
let mainPlans = 0;
for (const name of ['checkHostedCluster', 'checkHostedClusterWith']) {
  const check = platforms[name];
  platforms[name] = (...args) => (mainPlans++, check(...args));
}
const { appState } = require(${JSON.stringify(path.join(BUILD, 'lib', 'cdk8s', 'engine', 'app-state'))});
const { synthAtomically, synthInMemory, reportFailure } = require(${JSON.stringify(path.join(BUILD, 'lib', 'cdk8s', 'engine', 'synth'))});
const { formatIssues } = require(${JSON.stringify(path.join(BUILD, 'lib'))});
const { EXAMPLE_FLEET, defineFleetExample } = require(${JSON.stringify(path.join(BUILD, 'examples', 'fleet-app'))});
const { fleetProps, workload, OPTIONS } = require(${JSON.stringify(path.join(BUILD, 'bench', 'workload'))});
const { Fleet } = require(${JSON.stringify(path.join(BUILD, 'lib', 'cdk8s'))});
const { ApiObject } = require(${JSON.stringify(require.resolve('cdk8s'))});
const input = ${JSON.stringify(input)};
let root;
const define = (app) => {
  root = app;
  const clusters = workload(48);
  if (input.endsWith('with errors')) {
    clusters[3] = { ...clusters[3], nodePools: [{ name: 'bad', replicas: -1 }] }; // planned in a thread
    clusters[5] = { ...clusters[5], pullSecret: () => 'not data' }; // planned here
  }
  if (input.startsWith('workload')) {
    new Fleet(app, 'fleet', { ...fleetProps(clusters), managementClusters: fleetProps([]).managementClusters.slice(0, 3), options: OPTIONS });
    // Found by its id, not through fleet.hostedCluster().
    if (input.endsWith('in a chart')) new ApiObject(app.node.findChild('agent-c00001'), 'extra', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'extra', namespace: 'clusters-c00001' } });
    return;
  }
  const inPlace = (c) => (c.name === 'kv-dev' ? { ...c, nodePools: c.nodePools.map((p, i) => (i === 0 ? { ...p, upgradeType: 'InPlace' } : p)) } : c);
  defineFleetExample(app, input === 'example' ? EXAMPLE_FLEET : { ...EXAMPLE_FLEET, hostedClusters: EXAMPLE_FLEET.hostedClusters.map(inPlace) });
};
try {
  const result = synthAtomically(${JSON.stringify(outdir)}, define);
  const prerendered = root.node.children.filter((c) => appState(c).prerendered.has(c)).map((c) => c.node.id);
  const [planned, plannedHere] = [threaded, mainPlans];
  // What synth --check and diff compare: the same files, in memory.
  const fs = require('fs');
  const inMemory = [...synthInMemory(define).files].every(([name, content]) => fs.readFileSync(require('path').join(${JSON.stringify(outdir)}, name), 'utf8') === content);
  console.log(JSON.stringify({ threaded: planned, mainPlans: plannedHere, prerendered, inMemory, warnings: formatIssues(result.warnings), summary: result.summary }));
} catch (error) {
  process.exitCode = reportFailure(error);
  console.log(JSON.stringify({ threaded }));
}`;
  const run = runOnBuild(script, outdir, threads, 'lib/cdk8s/engine/fleet-planning-thread.js');
  if (!run.stdout.trim()) throw new Error(`the synth script printed nothing (exit ${run.status}):\n${run.stderr}`);
  const printed = JSON.parse(run.stdout.trim().split('\n').pop()!) as { threaded: number; mainPlans?: number; prerendered?: string[]; inMemory?: boolean; warnings?: string; summary?: string[] };
  return { status: run.status, stderr: run.stderr, ...printed };
}

describe('planning a fleet in threads', () => {
  const folder = temporaryFolder('hcp-fleet-planning-');

  test('the example fleet: the same files, warnings and summary as one thread; bundles asked for are rendered, the others written from the threads', () => {
    const [one, two] = [path.join(folder(), 'one', 'dist'), path.join(folder(), 'two', 'dist')];
    const single = synth(one, 0, 'example');
    const threaded = synth(two, 2, 'example');
    expect([single.status, threaded.status]).toEqual([0, 0]);
    expect(single.threaded).toBe(0);
    // Every cluster of the fleet is planned in a thread, and none again here: a bundle asked for takes the thread's plan.
    expect([threaded.threaded, threaded.mainPlans]).toEqual([6, 0]);
    expect(single.mainPlans).toBeGreaterThanOrEqual(6);
    // The example asks for the bundles of the clusters it adds hosts, day-2 objects, imports and backups to.
    expect(threaded.prerendered).toEqual(['kubevirt-kv-dev', 'none-edge-lab']);
    expect(threaded.inMemory).toBe(true);
    expect(threaded.warnings).toBe(single.warnings);
    expect(threaded.summary).toEqual(single.summary);
    const [a, b] = [filesBelow(one), filesBelow(two)];
    expect(Object.keys(b)).toEqual(Object.keys(a));
    for (const name of Object.keys(a)) expect([name, b[name]]).toEqual([name, a[name]]);
  });

  test('a bigger fleet over three management clusters: every cluster planned in a thread, the same bytes', () => {
    const [one, two] = [path.join(folder(), 'w-one', 'dist'), path.join(folder(), 'w-two', 'dist')];
    const single = synth(one, 0, 'workload of 48');
    const threaded = synth(two, 2, 'workload of 48');
    expect([single.status, threaded.status]).toEqual([0, 0]);
    expect(threaded.threaded).toBe(48);
    expect(threaded.prerendered).toHaveLength(48);
    expect(threaded.warnings).toBe(single.warnings);
    expect(filesBelow(two)).toEqual(filesBelow(one));
  });

  test("a chart someone added an object to (found by its id) is written with its cluster's objects too", () => {
    const out = path.join(folder(), 'c-two', 'dist');
    const threaded = synth(out, 2, 'workload of 48, an object in a chart');
    expect(threaded.status).toBe(0);
    expect(threaded.prerendered).toHaveLength(47);
    const files = Object.entries(filesBelow(out)).filter(([name]) => name.endsWith('/agent-c00001.yaml'));
    // The object names no target, so it goes to the app's own management cluster, as beside a bundle; the cluster's objects to where it runs.
    expect(files.map(([name, text]) => [name.split('/')[0], text.match(/^kind: (\w+)$/gm)])).toEqual([
      [expect.stringMatching(/^management-mc-00[0-2]$/), ['kind: Namespace', 'kind: ExternalSecret', 'kind: ExternalSecret', 'kind: ExternalSecret', 'kind: HostedCluster', 'kind: NodePool', 'kind: NodePool']],
      ['management', ['kind: ConfigMap']],
    ]);
  });

  test('a fleet with errors fails alike, in a thread or here, and writes nothing', () => {
    const outs = [path.join(folder(), 'e-one', 'dist'), path.join(folder(), 'e-two', 'dist')];
    const [single, threaded] = [synth(outs[0], 0, 'workload of 48 with errors'), synth(outs[1], 2, 'workload of 48 with errors')];
    expect([single.status, threaded.status]).toEqual([1, 1]);
    expect(threaded.threaded).toBe(47);
    expect(threaded.stderr).toMatch(/hostedClusters\[3\]\.nodePools\[0\]\.replicas/);
    expect(threaded.stderr).toMatch(/hostedClusters\[5\]\.pullSecret/);
    expect(threaded.stderr).toBe(single.stderr);
    expect(outs.map((out) => fs.existsSync(out))).toEqual([false, false]);
  });

  test("a change the API server would refuse to a cluster written from a thread's documents names the same props path", () => {
    const outs = [path.join(folder(), 'r-one', 'dist'), path.join(folder(), 'r-two', 'dist')];
    const failures = [0, 2].map((threads, i) => {
      expect(synth(outs[i], threads, 'example').status).toBe(0);
      const before = filesBelow(outs[i]);
      const failed = synth(outs[i], threads, 'example, kv-dev workers InPlace');
      expect(failed.status).toBe(1);
      expect(filesBelow(outs[i])).toEqual(before);
      return failed.stderr;
    });
    expect(failures[1]).toContain('error NodePool kubevirt-clusters/kv-dev-workers nodePools[0].upgradeType (spec.management.upgradeType): UpgradeType is immutable');
    expect(failures[1]).toBe(failures[0]);
  });
});

describe('what goes to a planning thread', () => {
  test("a plan object's document is its ApiObject's JSON, for every object of the example's clusters", () => {
    const app = new App();
    for (const cluster of EXAMPLE_CLUSTERS) new HostedClusterBundle(new Chart(app, cluster.name), 'cluster', { ...cluster, options: EXAMPLE_OPTIONS });
    const documents = new Map(appState(app).plan.objects.map((p) => [describeObject(p.object), plannedDocument(p)]));
    const rendered = app.node.findAll().flatMap((c) => (c instanceof HostedClusterBundle ? c.apiObjects.map((o) => o.toJson() as KubernetesObject) : []));
    expect(rendered.length).toBeGreaterThan(20);
    for (const json of rendered) expect([describeObject(json), documents.get(describeObject(json))]).toEqual([describeObject(json), json]);
  });

  test('only plain data is sent; anything else is planned in this thread', () => {
    expect(isPlainData({ a: [1, 'x', true, null, undefined, { b: {} }] })).toBe(true);
    expect(isPlainData(SecretSource.external({ store: 'vault', key: 'k' }))).toBe(true);
    expect(isPlainData({ f: () => 1 })).toBe(false);
    expect(isPlainData({ d: new Date(0) })).toBe(false);
    expect(isPlainData({ n: 10n })).toBe(false);
    expect(isPlainData({ [Symbol('s')]: 1 })).toBe(false);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(isPlainData(cycle)).toBe(false);
    const shared = { x: 1 };
    expect(isPlainData({ a: shared, b: shared })).toBe(true);
  });

  test('threads for big fleets on three cores or more, one per core; HCP_SYNTH_THREADS decides when set; none without the compiled thread body', () => {
    expect(planningThreadCount(MIN_CLUSTERS_FOR_THREADS - 1, {}, true, 4)).toBe(0);
    expect(planningThreadCount(MIN_CLUSTERS_FOR_THREADS, {}, true, 4)).toBe(4);
    expect(planningThreadCount(10_000, {}, true, 16)).toBe(8);
    expect(planningThreadCount(10_000, {}, true, MIN_CORES_FOR_THREADS - 1)).toBe(0);
    expect(planningThreadCount(10_000, { HCP_SYNTH_THREADS: '2' }, true, 2)).toBe(2);
    expect(planningThreadCount(10_000, { HCP_SYNTH_THREADS: '0' }, true)).toBe(0);
    // Forced, even for a small fleet, but never more threads than jobs of 16 clusters.
    expect(planningThreadCount(7, { HCP_SYNTH_THREADS: '2' }, true)).toBe(1);
    expect(planningThreadCount(40, { HCP_SYNTH_THREADS: '2' }, true)).toBe(2);
    expect(() => planningThreadCount(10, { HCP_SYNTH_THREADS: 'x' }, true)).toThrow('HCP_SYNTH_THREADS must be a whole number');
    expect(planningThreadCount(10_000, { HCP_SYNTH_THREADS: '2' }, false)).toBe(0);
    expect(planningThreadCount(10_000, {})).toBe(0); // ts-jest runs the sources
  });
});
