/**
 * `npm run bench:typecheck` (also the last part of `npm run bench`): what type-checking costs a
 * consumer. The package is packed (`npm pack`) and installed into a fresh project in a temporary
 * folder, beside cdk8s, constructs, @types/node and TypeScript 5.9 (what `cdk8s init
 * typescript-app` installs; `npm install --prefer-offline`, so only the npm registry is reached).
 * Two apps in that project, each in its own folder with the `cdk8s init` tsconfig (no
 * skipLibCheck, so the package's declarations are checked too): the 90-line library app and a bare
 * cdk8s app (bench/typecheck-apps.ts). Each is checked with `tsc --noEmit --extendedDiagnostics`,
 * alternating, RUNS times (5: the machine's load varies from run to run); the fastest check time counts (types and instantiations do not vary).
 * Prints figures only, and the ratio of the check times; never asserts.
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
    output = sh(process.execPath, [tsc, '--noEmit', '--extendedDiagnostics', '-p', folder], dir);
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc found errors in ${folder}:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
  return {
    checkSeconds: figure(output, 'Check time'),
    totalSeconds: figure(output, 'Total time'),
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

    const best = new Map<string, Diagnostics>();
    for (let run = 0; run < RUNS; run++) {
      for (const app of APPS) {
        const result = check(dir, app.folder);
        const previous = best.get(app.name);
        if (!previous || result.checkSeconds < previous.checkSeconds) best.set(app.name, result);
      }
    }
    const rows = [['app', 'check time', 'total time', 'types', 'instantiations', 'files', 'memory']];
    for (const app of APPS) {
      const d = best.get(app.name)!;
      const n = (x: number) => x.toLocaleString('en-US');
      rows.push([app.name, `${d.checkSeconds.toFixed(2)} s`, `${d.totalSeconds.toFixed(2)} s`, n(d.types), n(d.instantiations), n(d.files), `${n(Math.round(d.memoryMb))} MB`]);
    }
    console.log(table(rows));
    const [hcp, bare] = APPS.map((app) => best.get(app.name)!);
    const decl = declarationLines(dir);
    console.log(
      `ratio (hcp-constructs app / bare cdk8s app): check time ${(hcp.checkSeconds / bare.checkSeconds).toFixed(2)}x, ` +
        `types ${(hcp.types / bare.types).toFixed(2)}x, instantiations ${(hcp.instantiations / bare.instantiations).toFixed(2)}x (target: check time within 1.5x)`,
    );
    console.log(`published declarations: ${decl.files} .d.ts files, ${decl.lines.toLocaleString('en-US')} lines`);
  } finally {
    if (process.env.HCP_BENCH_KEEP === '1') console.log(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();
