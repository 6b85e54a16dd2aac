/**
 * `npm run bench`: synthesis of 100, 1,000 and 5,000 hosted clusters (2 NodePools and 3
 * ExternalSecrets each) through HostedClusterBundle and the library's one-pass synthesis, against
 * baselines over the same objects: the yaml package alone, and plain cdk8s ApiObjects written by
 * cdk8s's own `app.synthYaml()` and by the same one-pass writer. Prints figures only; never
 * asserts timing.
 *
 * Each (size, variant) runs in its own child process (this script with `--variant V --size N`)
 * so peak RSS figures do not mix; `--require hcp|cdk8s` measures loading the cdk8s entry point.
 *
 * The whole run is kept within a time budget (HCP_BENCH_BUDGET_S, default 300 s; 0 = no limit):
 * runs that would not fit are stopped and reported as lower bounds ("> N").
 */
import { ChildProcess, spawn } from 'child_process';
import { createHash } from 'crypto';
import * as os from 'os';
import * as path from 'path';
import type { PlainCluster } from './workload';

/**
 * The workload (and with it cdk8s and the library) is loaded lazily, so that the `--require`
 * children start from an empty module cache.
 */
const load = (): typeof import('./workload') => require('./workload');
const ms = (ns: bigint) => Number(ns) / 1e6;

const SIZES = [100, 1000, 5000] as const;
/** `cdk8s`: plain ApiObjects through cdk8s's app.synthYaml(); `cdk8s-1pass`: through the library's writer. */
const VARIANTS = ['library', 'yaml', 'cdk8s-1pass', 'cdk8s'] as const;
type Variant = (typeof VARIANTS)[number];
/** Clusters synthesized (and thrown away) in each child before the measured run, to warm the JIT. */
const WARMUP_CLUSTERS = 20;
/** Most runs per (size, variant); a variant is repeated only while a run takes less than CHEAP_MS. */
const MAX_RUNS: Record<number, number> = { 100: 5, 1000: 3, 5000: 3 };
const CHEAP_MS = 15_000;
const REQUIRE_RUNS = 7;
const BUDGET_MS = Number(process.env.HCP_BENCH_BUDGET_S ?? 300) * 1000;
/** Even when the budget is spent, a run gets at least this long before it is stopped. */
const MIN_RUN_MS = 60_000;

interface Measurement {
  variant: Variant;
  size: number;
  wallMs: number;
  /** Building the App (plans, constructs); not for the yaml variant. */
  constructMs?: number;
  /** Writing the App as YAML (one-pass or app.synthYaml()); not for the yaml variant. */
  synthMs?: number;
  objects: number;
  bytes: number;
  sha256: string;
  peakRssMb: number;
  /** Set when the run was stopped at the time budget: wallMs is then a lower bound. */
  stoppedAfterMs?: number;
  concurrent?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Child processes

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function runChild(variant: Variant, size: number): Measurement {
  const { OPTIONS, canonical, plainObjects, synthCdk8s, synthLibrary, synthYaml, workload } = load();
  // Warm-up on other clusters (named after the measured ones), same code path.
  const warm = workload(WARMUP_CLUSTERS, size);
  const writer = variant === 'cdk8s' ? 'synthYaml' : 'one-pass';
  if (variant === 'library') synthLibrary(warm);
  else if (variant === 'yaml') synthYaml(warm.map((c) => plainObjects(c)).flatMap((c) => c.objects.map(canonical)));
  else synthCdk8s(warm.map((c) => plainObjects(c)), writer);

  // Inputs, outside the timed region: props for the library, finished plain objects for the baselines.
  const clusters = workload(size);
  const plain: PlainCluster[] = variant === 'library' ? [] : clusters.map((c) => plainObjects(c));
  const docs = variant === 'yaml' ? plain.flatMap((c) => c.objects.map(canonical)) : [];
  gc();

  // Tells the parent the App is built, in case the run is stopped during synthesis.
  const built = (constructMs: number) => process.stdout.write(`${JSON.stringify({ built: constructMs })}\n`);
  process.stdout.write(`${JSON.stringify({ started: true })}\n`);
  const t0 = process.hrtime.bigint();
  const result: { yaml: string; objects: number; constructMs?: number; synthMs?: number } =
    variant === 'library' ? synthLibrary(clusters, OPTIONS, built) : variant === 'yaml' ? synthYaml(docs) : synthCdk8s(plain, writer, built);
  const wallMs = ms(process.hrtime.bigint() - t0);

  return {
    variant,
    size,
    wallMs,
    constructMs: result.constructMs,
    synthMs: result.synthMs,
    objects: result.objects,
    bytes: Buffer.byteLength(result.yaml),
    sha256: createHash('sha256').update(result.yaml).digest('hex'),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
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

interface Line {
  /** When the parent read it (Date.now()). */
  readonly at: number;
  readonly value: Record<string, unknown>;
}

/** Runs this script with `args`; resolves with the JSON lines it printed, or those it got to before `timeoutMs`. */
function spawnSelf(args: string[], timeoutMs?: number): Promise<{ lines: Line[]; stoppedAt?: number }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [...process.execArgv, __filename, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: Line[] = [];
    let pending = '';
    let stderr = '';
    let stoppedAt: number | undefined;
    child.stdout!.on('data', (d: Buffer) => {
      pending += d.toString();
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (line.startsWith('{')) lines.push({ at: Date.now(), value: JSON.parse(line) as Record<string, unknown> });
      }
    });
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => {
      stoppedAt = Date.now();
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      if (stoppedAt !== undefined) resolve({ lines, stoppedAt });
      else if (code !== 0) reject(new Error(`child ${args.join(' ')} failed (exit ${code}):\n${stderr}`));
      else resolve({ lines });
    });
  });
}

