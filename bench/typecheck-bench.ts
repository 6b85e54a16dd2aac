/**
 * `npm run bench:typecheck` (also the last part of `npm run bench`): what type-checking costs a
 * consumer. The package is packed (`npm pack`) and installed into a fresh project in a temporary
 * folder, beside cdk8s, constructs, @types/node and TypeScript 5.9 (what `cdk8s init
 * typescript-app` installs; `npm install --prefer-offline`, so only the npm registry is reached).
 * Two apps in that project, each in its own folder with the `cdk8s init` tsconfig (no
 * skipLibCheck, so the package's declarations are checked too): the 90-line library app and a bare
 * cdk8s app (bench/typecheck-apps.ts). Each is checked with `tsc --noEmit --extendedDiagnostics`,
 * in back-to-back pairs (alternating which goes first), RUNS times (5: the machine's load varies from
 * run to run); each figure's best run counts (types and instantiations do not vary), and the
 * median of the pairs' check-time ratios is printed too.
 * Also timed: the CPU time of each tsc process (a preload script reports `process.cpuUsage()` at
 * exit), which other work on the machine's cores disturbs less than the wall-clock check time.
 * Prints figures only, and the ratios; never asserts.
 *
 * `HCP_BENCH_KEEP=1` keeps the folder (to run `tsc --generateTrace` there); `HCP_TYPECHECK_RUNS`
 * changes the number of runs (default 5).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CDK8S_APP_TSCONFIG, NPM_INSTALL, consumerEnv } from './consumer-project';
import { BARE_APP, HCP_APP } from './typecheck-apps';

const repo = path.resolve(__dirname, '../..');
const RUNS = Number(process.env.HCP_TYPECHECK_RUNS ?? 5);

const APPS = [
  { name: 'hcp-constructs app', folder: 'hcp-app', source: HCP_APP },
  { name: 'bare cdk8s app', folder: 'bare-app', source: BARE_APP },
] as const;

/** The figures of one `tsc --extendedDiagnostics` run. */
interface Diagnostics {
  readonly checkSeconds: number;
  readonly totalSeconds: number;
  /** CPU time (user + system) of the whole tsc process: steadier than the wall-clock times when other work shares the cores. */
  readonly cpuSeconds: number;
  readonly types: number;
  readonly instantiations: number;
  readonly files: number;
  readonly memoryMb: number;
}

function sh(command: string, args: readonly string[], cwd: string): string {
  return execFileSync(command, args, { cwd, env: consumerEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Packs the (already built) package into `dir`; returns the tarball's path. */
function pack(dir: string): string {
  const out = sh('npm', ['pack', '--ignore-scripts', '--pack-destination', dir, '--loglevel=error'], repo).trim().split('\n');
  return path.join(dir, out[out.length - 1]);
}

/** Loaded into tsc with `node -r`: prints the process's CPU time at exit. */
const CPU_TIME_PRELOAD = `process.on('exit', () => { const u = process.cpuUsage(); process.stdout.write('CPU time: ' + ((u.user + u.system) / 1e6).toFixed(2) + 's\\n'); });\n`;

/** A consumer project: the tarball and the `cdk8s init` dependencies, then one folder per app. */
function makeProject(dir: string, tarball: string): void {
  const dev = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).devDependencies as Record<string, string>;
  const packageJson = {
    private: true,
    dependencies: { cdk8s: `^${dev.cdk8s}`, constructs: `^${dev.constructs}`, 'hcp-constructs': `file:${tarball}` },
    devDependencies: { '@types/node': '^14', typescript: '5.9.x' },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
  sh('npm', NPM_INSTALL, dir);
  fs.writeFileSync(path.join(dir, 'cpu-time.js'), CPU_TIME_PRELOAD);
  for (const app of APPS) {
    fs.mkdirSync(path.join(dir, app.folder));
    fs.writeFileSync(path.join(dir, app.folder, 'tsconfig.json'), `${JSON.stringify(CDK8S_APP_TSCONFIG, null, 2)}\n`);
    fs.writeFileSync(path.join(dir, app.folder, 'main.ts'), app.source);
  }
}

function figure(output: string, label: string): number {
  const match = new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(output);
  if (!match) throw new Error(`tsc printed no "${label}":\n${output}`);
  return Number(match[1]);
}

/** `tsc --noEmit --extendedDiagnostics -p <folder>`; a type error stops the bench (the figures would mean nothing). */
function check(dir: string, folder: string): Diagnostics {
  const tsc = path.join(dir, 'node_modules/typescript/bin/tsc');
  let output: string;
  try {
    output = sh(process.execPath, ['-r', path.join(dir, 'cpu-time.js'), tsc, '--noEmit', '--extendedDiagnostics', '-p', folder], dir);
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc found errors in ${folder}:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
  return {
    checkSeconds: figure(output, 'Check time'),
    totalSeconds: figure(output, 'Total time'),
    cpuSeconds: figure(output, 'CPU time'),
    types: figure(output, 'Types'),
    instantiations: figure(output, 'Instantiations'),
    files: figure(output, 'Files'),
    memoryMb: figure(output, 'Memory used') / 1024,
  };
}

/** Lines of the package's published declarations (`build/lib/**\/*.d.ts` in the installed tarball). */
function declarationLines(dir: string): { files: number; lines: number } {
  let files = 0;
  let lines = 0;
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.d.ts')) {
        files++;
        lines += fs.readFileSync(full, 'utf8').split('\n').length;
      }
    }
  };
  walk(path.join(dir, 'node_modules/hcp-constructs/build/lib'));
  return { files, lines };
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: readonly string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.slice(1).map(line)].join('\n');
}

