/**
 * `npm run bench`: what users run, at fleet scale. 1,000, 5,000 and 10,000 hosted clusters (2
 * NodePools and 3 ExternalSecrets each), each size with these variants:
 * - `library`: the public path, the guides' way (one Chart and one HostedClusterBundle per
 *   cluster, `synthAtomically` writing one file per cluster into a fresh folder: planning,
 *   validation, schema checks, constructs, YAML, the all-or-nothing write), with its threads;
 * - `library-1-thread`: the same with `HCP_SYNTH_THREADS=0`;
 * - `core-floor`: the library's core doing the same work in one thread and process, without
 *   constructs (`checkHostedCluster`, the planned objects with their sync wave, YAML, one
 *   `writeFileSync` per cluster): the issue's "one-thread core floor";
 * - `js-yaml`: js-yaml's `dump` alone writing the same objects, planned before the clock starts;
 * - `fleet`: the same clusters as one Fleet over 100 management clusters (workload.ts
 *   `synthFleetConstruct`);
 * - `fleet-threads`: the same with a planning thread per core (`HCP_SYNTH_THREADS` = the cores),
 *   as a fleet plans on three cores or more.
 * Each variant's main-thread CPU time is printed too (the part no other core can take), and before
 * the runs the parallel scaling of the machine on the floor's work (`--plan-only` children, alone
 * and two at once). Prints figures only; never asserts timing. `HCP_BENCH_DIR` chooses where the files go (default:
 * the system's temporary folder); `HCP_BENCH_SIZES` the sizes.
 *
 * Each (size, variant, run) is its own child process (this script with `--variant V --size N
 * --dir D`), so peak RSS figures do not mix; `--require hcp|cdk8s` measures loading the cdk8s
 * entry point; `--plan-only` plans clusters without files, for the scaling figure. Output folders live under one temporary folder, removed at the end.
 */
import { spawn } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** Loaded lazily, so that the `--require` children start from an empty module cache. */
const load = (): typeof import('./workload') => require('./workload');
const ms = (ns: bigint) => Number(ns) / 1e6;

/** HCP_BENCH_SIZES="100,1000" for a quick look; the growth figure compares the first and the last size. */
const SIZES: readonly number[] = process.env.HCP_BENCH_SIZES ? process.env.HCP_BENCH_SIZES.split(',').map(Number) : [1000, 5000, 10000];
const VARIANTS = ['core-floor', 'js-yaml', 'library', 'library-1-thread', 'fleet', 'fleet-threads'] as const;
type Variant = (typeof VARIANTS)[number];
/** Runs per size (each variant, interleaved); the fastest counts. Sized to keep the bench near 5 minutes on 2 cores. */
const runsAt = (size: number) => (size <= 1000 ? 3 : 2);
/** Clusters written (into a throwaway folder) before the measured run, to warm the JIT on the same path. */
const WARMUP_CLUSTERS = 50;
const REQUIRE_RUNS = 7;

interface Measurement {
  variant: Variant;
  size: number;
  wallMs: number;
  files: number;
  objects: number;
  bytes: number;
  /** sha256 over the files' paths and contents, to compare variants. */
  sha256: string;
  peakRssMb: number;
  /** CPU time of the whole process (all threads) in the timed region. */
  cpuMs: number;
  /** CPU time of the main thread alone in the timed region (Linux; NaN elsewhere): the part no other core can take. */
  mainCpuMs: number;
}

// ---------------------------------------------------------------------------------------------
// Children

function runChild(variant: Variant, size: number, dir: string): Measurement {
  const { canonical, coreFloor, plainObjects, synthFleet, synthFleetConstruct, workload, writeFleetFiles } = load();
  const prepare = (count: number, first = 0) => workload(count, first).map((c) => plainObjects(c)).map((c) => ({ chartId: c.chartId, docs: c.objects.map(canonical) }));
  if (variant === 'library-1-thread') process.env.HCP_SYNTH_THREADS = '0';
  // Planning threads, one per core, as a fleet uses them on three cores or more.
  if (variant === 'fleet-threads') process.env.HCP_SYNTH_THREADS = String(os.availableParallelism());
  const library = variant === 'library' || variant === 'library-1-thread';
  /** Writes the clusters; returns the number of objects written. */
  const write = (outdir: string, props: ReturnType<typeof workload>, plain: ReturnType<typeof prepare>) => {
    if (library) return synthFleet(outdir, props).objects;
    if (variant === 'core-floor') return coreFloor(outdir, props);
    if (variant === 'fleet' || variant === 'fleet-threads') {
      return synthFleetConstruct(outdir, props).objects;
    }
    writeFleetFiles(outdir, plain);
    return plain.reduce((sum, c) => sum + c.docs.length, 0);
  };

  // Warm-up on other clusters, same code path.
  const emitter = variant === 'js-yaml';
  write(path.join(dir, 'warm-up'), workload(WARMUP_CLUSTERS, size), emitter ? prepare(WARMUP_CLUSTERS, size) : []);
  // Inputs, outside the timed region: props for the library, finished objects for the emitters.
  const props = workload(size);
  const plain = emitter ? prepare(size) : [];
  (globalThis as { gc?: () => void }).gc?.();

  const outdir = path.join(dir, 'out');
  const main0 = mainThreadCpuMs();
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const objects = write(outdir, props, plain);
  const wallMs = ms(process.hrtime.bigint() - t0);
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const mainCpuMs = mainThreadCpuMs() - main0;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;

  const hash = createHash('sha256');
  let bytes = 0;
  // The clusters' files; the library's kustomization.yaml beside them is not the other variants' to write.
  const folder = path.join(outdir, load().CLUSTER_FOLDER);
  const names = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name !== 'kustomization.yaml').sort() : [];
  for (const name of names) {
    const content = fs.readFileSync(path.join(folder, name));
    bytes += content.length;
    hash.update(name).update(content);
  }
  return { variant, size, wallMs, cpuMs, mainCpuMs, files: names.length, objects, bytes, sha256: hash.digest('hex'), peakRssMb };
}

