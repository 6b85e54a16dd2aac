/**
 * The published package as consumers get it: `npm pack` (which builds), then the tarball installed
 * into fresh projects in a temp folder, each compiled with its own TypeScript and tsconfig, and the
 * cdk8s ones run. Slow (npm installs), so it runs when CI=true or HCP_PACKAGE_TEST=1.
 *
 * Third-party packages are installed once per tree and shared by the projects below it:
 *   <tmp>/cdk8s   cdk8s, constructs, cdk8s-plus-33, @types/node@14, TypeScript 5.9 (what `cdk8s init
 *                 typescript-app` installs) and the tarball; no @pulumi/* at all, so a cdk8s consumer
 *                 provably needs none of its types.
 *   <tmp>/pulumi  @pulumi/pulumi, @pulumi/kubernetes (the repository's devDependency versions),
 *                 @types/node, TypeScript 5.9 and the tarball; no cdk8s or constructs.
 *   <tmp>/ts7     TypeScript 7 alone, when the registry has it; its tsc checks the cdk8s projects again.
 * Installs use `npm install --prefer-offline` with the usual npm cache: only the npm registry is reached.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CDK8S_APP_TSCONFIG, NPM_INSTALL, consumerEnv } from '../../bench/consumer-project';

const repo = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
const enabled = process.env.CI === 'true' || process.env.HCP_PACKAGE_TEST === '1';
const SLOW = 10 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Consumer projects (data)

/** `tsconfig.json` of Pulumi's `kubernetes-typescript` template. */
const PULUMI_TSCONFIG = {
  compilerOptions: {
    strict: true,
    outDir: 'bin',
    target: 'es2020',
    module: 'commonjs',
    moduleResolution: 'node',
    sourceMap: true,
    experimentalDecorators: true,
    pretty: true,
    noFallthroughCasesInSwitch: true,
    noImplicitReturns: true,
    forceConsistentCasingInFileNames: true,
  },
  files: ['index.ts'],
};

/** A cdk8s app as the guides write it: both entries, one HostedClusterBundle, `runSynth` into $CDK8S_OUTDIR. */
const CDK8S_MAIN = `import { App, Chart } from 'cdk8s';
import { HostedClusterBundle, runSynth } from 'hcp-constructs/cdk8s';
import { SecretSource } from 'hcp-constructs';

const vault = (key: string, property?: string) => SecretSource.external({ store: 'vault', key, property });

process.exitCode = runSynth((app: App) => {
  new HostedClusterBundle(new Chart(app, 'prod-east'), 'cluster', {
    name: 'prod-east',
    release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' },
    platform: { type: 'KubeVirt' },
    controllerAvailabilityPolicy: 'HighlyAvailable',
    pullSecret: vault('hcp/pull-secret'),
    secretEncryption: { aescbc: vault('hcp/prod-east', 'etcd-key') },
    nodePools: [{ name: 'prod-east-workers', replicas: 3, platform: { kubevirt: { cores: 8, memory: '32Gi' } } }],
  });
});
`;

/**
 * The same app without Node.js globals, for TypeScript 7 with the template's tsconfig: TypeScript 7
 * defaults `types` to [], so `process` needs `"types": ["node"]` there whatever the library does.
 */
const CDK8S_MAIN_NO_GLOBALS = `${CDK8S_MAIN.replace('process.exitCode = runSynth(', 'const code = runSynth(')}if (code !== 0) throw new Error('synth failed');
`;

/** No Node.js globals: compiles with `types: []` and no @types/node, so the declarations need none. */
const CDK8S_NO_NODE_TYPES = `import { App, Chart } from 'cdk8s';
import { HostedClusterBundle, synthesizeCharts } from 'hcp-constructs/cdk8s';
import { SecretSource } from 'hcp-constructs';

const app = new App();
new HostedClusterBundle(new Chart(app, 'edge-lab'), 'cluster', {
  name: 'edge-lab',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.15.20-x86_64' },
  platform: { type: 'None' },
  services: { apiServerAddress: '192.0.2.10' },
  pullSecret: SecretSource.existing('edge-lab-pull-secret'),
});
export const charts = synthesizeCharts(app).map((chart) => chart.name);
`;