function main(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-typecheck-'));
  try {
    const started = Date.now();
    makeProject(dir, pack(dir));
    const tscVersion = sh(process.execPath, [path.join(dir, 'node_modules/typescript/bin/tsc'), '--version'], dir).trim();
    console.log(`Consumer type-check (${tscVersion}, cdk8s init tsconfig, best of ${RUNS}; project set up in ${((Date.now() - started) / 1000).toFixed(0)} s in ${dir})`);

    const runs = new Map<string, Diagnostics[]>(APPS.map((app) => [app.name, []]));
    for (let run = 0; run < RUNS; run++) {
      // Pairs run back to back, in alternating order, so both apps of a pair see about the same load.
      for (const app of run % 2 === 0 ? APPS : [...APPS].reverse()) runs.get(app.name)!.push(check(dir, app.folder));
    }
    // Each figure's best run: the one least disturbed by other work on the machine.
    const best = (name: string): Diagnostics => {
      const all = runs.get(name)!;
      const min = (key: 'checkSeconds' | 'totalSeconds' | 'cpuSeconds') => Math.min(...all.map((d) => d[key]));
      return { ...all[0], checkSeconds: min('checkSeconds'), totalSeconds: min('totalSeconds'), cpuSeconds: min('cpuSeconds') };
    };
    const [hcp, bare] = APPS.map((app) => best(app.name));
    const n = (x: number) => x.toLocaleString('en-US');
    const rows = [['app', 'check time', 'total time', 'CPU time', 'types', 'instantiations', 'files', 'memory']];
    for (const [app, d] of [[APPS[0], hcp], [APPS[1], bare]] as const) {
      rows.push([app.name, `${d.checkSeconds.toFixed(2)} s`, `${d.totalSeconds.toFixed(2)} s`, `${d.cpuSeconds.toFixed(2)} s`, n(d.types), n(d.instantiations), n(d.files), `${n(Math.round(d.memoryMb))} MB`]);
    }
    const ratio = (key: keyof Diagnostics) => `${(hcp[key] / bare[key]).toFixed(2)}x`;
    rows.push(['ratio', ratio('checkSeconds'), ratio('totalSeconds'), ratio('cpuSeconds'), ratio('types'), ratio('instantiations'), ratio('files'), ratio('memoryMb')]);
    console.log(table(rows));
    const decl = declarationLines(dir);
    const paired = runs.get(APPS[0].name)!.map((d, i) => d.checkSeconds / runs.get(APPS[1].name)![i].checkSeconds).sort((a, b) => a - b);
    console.log(
      `check-time ratio of each back-to-back pair: median ${paired[Math.floor(paired.length / 2)].toFixed(2)}x ` +
        `(${paired.map((r) => `${r.toFixed(2)}x`).join(', ')}); target: within 1.5x of the bare cdk8s app's check time`,
    );
    console.log(`published declarations: ${decl.files} .d.ts files, ${decl.lines.toLocaleString('en-US')} lines`);
  } finally {
    if (process.env.HCP_BENCH_KEEP === '1') console.log(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();