/** Clusters each `--plan-only` child plans: about 1.5 s of work on one core. */
const SCALING_CLUSTERS = 1000;

/** Plans {@link SCALING_CLUSTERS} clusters (the core floor's planning, no files) after a warm-up; returns the wall time. */
function runPlanOnlyChild(): { ms: number } {
  const { OPTIONS, workload } = load();
  const { checkHostedCluster } = require('../lib') as typeof import('../lib');
  for (const props of workload(WARMUP_CLUSTERS, SCALING_CLUSTERS)) checkHostedCluster(props, OPTIONS);
  const props = workload(SCALING_CLUSTERS);
  const t0 = process.hrtime.bigint();
  for (const cluster of props) checkHostedCluster(cluster, OPTIONS);
  return { ms: ms(process.hrtime.bigint() - t0) };
}

/**
 * What two cores give for the floor's work here: the same planning in one process alone, then in
 * two processes at once (best of 2 each). Two fully independent cores give 2.0x; a speedup well
 * below it caps what any use of threads can win (shared caches, memory bandwidth, a shared host).
 */
async function parallelScaling(): Promise<{ speedup: number; text: string }> {
  const alone: number[] = [];
  const together: number[] = [];
  for (let i = 0; i < 2; i++) {
    alone.push(((await spawnSelf(['--plan-only'])) as { ms: number }).ms);
    const pair = (await Promise.all([spawnSelf(['--plan-only']), spawnSelf(['--plan-only'])])) as { ms: number }[];
    together.push(Math.max(...pair.map((r) => r.ms)));
  }
  const [one, two] = [Math.min(...alone), Math.min(...together)];
  const speedup = (2 * one) / two;
  return { speedup, text: `${fmt(SCALING_CLUSTERS)} clusters planned in ${fmt(one / 1000, 2)} s by one process alone, in ${fmt(two / 1000, 2)} s each by two at once: ${speedup.toFixed(2)}x the throughput of one core` };
}

