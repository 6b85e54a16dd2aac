/** `hcp-constructs synth`, `synth --check`, `synth --stdout` and `diff`, run as a user runs them. */
import * as fs from 'fs';
import * as path from 'path';
import { MANIFEST_FILE } from '../../lib/cdk8s/engine/output-folder';
import { filesBelow } from '../cdk8s/files';
import { EDGE_WORKERS_REPLACE_REFUSED, ROOT, edgeApp, hcp, makeProject, removeProject } from './cli';

/** A second chart for edgeApp: hosted cluster lab, on platform None. */
const LAB_CHART =
  "  new HostedClusterBundle(new Chart(app, 'lab'), 'cluster', { name: 'lab', release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.1-x86_64' }, platform: { type: 'None' }, controllerAvailabilityPolicy: 'HighlyAvailable', pullSecret: { existingSecret: 'ps' }, secretEncryption: { aescbc: { existingSecret: 'k' } }, services: { apiServerAddress: '10.0.0.6' } });\n";

let project: string;
let dist: string;
const writeApp = (source: string, file = 'app.ts') => fs.writeFileSync(path.join(project, file), source);

beforeEach(() => {
  project = makeProject();
  dist = path.join(project, 'dist');
});
afterEach(() => removeProject(project));

describe('synth', () => {
  test('synthesizes the built-in example (a fleet) into a folder, summary on stdout, warnings on stderr', () => {
    const run = hcp(project, 'synth', path.join(ROOT, 'examples', 'main.ts'), '-o', 'out');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Synthesized 52 file\(s\), 115 objects, \d+ warning\(s\) into out\/$/m);
    expect(run.stdout).toContain('  + management-west/05-resources/kubevirt-kv-dev.yaml (7 object(s))\n');
    expect(run.stdout).toContain('  + reports/capacity-east.json\n');
    expect(run.stdout).toContain('  + reports/fleet.svg\n');
    expect(run.stdout).toContain('  + management-west/05-resources/kustomization.yaml\n'); // no object count: it lists files, it is not applied
    expect(run.stdout).toContain('Placement: kubevirt-clusters/kv-dev → west (KubeVirt; 13 of 16 left; east: 13 left)\n');
    expect(run.stdout).toContain('Changes: files 52 added, 0 changed, 0 removed (0 unchanged); objects 115 added, 0 changed, 0 removed.\n');
    expect(run.stdout).toMatch(/^Clusters affected: .*kubevirt-clusters\/kv-dev.*, management cluster east, management cluster west, the management cluster\.$/m);
    expect(run.stderr).toMatch(/^Warnings:\n {2}warning HostedCluster clusters\/vcluster2 controllerAvailabilityPolicy: SingleReplica/);
    expect(Object.keys(filesBelow(path.join(project, 'out')))).toContain('management-west/05-resources/kubevirt-kv-dev.yaml');
  });

  test('a second synth after a prop changed names the changed object, its file and cluster', () => {
    writeApp(edgeApp(2));
    const first = hcp(project, 'synth', 'app.ts');
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe(
      'Synthesized 3 file(s), 3 objects, 0 warning(s) into dist/\n' +
        '  + management/05-resources/edge.yaml (3 object(s))\n' +
        '  + management/05-resources/kustomization.yaml\n' +
        '  + management/kustomization.yaml\n' +
        'Changes: files 3 added, 0 changed, 0 removed (0 unchanged); objects 3 added, 0 changed, 0 removed.\n' +
        'Clusters affected: clusters/edge.\n',
    );
    writeApp(edgeApp(3));
    const second = hcp(project, 'synth', 'app.ts');
    expect(second.status).toBe(0);
    expect(second.stdout).toBe(
      'Synthesized 3 file(s), 3 objects, 0 warning(s) into dist/\n' +
        '  ~ management/05-resources/edge.yaml\n' +
        '      ~ NodePool clusters/edge-workers\n' +
        'Changes: files 0 added, 1 changed, 0 removed (2 unchanged); objects 0 added, 1 changed, 0 removed.\n' +
        'Clusters affected: clusters/edge.\n',
    );
    expect(fs.readFileSync(path.join(dist, 'management', '05-resources', 'edge.yaml'), 'utf8')).toContain('  replicas: 3\n');
    const third = hcp(project, 'synth', 'app.ts');
    expect(third.stdout).toBe('Synthesized 3 file(s), 3 objects, 0 warning(s) into dist/\nNo changes: all 3 file(s) are as they were.\n');
  });

  test('a chart taken out of the app: its file and objects are removed', () => {
    writeApp(edgeApp(2, LAB_CHART));
    expect(hcp(project, 'synth', 'app.ts').status).toBe(0);
    writeApp(edgeApp(2));
    const run = hcp(project, 'synth', 'app.ts');
    expect(run.stdout).toContain('  - management/05-resources/lab.yaml (2 object(s))\n'); // its HostedCluster and default NodePool (the Namespace is edge's)
    // The stage's kustomization.yaml no longer lists it.
    expect(run.stdout).toContain('  ~ management/05-resources/kustomization.yaml\n');
    expect(run.stdout).toContain('Changes: files 0 added, 1 changed, 1 removed (2 unchanged); objects 0 added, 0 changed, 2 removed.\n');
    expect(run.stdout).toContain('Clusters affected: clusters/lab.\n');
    expect(fs.existsSync(path.join(dist, 'management', '05-resources', 'lab.yaml'))).toBe(false);
  });

  test('a failed synth prints every problem, exits 1 and leaves the previous output untouched', () => {
    writeApp(edgeApp(2));
    expect(hcp(project, 'synth', 'app.ts').status).toBe(0);
    const before = filesBelow(dist);
    writeApp(edgeApp('3'));
    const run = hcp(project, 'synth', 'app.ts');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'Synthesis failed: 1 problem(s) in the input. Nothing was written.\n' +
        '  error HostedCluster clusters/edge nodePools[0].replicas: "3" (a string) is not a whole number. Fix: Give a whole number from 0 to 2000.\n',
    );
    expect(filesBelow(dist)).toEqual(before);
  });

  test("the user's own error: its stack, trimmed to the user's files, and exit 3; nothing written", () => {
    writeApp(
      `import { App } from 'cdk8s';
interface Cluster { name: string; release?: { image: string } }
const clusters: Cluster[] = [{ name: 'a' }];

function imageOf(cluster: Cluster): string {
  return cluster.release!.image;
}

export function define(app: App): void {
  for (const cluster of clusters) imageOf(cluster);
}
`,
    );
    const run = hcp(project, 'synth', 'app.ts');
    expect(run.status).toBe(3);
    const appFile = path.join(project, 'app.ts');
    expect(run.stderr.split('\n').slice(0, 4)).toEqual([
      'hcp-constructs: the app threw an error in its define function. Nothing was written.',
      "TypeError: Cannot read properties of undefined (reading 'image')",
      `    at imageOf (${appFile}:6:27)`,
      `    at define (${appFile}:10:35)`,
    ]);
    expect(run.stderr).toMatch(/^ {4}\(\d+ frame\(s\) of node, packages and hcp-constructs hidden; --verbose shows them\)$/m);
    expect(run.stderr).not.toContain('node:internal');
    expect(run.stderr).not.toContain(path.join(ROOT, 'build'));
    expect(fs.existsSync(dist)).toBe(false);
    // --verbose shows every frame.
    expect(hcp(project, 'synth', 'app.ts', '--verbose').stderr).toContain(path.join(ROOT, 'build', 'lib', 'cdk8s', 'engine', 'synth.js'));
  });

  test("the stack names the user's file where it is when the project's tsconfig has an outDir (as cdk8s init writes)", () => {
    fs.writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { rootDir: '.', outDir: 'build', sourceMap: true } }));
    fs.mkdirSync(path.join(project, 'src'));
    writeApp("export function define(): void {\n  const settings = JSON.parse('{}') as { release: { image: string } };\n  console.log(settings.release.image);\n}\n", path.join('src', 'main.ts'));
    const run = hcp(project, 'synth', path.join('src', 'main.ts'));
    expect(run.status).toBe(3);
    expect(run.stderr.split('\n')[2]).toBe(`    at define (${path.join(project, 'src', 'main.ts')}:3:32)`);
  });

  test('an error while loading the app (top-level code, a syntax error) exits 3 and names the file', () => {
    writeApp("const settings: { name: string } | undefined = undefined;\nexport const name = settings!.name;\nexport function define(): void {}\n");
    const thrown = hcp(project, 'synth', 'app.ts');
    expect(thrown.status).toBe(3);
    expect(thrown.stderr).toContain('hcp-constructs: the app threw an error while loading app.ts. Nothing was written.\n');
    expect(thrown.stderr).toContain(`    at Object.<anonymous> (${path.join(project, 'app.ts')}:2:31)\n`);
    writeApp('export function define(app) {\n  const x = ;\n}\n');
    const syntax = hcp(project, 'synth', 'app.ts');
    expect(syntax.status).toBe(3);
    expect(syntax.stderr).toContain(`SyntaxError: ${path.join(project, 'app.ts')}:2:13 Expression expected.\n`);
  });

  test('refuses a project folder (exit 2) before the app runs, and writes nothing', () => {
    writeApp(edgeApp(2));
    fs.writeFileSync(path.join(project, 'package.json'), '{}');
    const before = filesBelow(project);
    for (const output of ['.', project]) {
      const run = hcp(project, 'synth', 'app.ts', '-o', output);
      expect(run.status).toBe(2);
      expect(run.stderr).toBe(`Synthesis refused: refusing to write into ${project}: ${project} is the working directory. Name a folder of its own, such as "dist". Nothing was written.\n`);
    }
    const sub = path.join(project, 'sub');
    fs.mkdirSync(sub);
    fs.writeFileSync(path.join(sub, 'package.json'), '{}');
    expect(hcp(project, 'synth', 'app.ts', '-o', 'sub').stderr).toContain(`${sub} holds package.json, so it looks like a project.`);
    fs.rmSync(sub, { recursive: true });
    expect(filesBelow(project)).toEqual(before);
  });

  test('an app written for `cdk8s synth` (it calls runSynth) runs too, into the folder it names', () => {
    writeApp(edgeApp(2).replace("import { HostedClusterBundle } from 'hcp-constructs/cdk8s';", "import { HostedClusterBundle, runSynth } from 'hcp-constructs/cdk8s';").replace('export function define', 'function define') + "process.exitCode = runSynth('gitops', define);\n");
    const run = hcp(project, 'synth', 'app.ts');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('into gitops/\n');
    expect(Object.keys(filesBelow(path.join(project, 'gitops')))).toEqual([MANIFEST_FILE, 'management/05-resources/edge.yaml', 'management/05-resources/kustomization.yaml', 'management/kustomization.yaml']);
    expect(hcp(project, 'synth', 'app.ts', '--check').status).toBe(0);
  });

  test('--stdout prints the YAML and writes nothing', () => {
    writeApp(edgeApp(2));
    const run = hcp(project, 'synth', 'app.ts', '--stdout');
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n---\n').map((doc) => /^kind: (.*)$/m.exec(doc)?.[1])).toEqual(['Namespace', 'HostedCluster', 'NodePool']);
    expect(fs.existsSync(dist)).toBe(false);
  });

  test('without an app: main.ts of the working directory, else a usage error', () => {
    expect(hcp(project, 'synth').stderr).toBe(
      `hcp-constructs: no app given, and no main.ts or main.js in ${project}: name the app's file, e.g. \`hcp-constructs synth src/main.ts\`.\nRun \`hcp-constructs synth --help\` for usage.\n`,
    );
    writeApp(edgeApp(2), 'main.ts');
    expect(hcp(project, 'synth').status).toBe(0);
    writeApp('export const x = 1;\n', 'other.ts');
    const none = hcp(project, 'synth', 'other.ts');
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('other.ts neither exports a define(app) function nor calls runSynth(define)');
  });
});

