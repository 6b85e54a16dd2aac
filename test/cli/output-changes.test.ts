/** The engine behind synth's summary, diff and --check: what changed in the owned files of an output folder. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { toYamlStream } from '../../lib/core/yaml';
import { MANIFEST_FILE } from '../../lib/cdk8s/engine/output-folder';
import { affectedClusters, compareOutput } from '../../lib/cli/output-changes';

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-changes-'))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes files as a synth would, with the manifest naming them. */
function previous(files: Record<string, string>, unowned: Record<string, string> = {}): void {
  for (const [name, content] of Object.entries({ ...files, ...unowned })) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), `# header\n${Object.keys(files).join('\n')}\n`);
}

const next = (files: Record<string, string>) => new Map(Object.entries(files).map(([name, content]) => [name, () => content]));
const hostedCluster = (name: string, image: string) => ({ apiVersion: 'hypershift.openshift.io/v1beta1', kind: 'HostedCluster', metadata: { name, namespace: 'clusters' }, spec: { release: { image } } });
const configMap = (name: string, data: Record<string, string>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'clusters', labels: { a: 'b' } }, data });

test('objects are matched by group, kind, namespace and name, whatever their order and API version', () => {
  previous({ 'management/05-resources/a.yaml': toYamlStream([configMap('0123', { k: 'v' }), hostedCluster('a', 'x:1'), configMap('gone', {})]) });
  const moved = { ...hostedCluster('a', 'x:2'), apiVersion: 'hypershift.openshift.io/v1' };
  const changes = compareOutput(dir, next({ 'management/05-resources/a.yaml': toYamlStream([moved, configMap('0123', { k: 'v' }), configMap('new', {})]) }));
  expect(changes.files).toHaveLength(1);
  expect(changes.files[0].objectChanges.map((c) => [c.change, c.object])).toEqual([
    ['changed', 'HostedCluster clusters/a'],
    ['added', 'ConfigMap clusters/new'],
    ['removed', 'ConfigMap clusters/gone'],
  ]);
  expect(affectedClusters(changes.files)).toEqual(['clusters/a']);
});

test('a quoted name (all digits) and a document edited by hand are read with a YAML parser', () => {
  const written = toYamlStream([configMap('0123', { k: 'v' })]);
  expect(written).toContain('name: "0123"');
  previous({ 'management/05-resources/a.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: "0123", namespace: clusters}\ndata: {k: old}\n' });
  const changes = compareOutput(dir, next({ 'management/05-resources/a.yaml': written }));
  expect(changes.files[0].objectChanges.map((c) => [c.change, c.object])).toEqual([['changed', 'ConfigMap clusters/0123']]);
  expect(affectedClusters(changes.files)).toEqual(['the management cluster']);
});

test('files: added, removed, unchanged; reports are compared as text; a name taken by a file it did not write is refused', () => {
  previous({ 'management/05-resources/a.yaml': toYamlStream([hostedCluster('a', 'x:1')]), 'management/05-resources/old.yaml': toYamlStream([hostedCluster('old', 'x:1')]), 'reports/capacity.json': '{}' }, { 'management/05-resources/mine.yaml': 'user' });
  const changes = compareOutput(
    dir,
    next({
      'management/05-resources/a.yaml': toYamlStream([hostedCluster('a', 'x:1')]),
      'management/05-resources/b.yaml': toYamlStream([hostedCluster('b', 'x:1'), configMap('c', {})]),
      'management/05-resources/mine.yaml': 'ours',
      'reports/capacity.json': '{"a": 1}',
    }),
  );
  expect(changes.unchanged).toBe(1);
  expect(changes.refused).toEqual(['management/05-resources/mine.yaml']);
  expect(changes.files.map((f) => [f.change, f.file, f.objects, f.objectChanges.length])).toEqual([
    ['added', 'management/05-resources/b.yaml', 2, 0],
    ['removed', 'management/05-resources/old.yaml', 1, 0],
    ['changed', 'reports/capacity.json', undefined, 0],
  ]);
  expect(affectedClusters(changes.files)).toEqual(['clusters/b', 'clusters/old']);
  // Every object of added and removed files, for diff and --check.
  const every = compareOutput(dir, next({ 'management/05-resources/b.yaml': toYamlStream([hostedCluster('b', 'x:1')]) }), { everyObject: true });
  expect(every.files.flatMap((f) => f.objectChanges.map((c) => `${c.change} ${c.object}`))).toEqual(['removed HostedCluster clusters/a', 'added HostedCluster clusters/b', 'removed HostedCluster clusters/old']);
});

test("a hosted cluster's own folder is attributed to that cluster", () => {
  previous({ 'management/05-resources/kv.yaml': toYamlStream([hostedCluster('kv-lb', 'x:1')]), 'hosted-clusters-kv-lb/05-resources/kv.yaml': toYamlStream([configMap('svc', { a: '1' })]) });
  const changes = compareOutput(dir, next({ 'management/05-resources/kv.yaml': toYamlStream([hostedCluster('kv-lb', 'x:1')]), 'hosted-clusters-kv-lb/05-resources/kv.yaml': toYamlStream([configMap('svc', { a: '2' })]) }));
  expect(changes.files.map((f) => [f.file, f.clusters])).toEqual([['hosted-clusters-kv-lb/05-resources/kv.yaml', ['clusters/kv-lb']]]);
  const both = compareOutput(dir, next({ 'management/05-resources/kv.yaml': toYamlStream([hostedCluster('kv-lb', 'x:2')]), 'hosted-clusters-kv-lb/05-resources/kv.yaml': toYamlStream([configMap('svc', { a: '2' })]) }));
  expect(affectedClusters(both.files)).toEqual(['clusters/kv-lb']);
  // Without its HostedCluster anywhere in the output, the folder's name.
  fs.rmSync(path.join(dir, 'management'), { recursive: true });
  previous({ 'hosted-clusters-kv-lb/05-resources/kv.yaml': toYamlStream([configMap('svc', { a: '1' })]) });
  const alone = compareOutput(dir, next({ 'hosted-clusters-kv-lb/05-resources/kv.yaml': toYamlStream([configMap('svc', { a: '2' })]) }));
  expect(alone.files.map((f) => f.clusters)).toEqual([['hosted cluster clusters-kv-lb']]);
});
