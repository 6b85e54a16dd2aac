/**
 * The kustomization.yaml the synth writes into every output folder and stage folder: each builds
 * with `kubectl kustomize` as written, to exactly the objects of its files; the files are the
 * library's (in its manifest), a user's own is refused, and a folder that went away goes with them.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { HcpValidationError, formatIssues } from '../../lib/core';
import { STAGES } from '../../lib/core/output-layout';
import { OutputFolderError, synthAtomically } from '../../lib/cdk8s';
import { KUSTOMIZATION_FILE, isManifestFile, kustomizationContent, kustomizationFiles } from '../../lib/cdk8s/engine/kustomization';
import { MANIFEST_FILE, readManifest } from '../../lib/cdk8s/engine/output-folder';
import { synthInMemory } from '../../lib/cdk8s/engine/synth';
import { defineExample } from '../../examples/app';
import { EXAMPLE_CLUSTERS, EXAMPLE_DAY2, EXAMPLE_OPTIONS } from '../../examples/clusters';
import { EXAMPLE_AGENT_CLUSTERS } from '../../examples/agent-infrastructure';
import { filesBelow, temporaryFolder } from './files';
import { KUBECTL } from '../engines/engine-tools';

type Obj = { kind: string; metadata?: { namespace?: string; name?: string } };
const docsOf = (text: string) => parseAllDocuments(text).map((d) => d.toJS() as Obj);
const key = (o: Obj) => `${o.kind} ${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
const sortedKeys = (objects: Obj[]) => objects.map(key).sort();

const folder = temporaryFolder('hcp-kustomization-');
/** The example synthesized once for the read-only tests. */
let dist: string;
beforeAll(() => {
  dist = path.join(folder(), 'example');
  synthAtomically(dist, (app) => defineExample(app));
});

/** Every folder below `dir` (relative, sorted) that holds a kustomization.yaml. */
function kustomizedFolders(dir: string): string[] {
  return Object.keys(filesBelow(dir))
    .filter((f) => path.basename(f) === KUSTOMIZATION_FILE)
    .map((f) => path.dirname(f))
    .sort();
}

/** The Kubernetes objects of the manifests in `dir` and below. */
function objectsBelow(dir: string): Obj[] {
  return Object.entries(filesBelow(dir))
    .filter(([f]) => isManifestFile(f))
    .flatMap(([, text]) => docsOf(text));
}