describe('synth --check and diff', () => {
  beforeEach(() => {
    writeApp(edgeApp(2));
    expect(hcp(project, 'synth', 'app.ts').status).toBe(0);
  });

  test('--check on a clean tree exits 0 and writes nothing', () => {
    const before = filesBelow(dist);
    const run = hcp(project, 'synth', 'app.ts', '--check');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('No differences: dist/ holds what a synth writes (3 file(s)).\n');
    expect(filesBelow(dist)).toEqual(before);
  });

  test('--check on a dirty tree exits 1 naming each object, with a diff of its YAML; writes nothing', () => {
    const before = filesBelow(dist);
    // The hunk's line numbers are the file's: the changed line is the last of the hunk.
    const line = before['management/05-resources/edge.yaml'].split('\n').indexOf('  replicas: 2') + 1;
    writeApp(edgeApp(3));
    const run = hcp(project, 'synth', 'app.ts', '--check');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(
      '~ NodePool clusters/edge-workers (management/05-resources/edge.yaml)\n' +
        '--- dist/management/05-resources/edge.yaml: NodePool clusters/edge-workers\n' +
        '+++ synth: NodePool clusters/edge-workers\n' +
        `@@ -${line - 3},4 +${line - 3},4 @@\n` +
        '     type: None\n' +
        '   release:\n' +
        '     image: quay.io/openshift-release-dev/ocp-release:4.17.1-x86_64\n' +
        '-  replicas: 2\n' +
        '+  replicas: 3\n' +
        'Objects: 0 added, 1 changed, 0 removed; reports changed: 0.\n' +
        'Clusters affected: clusters/edge.\n',
    );
    expect(run.stderr).toBe('synth --check: dist/ is not what a synth writes now: run `hcp-constructs synth` and commit the result.\n');
    expect(filesBelow(dist)).toEqual(before);
  });

  test('--check names objects added and removed, and a hand-edited file', () => {
    writeApp(edgeApp(2).replace("nodePools: [{ name: 'edge-workers'", "nodePools: [{ name: 'edge-gpu', replicas: 1 }, { name: 'edge-workers'"));
    fs.writeFileSync(path.join(dist, 'management', '05-resources', 'edge.yaml'), fs.readFileSync(path.join(dist, 'management', '05-resources', 'edge.yaml'), 'utf8').replace('name: edge-workers', 'name: edge-old'));
    const run = hcp(project, 'synth', 'app.ts', '--check');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('+ NodePool clusters/edge-gpu (management/05-resources/edge.yaml): added\n');
    expect(run.stdout).toContain('+ NodePool clusters/edge-workers (management/05-resources/edge.yaml): added\n');
    expect(run.stdout).toContain('- NodePool clusters/edge-old (management/05-resources/edge.yaml): removed\n');
    expect(run.stdout).toContain('Objects: 2 added, 0 changed, 1 removed; reports changed: 0.\n');
  });

  test("diff of a chart added: its objects, and its stage's kustomization.yaml with a text diff, counted neither as objects nor as reports", () => {
    writeApp(edgeApp(2, LAB_CHART));
    const diff = hcp(project, 'diff', 'app.ts');
    expect(diff.status).toBe(0);
    expect(diff.stdout).toContain(
      '~ management/05-resources/kustomization.yaml: kustomization changed\n' +
        '--- dist/management/05-resources/kustomization.yaml\n' +
        '+++ synth: management/05-resources/kustomization.yaml\n' +
        '@@ -2,3 +2,4 @@\n' +
        ' kind: Kustomization\n' +
        ' resources:\n' +
        '   - edge.yaml\n' +
        '+  - lab.yaml\n',
    );
    expect(diff.stdout).toContain('+ HostedCluster clusters/lab (management/05-resources/lab.yaml): added\n');
    expect(diff.stdout).toContain('Objects: 2 added, 0 changed, 0 removed; reports changed: 0.\n');
  });

  test('diff prints what a synth would change and exits 0; with nothing to change it says so', () => {
    expect(hcp(project, 'diff', 'app.ts').stdout).toBe('No differences: dist/ holds what a synth writes (3 file(s)).\n');
    writeApp(edgeApp(3));
    const diff = hcp(project, 'diff', 'app.ts');
    expect(diff.status).toBe(0);
    expect(diff.stdout).toBe(hcp(project, 'synth', 'app.ts', '--check').stdout);
    expect(diff.stdout).toContain('+  replicas: 3\n');
  });

  test('a change the API server would refuse: synth and --check fail with the way forward, diff shows the change then the refusal; nothing is written', () => {
    const before = filesBelow(dist);
    writeApp(edgeApp(2).replace("replicas: 2 }", "replicas: 2, upgradeType: 'Replace' }"));
    const refusal = EDGE_WORKERS_REPLACE_REFUSED;
    for (const args of [['synth', 'app.ts'], ['synth', 'app.ts', '--check']]) {
      const run = hcp(project, ...args);
      expect({ args, status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ args, status: 1, stdout: '', stderr: `Synthesis failed: 1 problem(s) in the input. Nothing was written.\n${refusal}` });
    }
    const diff = hcp(project, 'diff', 'app.ts');
    expect(diff.status).toBe(1);
    expect(diff.stdout).toMatch(/^~ NodePool clusters\/edge-workers \(management\/05-resources\/edge\.yaml\)\n[^]*\n-    upgradeType: InPlace\n\+    upgradeType: Replace\n[^]*Objects: 0 added, 1 changed, 0 removed; reports changed: 0\.\nClusters affected: clusters\/edge\.\n$/);
    expect(diff.stderr).toBe(`A synth would fail: 1 problem(s) in the change.\n${refusal}`);
    expect(filesBelow(dist)).toEqual(before);
    // Judged against the folder the command writes to: another folder has nothing to judge against.
    expect(hcp(project, 'synth', 'app.ts', '--check', '-o', 'elsewhere').stdout).toContain('+ NodePool clusters/edge-workers (management/05-resources/edge.yaml): added\n');
  });

  test('--check against an empty folder lists every object as added', () => {
    const run = hcp(project, 'synth', 'app.ts', '--check', '-o', 'elsewhere');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('+ HostedCluster clusters/edge (management/05-resources/edge.yaml): added\n');
    expect(run.stdout).toContain('Objects: 3 added, 0 changed, 0 removed; reports changed: 0.\n');
    expect(fs.existsSync(path.join(project, 'elsewhere'))).toBe(false);
  });
});
