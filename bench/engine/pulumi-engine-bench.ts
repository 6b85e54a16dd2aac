/**
 * `npm run bench:engine` (also the last part of `npm run bench`): the Pulumi path under the real
 * engine (issue 25, item 4). Two programs create the same Kubernetes objects on one kube-apiserver
 * (test/engines/kube-server.ts, the HyperShift CRDs registered, test/engines/stand-in-operators.ts
 * answering the `pulumi.com/waitFor` readiness as the operators would):
 *
 * - library (bench/engine/library): N KubeVirt hosted clusters, each a `HostedClusterBundle` from
 *   `hcp-constructs/pulumi`, each in its own namespace, the pull secret a secret config value;
 * - plain (bench/engine/plain): the same objects as plain `@pulumi/kubernetes` resources, with the
 *   same names, inputs and `dependsOn` by phase (Namespace, Secrets/ConfigMaps, HostedCluster,
 *   NodePools). The objects are what the library's bundles register, recorded here under Pulumi's
 *   mocks and written to a JSON file the plain program reads (the secret value is left out of it).
 *
 * What only the library registers is its components, and the resource hook its previous-state
 * checks run in (bound to each HostedCluster and NodePool; a program of bundles has no guard): that
 * is the overhead measured. The library program runs a second time with the checks turned off
 * (`hcp-constructs:previousStateGuard false`, the "library, checks off" row), which shows what they
 * cost; the target is the library's with them, its default. Both programs are plain JavaScript
 * (`typescript: false`), so neither pays for ts-node at start. The library also saves the program
 * work a plain program does: it leaves the SDK's promise bookkeeping stacks unmapped
 * (lib/pulumi/sdk-promise-stacks.ts); a third program, the plain one doing the same, shows what the
 * rest of the library costs.
 *
 * For each program, in a fresh stack: `pulumi preview`, `pulumi up --yes --skip-preview`, the
 * resources in the state (`pulumi stack export`), a second `pulumi preview --expect-no-changes`
 * (the deployed stack: the guard now judges what it stored), then `pulumi destroy --yes
 * --skip-preview`; one server for both, emptied by each destroy (a second server would share the
 * 2 cores with the first and stay idle meanwhile), with stand-in operators started for each
 * program. Before the first round, each program previews once, untimed: the first preview against
 * a new server took 2 s longer than the next ones (6.9 against 4.5 s, the plain program), which
 * would otherwise fall on whichever program goes first. The order rotates from round to round
 * (each program first once in three rounds); the figures are the medians of the rounds. After each
 * `up`, the objects on the server (kind, namespace, name, labels, annotations, spec, data) are
 * compared with those the plain program created: they must be the same. Prints figures and the ratios
 * against the 1.2x target; never asserts. Last, previews alone of one stack of each of library,
 * plain and plain with the stacks unmapped, interleaved (see interleavedPreviews). The CPU time the
 * hypervisor gave other machines meanwhile (steal, /proc/stat) is printed: on a shared host it
 * slowed some runs by half.
 *
 * Here rather than beside the other benchmarks' sources: it imports the engine harness under
 * test/engines, which is no part of the package's build, so tsconfig.json excludes bench/engine
 * (tsconfig.test.json still type-checks it) and it runs with ts-node --transpile-only.
 *
 * `--clusters N` (default 25), `--rounds N` (default 3, so that each program goes first once): `npm run bench:engine -- --clusters 10`;
 * `HCP_BENCH_KEEP=1` keeps the stacks' folders (a transcript in each) and the plain program's objects file.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as pulumi from '@pulumi/pulumi';
import { REFERENCE_CRDS } from '../../test/conformance/crd-server';
import { engineTool } from '../../test/engines/engine-tools';
import { missingFor } from '../../test/engines/engine-suite';
import { startKubeServer, type KubeServer } from '../../test/engines/kube-server';
import { PulumiStack } from '../../test/engines/pulumi-cli';
import { StandInOperators } from '../../test/engines/stand-in-operators';

const TOOLS = ['pulumi', 'pulumi-language-nodejs', 'pulumi-resource-pulumi-nodejs', 'pulumi-resource-kubernetes', 'kube-apiserver', 'kubectl'];
const PULL_SECRET = '{"auths":{"quay.io":{"auth":"ZW5naW5lLWJlbmNoOnRvcC1zZWNyZXQtdmFsdWU="}}}';
const SECRET_TYPE = 'kubernetes:core/v1:Secret';
const SECRET_SIGNATURE = '4dabf18193072939515e22adb298388d';

/** `--name N` from the command line (`npm run bench:engine -- --clusters 10`), a positive integer. */
function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const n = Number(process.argv[at + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: a positive integer, not ${process.argv[at + 1]}`);
  return n;
}

const CLUSTERS = option('clusters', 25);
const ROUNDS = option('rounds', 3);
const HERE = __dirname;
const PROGRAMS = {
  library: path.join(HERE, 'library'),
  plain: path.join(HERE, 'plain'),
  'library, checks off': path.join(HERE, 'library'),
  'plain, SDK stacks unmapped': path.join(HERE, 'plain'),
} as const;
type Program = keyof typeof PROGRAMS;
/** The programs of the full rounds. */
const ORDER: readonly Program[] = ['library', 'plain', 'library, checks off'];
/** The programs whose previews alone are interleaved. */
const INTERLEAVED = ['library', 'plain', 'plain, SDK stacks unmapped'] as const;
type Interleaved = (typeof INTERLEAVED)[number];

/** Each program's stack configuration besides the pull secret. */
function configOf(program: Program, objectsFile: string): Record<string, string> {
  if (program === 'plain') return { objects: objectsFile };
  if (program === 'plain, SDK stacks unmapped') return { objects: objectsFile, skipSdkPromiseStacks: 'true' };
  return { clusters: String(CLUSTERS), ...(program === 'library, checks off' ? { 'hcp-constructs:previousStateGuard': 'false' } : {}) };
}

/** A stack name of `program`'s: `<prefix>-library-no-guard`. */
const stackName = (prefix: string, program: Program) => `${prefix}-${program.replace(/[^a-z]+/g, '-')}`;

/** One object the plain program registers: the library's resource name, type and inputs. */
interface RecordedObject {
  readonly name: string;
  readonly type: string;
  readonly args: Record<string, unknown>;
  /** For a Secret made from the pull secret: the field and key its value goes in (the value is not in the file). */
  readonly secret?: { readonly field: string; readonly key: string };
}

interface ObjectsFile {
  readonly clusters: Array<{ readonly phases: RecordedObject[][] }>;
}

/**
 * The library program's bundles planned and registered under Pulumi's mocks, in this process: every
 * Kubernetes resource they register (name, type, inputs), grouped by cluster and phase as the
 * bundles group them. Components and guards are left out: the plain program has none.
 */
async function recordLibraryObjects(clusters: number): Promise<ObjectsFile> {
  const inputs = new Map<string, { type: string; inputs: Record<string, unknown> }>();
  pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        inputs.set(args.name, { type: args.type, inputs: args.inputs as Record<string, unknown> });
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    'hcp-constructs-engine-bench-library',
    'record',
    false,
  );
  // Loaded after setMocks, from the build (by package name, as the program does).
  const { HostedClusterBundle } = require('hcp-constructs/pulumi') as typeof import('../../lib/pulumi');
  const { clusterArgs } = require('./library/clusters') as { clusterArgs: (i: number, pullSecret: pulumi.Input<string>) => import('../../lib/pulumi').HostedClusterBundleArgs & { name: string } };
  const urnName = (r: pulumi.Resource) => new Promise<string>((resolve) => r.urn.apply((urn) => resolve(urn.slice(urn.lastIndexOf('::') + 2))));
  const result: ObjectsFile = { clusters: [] };
  for (let i = 0; i < clusters; i++) {
    const args = clusterArgs(i, pulumi.secret(PULL_SECRET));
    const bundle = new HostedClusterBundle(args.name, args);
    const phases: RecordedObject[][] = [];
    for (const phase of bundle.phases) {
      if (phase.shared.length > 0) throw new Error(`cluster ${args.name} shares objects of phase ${phase.name}: the plain program registers none twice`);
      const recorded: RecordedObject[] = [];
      for (const resource of phase.resources) {
        const name = await urnName(resource);
        const found = inputs.get(name);
        if (!found) throw new Error(`no inputs recorded for ${name}`);
        recorded.push(recordedObject(name, found.type, found.inputs));
      }
      if (recorded.length > 0) phases.push(recorded);
    }
    result.clusters.push({ phases });
  }
  const text = JSON.stringify(result);
  if (text.includes(PULL_SECRET) || text.includes(Buffer.from(PULL_SECRET).toString('base64'))) throw new Error('the pull secret value is in the recorded objects');
  return result;
}

/** A Secret's value field is left out and noted (the plain program puts its secret config value there); everything else as registered. */
function recordedObject(name: string, type: string, inputs: Record<string, unknown>): RecordedObject {
  if (type !== SECRET_TYPE) return { name, type, args: inputs };
  for (const field of ['stringData', 'data']) {
    const given = inputs[field] as Record<string, unknown> | undefined;
    if (!given) continue;
    // As the mocks see a secret: Pulumi's secret signature beside the value.
    const value = (SECRET_SIGNATURE in given ? given.value : given) as Record<string, unknown>;
    const keys = Object.keys(value);
    if (keys.length !== 1) throw new Error(`Secret ${name}: ${field} has ${JSON.stringify(value).slice(0, 300)}, one key expected`);
    const { [field]: _value, ...rest } = inputs;
    return { name, type, args: rest, secret: { field, key: keys[0] } };
  }
  return { name, type, args: inputs };
}

/** The objects on the server in the benchmark's namespaces, as the programs wrote them (no status, no server metadata), by `Kind namespace/name`. */
function serverObjects(server: KubeServer): Map<string, string> {
  const out = execFileSync(engineTool('kubectl')!, ['--kubeconfig', server.kubeconfig, 'get', 'namespaces,secrets,configmaps,hostedclusters,nodepools', '-A', '-o', 'json'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const items = (JSON.parse(out) as { items: Array<Record<string, unknown> & { kind: string; metadata: Record<string, unknown> & { name: string; namespace?: string } }> }).items;
  const ours = /^kv-\d+-clusters$/;
  const objects = new Map<string, string>();
  for (const item of items) {
    const { name, namespace, labels, annotations } = item.metadata;
    if (!ours.test(namespace ?? name)) continue;
    const { spec, data, stringData, type } = item as Record<string, unknown>;
    objects.set(`${item.kind} ${namespace ? `${namespace}/` : ''}${name}`, JSON.stringify({ labels, annotations, spec, data, stringData, type }));
  }
  return objects;
}

/** What differs between two programs' objects on the server, one line each (empty: the same). */
function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  return keys.filter((k) => a.get(k) !== b.get(k)).map((k) => `${k}: ${!a.has(k) ? 'only plain' : !b.has(k) ? 'only library' : 'differs'}`);
}

interface Measurement {
  readonly program: Program;
  readonly round: number;
  readonly previewMs: number;
  readonly upMs: number;
  /** The second preview, of the deployed stack (no changes). */
  readonly againMs: number;
  readonly destroyMs: number;
  /** Resources in the state after `up` (the stack and the default providers included). */
  readonly resources: number;
  readonly byType: Record<string, number>;
  readonly objects: Map<string, string>;
}

async function measure(program: Program, round: number, server: KubeServer, objectsFile: string, stacks: PulumiStack[]): Promise<Measurement> {
  // Stand-in operators of its own: they finish deleting a Namespace once only, and both programs delete the same ones.
  const operators = new StandInOperators(server);
  await operators.start();
  try {
    return await measureWith(program, round, server, objectsFile, stacks);
  } finally {
    operators.stop();
  }
}

/** A new stack of `program` on `server`, its configuration set (removed again if that fails). */
async function configuredStack(prefix: string, program: Program, server: KubeServer, objectsFile: string): Promise<PulumiStack> {
  const stack = await PulumiStack.create({ programDir: PROGRAMS[program], stack: stackName(prefix, program), env: { KUBECONFIG: server.kubeconfig } });
  try {
    await stack.config({ pullSecret: { secret: PULL_SECRET }, ...configOf(program, objectsFile) });
  } catch (error) {
    stack.remove();
    throw error;
  }
  return stack;
}

async function measureWith(program: Program, round: number, server: KubeServer, objectsFile: string, stacks: PulumiStack[]): Promise<Measurement> {
  const stack = await configuredStack('bench', program, server, objectsFile);
  stacks.push(stack);
  const log = (what: string, ms: number) => process.stderr.write(`  round ${round + 1}, ${program}: ${what} ${(ms / 1000).toFixed(1)} s\n`);
  const preview = await stack.ok(['preview']);
  log('preview', preview.ms);
  const up = await stack.ok(['up', '--yes', '--skip-preview']);
  log('up', up.ms);
  const exported = JSON.parse((await stack.ok(['stack', 'export'])).stdout) as { deployment: { resources?: Array<{ type: string }> } };
  const resources = exported.deployment.resources ?? [];
  const byType: Record<string, number> = {};
  for (const r of resources) byType[r.type] = (byType[r.type] ?? 0) + 1;
  const objects = serverObjects(server);
  const again = await stack.ok(['preview', '--expect-no-changes']);
  log('preview of the deployed stack', again.ms);
  const destroy = await stack.ok(['destroy', '--yes', '--skip-preview']);
  log('destroy', destroy.ms);
  return { program, round, previewMs: preview.ms, upMs: up.ms, againMs: again.ms, destroyMs: destroy.ms, resources: resources.length, byType, objects };
}

/** How many previews of each program the interleaved section times. */
const PREVIEW_SETS = 6;

/**
 * Previews alone, of one stack of each program in {@link INTERLEAVED}, one after the other, which
 * goes first rotating: a set runs within seconds, so the machine's load drifts less between the
 * programs than between the rounds above, which create, deploy and destroy stacks in between.
 */
async function interleavedPreviews(server: KubeServer, objectsFile: string, stacks: PulumiStack[]): Promise<Record<Interleaved, number[]>> {
  const times = Object.fromEntries(INTERLEAVED.map((p) => [p, [] as number[]])) as Record<Interleaved, number[]>;
  const of = {} as Record<Interleaved, PulumiStack>;
  for (const program of INTERLEAVED) {
    const stack = await configuredStack('interleaved', program, server, objectsFile);
    stacks.push(stack);
    await stack.ok(['preview']);
    of[program] = stack;
  }
  for (let set = 0; set < PREVIEW_SETS; set++) {
    for (const program of INTERLEAVED.map((_, i) => INTERLEAVED[(i + set) % INTERLEAVED.length])) times[program].push((await of[program].ok(['preview'])).ms);
    process.stderr.write(`  previews, set ${set + 1}: ${INTERLEAVED.map((p) => `${p} ${(times[p][set] / 1000).toFixed(1)} s`).join(', ')}\n`);
  }
  return times;
}

/** One untimed preview of `program` in a stack of its own, removed after. */
async function warmUp(program: Program, server: KubeServer, objectsFile: string): Promise<void> {
  const stack = await configuredStack('warm', program, server, objectsFile);
  try {
    await stack.ok(['preview']);
  } finally {
    stack.remove();
  }
}

/** The machine's CPU time counters (/proc/stat, all cores): total and stolen (given by the hypervisor to other machines); undefined off Linux. */
function cpuTimes(): { readonly total: number; readonly steal: number } | undefined {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is counted in user already)
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return undefined;
  }
}

/** The share of CPU time stolen since `since`, as text (`12%`), or `unknown`. */
function stolenSince(since: ReturnType<typeof cpuTimes>): string {
  const now = cpuTimes();
  if (!since || !now || now.total === since.total) return 'unknown';
  return `${Math.round((100 * (now.steal - since.steal)) / (now.total - since.total))}%`;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main(): Promise<void> {
  const out = (line = '') => process.stdout.write(`${line}\n`);
  const missing = missingFor(TOOLS);
  out('## hcp-constructs Pulumi engine benchmark: the library against plain @pulumi/kubernetes');
  out();
  if (missing) {
    out(`Not run: ${missing}.`);
    return;
  }
  const cpu = os.cpus();
  const loadText = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  out(`Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`);
  out(`Load average (1 / 5 / 15 min) at the start: ${loadText(os.loadavg())}`);
  const started = Date.now();
  const startedCpu = cpuTimes();

  const recorded = await recordLibraryObjects(CLUSTERS);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-engine-bench-'));
  const objectsFile = path.join(work, 'objects.json');
  fs.writeFileSync(objectsFile, JSON.stringify(recorded, null, 1));
  const k8sObjects = recorded.clusters.reduce((n, c) => n + c.phases.reduce((m, p) => m + p.length, 0), 0);
  const kinds: Record<string, number> = {};
  for (const c of recorded.clusters) for (const p of c.phases) for (const o of p) kinds[String(o.args.kind)] = (kinds[String(o.args.kind)] ?? 0) + 1;
  out(`${CLUSTERS} KubeVirt hosted clusters, ${k8sObjects} Kubernetes objects (${Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(', ')}); ${ROUNDS} rounds, rotating which program goes first`);

  const server = await startKubeServer({ crds: [REFERENCE_CRDS], name: 'engine-bench' });
  const stacks: PulumiStack[] = [];
  const runs: Measurement[] = [];
  let interleaved: Record<Interleaved, number[]> | undefined;
  const mismatches: string[] = [];
  try {
    out(`kube-apiserver ${server.version} ready in ${(server.timings.totalMs / 1000).toFixed(1)} s (CRD snapshot ${server.snapshot})`);
    for (const program of ['library', 'plain'] as const) await warmUp(program, server, objectsFile);
    for (let round = 0; round < ROUNDS; round++) {
      const order = ORDER.map((_, i) => ORDER[(i + round) % ORDER.length]);
      for (const program of order) runs.push(await measure(program, round, server, objectsFile, stacks));
      const [plain, ...libraries] = (['plain', 'library', 'library, checks off'] as const).map((p) => runs.find((r) => r.round === round && r.program === p)!);
      for (const lib of libraries) {
        mismatches.push(...differences(plain.objects, lib.objects).map((d) => `round ${round + 1}, ${lib.program}: ${d}`));
        if (lib.objects.size !== k8sObjects) mismatches.push(`round ${round + 1}, ${lib.program}: ${lib.objects.size} objects on the server, ${k8sObjects} recorded`);
      }
    }
    interleaved = await interleavedPreviews(server, objectsFile, stacks);
  } finally {
    await server.stop();
    if (process.env.HCP_BENCH_KEEP === '1') out(`Stacks kept: ${stacks.map((s) => s.home).join(' ')}; the plain program's objects: ${objectsFile}`);
    else {
      for (const s of stacks) s.remove();
      fs.rmSync(work, { recursive: true, force: true });
    }
  }

  const of = (program: Program) => runs.filter((r) => r.program === program);
  const med = (program: Program, key: 'previewMs' | 'upMs' | 'againMs' | 'destroyMs') => median(of(program).map((r) => r[key])) / 1000;
  const resources = (program: Program) => of(program)[0].resources;
  const libraryOnly = resources('library') - resources('plain');
  const onlyTypes = Object.entries(of('library')[0].byType)
    .map(([type, n]) => [type, n - (of('plain')[0].byType[type] ?? 0)] as const)
    .filter(([, n]) => n > 0);
  const s = (x: number, d = 1) => x.toFixed(d);

  out();
  out(`Seconds, median of ${ROUNDS} rounds (each: a fresh stack; preview; up --skip-preview; preview of the deployed stack; destroy --skip-preview); resources: in the state after up, the stack and default providers included.`);
  out();
  out('| program | resources | preview s | up s | preview (deployed) s | destroy s | preview s/resource | up s/resource | up s/Kubernetes object | rounds (preview / up s) |');
  out('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const program of ORDER) {
    const n = resources(program);
    const each = of(program).map((r) => `${s(r.previewMs / 1000)} / ${s(r.upMs / 1000)}`).join(', ');
    out(`| ${program} | ${n} | ${s(med(program, 'previewMs'))} | ${s(med(program, 'upMs'))} | ${s(med(program, 'againMs'))} | ${s(med(program, 'destroyMs'))} | ${s(med(program, 'previewMs') / n, 3)} | ${s(med(program, 'upMs') / n, 3)} | ${s(med(program, 'upMs') / k8sObjects, 3)} | ${each} |`);
  }
  out();
  out(`Library-only resources: ${libraryOnly} (${onlyTypes.map(([t, n]) => `${n} ${t}`).join(', ')}); with the checks off ${resources('library, checks off') - resources('plain')}; Kubernetes objects: ${k8sObjects}, the same in all three (compared on the server after each up: ${mismatches.length === 0 ? 'same' : `DIFFERENT:\n  ${mismatches.slice(0, 20).join('\n  ')}`})`);
  const names = { previewMs: 'preview', upMs: 'up', againMs: 'preview of the deployed stack', destroyMs: 'destroy' } as const;
  for (const key of ['previewMs', 'upMs', 'againMs', 'destroyMs'] as const) {
    const what = names[key];
    const lib = med('library', key);
    const plain = med('plain', key);
    const ratio = lib / plain;
    const target = key === 'destroyMs' ? '(no target)' : `target 1.2x: ${ratio <= 1.2 ? 'met' : 'NOT met'}`;
    const unguarded = med('library, checks off', key);
    // Each round's own ratio too: the machine's load drifts between rounds more than within one.
    const perRound = of('library').map((r) => r[key] / of('plain').find((p) => p.round === r.round)![key]);
    out(
      `- ${what}: library/plain ${s(ratio, 2)}x ${target}; overhead ${s(lib - plain)} s = ${s(((lib - plain) * 1000) / libraryOnly, 0)} ms per library-only resource, ${s(((lib - plain) * 1000) / k8sObjects, 0)} ms per Kubernetes object; ` +
        `with the checks off ${s(unguarded / plain, 2)}x (the checks ${s(lib - unguarded)} s); round by round ${perRound.map((x) => `${s(x, 2)}x`).join(', ')}`,
    );
  }
  const times = interleaved!;
  const [lib, plain, unmapped] = INTERLEAVED.map((p) => median(times[p]));
  out(
    `- previews alone, interleaved (${PREVIEW_SETS} of each, the same stacks, nothing deployed): library ${s(lib / 1000, 2)} s, plain ${s(plain / 1000, 2)} s, ` +
      `${s(lib / plain, 2)}x (each set ${times.library.map((l, i) => `${s(l / times.plain[i], 2)}x`).join(', ')})`,
  );
  // The library leaves the SDK's promise stacks unmapped (lib/pulumi/sdk-promise-stacks.ts), which a plain program does not:
  // the plain program doing the same shows what the rest of the library costs.
  out(
    `- the same against the plain program leaving the SDK's promise stacks unmapped as the library does: ${s(unmapped / 1000, 2)} s, library ${s(lib / unmapped, 2)}x ` +
      `(each set ${times.library.map((l, i) => `${s(l / times['plain, SDK stacks unmapped'][i], 2)}x`).join(', ')}); leaving them unmapped saves the plain program ${s((plain - unmapped) / 1000, 2)} s`,
  );
  out();
  out(`Load average at the end: ${loadText(os.loadavg())}; CPU time stolen by the hypervisor during the run: ${stolenSince(startedCpu)}; total ${s((Date.now() - started) / 60000)} min`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
