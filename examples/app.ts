/** The built-in example as cdk8s charts: the management cluster, then one chart (and so one output file) per hosted cluster. */
import { App, Chart } from 'cdk8s';
import type { HostedClusterProps, ManagementClusterProps } from '../lib';
import { HostedClusterBundle, HostedClusterIngress, ManagementCluster } from '../lib/cdk8s';
import { EXAMPLE_CLUSTERS, EXAMPLE_DAY2, EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS } from './clusters';

/** Adds the management cluster (unless `null`) and one chart per cluster to `app`; the chart id names the output file. */
export function defineExample(
  app: App,
  clusters: readonly HostedClusterProps[] = EXAMPLE_CLUSTERS,
  options = EXAMPLE_OPTIONS,
  management: ManagementClusterProps | null = EXAMPLE_MANAGEMENT_CLUSTER,
  day2: typeof EXAMPLE_DAY2 = EXAMPLE_DAY2,
): void {
  if (management) new ManagementCluster(new Chart(app, 'management-cluster'), 'management', management);
  for (const cluster of clusters) {
    const chart = new Chart(app, `${cluster.platform.type.toLowerCase()}-${cluster.name}`);
    new HostedClusterBundle(chart, 'cluster', { ...cluster, options });
  }
  // Day 2: the cluster and the objects inside it in one chart; the synth splits it by target.
  for (const { cluster, ingress } of day2) {
    const chart = new Chart(app, `${cluster.platform.type.toLowerCase()}-${cluster.name}`);
    const bundle = new HostedClusterBundle(chart, 'cluster', { ...cluster, options });
    new HostedClusterIngress(chart, 'ingress', { cluster: bundle, ...ingress });
  }
}