describe('the kustomization files of a synth', () => {
  test('one in every output folder and each of its stage folders, none in reports/ or above the folders', () => {
    const stages = (name: string, list: string[]) => [name, ...list.map((s) => `${name}/${s}`)];
    expect(kustomizedFolders(dist)).toEqual([
      ...stages('edge-store-042', ['05-resources']),
      ...stages('hosted-aws-clusters-aws-prod', ['00-images', '01-operators', '03-webhooks']),
      ...stages('hosted-kubevirt-clusters-kv-lb', ['05-resources']),
      ...stages('management', ['01-operators', '02-operator-configuration', '03-webhooks', '05-resources']),
    ]);
  });

  test("a folder's lists its stage folders in apply order, a stage's its files, sorted, byte for byte", () => {
    const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
    expect(read('management/kustomization.yaml')).toBe(
      'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - 01-operators\n  - 02-operator-configuration\n  - 03-webhooks\n  - 05-resources\n',
    );
    expect(read('management/01-operators/kustomization.yaml')).toBe('apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - management-cluster.yaml\n');
    expect(docsOf(read('management/05-resources/kustomization.yaml'))[0]).toMatchObject({
      resources: ['agent-vcluster2.yaml', 'agent-vm-agents.yaml', 'aws-aws-prod.yaml', 'edge-store-042.yaml', 'kubevirt-kv-dev.yaml', 'kubevirt-kv-lb.yaml', 'none-edge-lab.yaml'],
    });
  });

  test('structure: every listed path exists inside the folder, every YAML file and stage folder is listed', () => {
    for (const at of kustomizedFolders(dist)) {
      const here = path.join(dist, at);
      const [kustomization] = docsOf(fs.readFileSync(path.join(here, KUSTOMIZATION_FILE), 'utf8')) as unknown as Array<{ apiVersion: string; kind: string; resources: string[] }>;
      expect(Object.keys(kustomization)).toEqual(['apiVersion', 'kind', 'resources']);
      expect([kustomization.apiVersion, kustomization.kind]).toEqual(['kustomize.config.k8s.io/v1beta1', 'Kustomization']);
      expect(kustomization.resources).toEqual([...kustomization.resources].sort());
      for (const resource of kustomization.resources) {
        // One plain name: nothing points outside the folder or below one level.
        expect(resource).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
        const target = path.join(here, resource);
        expect(fs.existsSync(target)).toBe(true);
        if (fs.statSync(target).isDirectory()) expect(fs.existsSync(path.join(target, KUSTOMIZATION_FILE))).toBe(true);
      }
      const entries = fs.readdirSync(here, { withFileTypes: true });
      const expected = entries.filter((e) => (e.isDirectory() ? (STAGES as readonly string[]).includes(e.name) : isManifestFile(e.name))).map((e) => e.name);
      expect(kustomization.resources).toEqual(expected.sort());
      // A folder holds stage folders only; a stage folder holds files only.
      expect(entries.every((e) => e.name === KUSTOMIZATION_FILE || e.isDirectory() === (at.split('/').length === 1))).toBe(true);
    }
  });

  test('they are the library\'s files: listed in its manifest', () => {
    const listed = readManifest(dist);
    for (const at of kustomizedFolders(dist)) expect(listed).toContain(`${at}/${KUSTOMIZATION_FILE}`);
  });

  test('synthInMemory (synth --check, diff) has them too, with the same bytes', () => {
    const output = synthInMemory((app) => defineExample(app));
    const written = filesBelow(dist);
    for (const at of kustomizedFolders(dist)) expect(output.files.get(`${at}/${KUSTOMIZATION_FILE}`)).toBe(written[`${at}/${KUSTOMIZATION_FILE}`]);
    expect([...output.files.keys()].filter((f) => path.basename(f) === KUSTOMIZATION_FILE)).toHaveLength(kustomizedFolders(dist).length);
  });

  // kubectl builds kustomizations with kustomize's own code; CI builds it (engines/build.sh).
  const kubectl = spawnSync(KUBECTL, ['version', '--client'], { encoding: 'utf8' }).status === 0 || process.env.CI === 'true'; // CI builds it (engines/build.sh)
  if (!kubectl) process.stdout.write('kustomization.test.ts: kubectl is not installed, so the folders are not built with `kubectl kustomize` (the structural checks still run).\n');
  (kubectl ? test : test.skip)('every folder and stage folder builds with `kubectl kustomize` to exactly the objects of its files', () => {
    const folders = kustomizedFolders(dist);
    expect(folders.length).toBeGreaterThan(4);
    for (const at of folders) {
      const built = spawnSync(KUBECTL, ['kustomize', path.join(dist, at)], { encoding: 'utf8' });
      expect(built.stderr).toBe('');
      expect(built.status).toBe(0);
      const objects = objectsBelow(path.join(dist, at));
      expect(objects.length).toBeGreaterThan(0);
      expect(sortedKeys(docsOf(built.stdout))).toEqual(sortedKeys(objects));
    }
  });
});

describe('kustomizationFiles', () => {
  test('stage folders in apply order, files sorted; reports and files outside a stage folder not listed', () => {
    const files = kustomizationFiles(['m/05-resources/b.yaml', 'm/05-resources/a.yaml', 'm/00-images/a.yaml', 'reports/capacity.json', 'm/loose.yaml', 'm/05-resources/kustomization.yaml']);
    expect([...files.keys()]).toEqual(['m/kustomization.yaml', 'm/00-images/kustomization.yaml', 'm/05-resources/kustomization.yaml']);
    expect(files.get('m/kustomization.yaml')).toBe(kustomizationContent(['05-resources', '00-images']));
    expect(files.get('m/05-resources/kustomization.yaml')).toBe('apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - a.yaml\n  - b.yaml\n');
    expect(kustomizationFiles([]).size).toBe(0);
  });
});

