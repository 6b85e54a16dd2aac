/**
 * Golden files: the built-in example of each platform, synthesized as users get it (the files of
 * the output folder, kustomization files included, reports aside), compared structurally (parsed
 * YAML, so key order and formatting do not matter) with a reviewed copy in test/golden/ at the
 * same path. After an intended change: `UPDATE_GOLDEN=1 npx jest test/golden`, then review the diff.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { App } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { synthInMemory } from '../../lib/cdk8s/engine/synth';
import { defineExample } from '../../examples/app';
import { define as defineDisconnected } from '../../examples/disconnected';
import { define as defineMigration } from '../../examples/migration';
import { define as defineAzure } from '../../examples/azure';
import { define as defineFleet } from '../../examples/main';
import { define as definePowervs } from '../../examples/powervs';

/** The YAML files a synth of `define` writes (reports are not manifests), by path in the output folder. */
function outputFiles(define: (app: App) => void): Map<string, string> {
  return new Map([...synthInMemory(define).files].filter(([name]) => name.endsWith('.yaml')));
}

/** Compares a file with its golden copy `<name>` (written first with UPDATE_GOLDEN=1). */
function expectGolden(name: string, content: string): void {
  const file = path.join(__dirname, name);
  if (process.env.UPDATE_GOLDEN === '1') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  const parse = (text: string) => parseAllDocuments(text).map((doc) => doc.toJS());
  expect(parse(content)).toEqual(parse(fs.readFileSync(file, 'utf8')));
}

/** An example app, in test/golden/<folder>/: each file against its golden copy, and the list of its files. */
function goldenApp(folder: string, define: (app: App) => void, title: string, expected: readonly string[]): void {
  const files = outputFiles(define);
  test.each([...files].map(([name, content]) => [path.posix.join(folder, name), content] as const))('%s matches its golden file', expectGolden);
  test(title, () => expect([...files.keys()].filter((f) => !f.endsWith('/kustomization.yaml'))).toEqual(expected));
}

// The built-in example, every platform: the management cluster's folder, two hosted clusters' day-2 folders, the edge site's.
goldenApp('', (app) => defineExample(app), 'every platform, the management cluster and the edge site have a golden file', [
  'edge-store-042/05-resources/edge-store-042.yaml',
  'hosted-aws-clusters-aws-prod/00-images/aws-aws-prod.yaml',
  'hosted-aws-clusters-aws-prod/01-operators/aws-aws-prod.yaml',
  'hosted-aws-clusters-aws-prod/03-webhooks/aws-aws-prod.yaml',
  'hosted-kubevirt-clusters-kv-lb/05-resources/kubevirt-kv-lb.yaml',
  'management/01-operators/management-cluster.yaml',
  'management/02-operator-configuration/management-cluster.yaml',
  'management/03-webhooks/management-cluster.yaml',
  ...['agent-vcluster2', 'agent-vm-agents', 'aws-aws-prod', 'edge-store-042', 'kubevirt-kv-dev', 'kubevirt-kv-lb', 'none-edge-lab'].map((f) => `management/05-resources/${f}.yaml`),
]);
// The second example app, a disconnected management cluster and its hosted cluster.
goldenApp('disconnected', defineDisconnected, 'the disconnected example has its management cluster and its hosted cluster', [
  ...['00-images', '01-operators', '02-operator-configuration', '03-webhooks'].map((stage) => `management/${stage}/management-cluster.yaml`),
  'management/05-resources/kubevirt-kv-disconnected.yaml',
]);
// The third, the migration of aws-prod from management cluster east to west: one folder per management cluster.
// The destination's Restore has a stage of its own, applied before the HostedCluster it brings back.
goldenApp('migration', defineMigration, "the migration example writes the source's and the destination's folder", [
  'management-east/02-operator-configuration/migration-aws-prod.yaml',
  'management-east/05-resources/migration-aws-prod.yaml',
  'management-west/04-restore/migration-aws-prod.yaml',
]);
// Self-managed Azure: a management cluster for it and one cluster on infrastructure read from hcp create infra azure's output.
goldenApp('azure', defineAzure, 'the Azure example writes its management cluster and its hosted cluster', [
  ...['01-operators', '02-operator-configuration', '03-webhooks'].map((stage) => `management/${stage}/management-cluster.yaml`),
  'management/05-resources/azure-az-prod.yaml',
]);
// The built-in example as npm run synth writes it: the fleet of two management clusters, and the hub's delivery objects.
goldenApp('fleet', defineFleet, 'the example fleet writes a folder per management cluster, the day-2 folders and the hub', [
  'gitops-hub/02-operator-configuration/gitops.yaml',
  'gitops-hub/05-resources/gitops.yaml',
  'hosted-aws-clusters-aws-prod/00-images/aws-aws-prod.yaml',
  'hosted-aws-clusters-aws-prod/01-operators/aws-aws-prod.yaml',
  'hosted-aws-clusters-aws-prod/03-webhooks/aws-aws-prod.yaml',
  'hosted-kubevirt-clusters-kv-lb/05-resources/kubevirt-kv-lb.yaml',
  ...['01-operators', '02-operator-configuration', '03-webhooks'].map((stage) => `management-east/${stage}/management-east.yaml`),
  'management-east/05-resources/aws-aws-prod.yaml',
  'management-east/05-resources/kubevirt-kv-lb.yaml',
  ...['01-operators', '02-operator-configuration', '03-webhooks'].map((stage) => `management-west/${stage}/management-west.yaml`),
  ...['agent-vcluster2', 'agent-vm-agents', 'kubevirt-kv-dev', 'none-edge-lab'].map((f) => `management-west/05-resources/${f}.yaml`),
]);
// The PowerVS example: a management cluster for PowerVS and one PowerVS hosted cluster.
goldenApp('powervs', definePowervs, 'the PowerVS example writes the management cluster and its hosted cluster', [
  'management/01-operators/management-cluster.yaml',
  'management/02-operator-configuration/management-cluster.yaml',
  'management/05-resources/powervs-pvs-dev.yaml',
]);
