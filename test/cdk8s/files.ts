/** Test helpers: the files below a folder, temporary folders, and synth scripts run on the build. */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** The compiled library, which worker threads need (npm test builds it first). */
export const BUILD = path.resolve(__dirname, '..', '..', 'build');

/** The day-2 example's folders inside its hosted clusters, in both built-in examples. */
const DAY2_OUTPUT: readonly string[] = [
  'hosted-aws-clusters-aws-prod/00-images/aws-aws-prod.yaml',
  'hosted-aws-clusters-aws-prod/00-images/kustomization.yaml',
  'hosted-aws-clusters-aws-prod/01-operators/aws-aws-prod.yaml',
  'hosted-aws-clusters-aws-prod/01-operators/kustomization.yaml',
  'hosted-aws-clusters-aws-prod/03-webhooks/aws-aws-prod.yaml',
  'hosted-aws-clusters-aws-prod/03-webhooks/kustomization.yaml',
  'hosted-aws-clusters-aws-prod/kustomization.yaml',
  'hosted-kubevirt-clusters-kv-lb/05-resources/kubevirt-kv-lb.yaml',
  'hosted-kubevirt-clusters-kv-lb/05-resources/kustomization.yaml',
  'hosted-kubevirt-clusters-kv-lb/kustomization.yaml',
];

/** The files a synth of the built-in example (examples/app.ts `defineExample`) writes, manifest aside, sorted. */
export const EXAMPLE_OUTPUT: readonly string[] = [
  // The edge site's objects for the hub: a folder of its own (its shared ClusterImageSet stays in management/).
  'edge-store-042/05-resources/edge-store-042.yaml',
  'edge-store-042/05-resources/kustomization.yaml',
  'edge-store-042/kustomization.yaml',
  // The day-2 example's objects inside its hosted clusters: a folder of their own each, a stage folder per phase.
  ...DAY2_OUTPUT,
  // The management cluster's operators, their configuration and webhooks in stages of their own; the hosted clusters last.
  ...['01-operators', '02-operator-configuration', '03-webhooks'].flatMap((stage) => [`management/${stage}/kustomization.yaml`, `management/${stage}/management-cluster.yaml`]),
  ...['agent-vcluster2', 'agent-vm-agents', 'aws-aws-prod', 'edge-store-042', 'kubevirt-kv-dev', 'kubevirt-kv-lb', 'kustomization', 'none-edge-lab'].map((f) => `management/05-resources/${f}.yaml`),
  'management/kustomization.yaml',
  'reports/capacity.json',
  'reports/capacity.svg',
  'reports/dns-kv-lb.zone',
  'reports/dns-vcluster2.zone',
  'reports/dns-vm-agents.zone',
  // The protected aws-prod's etcd recovery runbook.
  'reports/etcd-recovery-aws-clusters-aws-prod.md',
  'reports/hosts-agent-labs-vm-agents-vm-agents.sh',
  'reports/hosts-clusters-vcluster2.sh',
  'reports/ports.md',
];

/**
 * The files a synth of the built-in example as `npm run synth` writes it (examples/main.ts, the
 * fleet of examples/fleet-app.ts), manifest aside, sorted: the hub's delivery objects, the day-2
 * folders, a folder per management cluster, and the capacity and fleet reports.
 */
export const FLEET_EXAMPLE_OUTPUT: readonly string[] = [
  'gitops-hub/02-operator-configuration/gitops.yaml',
  'gitops-hub/02-operator-configuration/kustomization.yaml',
  'gitops-hub/05-resources/gitops.yaml',
  'gitops-hub/05-resources/kustomization.yaml',
  'gitops-hub/kustomization.yaml',
  ...DAY2_OUTPUT,
  'management-east/01-operators/kustomization.yaml',
  'management-east/01-operators/management-east.yaml',
  'management-east/02-operator-configuration/kustomization.yaml',
  'management-east/02-operator-configuration/management-east.yaml',
  'management-east/03-webhooks/kustomization.yaml',
  'management-east/03-webhooks/management-east.yaml',
  'management-east/05-resources/aws-aws-prod.yaml',
  'management-east/05-resources/kubevirt-kv-lb.yaml',
  'management-east/05-resources/kustomization.yaml',
  'management-east/kustomization.yaml',
  'management-west/01-operators/kustomization.yaml',
  'management-west/01-operators/management-west.yaml',
  'management-west/02-operator-configuration/kustomization.yaml',
  'management-west/02-operator-configuration/management-west.yaml',
  'management-west/03-webhooks/kustomization.yaml',
  'management-west/03-webhooks/management-west.yaml',
  'management-west/05-resources/agent-vcluster2.yaml',
  'management-west/05-resources/agent-vm-agents.yaml',
  'management-west/05-resources/kubevirt-kv-dev.yaml',
  'management-west/05-resources/kustomization.yaml',
  'management-west/05-resources/none-edge-lab.yaml',
  'management-west/kustomization.yaml',
  'reports/capacity-east.json',
  'reports/capacity-east.svg',
  'reports/capacity-west.json',
  'reports/capacity-west.svg',
  'reports/dns-kv-lb.zone',
  'reports/dns-vcluster2.zone',
  'reports/dns-vm-agents.zone',
  'reports/etcd-recovery-aws-clusters-aws-prod.md',
  'reports/fleet-placement.json',
  'reports/fleet.json',
  'reports/fleet.svg',
  'reports/hosts-agent-labs-vm-agents-vm-agents.sh',
  'reports/hosts-clusters-vcluster2.sh',
  'reports/ports-east.md',
  'reports/ports-west.md',
];

/** Every file below `dir` (dot folders such as `.git` included): relative path -> content, sorted by path. */
export function filesBelow(dir: string): Record<string, string> {
  return Object.fromEntries(ownFiles(dir, '').sort().map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

/**
 * The files below `dir` (relative to it), without following links: Node's recursive readdir
 * follows them, and a CLI test project links node_modules/hcp-constructs to this repository, whose
 * 40,000 files other tests write into while it runs.
 */
function ownFiles(dir: string, prefix: string): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) return ownFiles(dir, relative);
    return entry.isFile() ? [relative] : [];
  });
}

/** A temporary folder for the tests of one `describe`, removed after them; the function gives its path. */
export function temporaryFolder(prefix: string): () => string {
  let folder = '';
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  return () => folder;
}

/**
 * Runs `script` (JavaScript that requires the build) with Node in the folder above `outdir`, with
 * `HCP_SYNTH_THREADS=threads`; `needs` is a compiled file the script relies on.
 */
export function runOnBuild(script: string, outdir: string, threads: number, needs: string) {
  if (!fs.existsSync(path.join(BUILD, needs))) throw new Error('build/ is missing: run `npm run build` (npm test does)');
  fs.mkdirSync(path.dirname(outdir), { recursive: true });
  return spawnSync(process.execPath, ['-e', script], { cwd: path.dirname(outdir), env: { ...process.env, HCP_SYNTH_THREADS: String(threads) }, encoding: 'utf8' });
}