describe('ownership', () => {
  let work: string;
  beforeEach(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-kustomization-own-'))));
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  const refusal = (dist: string, theirs: string, folder: string) =>
    `refusing to replace ${path.join(dist, theirs)}: hcp-constructs did not write it (it is not in ${MANIFEST_FILE}), and the synth writes its own kustomization.yaml into every folder it writes (listing the folder's stage folders or files). ` +
    `Move yours to a folder of your own that lists ${path.join(dist, folder)} as a resource (a folder resource such as "../dist/${folder}" builds with the synth's kustomization), then synthesize again.`;

  test.each([['management/kustomization.yaml'], ['management/kustomization.yml'], ['management/Kustomization'], ['management/05-resources/kustomization.yaml']])(
    "a user's %s where the synth writes its kustomization.yaml is refused, never overwritten",
    (theirs) => {
      const dist = path.join(work, 'dist');
      fs.mkdirSync(path.dirname(path.join(dist, theirs)), { recursive: true });
      fs.writeFileSync(path.join(dist, theirs), 'resources:\n  - mine.yaml\n');
      const before = filesBelow(work);
      let error: unknown;
      try {
        synthAtomically(dist, (app) => defineExample(app));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(OutputFolderError);
      expect((error as Error).message).toBe(refusal(dist, theirs, path.dirname(theirs)));
      expect(filesBelow(work)).toEqual(before);
    },
  );

  test('the chart id "kustomization" is reserved', () => {
    let error: unknown;
    try {
      synthAtomically(path.join(work, 'dist'), (app: App) => {
        new ApiObject(new Chart(app, 'kustomization'), 'cm', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' } });
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HcpValidationError);
    expect(formatIssues((error as HcpValidationError).issues)).toBe(
      '  error Chart kustomization id: the chart id "kustomization" is reserved: its file would be kustomization.yaml, the name of the kustomization file the synth writes into every output folder and stage folder. Fix: Give the chart another id, such as "kustomization-objects".',
    );
    expect(fs.existsSync(path.join(work, 'dist'))).toBe(false);
  });

  test('a target that goes away loses its folder; one holding a file of the user\'s keeps it, with only that file', () => {
    const dist = path.join(work, 'dist');
    const withoutAws = (c: { name: string }) => c.name !== 'aws-prod';
    synthAtomically(dist, (app) => defineExample(app));
    expect(fs.existsSync(path.join(dist, 'hosted-aws-clusters-aws-prod', '00-images'))).toBe(true);
    // kv-lb's day-2 folder holds a note of the user's.
    fs.writeFileSync(path.join(dist, 'hosted-kubevirt-clusters-kv-lb', 'NOTES.md'), 'mine');
    // aws-prod taken out of the app, and kv-lb's day-2 objects.
    const day2 = EXAMPLE_DAY2.filter((d) => withoutAws(d.cluster) && d.cluster.name !== 'kv-lb');
    const result = synthAtomically(dist, (app) => defineExample(app, [...EXAMPLE_CLUSTERS, ...EXAMPLE_AGENT_CLUSTERS].filter(withoutAws), EXAMPLE_OPTIONS, undefined, day2));
    expect(result.removed.filter((f) => f.startsWith('hosted-'))).toEqual([
      ...['00-images', '01-operators', '03-webhooks'].flatMap((stage) => [`${stage}/aws-aws-prod.yaml`, `${stage}/kustomization.yaml`]).map((f) => `hosted-aws-clusters-aws-prod/${f}`),
      'hosted-aws-clusters-aws-prod/kustomization.yaml',
      'hosted-kubevirt-clusters-kv-lb/05-resources/kubevirt-kv-lb.yaml',
      'hosted-kubevirt-clusters-kv-lb/05-resources/kustomization.yaml',
      'hosted-kubevirt-clusters-kv-lb/kustomization.yaml',
    ]);
    expect(fs.existsSync(path.join(dist, 'hosted-aws-clusters-aws-prod'))).toBe(false);
    expect(fs.readdirSync(path.join(dist, 'hosted-kubevirt-clusters-kv-lb'))).toEqual(['NOTES.md']);
  });
});