/** A Pulumi program as the guides write it. */
const PULUMI_MAIN = `import * as pulumi from '@pulumi/pulumi';
import { HostedClusterBundle } from 'hcp-constructs/pulumi';
import { SecretSource } from 'hcp-constructs';

const config = new pulumi.Config();
const cluster = new HostedClusterBundle('edge-lab', {
  name: 'edge-lab',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' },
  platform: { type: 'None' },
  services: { apiServerAddress: '192.0.2.10' },
  secretValues: {
    pullSecret: config.requireSecret('pullSecret'),
    etcdEncryptionKey: config.requireSecret('etcdEncryptionKey'),
  },
});
export const kubeconfigSecret = cluster.kubeconfigSecretName;
export const existing = SecretSource.existing('x');
`;

interface Project {
  readonly name: string;
  readonly tree: 'cdk8s' | 'pulumi';
  readonly packageJson: object;
  readonly tsconfig: { compilerOptions: Record<string, unknown> } & Record<string, unknown>;
  readonly files: Record<string, string>;
  /** Emit and run this file with node (cdk8s apps); otherwise `tsc --noEmit` only. */
  readonly run?: string;
  /** Also checked with TypeScript 7 (with these files instead, when given). */
  readonly ts7?: boolean | Record<string, string>;
}

const PROJECTS: readonly Project[] = [
  {
    name: 'cdk8s init typescript-app',
    tree: 'cdk8s',
    packageJson: { name: 'cdk8s-app', version: '1.0.0', main: 'main.js', types: 'main.ts', license: 'Apache-2.0', private: true },
    tsconfig: CDK8S_APP_TSCONFIG,
    files: { 'main.ts': CDK8S_MAIN },
    run: 'main.js',
    ts7: { 'main.ts': CDK8S_MAIN_NO_GLOBALS },
  },
  {
    name: 'nodenext ESM app',
    tree: 'cdk8s',
    packageJson: { name: 'nodenext-app', version: '1.0.0', type: 'module', private: true },
    tsconfig: { compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022'], strict: true, types: ['node'] }, include: ['*.ts'] },
    files: { 'main.ts': CDK8S_MAIN },
    run: 'main.js',
    ts7: true,
  },
  {
    name: 'bundler, no @types/node',
    tree: 'cdk8s',
    packageJson: { name: 'bundler-app', version: '1.0.0', type: 'module', private: true },
    tsconfig: {
      compilerOptions: { module: 'esnext', moduleResolution: 'bundler', target: 'es2022', lib: ['es2022'], strict: true, types: [], noEmit: true },
      include: ['*.ts'],
    },
    files: { 'main.ts': CDK8S_NO_NODE_TYPES },
    ts7: true,
  },
  {
    name: 'Pulumi program',
    tree: 'pulumi',
    packageJson: { name: 'pulumi-app', main: 'index.ts', private: true },
    tsconfig: PULUMI_TSCONFIG,
    files: { 'index.ts': PULUMI_MAIN },
  },
];

// ---------------------------------------------------------------------------------------------
// Helpers

interface Output {
  readonly code: number;
  readonly out: string;
}

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Output> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: consumerEnv(env), maxBuffer: 64 * 1024 * 1024, timeout: SLOW }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, out: `${stdout}${stderr}`.replace(/^npm warn Unknown user config.*\n/gm, '') });
    });
  });
}

