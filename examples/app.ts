/** The built-in example as cdk8s charts: one chart, and so one output file, per hosted cluster. */
import { App, Chart } from 'cdk8s';
import type { HostedClusterProps } from '../lib';
import { HostedClusterBundle } from '../lib/cdk8s';
import { EXAMPLE_CLUSTERS, EXAMPLE_OPTIONS } from './clusters';

/** Adds one chart per cluster to `app`; the chart id names the output file. */
export function defineExample(app: App, clusters: readonly HostedClusterProps[] = EXAMPLE_CLUSTERS, options = EXAMPLE_OPTIONS): void {
  for (const cluster of clusters) {
    const chart = new Chart(app, `${cluster.platform.type.toLowerCase()}-${cluster.name}`);
    new HostedClusterBundle(chart, 'cluster', { ...cluster, options });
  }
}
