/**
 * `npm run bench:cli`: the edit-synth loop of a TypeScript app, as a user runs it. A project in a
 * temporary folder holds the built-in example (examples/*.ts, importing `hcp-constructs` as an
 * installed project does); each round changes one prop (a NodePool's replicas) and synthesizes:
 * - `hcp-constructs synth main.ts`: no tsc step, each .ts file compiled as it loads;
 * - `tsc && node main.js`: what `npm run synth` and the cdk8s project template do (incremental tsc);
 * - `ts-node --transpile-only main.ts`, for comparison.
 * Also `hcp-constructs --help`. Prints the median of each; never asserts timing.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'build', 'lib', 'cli', 'main.js');
const ROUNDS = Number(process.env.HCP_BENCH_ROUNDS ?? 5);

/** A project folder with the example's sources and the packages linked in. */
function makeProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-cli-bench-'));
  fs.mkdirSync(path.join(dir, 'node_modules', '@types'), { recursive: true });
  for (const name of ['cdk8s', 'constructs', 'typescript', 'ts-node', '@types/node']) fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
  fs.symlinkSync(ROOT, path.join(dir, 'node_modules', 'hcp-constructs'), 'dir');
  for (const file of fs.readdirSync(path.join(ROOT, 'examples')).filter((f) => f.endsWith('.ts'))) {
    const source = fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8').replace(/'\.\.\/lib(\/cdk8s)?'/g, (_, sub: string | undefined) => `'hcp-constructs${sub ?? ''}'`);
    fs.writeFileSync(path.join(dir, file), source);
  }
  const compilerOptions = { target: 'ES2022', module: 'commonjs', strict: true, esModuleInterop: true, skipLibCheck: true, outDir: 'js', types: ['node'], incremental: true };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
  return dir;
}

/** Seconds one command takes, failing loudly if it fails. */
function timed(dir: string, command: string, args: readonly string[], env: Record<string, string> = {}): number {
  const start = process.hrtime.bigint();
  const run = spawnSync(command, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return seconds;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function main(): void {
  if (!fs.existsSync(CLI)) throw new Error('build/ is missing: run `npm run build`');
  const dir = makeProject();
  const clusters = path.join(dir, 'clusters.ts');
  const original = fs.readFileSync(clusters, 'utf8');
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const tsNode = path.join(ROOT, 'node_modules', 'ts-node', 'dist', 'bin.js');
  const times: Record<string, number[]> = { 'hcp-constructs synth main.ts': [], 'tsc && node js/main.js': [], 'ts-node --transpile-only main.ts': [], 'hcp-constructs --help': [] };
  try {
    timed(dir, process.execPath, [tsc, '-p', '.']); // the first, full compile is not part of the loop
    for (let round = 0; round < ROUNDS; round++) {
      // The edit: one NodePool's replicas.
      fs.writeFileSync(clusters, original.replace("name: 'kv-dev-workers', replicas: 2", `name: 'kv-dev-workers', replicas: ${3 + round}`));
      times['hcp-constructs synth main.ts'].push(timed(dir, process.execPath, [CLI, 'synth', 'main.ts', '-o', 'out-cli']));
      times['tsc && node js/main.js'].push(timed(dir, process.execPath, [tsc, '-p', '.']) + timed(dir, process.execPath, ['js/main.js'], { CDK8S_OUTDIR: 'out-tsc' }));
      times['ts-node --transpile-only main.ts'].push(timed(dir, process.execPath, [tsNode, '--transpile-only', 'main.ts'], { CDK8S_OUTDIR: 'out-ts-node' }));
      times['hcp-constructs --help'].push(timed(dir, process.execPath, [CLI, '--help']));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`Edit one prop, then synthesize the built-in example (median of ${ROUNDS} rounds, load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores):`);
  for (const [name, values] of Object.entries(times)) console.log(`  ${name.padEnd(34)} ${median(values).toFixed(2)} s   (${values.map((v) => v.toFixed(2)).join(', ')})`);
}

main();
