/**
 * The fast synth path keeps cdk8s's promises: the files hold the objects cdk8s's own `app.synth()`
 * writes (read back as YAML 1.2 and as YAML 1.1, as kubectl reads), in the same order; a user's
 * ApiObjects and constructs in the same charts still synthesize; plan objects give cdk8s's JSON
 * even after a user changes them.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart, JsonPatch, Lazy, LazyResolver, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import { parseAllDocuments } from 'yaml';
import { HostedClusterBundle, synthAtomically } from '../../lib/cdk8s';
import { PlannedApiObject } from '../../lib/cdk8s/planned-api-object';
import { toYaml, toYamlStream } from '../../lib/core/yaml';
import { STAGES } from '../../lib/core/output-layout';
import { defineExample } from '../../examples/app';
import { EXAMPLE_OPTIONS, noneCluster } from '../../examples/clusters';
import { KUBECTL } from '../engines/engine-tools';

/** Every YAML file below `dir`, read back with the `yaml` package as `version`: relative path without `.yaml` -> documents. */
function readBack(dir: string, version: '1.1' | '1.2'): Record<string, unknown[]> {
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'));
  return Object.fromEntries(files.sort().map((f) => [f.replace(/\.yaml$/, ''), parseAllDocuments(fs.readFileSync(path.join(dir, f), 'utf8'), { version }).map((d) => d.toJS())]));
}

