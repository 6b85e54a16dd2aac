/**
 * A third example app: moving aws-prod from management cluster `east` (the built-in example's)
 * to `west`, at stage `restore`. `npx hcp-constructs synth examples/migration.ts` writes
 * `management-east/` (the plugin's migration ConfigMap and the one-off Backup) and
 * `management-west/` (the Restore of that Backup), one Argo CD Application or Flux Kustomization
 * per folder, pointed at that cluster. aws-prod itself stays in the built-in example's app until
 * the Restore is Completed; docs/migration.md gives the commits in order.
 */
import { App, Chart } from 'cdk8s';
import type { ManagementClusterProps } from '../lib';
import { HostedClusterMigration, runSynth } from '../lib/cdk8s';
import { EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, awsCluster } from './clusters';

/** The destination: another management cluster set up as the first (the same external DNS domain and backup bucket). */
export const WEST_MANAGEMENT_CLUSTER: ManagementClusterProps = EXAMPLE_MANAGEMENT_CLUSTER;

/** Adds the migration of aws-prod from east to west to `app`. */
export function define(app: App): void {
  new HostedClusterMigration(new Chart(app, 'migration-aws-prod'), 'migration', {
    source: 'east',
    destination: 'west',
    stage: 'restore',
    cluster: awsCluster,
    options: EXAMPLE_OPTIONS,
    destinationCluster: awsCluster,
    sourceManagementCluster: EXAMPLE_MANAGEMENT_CLUSTER,
    destinationManagementCluster: WEST_MANAGEMENT_CLUSTER,
  });
}

if (require.main === module) process.exitCode = runSynth(define);