async function mustRun(command: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const result = await run(command, args, cwd, env);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${result.code}:\n${result.out}`);
  return result.out;
}

/** Runs at most `limit` tasks at once (the machine has 2 cores). */
function pool(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

function writeJson(file: string, value: unknown): void {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------
// The test

if (!enabled) {
  const why =
    'package consumers skipped: set CI=true or HCP_PACKAGE_TEST=1 to npm-pack the package and compile (and run) fresh consumer projects against it (npm installs; about 30-90 s)';
  console.info(why);
  describe('package consumers', () => {
    test.skip(why, () => {});
  });
} else {
  describe('package consumers (npm pack, then fresh projects)', () => {
    let tmp = '';
    let tarball = '';
    let ts5 = '';
    let ts7: { tsc: string; version: string } | string = 'not installed';
    const rows: string[][] = [];
    const limit = pool(Math.max(1, os.cpus().length));
    const started = Date.now();

    beforeAll(async () => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-consumers-'));
      // `npm pack` runs `prepack` (= npm run build), so the tarball holds a fresh build.
      await mustRun('npm', ['pack', '--pack-destination', tmp, '--loglevel=error'], repo);
      const tgz = fs.readdirSync(tmp).filter((f) => f.endsWith('.tgz'));
      expect(tgz).toHaveLength(1);
      tarball = path.join(tmp, tgz[0]);

      const dev = pkg.devDependencies as Record<string, string>;
      const trees: Record<string, object> = {
        cdk8s: {
          private: true,
          dependencies: { cdk8s: `^${dev.cdk8s}`, constructs: `^${dev.constructs}`, 'cdk8s-plus-33': '^2', 'hcp-constructs': `file:${tarball}` },
          devDependencies: { '@types/node': '^14', typescript: '5.9.x' },
        },
        pulumi: {
          private: true,
          dependencies: { '@pulumi/pulumi': dev['@pulumi/pulumi'], '@pulumi/kubernetes': dev['@pulumi/kubernetes'], 'hcp-constructs': `file:${tarball}` },
          devDependencies: { '@types/node': dev['@types/node'], typescript: '5.9.x' },
        },
        ts7: { private: true, devDependencies: { typescript: '7' } },
      };
      const installs = Object.entries(trees).map(async ([name, packageJson]) => {
        const dir = path.join(tmp, name);
        fs.mkdirSync(dir);
        writeJson(path.join(dir, 'package.json'), packageJson);
        return [name, await run('npm', NPM_INSTALL, dir)] as const;
      });
      for (const [name, result] of await Promise.all(installs)) {
        if (name === 'ts7') {
          const tsc = path.join(tmp, 'ts7/node_modules/typescript/bin/tsc');
          ts7 = result.code === 0 && fs.existsSync(tsc)
            ? { tsc, version: (await mustRun(process.execPath, [tsc, '--version'], tmp)).trim() }
            : `TypeScript 7 not available from the registry (npm install typescript@7 exited ${result.code}): ${result.out.split('\n')[0]}`;
        } else if (result.code !== 0) {
          throw new Error(`npm install in the ${name} tree failed:\n${result.out}`);
        }
      }
      ts5 = (await mustRun(process.execPath, [path.join(tmp, 'cdk8s/node_modules/typescript/bin/tsc'), '--version'], tmp)).trim();
    }, SLOW);

    afterAll(() => {
      const header = ['project', 'TypeScript', 'module / moduleResolution', 'result'];
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
      const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join(' | ');
      console.log(
        [`Package consumers (${((Date.now() - started) / 1000).toFixed(0)} s, tarball ${path.basename(tarball)}):`, line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n'),
      );
      if (tmp && !process.env.HCP_PACKAGE_TEST_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
    });

    test('the tarball holds the build of lib/, the changelog and the examples, and nothing else from the repository', async () => {
      const files = (await mustRun('tar', ['tzf', tarball], tmp)).split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''));
      expect(files).toEqual(
        expect.arrayContaining(['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'build/lib/index.d.ts', 'build/lib/cdk8s/index.d.ts', 'build/lib/pulumi/index.d.ts', 'examples/main.ts', 'build/examples/main.js']),
      );
      expect(files.filter((f) => !/^(package\.json|README\.md|CHANGELOG\.md|LICENSE|build\/(lib|examples)\/.*\.(js|d\.ts)|examples\/[^/]+\.(ts|yaml))$/.test(f))).toEqual([]);
    });

    test('each tree holds only what its consumer installed', () => {
      expect(fs.existsSync(path.join(tmp, 'cdk8s/node_modules/@pulumi'))).toBe(false);
      expect(fs.existsSync(path.join(tmp, 'pulumi/node_modules/cdk8s'))).toBe(false);
      expect(fs.existsSync(path.join(tmp, 'pulumi/node_modules/constructs'))).toBe(false);
    });

    test('declarations import only their own entry\'s frameworks and need no @types/node', () => {
      const root = path.join(tmp, 'cdk8s/node_modules/hcp-constructs/build/lib');
      const closure = (entry: string) => {
        const seen = new Set<string>();
        const bare = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          const text = fs.readFileSync(file, 'utf8');
          expect({ file: path.relative(root, file), nodeTypes: /\bNodeJS\.|<reference\s+types=/.test(text) }).toEqual({ file: path.relative(root, file), nodeTypes: false });
          for (const [, spec] of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)) {
            if (!spec.startsWith('.')) bare.add(spec);
            else {
              const target = path.resolve(path.dirname(file), spec);
              visit(fs.existsSync(`${target}.d.ts`) ? `${target}.d.ts` : path.join(target, 'index.d.ts'));
            }
          }
        };
        visit(path.join(root, entry));
        return [...bare].sort();
      };
      const own = Object.keys(pkg.dependencies ?? {});
      const extra = (imports: string[]) => imports.filter((spec) => !own.some((dep) => spec === dep || spec.startsWith(`${dep}/`)));
      expect(extra(closure('index.d.ts'))).toEqual([]);
      expect(extra(closure('cdk8s/index.d.ts'))).toEqual(['cdk8s', 'constructs']);
      expect(extra(closure('pulumi/index.d.ts'))).toEqual(['@pulumi/kubernetes', '@pulumi/pulumi']);
      expect(extra(closure('live/index.d.ts'))).toEqual([]);
    });

    /** Compiles (and runs) each project; every project is written fresh below its tree. */
    const outcomes = new Map<string, Promise<void>>();
    function outcome(project: Project, compiler: 'ts5' | 'ts7'): Promise<void> {
      const key = `${project.name}/${compiler}`;
      if (!outcomes.has(key)) outcomes.set(key, check(project, compiler));
      return outcomes.get(key)!;
    }

    async function check(project: Project, compiler: 'ts5' | 'ts7'): Promise<void> {
      const options = project.tsconfig.compilerOptions;
      // Without moduleResolution, TypeScript 5 resolves CommonJS as node10 and TypeScript 7 as bundler (tsc --traceResolution).
      const resolution = `${options.module} / ${options.moduleResolution ?? (compiler === 'ts7' ? '(default: bundler)' : '(default: node10)')}`;
      const row = [project.name, '', resolution, ''];
      rows.push(row);
      let tsc: string;
      if (compiler === 'ts7') {
        if (typeof ts7 === 'string') {
          row[1] = '7';
          row[3] = `skipped: ${ts7}`;
          console.log(`skipped ${project.name} with TypeScript 7: ${ts7}`);
          return;
        }
        tsc = ts7.tsc;
        row[1] = ts7.version.replace(/^Version /, '');
      } else {
        tsc = path.join(tmp, project.tree, 'node_modules/typescript/bin/tsc');
        row[1] = ts5.replace(/^Version /, '');
      }
      const dir = path.join(tmp, project.tree, `${project.name.replace(/[^a-z0-9]+/gi, '-')}-${compiler}`);
      fs.mkdirSync(dir);
      writeJson(path.join(dir, 'package.json'), project.packageJson);
      writeJson(path.join(dir, 'tsconfig.json'), project.tsconfig);
      const files = compiler === 'ts7' && typeof project.ts7 === 'object' ? project.ts7 : project.files;
      for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);

      const emit = project.run !== undefined && compiler === 'ts5';
      let seconds = '';
      const compiled = await limit(async () => {
        const t0 = Date.now();
        const result = await run(process.execPath, [tsc, '-p', dir, ...(emit ? [] : ['--noEmit'])], dir);
        seconds = `${((Date.now() - t0) / 1000).toFixed(1)} s`;
        return result;
      });
      if (compiled.code !== 0) {
        row[3] = `FAIL: tsc exited ${compiled.code}`;
        throw new Error(`${project.name} (${row[1]}): tsc failed:\n${compiled.out}`);
      }
      row[3] = `compiles (${seconds})`;
      if (!emit) return;

      const outdir = path.join(tmp, `out-${path.basename(dir)}`);
      const ran = await run(process.execPath, [path.join(dir, project.run!)], dir, { CDK8S_OUTDIR: outdir });
      if (ran.code !== 0) {
        row[3] += `, FAIL: node exited ${ran.code}`;
        throw new Error(`${project.name}: node ${project.run} failed:\n${ran.out}`);
      }
      const manifest = path.join(outdir, 'management/05-resources/prod-east.yaml');
      if (!fs.existsSync(manifest) || !/kind: HostedCluster\n/.test(fs.readFileSync(manifest, 'utf8'))) {
        row[3] += ', FAIL: no HostedCluster written';
        throw new Error(`${project.name}: ${manifest} holds no HostedCluster; node printed:\n${ran.out}`);
      }
      row[3] += ', runs: synthesized management/05-resources/prod-east.yaml';
    }

    for (const project of PROJECTS) {
      test(`${project.name}, TypeScript 5.9: ${project.run ? 'compiles and runs' : 'compiles'}`, async () => {
        // Start everything at once; the pool keeps tsc to one per core.
        for (const p of PROJECTS) {
          void outcome(p, 'ts5').catch(() => undefined);
          if (p.ts7) void outcome(p, 'ts7').catch(() => undefined);
        }
        await outcome(project, 'ts5');
      }, SLOW);
    }
    for (const project of PROJECTS.filter((p) => p.ts7)) {
      test(`${project.name}, TypeScript 7: compiles (skipped with a message when the registry has no TypeScript 7)`, async () => {
        await outcome(project, 'ts7');
      }, SLOW);
    }
  });
}
