/**
 * Runs the built `hcp-constructs` command (build/lib/cli/main.js) as a user would, in a project
 * folder of its own: a temporary folder whose node_modules links cdk8s, constructs, typescript
 * and hcp-constructs (this repository) as an installed project would have them.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const CLI = path.join(ROOT, 'build', 'lib', 'cli', 'main.js');

export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the command in `cwd`; NO_COLOR and no terminal, as in CI. */
export function hcp(cwd: string, ...args: string[]): Run {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A new project folder with the packages linked in; removed by {@link removeProject}. */
export function makeProject(): string {
  if (!fs.existsSync(CLI)) throw new Error('build/ is missing: run `npm run build` (npm test does)');
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-cli-')));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const name of ['cdk8s', 'constructs', 'typescript']) fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
  fs.symlinkSync(ROOT, path.join(dir, 'node_modules', 'hcp-constructs'), 'dir');
  return dir;
}

export function removeProject(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** A hosted cluster on platform None with no finding, without NodePools. */
export const EDGE = {
  name: 'edge',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.1-x86_64' },
  platform: { type: 'None' },
  controllerAvailabilityPolicy: 'HighlyAvailable',
  pullSecret: { existingSecret: 'pull-secret' },
  secretEncryption: { aescbc: { existingSecret: 'etcd-key' } },
  services: { apiServerAddress: '10.0.0.5' },
};

/** The refusal of the EDGE app's NodePool edge-workers moving from upgradeType InPlace to Replace, as the command prints it. */
export const EDGE_WORKERS_REPLACE_REFUSED =
  '  error NodePool clusters/edge-workers nodePools[0].upgradeType (spec.management.upgradeType): UpgradeType is immutable: ' +
  'it was "InPlace" in the previous output and is "Replace" now, so the API server would refuse the update (rule `self == oldSelf`). ' +
  'Fix: Keep nodePools[0].upgradeType as it was ("InPlace"). To change it, add a NodePool with another name and upgradeType "Replace", ' +
  'move the workloads to it, then remove this NodePool.\n';

/** A one-cluster app ({@link EDGE}) whose NodePool has `replicas` (any value, to make it fail); `extra` goes at the end of define. */
export function edgeApp(replicas: unknown = 2, extra = ''): string {
  return `import { App, Chart } from 'cdk8s';
import { HostedClusterBundle } from 'hcp-constructs/cdk8s';

export function define(app: App): void {
  new HostedClusterBundle(new Chart(app, 'edge'), 'cluster', {
    ...${JSON.stringify(EDGE)},
    nodePools: [{ name: 'edge-workers', replicas: ${JSON.stringify(replicas)} }],
  } as never);
${extra}}
`;
}
