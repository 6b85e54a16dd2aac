/**
 * The API-schema checks of a fleet run in a thread while the app is defined
 * (lib/cdk8s/engine/schema-checks.ts): the synth fails with the same findings as when they run inline,
 * writes nothing, and a bundle's `issues` and `plan` wait for its findings when read. Threads
 * run the compiled thread body, so these tests run the build (npm test builds first) in a child
 * process.
 */
import * as fs from 'fs';
import * as path from 'path';
import { BUILD, filesBelow, runOnBuild, temporaryFolder } from './files';

/**
 * Synthesizes 80 clusters of the benchmark's workload into `outdir` with
 * `HCP_SYNTH_THREADS=threads`; cluster 61 (past the first 32, which are checked inline) gets
 * `specOverrides` only the API schema refuses. Prints what the define callback read from that
 * cluster's bundle and how many objects were checked in the main thread; the synth's failure goes
 * to stderr as `runSynth` reports it.
 */
function synth(outdir: string, threads: number, metricsSet = "'Bogus'") {
  const script = `
const { HostedClusterBundle, synthAtomically } = require(${JSON.stringify(path.join(BUILD, 'lib', 'cdk8s'))});
const { reportFailure } = require(${JSON.stringify(path.join(BUILD, 'lib', 'cdk8s', 'engine', 'synth'))});
const { OPTIONS, chartId, defineFleet, workload } = require(${JSON.stringify(path.join(BUILD, 'bench', 'workload'))});
const { Chart } = require(${JSON.stringify(require.resolve('cdk8s'))});
// Counts the objects checked in this thread.
const schema = require(${JSON.stringify(path.join(BUILD, 'lib', 'api', 'check.js'))});
const checkHere = schema.checkObjectSchema;
let checkedHere = 0;
schema.checkObjectSchema = (object) => (checkedHere++, checkHere(object));
try {
  synthAtomically(${JSON.stringify(outdir)}, (app) => {
    const clusters = workload(80);
    const bad = { ...clusters[60], specOverrides: { monitoring: { metricsSet: ${metricsSet} } } };
    defineFleet(app, clusters.slice(0, 60));
    const bundle = new HostedClusterBundle(new Chart(app, chartId(bad)), 'cluster', { ...bad, options: OPTIONS });
    defineFleet(app, clusters.slice(61));
    console.log(JSON.stringify({ plan: bundle.plan !== undefined, errors: bundle.issues.filter((i) => i.severity === 'error').map((i) => i.path) }));
  });
} catch (error) {
  process.exitCode = reportFailure(error);
}
console.log(JSON.stringify({ checkedHere }));`;
  return runOnBuild(script, outdir, threads, 'lib/cdk8s/engine/schema-check-thread.js');
}

describe('schema checks in a thread', () => {
  const folder = temporaryFolder('hcp-checks-');

  test('a finding of the thread fails the synth as an inline one does, and nothing is written', () => {
    const out = path.join(folder(), 'project', 'dist');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'mine.yaml'), 'kept');
    const before = filesBelow(out);
    const [threaded, inline] = [synth(out, 2), synth(out, 0)];
    for (const run of [threaded, inline]) {
      expect(run.status).toBe(1);
      // The bundle, read in the define callback, already has its finding and no plan.
      expect(JSON.parse(run.stdout.trim().split('\n')[0])).toEqual({ plan: false, errors: ['specOverrides.monitoring.metricsSet'] });
      expect(run.stderr).toContain('Synthesis failed: 1 problem(s) in the input. Nothing was written.');
      expect(run.stderr).toContain('HostedCluster clusters-c00061/c00061');
      expect(run.stderr).toContain('Unsupported value: "Bogus": supported values: "Telemetry", "SRE", "All" (the API server would refuse it).');
    }
    expect(threaded.stderr).toBe(inline.stderr);
    expect(filesBelow(out)).toEqual(before);
    // Inline, every object of the 80 clusters is checked here; with the thread, only those of the first 32.
    const checkedHere = (run: ReturnType<typeof synth>) => (JSON.parse(run.stdout.trim().split('\n')[1]) as { checkedHere: number }).checkedHere;
    expect(checkedHere(inline)).toBeGreaterThanOrEqual(80 * 5);
    expect(checkedHere(threaded)).toBeLessThan(40 * 8);
  });

  test('objects that cannot be sent to the thread (a function in specOverrides) are checked here', () => {
    const out = path.join(folder(), 'function', 'dist');
    const run = synth(out, 2, '() => 1');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('spec.monitoring.metricsSet in body must be of type string (the API server would refuse it).');
    expect(run.stderr).not.toContain('DataCloneError');
  });
});
