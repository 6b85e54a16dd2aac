/**
 * `npm run bench`: what users run, at fleet scale. 1,000, 5,000 and 10,000 hosted clusters (2
 * NodePools and 3 ExternalSecrets each) synthesized the README's way (one Chart and one
 * HostedClusterBundle per cluster, `synthAtomically` writing one file per cluster into a fresh
 * folder: planning, validation, schema checks, constructs, YAML, the all-or-nothing write), with
 * its writer threads and in one thread (`HCP_SYNTH_THREADS=0`), beside plain emitters writing the
 * same objects into the same number of files: js-yaml's `dump`, the `yaml` package (as cdk8s calls
 * it) and `JSON.stringify`. Their objects are planned and key-sorted before the clock starts. Also
 * timed: planning and checking the same clusters alone (`checkHostedCluster`, no constructs, no
 * output), the library's own work that the emitters do not do. Prints figures only; never asserts
 * timing. `HCP_BENCH_DIR` chooses where the files go (default: the system's temporary folder).
 *
 * Each (size, variant, run) is its own child process (this script with `--variant V --size N
 * --dir D`), so peak RSS figures do not mix; `--require hcp|cdk8s` measures loading the cdk8s
 * entry point. Output folders live under one temporary folder, removed at the end.
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
const VARIANTS = ['library', 'library-1-thread', 'plan-only', 'js-yaml', 'yaml', 'json'] as const;
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
}

// ---------------------------------------------------------------------------------------------
// Children

function runChild(variant: Variant, size: number, dir: string): Measurement {
  const { canonical, plainObjects, synthFleet, workload, writeFleetFiles } = load();
  const prepare = (count: number, first = 0) => workload(count, first).map((c) => plainObjects(c)).map((c) => ({ chartId: c.chartId, docs: c.objects.map(canonical) }));
  /** Writes the clusters; returns the number of objects written. */
  if (variant === 'library-1-thread') process.env.HCP_SYNTH_THREADS = '0';
  const library = variant === 'library' || variant === 'library-1-thread';
  const write = (outdir: string, props: ReturnType<typeof workload>, plain: ReturnType<typeof prepare>) => {
    if (library) return synthFleet(outdir, props).objects;
    if (variant === 'plan-only') return props.reduce((sum, cluster) => sum + plainObjects(cluster).objects.length, 0);
    writeFleetFiles(outdir, plain, variant);
    return plain.reduce((sum, c) => sum + c.docs.length, 0);
  };

  // Warm-up on other clusters, same code path.
  const emitter = !library && variant !== 'plan-only';
  write(path.join(dir, 'warm-up'), workload(WARMUP_CLUSTERS, size), emitter ? prepare(WARMUP_CLUSTERS, size) : []);
  // Inputs, outside the timed region: props for the library, finished objects for the emitters.
  const props = workload(size);
  const plain = emitter ? prepare(size) : [];
  (globalThis as { gc?: () => void }).gc?.();

  const outdir = path.join(dir, 'out');
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const objects = write(outdir, props, plain);
  const wallMs = ms(process.hrtime.bigint() - t0);
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;

  const hash = createHash('sha256');
  let bytes = 0;
  const folder = path.join(outdir, 'management');
  const names = fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  for (const name of names) {
    const content = fs.readFileSync(path.join(folder, name));
    bytes += content.length;
    hash.update(name).update(content);
  }
  return { variant, size, wallMs, cpuMs, files: names.length, objects, bytes, sha256: hash.digest('hex'), peakRssMb };
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
  const { canonical, plainObjects, synthFleet, workload } = load();
  const YAML: typeof import('yaml') = require('yaml');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-bench-check-'));
  try {
    const props = workload(n);
    synthFleet(dir, props);
    let same = true;
    let objects = 0;
    for (const cluster of props.map((c) => plainObjects(c))) {
      const text = fs.readFileSync(path.join(dir, 'management', `${cluster.chartId}.yaml`), 'utf8');
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

  const runs: Measurement[] = [];
  let id = 0;
  for (const size of SIZES) {
    for (let run = 0; run < runsAt(size); run++) {
      // Interleaved, so that a noisy moment does not hit one variant only.
      for (const variant of VARIANTS) {
        const dir = path.join(root, String(id++));
        fs.mkdirSync(dir);
        runs.push((await spawnSelf(['--variant', variant, '--size', String(size), '--dir', dir])) as unknown as Measurement);
        process.stderr.write(`  ${variant} ${size}: ${fmt(runs[runs.length - 1].wallMs)} ms\n`);
      }
    }
  }
  fs.rmSync(root, { recursive: true, force: true });

  const best = (variant: Variant, size: number): Measurement => {
    const all = runs.filter((m) => m.variant === variant && m.size === size);
    const fastest = all.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
    return { ...fastest, peakRssMb: Math.max(...all.map((m) => m.peakRssMb)) };
  };
  const ratio = (a: Measurement, b: Measurement) => `${(a.wallMs / b.wallMs).toFixed(2)}x`;

  out(`Writing N clusters into files in ${path.dirname(root)} (fastest of the runs, each a fresh process after a warm-up; peak RSS: highest of the runs, the emitters' pre-built objects included; CPU: all threads of the process):`);
  out(`- library: the README's way, \`synthAtomically\` into a new folder (planning, validation, schema checks, constructs, YAML, all-or-nothing write with its manifest), with its writer threads (${os.availableParallelism()} cores here) and in one thread.`);
  out('- plan + checks: `checkHostedCluster` on every cluster (props schema, planning, API-schema and CEL checks), no constructs and no output: the part of the library\'s work the emitters do not do.');
  out('- js-yaml / yaml / JSON: `dump(doc, { noRefs: true, lineWidth: -1, quotingType: \'"\' })`, `YAML.stringify` with cdk8s\'s options, `JSON.stringify(docs, null, 2)` of the same objects, one `writeFileSync` per cluster.');
  out();
  out('| clusters | objects | library s | CPU s | peak RSS MB | library / js-yaml | 1 thread s | 1 thread / js-yaml | plan + checks s | js-yaml s | yaml s | JSON s | RSS MB js-yaml / yaml / JSON |');
  out('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const size of SIZES) {
    const [lib, one, plan, jy, ym, js] = VARIANTS.map((v) => best(v, size));
    out(`| ${fmt(size)} | ${fmt(lib.objects)} | ${fmt(lib.wallMs / 1000, 2)} | ${fmt(lib.cpuMs / 1000, 2)} | ${fmt(lib.peakRssMb)} | ${ratio(lib, jy)} | ${fmt(one.wallMs / 1000, 2)} | ${ratio(one, jy)} ` +
      `| ${fmt(plan.wallMs / 1000, 2)} | ${fmt(jy.wallMs / 1000, 2)} | ${fmt(ym.wallMs / 1000, 2)} | ${fmt(js.wallMs / 1000, 2)} | ${fmt(jy.peakRssMb)} / ${fmt(ym.peakRssMb)} / ${fmt(js.peakRssMb)} |`);
  }
  out();
  const sameBytes = SIZES.map((size) => `${fmt(size)}: ${['library', 'library-1-thread'].every((v) => best(v as Variant, size).sha256 === best('js-yaml', size).sha256) ? 'yes' : 'no'}`);
  out(`Library files (both ways) byte-identical to the js-yaml baseline's: ${sameBytes.join('; ')}.`);
  const [small, large] = [SIZES[0], SIZES[SIZES.length - 1]];
  const linear = large / small;
  out(`Growth from ${fmt(small)} to ${fmt(large)} clusters (linear = ${linear}x): ` +
    VARIANTS.map((v) => {
      const g = best(v, large).wallMs / best(v, small).wallMs;
      return `${v} ${g.toFixed(1)}x (${(g / linear).toFixed(2)} times linear)`;
    }).join(', ') + '.');
  const lib = best('library', large);
  const growth = lib.wallMs / best('library', small).wallMs / linear;
  const vsJsYaml = lib.wallMs / best('js-yaml', large).wallMs;
  const floor = (best('plan-only', large).wallMs + best('js-yaml', large).wallMs) / best('js-yaml', large).wallMs;
  out();
  out(`Targets at ${fmt(large)} clusters: within 1.5x of js-yaml: ${vsJsYaml <= 1.5 ? 'met' : 'not met'} (${vsJsYaml.toFixed(2)}x; planning and checks alone followed by js-yaml would be ${floor.toFixed(2)}x in one thread); ` +
    `at most 1 GB peak RSS: ${lib.peakRssMb <= 1024 ? 'met' : 'not met'} (${fmt(lib.peakRssMb)} MB); growth at most 1.1x linear: ${growth <= 1.1 ? 'met' : 'not met'} (${growth.toFixed(2)}x).`);
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
} else if (arg('--require')) {
  process.stdout.write(`${JSON.stringify(runRequireChild(arg('--require') === 'cdk8s' ? 'cdk8s' : 'hcp'))}\n`);
} else {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
