/**
 * Writer threads (lib/cdk8s/engine/yaml-writers.ts) give the same bytes as one thread, and a failure in
 * a thread fails the synth with the previous output left as it was. Threads run the compiled
 * thread body, so these tests run the build (npm test builds first) in a child process.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { helperThreadsAllowed, writerThreadCount } from '../../lib/cdk8s/engine/yaml-writers';
import { BUILD, filesBelow, runOnBuild, temporaryFolder } from './files';

/**
 * Runs a synth of `clusters` clusters of the benchmark's workload into `outdir` with
 * `HCP_SYNTH_THREADS=threads`; `bad` adds, as the first chart, a ConfigMap holding a value
 * js-yaml cannot write (a BigInt; a function, which cannot even be sent to a thread). Prints
 * `{ files, localWrites }` (files written by this thread).
 */
function synth(outdir: string, clusters: number, threads: number, bad?: '10n' | '() => 1') {
  const script = `
const fs = require('fs');
const { synthAtomically } = require(${JSON.stringify(path.join(BUILD, 'lib', 'cdk8s'))});
const { defineFleet, workload } = require(${JSON.stringify(path.join(BUILD, 'bench', 'workload'))});
const { ApiObject, Chart } = require(${JSON.stringify(require.resolve('cdk8s'))});
const write = fs.writeFileSync;
let localWrites = 0;
fs.writeFileSync = (...args) => { localWrites++; return write(...args); };
const result = synthAtomically(${JSON.stringify(outdir)}, (app) => {
  // The first file always goes to a thread (none is busy yet).
  if (${bad !== undefined}) new ApiObject(new Chart(app, 'big'), 'cm', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { n: ${bad} } });
  defineFleet(app, workload(${clusters}));
});
console.log(JSON.stringify({ files: result.files.length, localWrites }));`;
  return runOnBuild(script, outdir, threads, 'lib/cdk8s/engine/yaml-writer-thread.js');
}

describe('writer threads', () => {
  const folder = temporaryFolder('hcp-writers-');

  test('two threads write the same bytes as one, most files in the threads', () => {
    const [one, two] = [path.join(folder(), 'one', 'dist'), path.join(folder(), 'two', 'dist')];
    const single = spawnResult(synth(one, 120, 0));
    const threaded = spawnResult(synth(two, 120, 2));
    expect(single.files).toBe(threaded.files);
    // One file per cluster and the kustomization files of management/ and its stage folder; this thread also writes those and the manifest.
    expect(single.files).toBe(122);
    expect(single.localWrites).toBe(123);
    expect(threaded.localWrites).toBeLessThan(single.localWrites);
    const [a, b] = [filesBelow(one), filesBelow(two)];
    // The manifest and the reports do not depend on threads; every chart file is byte-identical.
    expect(Object.keys(b)).toEqual(Object.keys(a));
    for (const name of Object.keys(a)) expect(b[name]).toBe(a[name]);
  });

  test('a file a thread cannot write fails the synth, and the previous output stays as it was', () => {
    const out = path.join(folder(), 'failing', 'dist');
    spawnResult(synth(out, 40, 0));
    const before = filesBelow(out);
    const failed = synth(out, 40, 2, '10n');
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toMatch(/writing management\/05-resources\/big\.yaml failed in a writer thread: unacceptable kind of an object to dump \[object BigInt\]/);
    expect(filesBelow(out)).toEqual(before);
    // In one thread the same input fails alike.
    const inline = synth(out, 40, 0, '10n');
    expect(inline.status).not.toBe(0);
    expect(inline.stderr).toMatch(/writing management\/05-resources\/big\.yaml failed: unacceptable kind of an object to dump \[object BigInt\]/);
    expect(filesBelow(out)).toEqual(before);
  });

  test('a value that cannot be sent to a thread is written here, where js-yaml reports it', () => {
    const out = path.join(folder(), 'function', 'dist');
    const failed = synth(out, 40, 2, '() => 1');
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toMatch(/writing management\/05-resources\/big\.yaml failed: unacceptable kind of an object to dump \[object Function\]/);
    expect(failed.stderr).not.toContain('DataCloneError');
    expect(fs.existsSync(out)).toBe(false);
  });
});

function spawnResult(result: ReturnType<typeof synth>): { files: number; localWrites: number } {
  if (result.status !== 0) throw new Error(`synth failed (exit ${result.status}):\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as { files: number; localWrites: number };
}

describe('writerThreadCount', () => {
  const cores = os.availableParallelism();
  test('none for small synths, one per spare core (at most 4) for big ones', () => {
    expect(writerThreadCount(199, {}, true)).toBe(0);
    expect(writerThreadCount(200, {}, true)).toBe(Math.min(cores - 1, 4));
  });

  test('HCP_SYNTH_THREADS decides when set; a bad value is an error', () => {
    expect(writerThreadCount(10_000, { HCP_SYNTH_THREADS: '0' }, true)).toBe(0);
    expect(writerThreadCount(10, { HCP_SYNTH_THREADS: '3' }, true)).toBe(3);
    expect(writerThreadCount(10, { HCP_SYNTH_THREADS: '64' }, true)).toBe(4);
    expect(writerThreadCount(10, { HCP_SYNTH_THREADS: ' ' }, true)).toBe(0);
    expect(() => writerThreadCount(10, { HCP_SYNTH_THREADS: 'many' }, true)).toThrow('HCP_SYNTH_THREADS must be a whole number');
    expect(() => writerThreadCount(10, { HCP_SYNTH_THREADS: '-1' }, true)).toThrow('not "-1"');
  });

  test('helper threads are allowed with a spare core unless HCP_SYNTH_THREADS is 0', () => {
    expect(helperThreadsAllowed({})).toBe(cores > 1);
    expect(helperThreadsAllowed({ HCP_SYNTH_THREADS: '0' })).toBe(false);
    expect(helperThreadsAllowed({ HCP_SYNTH_THREADS: '1' })).toBe(true);
  });

  test('none without the compiled thread body (TypeScript sources, bundles)', () => {
    expect(writerThreadCount(10_000, { HCP_SYNTH_THREADS: '2' }, false)).toBe(0);
    // Under ts-jest the library runs from its sources.
    expect(writerThreadCount(10_000, {})).toBe(0);
  });
});