/** The main thread's CPU time so far, from /proc (its task id is the process id); NaN where there is none. */
function mainThreadCpuMs(): number {
  try {
    const fields = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

function runRequireChild(what: 'hcp' | 'cdk8s'): { ms: number; pulumiModules: number; modules: number } {
  const t0 = process.hrtime.bigint();
  if (what === 'hcp') require(path.join(__dirname, '../lib/cdk8s'));
  else require('cdk8s');
  const elapsed = ms(process.hrtime.bigint() - t0);
  const loaded = Object.keys(require.cache);
  return {
    ms: elapsed,
    pulumiModules: loaded.filter((m) => m.split(path.sep).join('/').includes('/node_modules/@pulumi/')).length,
    modules: loaded.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Parent

/** Runs this script with `args`; resolves with the last JSON line it printed. */
function spawnSelf(args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, __filename, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{')) reject(new Error(`child ${args.join(' ')} failed (exit ${code}):\n${stderr}`));
      else resolve(JSON.parse(last) as Record<string, unknown>);
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';

/**
 * Small N, in this process: the library's files read back (with the `yaml` package, as YAML 1.2
 * and as YAML 1.1) are the objects the emitters were given.
 */
function sameObjectsCheck(n: number): { same: boolean; objects: number } {
  const { CLUSTER_FOLDER, canonical, plainObjects, synthFleet, workload } = load();
  const YAML: typeof import('yaml') = require('yaml');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-bench-check-'));
  try {
    const props = workload(n);
    synthFleet(dir, props);
    let same = true;
    let objects = 0;
    for (const cluster of props.map((c) => plainObjects(c))) {
      const text = fs.readFileSync(path.join(dir, CLUSTER_FOLDER, `${cluster.chartId}.yaml`), 'utf8');
      const expected = JSON.stringify(cluster.objects.map(canonical));
      for (const version of ['1.2', '1.1'] as const) {
        same &&= JSON.stringify(YAML.parseAllDocuments(text, { version }).map((d) => d.toJS())) === expected;
      }
      objects += cluster.objects.length;
    }
    return { same, objects };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const out = (line = '') => process.stdout.write(`${line}\n`);
  const cpu = os.cpus();
  const root = fs.mkdtempSync(path.join(process.env.HCP_BENCH_DIR ?? os.tmpdir(), 'hcp-bench-'));
  process.on('SIGINT', () => {
    fs.rmSync(root, { recursive: true, force: true });
    process.exit(130);
  });

  out('## hcp-constructs synthesis benchmark: a fleet, written to files');
  out();
  out(`Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, ${os.platform()} ${os.release()}, Node ${process.version}; files in ${path.dirname(root)}`);
  const cores = os.availableParallelism();
  const load0 = os.loadavg();
  const busy = load0[0] >= cores - 0.5;
  const loadText = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  out(`Cores available (os.availableParallelism()): ${cores}; load average (1 / 5 / 15 min) at the start: ${loadText(load0)}${busy ? ' (busy: the targets are not comparable)' : ''}`);
  out();

  const check = sameObjectsCheck(8);
  out(`Same objects (8 clusters, ${check.objects} objects, all four platforms): the library's files read back with the \`yaml\` package (YAML 1.2 and 1.1) equal the emitters' input: ${check.same ? 'yes' : 'NO'}`);

  type RequireResult = ReturnType<typeof runRequireChild>;
  const requireTimes = async (what: 'hcp' | 'cdk8s') => {
    const results: RequireResult[] = [];
    for (let i = 0; i < REQUIRE_RUNS; i++) results.push((await spawnSelf(['--require', what])) as unknown as RequireResult);
    return results;
  };
  const hcp = await requireTimes('hcp');
  const bare = await requireTimes('cdk8s');
  out(`Require time of hcp-constructs/cdk8s (fresh process, median of ${REQUIRE_RUNS}): ${fmt(median(hcp.map((r) => r.ms)), 1)} ms, ${hcp[0].modules} modules ` +
    `(cdk8s alone: ${fmt(median(bare.map((r) => r.ms)), 1)} ms, ${bare[0].modules} modules); @pulumi modules loaded: ${Math.max(...hcp.map((r) => r.pulumiModules))}`);
  out();

  const scaling = await parallelScaling();
  out(`Parallel scaling: ${scaling.text}.`);

  const variants = VARIANTS;

  const runs: Measurement[] = [];
  let id = 0;
  for (const size of SIZES) {
    for (let run = 0; run < runsAt(size); run++) {
      // Interleaved, so that a noisy moment does not hit one variant only.
      for (const variant of variants) {
        const dir = path.join(root, String(id++));
        fs.mkdirSync(dir);
        runs.push((await spawnSelf(['--variant', variant, '--size', String(size), '--dir', dir])) as unknown as Measurement);
        fs.rmSync(dir, { recursive: true, force: true });
        process.stderr.write(`  ${variant} ${size}: ${fmt(runs[runs.length - 1].wallMs)} ms\n`);
      }
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
  const load1 = os.loadavg();

  const NONE: Measurement = { variant: 'fleet', size: 0, wallMs: NaN, cpuMs: NaN, mainCpuMs: NaN, files: 0, objects: 0, bytes: 0, sha256: '', peakRssMb: NaN };
  const best = (variant: Variant, size: number): Measurement => {
    const all = runs.filter((m) => m.variant === variant && m.size === size);
    if (all.length === 0) return NONE;
    const fastest = all.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
    return { ...fastest, peakRssMb: Math.max(...all.map((m) => m.peakRssMb)) };
  };
  const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}x` : 'n/a');

  out();
  out(`Writing N clusters into files in ${path.dirname(root)} (fastest of the runs, each a fresh process after a warm-up; peak RSS: highest of the runs; CPU: all threads of the process, in the timed region):`);
  out('- core floor: `checkHostedCluster` (props schema, planning, API-schema and CEL checks), the planned objects with their sync wave, the library\'s YAML, one `writeFileSync` per cluster; one thread, no constructs.');
  out('- js-yaml: `dump(doc, { noRefs: true, lineWidth: -1, quotingType: \'"\' })` of the same objects, planned before the clock starts, one file per cluster.');
  out(`- public: the guides' way, \`synthAtomically\` into a new folder with its threads (${cores} cores here); 1 thread: the same with HCP_SYNTH_THREADS=0.`);
  out('- fleet: the same clusters as one Fleet over 100 management clusters (their operators too), with placement, Argo CD and ACM delivery objects, kustomization files and the fleet report.');
  out(`- fleet, planning threads: the same with HCP_SYNTH_THREADS=${cores} (one planning thread per core, as on 3 cores or more; ${cores} writer threads).`);
  out();
  out('| clusters | objects | core floor s | js-yaml s | public s | public/floor | CPU s | CPU/floor CPU | 1 thread s | fleet s | fleet/floor | fleet/public | fleet, planning threads s (CPU s) | main-thread CPU s public / fleet / planning threads | RSS MB public / fleet / floor |');
  out('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const size of SIZES) {
    const [floor, jy, lib, one, fleet, planning] = VARIANTS.map((v) => best(v, size));
    out(`| ${fmt(size)} | ${fmt(lib.objects)} | ${fmt(floor.wallMs / 1000, 2)} | ${fmt(jy.wallMs / 1000, 2)} | ${fmt(lib.wallMs / 1000, 2)} | ${ratio(lib.wallMs, floor.wallMs)} ` +
      `| ${fmt(lib.cpuMs / 1000, 2)} | ${ratio(lib.cpuMs, floor.cpuMs)} | ${fmt(one.wallMs / 1000, 2)} | ${fmt(fleet.wallMs / 1000, 2)} | ${ratio(fleet.wallMs, floor.wallMs)} | ${ratio(fleet.wallMs, lib.wallMs)} ` +
      `| ${fmt(planning.wallMs / 1000, 2)} (${fmt(planning.cpuMs / 1000, 2)}) | ${fmt(lib.mainCpuMs / 1000, 2)} / ${fmt(fleet.mainCpuMs / 1000, 2)} / ${fmt(planning.mainCpuMs / 1000, 2)} ` +
      `| ${fmt(lib.peakRssMb)} / ${fmt(fleet.peakRssMb)} / ${fmt(floor.peakRssMb)} |`);
  }
  out();
  const sameBytes = SIZES.map((size) => `${fmt(size)}: ${(['library', 'library-1-thread', 'core-floor'] as const).every((v) => best(v, size).sha256 === best('js-yaml', size).sha256) ? 'yes' : 'no'}`);
  out(`Files of the public path (both ways) and the core floor byte-identical to js-yaml's: ${sameBytes.join('; ')}.`);
  const large = SIZES[SIZES.length - 1];
  const [floor, lib, fleet, planning] = (['core-floor', 'library', 'fleet', 'fleet-threads'] as const).map((v) => best(v, large));
  /** Timed targets are "not comparable" on a busy machine; memory is not timed. */
  const verdict = (ok: boolean, figure: string, timed = true) =>
    Number.isNaN(parseFloat(figure)) ? 'n/a' : timed && busy ? `not comparable (machine busy; ${figure})` : `${ok ? 'met' : 'not met'} (${figure})`;
  const rss = `${fmt(lib.peakRssMb)} MB public, ${fmt(fleet.peakRssMb)} MB fleet`;
  const publicVsFloor = lib.wallMs / floor.wallMs;
  const fleetVsPublic = fleet.wallMs / lib.wallMs;
  const vsFloor = (m: Measurement) => `${(m.wallMs / floor.wallMs).toFixed(2)}x`;
  out();
  out(`Parallel scaling of this machine on the floor's work: ${scaling.text}.`);
  out(`Targets at ${fmt(large)}: public ≤ 0.75x core floor: ${verdict(publicVsFloor <= 0.75, publicVsFloor.toFixed(2))} ` +
    `(Fleet: ${vsFloor(fleet)}, with planning threads: ${vsFloor(planning)}); ` +
    `RSS ≤ 1 GB: ${verdict(lib.peakRssMb <= 1024 && !(fleet.peakRssMb > 1024), rss, false)}; ` +
    `fleet ≤ 1.2x public: ${verdict(fleetVsPublic <= 1.2, fleetVsPublic.toFixed(2))}.`);
  out(`Load average (1 / 5 / 15 min) at the end: ${loadText(load1)}.`);
  out();
  out(`Benchmark wall time: ${fmt((Date.now() - started) / 1000, 1)} s.`);
}

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
if (arg('--variant')) {
  const variant = arg('--variant') as Variant;
  if (!VARIANTS.includes(variant)) throw new Error(`--variant must be one of ${VARIANTS.join(', ')}`);
  process.stdout.write(`${JSON.stringify(runChild(variant, Number(arg('--size')), arg('--dir')!))}\n`);
} else if (argv.includes('--plan-only')) {
  process.stdout.write(`${JSON.stringify(runPlanOnlyChild())}\n`);
} else if (arg('--require')) {
  process.stdout.write(`${JSON.stringify(runRequireChild(arg('--require') === 'cdk8s' ? 'cdk8s' : 'hcp'))}\n`);
} else {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