async function measure(variant: Variant, size: number, timeoutMs?: number, concurrent = false): Promise<Measurement> {
  const { lines, stoppedAt } = await spawnSelf(['--variant', variant, '--size', String(size)], timeoutMs);
  if (stoppedAt === undefined) return { ...(lines[lines.length - 1].value as unknown as Measurement), concurrent };
  // Stopped: the timed region began when the child said "started"; it had not finished.
  const start = lines.find((l) => l.value.started === true);
  const built = lines.find((l) => typeof l.value.built === 'number');
  return {
    variant,
    size,
    wallMs: start ? stoppedAt - start.at : NaN,
    constructMs: built?.value.built as number | undefined,
    objects: NaN,
    bytes: NaN,
    sha256: '',
    peakRssMb: NaN,
    stoppedAfterMs: timeoutMs,
    concurrent,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';

/** Small N, in this process: the baselines must produce exactly the library's bytes. */
function identityCheck(n: number): { cdk8s: boolean; yaml: boolean; objects: number; detail: string[] } {
  const { canonical, plainObjects, synthCdk8s, synthLibrary, synthYaml, workload } = load();
  const clusters = workload(n);
  const lib = synthLibrary(clusters).yaml;
  const plain = clusters.map((c) => plainObjects(c));
  const viaCdk8s = synthCdk8s(plain, 'synthYaml').yaml;
  const viaYaml = synthYaml(plain.flatMap((c) => c.objects.map(canonical))).yaml;
  const detail: string[] = [];
  for (const [name, text] of [['cdk8s', viaCdk8s], ['yaml', viaYaml]] as const) {
    if (text === lib) continue;
    let i = 0;
    while (i < lib.length && lib[i] === text[i]) i++;
    detail.push(`  ${name} differs at byte ${i}: library ${JSON.stringify(lib.slice(i, i + 60))} vs ${JSON.stringify(text.slice(i, i + 60))}`);
  }
  return { cdk8s: viaCdk8s === lib, yaml: viaYaml === lib, objects: plain.reduce((s, c) => s + c.objects.length, 0), detail };
}

async function main(): Promise<void> {
  const started = Date.now();
  const limited = BUDGET_MS > 0;
  const remaining = () => Math.max(MIN_RUN_MS, BUDGET_MS - (Date.now() - started));
  const out = (line = '') => process.stdout.write(`${line}\n`);
  const cpu = os.cpus();

  out('## hcp-constructs synthesis benchmark');
  out();
  out(`Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, ${os.platform()} ${os.release()}, Node ${process.version}`);
  out();

  // Identical output.
  const identityN = 8;
  const id = identityCheck(identityN);
  out(`Identical-output check (${identityN} clusters, ${id.objects} objects, all four platforms, byte-for-byte):`);
  out(`- outputs identical: ${id.cdk8s && id.yaml ? 'yes' : 'no'} (library vs cdk8s baseline: ${id.cdk8s ? 'yes' : 'no'}; library vs yaml baseline: ${id.yaml ? 'yes' : 'no'})`);
  for (const d of id.detail) out(d);
  out();

  // Require time of the cdk8s entry point.
  type RequireResult = ReturnType<typeof runRequireChild>;
  const requireTimes = async (what: 'hcp' | 'cdk8s') => {
    const results: RequireResult[] = [];
    for (let i = 0; i < REQUIRE_RUNS; i++) results.push((await spawnSelf(['--require', what])).lines[0].value as unknown as RequireResult);
    return results;
  };
  const hcp = await requireTimes('hcp');
  const bare = await requireTimes('cdk8s');
  out(`Require time of hcp-constructs/cdk8s (\`require('build/lib/cdk8s')\` in a fresh process, median of ${REQUIRE_RUNS}): ` +
    `${fmt(median(hcp.map((r) => r.ms)), 1)} ms, ${hcp[0].modules} modules (\`require('cdk8s')\` alone: ${fmt(median(bare.map((r) => r.ms)), 1)} ms, ${bare[0].modules} modules)`);
  out(`pulumi modules loaded by hcp-constructs/cdk8s: ${Math.max(...hcp.map((r) => r.pulumiModules))}`);
  out();

  // Synthesis: every run in its own child.
  const runs = new Map<string, Measurement[]>();
  const key = (variant: Variant, size: number) => `${variant}:${size}`;
  const record = (m: Measurement) => runs.set(key(m.variant, m.size), [...(runs.get(key(m.variant, m.size)) ?? []), m]);
  const largest = SIZES[SIZES.length - 1];
  for (const size of SIZES) {
    // cdk8s's own synthYaml grows with the square of the chart count: at the largest size it gets what is left of the budget.
    const sequential: Variant[] = limited && size === largest ? VARIANTS.filter((v) => v !== 'cdk8s') : [...VARIANTS];
    for (const variant of sequential) {
      for (let run = 0; run < MAX_RUNS[size]; run++) {
        const m = await measure(variant, size, limited ? remaining() : undefined);
        record(m);
        const spent = Date.now() - started;
        if (m.stoppedAfterMs !== undefined || m.wallMs > CHEAP_MS || (limited && spent + 2 * m.wallMs > BUDGET_MS)) break;
      }
    }
    if (sequential.length < VARIANTS.length) {
      const deadline = remaining();
      const slow = VARIANTS.filter((v) => !sequential.includes(v));
      for (const m of await Promise.all(slow.map((v) => measure(v, size, deadline, true)))) record(m);
    }
  }

  const best = (variant: Variant, size: number) => {
    const all = runs.get(key(variant, size)) ?? [];
    const done = all.filter((m) => m.stoppedAfterMs === undefined);
    if (done.length === 0) return { ...all[0], runs: all.length };
    const wall = Math.min(...done.map((m) => m.wallMs));
    return { ...done.find((m) => m.wallMs === wall)!, peakRssMb: Math.max(...done.map((m) => m.peakRssMb)), runs: all.length };
  };
  const stopped = (m: Measurement) => m.stoppedAfterMs !== undefined;
  const wallCell = (m: Measurement) => (stopped(m) ? `> ${fmt(m.wallMs)} †` : fmt(m.wallMs));
  /** library / baseline, with lower bounds carried through. */
  const ratio = (lib: Measurement, base: Measurement) => {
    if (stopped(base)) return stopped(lib) ? 'n/a' : `< ${(lib.wallMs / base.wallMs).toFixed(2)}x`;
    return `${stopped(lib) ? '> ' : ''}${(lib.wallMs / base.wallMs).toFixed(2)}x`;
  };

  out('Synthesis, in memory: every variant ends in one YAML string; no files are written.');
  out('- library: `HostedClusterBundle` in one Chart per cluster (as `defineExample`), from props: planning, validation, constructs, then the library\'s one-pass `synthesizeCharts` (what `npm run synth` uses).');
  out('- yaml: `YAML.stringify` (yaml 2.9.1 with the options cdk8s uses) of the same plain objects, joined as documents; objects planned and key-sorted outside the timed region.');
  out('- cdk8s 1-pass: `new ApiObject(chart, id, obj)` for the same plain objects, one Chart per cluster, written by the same one-pass writer; objects planned outside the timed region.');
  out('- cdk8s: the same plain ApiObjects written by cdk8s\'s own `app.synthYaml()` (dependencies resolved and the app validated again for every chart).');
  out(`Each cell: fastest run (each run a fresh process, after a ${WARMUP_CLUSTERS}-cluster warm-up); a variant is repeated (up to 5 / 3 / 3 runs) only while a run takes under ${CHEAP_MS / 1000} s. ` +
    'Peak RSS: highest `maxRSS` of those processes (includes the warm-up and, for the baselines, the pre-built objects). Ratios: library / baseline.');
  out();
  out('| clusters | objects | library ms | ms / cluster | objects/s | peak RSS MB | yaml ms (ratio) | cdk8s 1-pass ms (ratio) | cdk8s synthYaml ms (ratio) | baseline RSS MB yaml / 1-pass / synthYaml |');
  out('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const identical: string[] = [];
  for (const size of SIZES) {
    const lib = best('library', size);
    const yml = best('yaml', size);
    const one = best('cdk8s-1pass', size);
    const cdk = best('cdk8s', size);
    const finished = [lib, yml, one, cdk].filter((m) => !stopped(m));
    const objects = finished[0]?.objects ?? NaN;
    identical.push(`${fmt(size)}: ${finished.length < 2 ? 'n/a' : finished.every((m) => m.sha256 === finished[0].sha256) ? `yes (${finished.map((m) => m.variant).join(', ')})` : 'NO'}`);
    const perSecond = objects / (lib.wallMs / 1000);
    out(`| ${fmt(size)} | ${fmt(objects)} | ${wallCell(lib)} | ${stopped(lib) ? '> ' : ''}${fmt(lib.wallMs / size, 2)} ` +
      `| ${stopped(lib) ? '< ' : ''}${fmt(perSecond)} | ${fmt(lib.peakRssMb)} | ${wallCell(yml)} (${ratio(lib, yml)}) | ${wallCell(one)} (${ratio(lib, one)}) ` +
      `| ${wallCell(cdk)} (${ratio(lib, cdk)}) | ${fmt(yml.peakRssMb)} / ${fmt(one.peakRssMb)} / ${stopped(cdk) ? 'n/a' : fmt(cdk.peakRssMb)} |`);
  }
  const stoppedRuns = [...runs.values()].flat().filter(stopped);
  if (stoppedRuns.length > 0) {
    out();
    const after = Math.max(...stoppedRuns.map((m) => m.stoppedAfterMs ?? 0));
    out(`† Stopped ${fmt(after / 1000)} s after it started, to keep within the ${BUDGET_MS / 1000} s time budget, still inside cdk8s's \`app.synthYaml()\`: the figure is the time measured until then, a lower bound. ` +
      `${stoppedRuns.some((m) => m.concurrent) ? 'These runs ran concurrently, one per core. ' : ''}Run \`HCP_BENCH_BUDGET_S=0 npm run bench\` for full figures (it takes much longer).`);
  }
  out();
  out(`Same YAML (sha256) from the variants that finished: ${identical.join('; ')}.`);
  out();

  out('Where the time goes (fastest run): building the App (library: planning, validation, constructs) vs writing YAML:');
  out();
  out('| clusters | library build ms | library write ms | cdk8s 1-pass build ms | cdk8s 1-pass write ms |');
  out('|---:|---:|---:|---:|---:|');
  for (const size of SIZES) {
    const lib = best('library', size);
    const one = best('cdk8s-1pass', size);
    out(`| ${fmt(size)} | ${fmt(lib.constructMs ?? NaN)} | ${fmt(lib.synthMs ?? NaN)} | ${fmt(one.constructMs ?? NaN)} | ${fmt(one.synthMs ?? NaN)} |`);
  }
  out();

  out(`Linearity (ms per cluster; growth of wall time from 1,000 to 5,000 clusters, linear = 5.0x):`);
  for (const variant of VARIANTS) {
    const per = SIZES.map((s) => {
      const m = best(variant, s);
      return `${fmt(s)}: ${stopped(m) ? '> ' : ''}${fmt(m.wallMs / s, 3)}`;
    }).join(', ');
    const a = best(variant, 1000);
    const b = best(variant, 5000);
    const g = b.wallMs / a.wallMs;
    const growth = stopped(a) ? 'n/a' : `${stopped(b) ? '> ' : ''}${g.toFixed(2)}x (${stopped(b) ? '> ' : ''}${(g / 5).toFixed(2)} times linear)`;
    out(`- ${variant}: ${per}; growth ${growth}`);
  }
  const lib1000 = best('library', 1000);
  out();
  for (const base of ['cdk8s', 'cdk8s-1pass'] as const) {
    const b = best(base, 1000);
    const r = lib1000.wallMs / b.wallMs;
    out(`Target, library within 1.5x of the ${base} baseline at 1,000 clusters: ${stopped(lib1000) || stopped(b) ? 'n/a' : `${r <= 1.5 ? 'met' : 'not met'} (${r.toFixed(2)}x)`}.`);
  }
  const lib5000 = best('library', 5000);
  out(`Target, linear growth from 1,000 to 5,000 clusters: library ${stopped(lib5000) ? '> ' : ''}${(lib5000.wallMs / lib1000.wallMs).toFixed(2)}x vs 5x.`);
  out();
  out(`Benchmark wall time: ${fmt((Date.now() - started) / 1000, 1)} s${limited ? ` (budget ${BUDGET_MS / 1000} s, HCP_BENCH_BUDGET_S)` : ' (no budget)'}.`);
}

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
if (arg('--variant')) {
  const variant = arg('--variant') as Variant;
  if (!VARIANTS.includes(variant)) throw new Error(`--variant must be one of ${VARIANTS.join(', ')}`);
  process.stdout.write(`${JSON.stringify(runChild(variant, Number(arg('--size'))))}\n`);
} else if (arg('--require')) {
  process.stdout.write(`${JSON.stringify(runRequireChild(arg('--require') === 'cdk8s' ? 'cdk8s' : 'hcp'))}\n`);
} else {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
