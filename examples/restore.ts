/**
 * The built-in example while recovering aws-prod from its backup: the same app plus the restore
 * set of aws-prod, a Velero Restore of the latest backup of its Schedule. In a GitOps repository
 * this is the change a person commits to recover the cluster, after the commit that removed the
 * destroyed cluster (docs/backup-restore.md); Argo CD applies the Restore (wave 1) and, once it is
 * Completed, the HostedCluster as git has it (wave 2). Remove the restore set again afterwards.
 *
 *   npx hcp-constructs synth examples/restore.ts
 */
import type { App } from 'cdk8s';
import { runSynth } from '../lib/cdk8s';
import { defineExample, sameCluster } from './app';
import { EXAMPLE_AGENT_CLUSTERS } from './agent-infrastructure';
import { EXAMPLE_CLUSTERS, EXAMPLE_DAY2, EXAMPLE_IMPORTS, EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, EXAMPLE_PROTECTION, EXAMPLE_RESTORE, awsCluster } from './clusters';

/** The example's protection with the restore set of aws-prod. */
export const RECOVERING = EXAMPLE_PROTECTION.map((p) => (sameCluster(p.cluster, awsCluster) ? { ...p, restore: EXAMPLE_RESTORE } : p));

/** Adds every chart of the example, with the restore set, to `app`. */
export function define(app: App): void {
  defineExample(app, [...EXAMPLE_CLUSTERS, ...EXAMPLE_AGENT_CLUSTERS], EXAMPLE_OPTIONS, EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_DAY2, EXAMPLE_IMPORTS, RECOVERING);
}

if (require.main === module) process.exitCode = runSynth(define);
