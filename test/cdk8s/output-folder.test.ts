/**
 * The synth shares its output folder with the user: it must never delete or replace a file it did
 * not write, and must refuse folders that hold a project. Every case runs in a temporary project.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Chart } from 'cdk8s';
import { HostedClusterBundle, OutputFolderError, runSynth, synthAtomically } from '../../lib/cdk8s';
import { MANIFEST_FILE, outputFolderProblem, readManifest, resolveOutdir, writeOwnedFiles } from '../../lib/cdk8s/engine/output-folder';
import { defineExample } from '../../examples/app';
import { EXAMPLE_CLUSTERS, EXAMPLE_DAY2, EXAMPLE_OPTIONS, noneCluster } from '../../examples/clusters';
import { EXAMPLE_AGENT_CLUSTERS } from '../../examples/agent-infrastructure';
import { EXAMPLE_OUTPUT, FLEET_EXAMPLE_OUTPUT, filesBelow } from './files';

const ROOT = path.resolve(__dirname, '..', '..');
const MAIN = path.join(ROOT, 'build', 'examples', 'main.js');

/** A user's project: package.json, .git, lib/, and a GitOps folder with its own kustomization. */
function makeProject(): string {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-project-'));
  fs.writeFileSync(path.join(project, 'package.json'), '{"name":"user-project"}\n');
  fs.mkdirSync(path.join(project, '.git'));
  fs.writeFileSync(path.join(project, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  fs.mkdirSync(path.join(project, 'lib'));
  fs.writeFileSync(path.join(project, 'lib', 'main.ts'), 'export {};\n');
  return project;
}

describe('output folder', () => {
  let project: string;
  const cwd = process.cwd();
  beforeEach(() => {
    project = makeProject();
    process.chdir(project);
  });
  afterEach(() => {
    process.chdir(cwd);
    fs.rmSync(project, { recursive: true, force: true });
  });

  test.each([
    ['"."', () => '.'],
    ['the project root', () => project],
    ['a parent of the working directory', () => '..'],
  ])('refuses %s before running any user code, and changes nothing', (_label, outdir) => {
    const target = outdir();
    const before = filesBelow(project);
    let ran = false;
    expect(() => synthAtomically(target, (app) => ((ran = true), defineExample(app)))).toThrow(OutputFolderError);
    expect(ran).toBe(false);
    expect(filesBelow(project)).toEqual(before);
  });

  test('refuses an empty folder name ("") with a message that says why', () => {
    const before = filesBelow(project);
    expect(() => synthAtomically('', defineExample)).toThrow('the output folder is empty ("")');
    expect(filesBelow(project)).toEqual(before);
  });

  test('runSynth reports a refusal as exit code 2 with no stack trace', () => {
    const before = filesBelow(project);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(runSynth('.', defineExample)).toBe(2);
      const printed = stderr.mock.calls.map((call) => String(call[0])).join('');
      expect(printed).toContain('Synthesis refused: refusing to write into');
      expect(printed).toContain(`${project} is the working directory.`);
      expect(printed).toContain('Nothing was written.');
      expect(printed).not.toMatch(/^\s+at /m);
    } finally {
      stderr.mockRestore();
    }
    expect(filesBelow(project)).toEqual(before);
  });

  test('refuses the working directory, the home directory, a filesystem root and a file', () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-scratch-'));
    try {
      expect(outputFolderProblem(scratch, scratch)).toBe(`${scratch} is the working directory.`);
      expect(outputFolderProblem(scratch, project, scratch)).toBe(`${scratch} is the home directory.`);
      expect(outputFolderProblem(path.parse(scratch).root, project)).toBe(`${path.parse(scratch).root} is a filesystem root.`);
      fs.writeFileSync(path.join(scratch, 'f'), '');
      expect(outputFolderProblem(path.join(scratch, 'f'), project, os.tmpdir())).toBe(`${path.join(scratch, 'f')} is a file, not a folder.`);
      expect(outputFolderProblem(path.join(scratch, 'dist'), project, os.tmpdir())).toBeUndefined();
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  test('an empty CDK8S_OUTDIR counts as unset; a set one is used', () => {
    expect(resolveOutdir(undefined, { CDK8S_OUTDIR: '' })).toBe('dist');
    expect(resolveOutdir(undefined, {})).toBe('dist');
    expect(resolveOutdir(undefined, { CDK8S_OUTDIR: '/tmp/cdk8s-x' })).toBe('/tmp/cdk8s-x');
    expect(resolveOutdir('out', { CDK8S_OUTDIR: '/tmp/cdk8s-x' })).toBe('out');
  });

  test('the synth program with CDK8S_OUTDIR="" writes dist/ and leaves the project whole', () => {
    const before = filesBelow(project);
    const run = spawnSync(process.execPath, [MAIN], { cwd: project, env: { ...process.env, CDK8S_OUTDIR: '' }, encoding: 'utf8' });
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('into dist/\n');
    const after = filesBelow(project);
    for (const [file, content] of Object.entries(before)) expect(after[file]).toBe(content);
    expect(Object.keys(after).filter((f) => !(f in before)).sort()).toEqual([`dist/${MANIFEST_FILE}`, ...FLEET_EXAMPLE_OUTPUT.map((f) => `dist/${f}`)]);
  });

  test("keeps the user's kustomization.yaml above the folders, and removes only its own stale files", () => {
    const dist = path.join(project, 'dist');
    fs.mkdirSync(dist);
    const kustomization = 'resources:\n  - management/05-resources/none-edge-lab.yaml\n';
    fs.writeFileSync(path.join(dist, 'kustomization.yaml'), kustomization);
    synthAtomically('dist', defineExample);
    const generated = EXAMPLE_OUTPUT;
    expect(readManifest(dist)).toEqual(generated);

    // One cluster taken out of the app: its files go (the objects inside it too), nothing else does.
    const withoutAws = (c: { name: string }) => c.name !== 'aws-prod';
    const result = synthAtomically('dist', (app) =>
      defineExample(app, [...EXAMPLE_CLUSTERS, ...EXAMPLE_AGENT_CLUSTERS].filter(withoutAws), EXAMPLE_OPTIONS, undefined, EXAMPLE_DAY2.filter((d) => withoutAws(d.cluster))),
    );
    // Its day-2 folder goes with its kustomization files and stage folders.
    const gone = generated.filter((f) => f.includes('aws-'));
    expect(gone).toEqual([...['00-images', '01-operators', '03-webhooks'].flatMap((stage) => [`${stage}/aws-aws-prod.yaml`, `${stage}/kustomization.yaml`]), 'kustomization.yaml'].map((f) => `hosted-aws-clusters-aws-prod/${f}`).concat('management/05-resources/aws-aws-prod.yaml', 'reports/etcd-recovery-aws-clusters-aws-prod.md'));
    expect(result.removed).toEqual(gone);
    expect(fs.existsSync(path.join(dist, 'hosted-aws-clusters-aws-prod'))).toBe(false);
    expect(Object.keys(filesBelow(dist)).sort()).toEqual([MANIFEST_FILE, 'kustomization.yaml', ...generated.filter((f) => !f.includes('aws-'))].sort());
    expect(fs.readFileSync(path.join(dist, 'kustomization.yaml'), 'utf8')).toBe(kustomization);
  });

  test('refuses to replace a file of the same name that it did not write', () => {
    const dist = path.join(project, 'dist');
    fs.mkdirSync(dist);
    fs.mkdirSync(path.join(dist, 'management', '05-resources'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'management', '05-resources', 'none-edge-lab.yaml'), 'hand-written\n');
    const before = filesBelow(project);
    expect(() => synthAtomically('dist', defineExample)).toThrow(/refusing to replace .*none-edge-lab\.yaml: hcp-constructs did not write it/);
    expect(filesBelow(project)).toEqual(before);
  });

  test('a manifest cannot point outside the folder', () => {
    const dist = path.join(project, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, MANIFEST_FILE), '../package.json\n/etc/passwd\nlib/../../x\nok.yaml\n');
    expect(readManifest(dist)).toEqual(['ok.yaml']);
    synthAtomically('dist', defineExample);
    expect(fs.existsSync(path.join(project, 'package.json'))).toBe(true);
  });

  test('a failed synth (bad input) changes nothing', () => {
    synthAtomically('dist', defineExample);
    const before = filesBelow(project);
    expect(() =>
      synthAtomically('dist', (app) => {
        new HostedClusterBundle(new Chart(app, 'broken'), 'c', { ...noneCluster, name: 'broken', networking: { clusterNetwork: ['10.0.0.0/33'] } });
      }),
    ).toThrow('10.0.0.0/33');
    expect(filesBelow(project)).toEqual(before);
  });

  test('a write that fails half-way puts every previous file back', () => {
    const dist = path.join(project, 'dist');
    fs.mkdirSync(dist);
    writeOwnedFiles(dist, new Map([['a.yaml', 'a1'], ['b.yaml', 'b1'], ['c.yaml', 'c1']]));
    fs.writeFileSync(path.join(dist, 'user.yaml'), 'mine');
    const before = filesBelow(project);
    // The module object itself (the `import * as` namespace only has getters onto it).
    const nodeFs = require('fs') as typeof fs; // eslint-disable-line @typescript-eslint/no-require-imports
    const rename = nodeFs.renameSync;
    let calls = 0;
    const spy = jest.spyOn(nodeFs, 'renameSync').mockImplementation((from, to) => {
      if (++calls === 4) throw new Error('disk full');
      rename(from, to);
    });
    try {
      expect(() => writeOwnedFiles(dist, new Map([['a.yaml', 'a2'], ['b.yaml', 'b2'], ['d.yaml', 'd2']]))).toThrow('disk full');
    } finally {
      spy.mockRestore();
    }
    expect(filesBelow(project)).toEqual(before);
  });

  test('new folders and files follow the umask', () => {
    const previous = process.umask(0o022);
    try {
      synthAtomically(path.join('out', 'nested'), defineExample);
    } finally {
      process.umask(previous);
    }
    expect(fs.statSync(path.join(project, 'out')).mode & 0o777).toBe(0o755);
    expect(fs.statSync(path.join(project, 'out', 'nested')).mode & 0o777).toBe(0o755);
    expect(fs.statSync(path.join(project, 'out', 'nested', 'management', '05-resources', 'none-edge-lab.yaml')).mode & 0o777).toBe(0o644);
  });

  test('files in sub-folders are owned too, and their emptied folders removed', () => {
    const dist = path.join(project, 'dist');
    writeOwnedFiles(dist, new Map([['management/05-resources/a.yaml', 'a'], ['hosted/x/b.yaml', 'b']]));
    fs.writeFileSync(path.join(dist, 'management', '05-resources', 'mine.yaml'), 'mine');
    const result = writeOwnedFiles(dist, new Map([['management/05-resources/a.yaml', 'a2']]));
    expect(result.removed).toEqual(['hosted/x/b.yaml']);
    expect(fs.existsSync(path.join(dist, 'hosted'))).toBe(false);
    expect(filesBelow(dist)).toEqual({ [MANIFEST_FILE]: expect.any(String), 'management/05-resources/a.yaml': 'a2', 'management/05-resources/mine.yaml': 'mine' });
  });
});
