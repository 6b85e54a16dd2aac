/**
 * `npm run bench:preflight` (also part of `npm run bench`): the preflight of the example fleet's
 * management cluster `east` (examples/main.ts) against a kube-apiserver (test/engines/kube-server.ts,
 * every reference CRD) seeded with the operators' objects and 500 HostedClusters the app does not
 * manage (issue 27: within 2 s). Prints, as medians of the rounds:
 *
 * - preflight: reading the cluster and judging the plan (`preflight()`: the kubeconfig, discovery,
 *   one LIST per kind, the checks), the plan already built;
 * - plan: running the app in memory to get that plan (`planApp`);
 * - command: `hcp-constructs preflight examples/main.ts --management east` as a user runs it
 *   (node's start, loading the TypeScript app, planning, reading, printing).
 *
 * Here rather than beside the other benchmarks' sources: it imports the engine harness under test/,
 * which is no part of the package's build, so it runs with ts-node --transpile-only (as
 * bench/engine does). `--rounds N` (default 5), `--foreign N` (default 500). Never asserts.
 */
import { execFile, execFileSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { REFERENCE_CRDS } from '../../test/conformance/crd-server';
import { engineTool } from '../../test/engines/engine-tools';
import { missingFor } from '../../test/engines/engine-suite';
import { startKubeServer } from '../../test/engines/kube-server';
import { NAMESPACES, cleanState, foreignHostedClusters } from '../../test/live/preflight-fixture';

const execFileP = promisify(execFile);
const REPO = path.resolve(__dirname, '..', '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function main(): Promise<void> {
  const missing = missingFor(['kube-apiserver', 'kubectl']);
  if (missing) {
    console.log(`preflight bench: skipped: ${missing}`);
    return;
  }
  const rounds = arg('rounds', 5);
  const foreign = arg('foreign', 500);
  // The built library, as the command runs it (npm run bench builds first).
  const { planApp } = require(path.join(REPO, 'build/lib/cdk8s/engine/synth')) as typeof import('../../lib/cdk8s/engine/synth');
  const { preflightPlanOf } = require(path.join(REPO, 'build/lib/cli/preflight-command')) as typeof import('../../lib/cli/preflight-command');
  const { preflight } = require(path.join(REPO, 'build/lib/live')) as typeof import('../../lib/live');
  const { define } = require(path.join(REPO, 'build/examples/main')) as { define: (app: unknown) => void };

  const server = await startKubeServer({ crds: [REFERENCE_CRDS], name: 'preflight-bench' });
  try {
    const kubectl = engineTool('kubectl')!;
    const apply = (items: readonly object[]) =>
      execFileSync(kubectl, ['--kubeconfig', server.kubeconfig, 'apply', '--server-side', '--field-manager=seed', '-f', '-'], {
        input: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: items.map(({ status, ...rest }: { status?: unknown }) => rest) }),
        env: { ...process.env, KUBECACHEDIR: path.join(server.dir, 'kubectl-cache') },
        stdio: ['pipe', 'ignore', 'inherit'],
        maxBuffer: 64 << 20,
      });
    let t = process.hrtime.bigint();
    apply(NAMESPACES);
    apply(cleanState().filter((o) => o.kind !== 'ManagedClusterAddOn'));
    for (let i = 0; i < foreign; i += 100) apply(foreignHostedClusters(foreign).slice(i, i + 100));
    console.log(`preflight bench: kube-apiserver ${server.version}, seeded ${foreign} foreign HostedClusters in ${(ms(t) / 1000).toFixed(1)} s`);

    const plans: number[] = [];
    const checks: number[] = [];
    const commands: number[] = [];
    let summary = '';
    for (let round = 0; round < rounds; round++) {
      t = process.hrtime.bigint();
      const { app } = planApp(define as never);
      const { plan } = preflightPlanOf(app, 'east');
      plans.push(ms(t));
      t = process.hrtime.bigint();
      const report = await preflight(plan, { kubeconfig: server.kubeconfig });
      checks.push(ms(t));
      summary = `${plan.objects.length} planned objects, ${report.reads} LISTs, ${report.findings.length} finding(s); hosted-cluster-limits: ${report.checks.find((c) => c.name === 'hosted-cluster-limits')?.summary}`;
      t = process.hrtime.bigint();
      await execFileP(process.execPath, [path.join(REPO, 'build/lib/cli/main.js'), 'preflight', 'examples/main.ts', '--management', 'east', '--kubeconfig', server.kubeconfig], { cwd: REPO }).catch((error: { code?: number }) => {
        if (error.code !== 1) throw error; // 1: the example's findings against this cluster
      });
      commands.push(ms(t));
    }
    console.log(`  ${summary}`);
    console.log(`  median of ${rounds} rounds (load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores):`);
    console.log(`  preflight (read + judge): ${median(checks).toFixed(0)} ms   target 2000 ms: ${median(checks) <= 2000 ? 'met' : 'NOT met'}`);
    console.log(`  plan the app in memory:   ${median(plans).toFixed(0)} ms`);
    console.log(`  the whole command:        ${median(commands).toFixed(0)} ms`);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
