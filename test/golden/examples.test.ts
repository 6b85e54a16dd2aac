/**
 * Golden files: the built-in example of each platform, synthesized as users get it, compared
 * structurally (parsed YAML, so key order and formatting do not matter) with a reviewed copy in
 * test/golden/. After an intended change: `UPDATE_GOLDEN=1 npx jest test/golden`, then review the diff.
 */
import * as fs from 'fs';
import * as path from 'path';
import { App } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { synthesizeCharts } from '../../lib/cdk8s';
import { toYamlStream } from '../../lib/core/yaml';
import { defineExample } from '../../examples/app';
import { define as defineDisconnected } from '../../examples/disconnected';
import { define as defineMigration } from '../../examples/migration';

const app = new App();
defineExample(app);
const charts = synthesizeCharts(app);

// The management cluster's files at the top; another folder's (a hosted cluster's API, an edge site) in it, as the synth writes them.
const goldenName = (chart: (typeof charts)[number]) => (chart.folder === 'management' ? chart.name : `${chart.folder}/${chart.name}`);

/** Compares a chart with its golden file `<name>.yaml` (written first with UPDATE_GOLDEN=1). */
function expectGolden(name: string, chart: (typeof charts)[number]): void {
  const file = path.join(__dirname, `${name}.yaml`);
  if (process.env.UPDATE_GOLDEN === '1') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, toYamlStream(chart.documents));
  }
  const golden = parseAllDocuments(fs.readFileSync(file, 'utf8')).map((doc) => doc.toJS());
  expect(JSON.parse(JSON.stringify(chart.documents))).toEqual(golden);
}

test.each(charts.map((chart) => [goldenName(chart), chart] as const))('%s matches its golden file', expectGolden);

test('every platform, the management cluster and the edge site have a golden file', () => {
  expect(charts.map(goldenName).sort()).toEqual([
    'agent-vcluster2',
    'agent-vm-agents',
    'aws-aws-prod',
    'edge-store-042',
    'edge-store-042/edge-store-042',
    'hosted-aws-clusters-aws-prod/aws-aws-prod',
    'hosted-kubevirt-clusters-kv-lb/kubevirt-kv-lb',
    'kubevirt-kv-dev',
    'kubevirt-kv-lb',
    'management-cluster',
    'none-edge-lab',
  ]);
});

/** Another example app, in test/golden/<folder>/: each chart against its golden file, and the list of its files. */
function goldenApp(folder: string, define: (app: App) => void, title: string, expected: readonly string[]): void {
  const other = new App();
  define(other);
  const found = synthesizeCharts(other);
  test.each(found.map((chart) => [`${folder}/${goldenName(chart)}`, chart] as const))('%s matches its golden file', expectGolden);
  test(title, () => expect(found.map(goldenName).sort()).toEqual(expected));
}

// The second example app, a disconnected management cluster and its hosted cluster.
goldenApp('disconnected', defineDisconnected, 'the disconnected example has its management cluster and its hosted cluster', ['kubevirt-kv-disconnected', 'management-cluster']);
// The third, the migration of aws-prod from management cluster east to west: one folder per management cluster.
goldenApp('migration', defineMigration, "the migration example writes the source's and the destination's folder", ['management-east/migration-aws-prod', 'management-west/migration-aws-prod']);
