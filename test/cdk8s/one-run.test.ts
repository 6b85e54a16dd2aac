/**
 * Every finding in one run through the cdk8s constructs (issue 17): the inputs of the issue give
 * the same findings as the core's check (test/unit/one-run-cases.ts), and the built-in example
 * prints one warning per cause.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Chart, Testing } from 'cdk8s';
import { HostedClusterBundle, synthAtomically } from '../../lib/cdk8s';
import { collectIssues } from '../../lib/cdk8s/engine/issues';
import { formatIssues } from '../../lib/core';
import { defineExample } from '../../examples/app';
import { ONE_RUN_CASES } from '../unit/one-run-cases';

test.each(ONE_RUN_CASES.map((c) => [c.title, c] as const))('%s', (_title, c) => {
  const app = Testing.app();
  const bundle = new HostedClusterBundle(new Chart(app, 'case'), 'cluster', { ...c.props, ...(c.options ? { options: c.options } : {}) } as never);
  const issues = collectIssues(app);
  expect(issues.length === 0 ? [] : formatIssues(issues).split('\n')).toEqual(c.lines);
  // Nothing is emitted from props with an error.
  if (c.lines.some((line) => line.startsWith('  error'))) expect(bundle.apiObjects).toHaveLength(0);
  else expect(bundle.apiObjects.length).toBeGreaterThan(0);
});

test('the built-in example prints one warning per cause: one per SingleReplica cluster, the kubeadmin login of the cluster with an identity provider, the None cluster older than MCE 2.8 supports, none more from the capacity check', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-one-run-'));
  try {
    const result = synthAtomically(path.join(work, 'dist'), (app) => defineExample(app));
    const single = (cluster: string) =>
      `  warning HostedCluster ${cluster} controllerAvailabilityPolicy: SingleReplica control planes are the CLI default but are not supported for production. Fix: Set controllerAvailabilityPolicy: HighlyAvailable for production clusters.`;
    const kubeadmin =
      '  warning HostedCluster aws-clusters/aws-prod identityProviders (spec.configuration.oauth.identityProviders): once an identity provider is configured, the hosted cluster has no kubeadmin login any more: the operator publishes the kubeadmin password only while no identity provider exists. Fix: Before applying, make sure a user of this provider can act as cluster admin (a cluster-admin ClusterRoleBinding in the hosted cluster); the admin kubeconfig in Secret aws-prod-admin-kubeconfig keeps working for emergencies.';
    const unsupported =
      "  warning HostedCluster none-clusters/edge-lab spec.release.image: OpenShift 4.15 is older than the HyperShift operator of multicluster engine 2.8 (the management cluster's channel stable-2.8) supports (4.16 to 4.19): Red Hat supports hosted clusters in that range only. Fix: Upgrade the cluster to 4.16 or later.";
    // Its NodePool is on the cluster's release: judged with it, not once more.
    expect(formatIssues(result.warnings).split('\n')).toEqual([single('clusters/vcluster2'), kubeadmin, single('none-clusters/edge-lab'), unsupported, single('agent-labs/vm-agents'), single('kubevirt-clusters/kv-lb')]);
    expect(result.summary).toEqual([expect.stringContaining('. 4 of the planned are SingleReplica, counted as highly available (an overestimate). ')]);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
