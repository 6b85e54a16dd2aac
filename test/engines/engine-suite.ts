/**
 * What the engine suites share: whether the built engines are here (test/engines/engine-tools.ts),
 * and the `describe` that runs a suite, or fails it under CI=true when they are missing (CI builds
 * them with engines/build.sh first), or skips it elsewhere, saying why.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { engineTool } from './engine-tools';
import { kubeServerTools } from './kube-server';
import { REFERENCE_CRDS, SHARED_DIR } from '../conformance/crd-server';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** What the Pulumi suites run: the engine's pieces and the API server they talk to. */
export const PULUMI_TOOLS = ['pulumi', 'pulumi-language-nodejs', 'pulumi-resource-pulumi-nodejs', 'pulumi-resource-kubernetes', 'kube-apiserver', 'kubectl'];

/** The reason a suite needing `tools` cannot run here, or undefined when it can. */
export function missingFor(tools: readonly string[]): string | undefined {
  if (!fs.existsSync(SHARED_DIR)) return `../shared is not beside the repository (its CRDs are what the server is loaded with)`;
  const missing = tools.filter((t) => !engineTool(t));
  if (missing.length > 0) return `${missing.join(', ')} not built on this machine: run \`bash engines/build.sh\``;
  if (!fs.existsSync(path.join(REPO_ROOT, 'build/lib/pulumi/index.js'))) return 'the package is not built: run `npm run build`';
  return undefined;
}

/** The HostedCluster and NodePool CRDs, all a server needs for the suites that read or write only those. */
export const HYPERSHIFT_CRDS = path.join(REFERENCE_CRDS, 'hypershift');

/** Why a suite that runs the built command against kube-apiserver with {@link HYPERSHIFT_CRDS} cannot run here, or undefined when it can. */
export function missingForCliOnHypershiftServer(): string | undefined {
  const tools = kubeServerTools();
  if ('missing' in tools) return tools.missing;
  if (!engineTool('kubectl')) return 'kubectl is not built: run `bash engines/build.sh`';
  if (!fs.existsSync(HYPERSHIFT_CRDS)) return `${HYPERSHIFT_CRDS} not found (../shared is not beside the repository)`;
  if (!fs.existsSync(path.join(REPO_ROOT, 'build', 'lib', 'cli', 'main.js'))) return 'the package is not built: run `npm run build`';
  return undefined;
}

/** `describe` for a suite that needs the built `tools`. */
export function describeWithEngines(title: string, tools: readonly string[], body: () => void): void {
  describeUnlessMissing(title, missingFor(tools), body);
}

/**
 * `describe` for a suite that cannot run when `missing` says why: under CI=true it fails, saying
 * to build the engines (.ci/run does); elsewhere it is skipped, its title saying why.
 */
export function describeUnlessMissing(title: string, missing: string | undefined, body: () => void): void {
  if (!missing) return describe(title, body);
  if (process.env.CI === 'true') {
    describe(title, () => {
      test('the engines are built (they are not, so this suite did not run)', () => {
        throw new Error(`${missing}. Run \`npm run build:engines\` (engines/build.sh; .ci/run does), then the tests again.`);
      });
    });
    return;
  }
  describe.skip(`${title} (SKIPPED: ${missing})`, body);
}