/** What cdk8s itself writes with app.synth(), read back: chart file name -> documents. */
function cdk8sObjects(define: (app: App) => void): Record<string, unknown[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-cdk8s-'));
  try {
    const app = new App({ outdir: dir, outputFileExtension: '.yaml' });
    define(app);
    app.synth();
    return readBack(dir, '1.2');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A chart's file as cdk8s writes it from the library's output folder `folder`: its files in the
 * stage sub-folders, in stage order, as one stream; chart file name -> text.
 */
function chartTexts(folder: string): Record<string, string> {
  const texts: Record<string, string[]> = {};
  for (const stage of STAGES.filter((s) => fs.existsSync(path.join(folder, s)))) {
    for (const file of fs.readdirSync(path.join(folder, stage)).filter((f) => f !== 'kustomization.yaml').sort()) {
      (texts[file] ??= []).push(fs.readFileSync(path.join(folder, stage, file), 'utf8'));
    }
  }
  return Object.fromEntries(Object.entries(texts).map(([file, parts]) => [file, parts.join('---\n')]));
}

/** What synthAtomically writes, read back as `version`: chart file name (without the target folder and stages) -> documents. */
function libraryObjects(define: (app: App) => void, version: '1.1' | '1.2'): Record<string, unknown[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-fleet-'));
  try {
    synthAtomically(path.join(dir, 'dist'), define);
    const texts = chartTexts(path.join(dir, 'dist', 'management'));
    return Object.fromEntries(
      Object.keys(texts)
        .sort()
        .map((f) => [f.replace(/\.yaml$/, ''), parseAllDocuments(texts[f], { version }).map((d) => d.toJS())]),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A user's own construct: a ConfigMap of its own. */
class TeamConfig extends Construct {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new ApiObject(this, 'config', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'team', namespace: 'clusters' }, data: { owner: 'on', mode: '0755', window: '1:20' } });
  }
}

describe('files hold what cdk8s writes', () => {
  test.each(['1.2', '1.1'] as const)('the built-in example, read back as YAML %s: the same objects in the same order', (version) => {
    // cdk8s's own writer knows no targets or folders: the example without its day-2 chart and its edge site.
    const define = (app: App) => defineExample(app, undefined, undefined, undefined, [], undefined, undefined, []);
    expect(libraryObjects(define, version)).toEqual(cdk8sObjects(define));
  });

  test("the built-in example: the same documents as cdk8s's own writer (bytes too where no string holds a double quote)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-bytes-'));
    try {
      const app = new App({ outdir: path.join(dir, 'cdk8s'), outputFileExtension: '.yaml' });
      defineExample(app, undefined, undefined, undefined, [], undefined, undefined, []);
      app.synth();
      synthAtomically(path.join(dir, 'dist'), (a) => defineExample(a, undefined, undefined, undefined, [], undefined, undefined, []));
      const names = fs.readdirSync(path.join(dir, 'cdk8s')).sort();
      expect(names).toHaveLength(6);
      const texts = chartTexts(path.join(dir, 'dist', 'management'));
      for (const name of names) {
        const ours = texts[name];
        const theirs = fs.readFileSync(path.join(dir, 'cdk8s', name), 'utf8');
        expect(parseAllDocuments(ours).map((d) => d.toJS())).toEqual(parseAllDocuments(theirs).map((d) => d.toJS()));
        // cdk8s's writer switches to single quotes for strings holding a double quote; js-yaml escapes.
        if (!theirs.includes(`'`)) expect(ours).toBe(theirs);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a user's ApiObject beside a bundle in one chart, and a user construct", () => {
    const define = (app: App) => {
      const chart = new Chart(app, 'edge', { labels: { team: 'edge' } });
      new HostedClusterBundle(chart, 'cluster', { ...noneCluster, options: EXAMPLE_OPTIONS });
      new ApiObject(chart, 'extra', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'extra', namespace: 'clusters' }, data: { lazy: Lazy.any({ produce: () => 'computed' }) } });
      new TeamConfig(new Chart(app, 'team'), 'config');
    };
    const written = libraryObjects(define, '1.2');
    expect(written).toEqual(cdk8sObjects(define));
    expect(written['edge'].map((d) => (d as { kind: string }).kind)).toContain('ConfigMap');
    expect(written['edge'].find((d) => (d as { metadata: { name: string } }).metadata.name === 'extra')).toMatchObject({ data: { lazy: 'computed' } });
    expect(written['team']).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'team', namespace: 'clusters' }, data: { owner: 'on', mode: '0755', window: '1:20' } }]);
  });

  test('Testing.synth and a plain app.synth() still work', () => {
    const chart = Testing.chart();
    new HostedClusterBundle(chart, 'cluster', { ...noneCluster, options: EXAMPLE_OPTIONS });
    new TeamConfig(chart, 'team');
    const docs = Testing.synth(chart) as Array<{ kind: string }>;
    expect(docs.map((d) => d.kind)).toEqual(expect.arrayContaining(['Namespace', 'HostedCluster', 'NodePool', 'ConfigMap']));
    expect(docs[docs.length - 1].kind).toBe('ConfigMap');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-plain-'));
    const app = new App({ outdir: dir });
    new HostedClusterBundle(new Chart(app, 'c'), 'cluster', { ...noneCluster, options: EXAMPLE_OPTIONS });
    app.synth();
    expect(fs.readdirSync(dir)).toEqual(['c.k8s.yaml']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('PlannedApiObject gives the JSON of a cdk8s ApiObject', () => {
  // A fresh literal each time (structuredClone would give objects of another realm under Jest).
  const props = () => ({
    apiVersion: 'hypershift.openshift.io/v1beta1',
    kind: 'NodePool',
    metadata: { name: 'pool', namespace: 'clusters', labels: {}, annotations: { b: '2', a: '1' } },
    spec: { replicas: 2, clusterName: 'c', nested: { z: [{ y: 1, x: null }], a: {}, e: [] }, dropped: undefined },
  });
  /** Both kinds of object, built alike in a chart, then changed by `change`. */
  function both(change: (o: ApiObject) => void = () => undefined, app: App = Testing.app()) {
    const chart = new Chart(app, 'c', { labels: { chart: 'label' }, namespace: 'ignored' });
    const planned = new PlannedApiObject(chart, 'planned', props());
    const plain = new ApiObject(chart, 'plain', props());
    change(planned);
    change(plain);
    return { planned: planned.toJson(), plain: plain.toJson() };
  }

  test('as built: keys sorted, apiVersion/kind/metadata first, nulls dropped, empty metadata maps dropped', () => {
    const { planned, plain } = both();
    expect(JSON.stringify(planned)).toBe(JSON.stringify(plain));
  });

  test('after metadata changes and JSON patches', () => {
    const { planned, plain } = both((o) => {
      o.metadata.addLabel('added', 'later');
      o.metadata.addAnnotation('note', 'x');
      o.addJsonPatch(JsonPatch.replace('/spec/replicas', 5));
    });
    expect(JSON.stringify(planned)).toBe(JSON.stringify(plain));
    expect(planned.spec.replicas).toBe(5);
  });

  test("with the user's own resolvers", () => {
    const upper = { resolve: (context: { value: unknown; replaceValue(v: unknown): void }) => typeof context.value === 'string' && context.value === 'c' && context.replaceValue('C') };
    const { planned, plain } = both(undefined, new App({ resolvers: [upper, new LazyResolver()] }));
    expect(JSON.stringify(planned)).toBe(JSON.stringify(plain));
    expect(planned.spec.clusterName).toBe('C');
  });
});

describe('YAML output', () => {
  // Strings that YAML 1.1 (kubectl's go-yaml) or 1.2 readers would take for something else when unquoted.
  const tricky = ['on', 'off', 'yes', 'no', 'y', 'N', 'True', 'NULL', '~', '', '0755', '0o17', '0x1F', '0b101', '1e3', '1_000', '1:20', '.5', '.inf', '-.Inf', '.NaN',
    '2024-01-01', '2001-12-14t21:59:43.10-05:00', '=', '<<', '- a', 'a: b', '#x', '*a', '&a', '!a', '%a', '@a', '`a', '{a}', '[a]', '|', '>', '? a', ' lead', 'trail ',
    'multi\nline', 'multi\nline\n', '\ttab', 'é', '"q"', "'q'", '---', '...', 'a\r\nb'];

  test.each(['1.2', '1.1'] as const)('strings, numbers and keys read back unchanged as YAML %s', (version) => {
    const doc = { strings: tricky, keys: Object.fromEntries(tricky.filter(Boolean).map((s, i) => [s, i])), numbers: [0, -1, 1.5, 1e21, 2 ** 53], booleans: [true, false], empty: { list: [], map: {} } };
    const [back] = parseAllDocuments(toYaml(doc), { version }).map((d) => d.toJS());
    expect(back).toEqual(doc);
  });

  // kubectl reads YAML with go-yaml (through kustomize's kyaml); CI builds it (engines/build.sh), others may not have it.
  const kubectl = spawnSync(KUBECTL, ['version', '--client'], { encoding: 'utf8' }).status === 0 || process.env.CI === 'true'; // CI builds it (engines/build.sh)
  (kubectl ? test : test.skip)('kubectl reads the synthesized folders back as the same objects (kubectl kustomize)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-kubectl-'));
    try {
      synthAtomically(path.join(dir, 'dist'), (app) => {
        defineExample(app);
        new ApiObject(new Chart(app, 'tricky'), 'strings', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'tricky', namespace: 'clusters' }, data: Object.fromEntries(tricky.map((t, i) => [`k${i}`, t])) });
      });
      const key = (o: { kind: string; metadata: { namespace?: string; name: string } }) => `${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`;
      const sorted = (docs: unknown[]) => (docs as Parameters<typeof key>[0][]).sort((a, b) => key(a).localeCompare(key(b)));
      for (const folder of fs.readdirSync(path.join(dir, 'dist')).filter((f) => f !== 'reports' && !f.startsWith('.'))) {
        // Built with the kustomization.yaml the synth wrote (it lists the folder's stage folders).
        const at = path.join(dir, 'dist', folder);
        const files = fs.readdirSync(at, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml') && path.basename(f) !== 'kustomization.yaml');
        const ours = files.flatMap((f) => parseAllDocuments(fs.readFileSync(path.join(at, f), 'utf8')).map((d) => d.toJS()));
        const built = spawnSync(KUBECTL, ['kustomize', at], { encoding: 'utf8' });
        expect(built.stderr).toBe('');
        expect(sorted(parseAllDocuments(built.stdout).map((d) => d.toJS()))).toEqual(sorted(ours));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('documents are separated as cdk8s separates them, with no anchors for repeated values', () => {
    const shared = { a: 1 };
    const text = toYamlStream([{ first: shared, second: shared }, { z: 1 }]);
    expect(text).toBe('first:\n  a: 1\nsecond:\n  a: 1\n---\nz: 1\n');
  });
});
