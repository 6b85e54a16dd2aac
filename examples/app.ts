/** The built-in example as cdk8s charts: the management cluster, then one chart (and so one output file) per hosted cluster. */
import { App, Chart } from 'cdk8s';
import type { HostedClusterProps, ManagementClusterProps } from '../lib';
import { AgentInfrastructure, HostedClusterBundle, HostedClusterIngress, HostedClusterSriov, ManagementCluster } from '../lib/cdk8s';
import { EXAMPLE_AGENT_CLUSTERS, EXAMPLE_AGENT_INFRASTRUCTURE } from './agent-infrastructure';
import { EXAMPLE_CLUSTERS, EXAMPLE_DAY2, EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, EXAMPLE_SRIOV } from './clusters';

/**
 * Adds the management cluster (unless `null`) and one chart per cluster to `app`; the chart id
 * names the output file. An agent cluster with hosts in EXAMPLE_AGENT_INFRASTRUCTURE gets them in
 * its chart, a cluster in EXAMPLE_SRIOV gets SR-IOV inside it; the default example also has the
 * agent cluster on KubeVirt VMs.
 */
export function defineExample(
  app: App,
  clusters: readonly HostedClusterProps[] = [...EXAMPLE_CLUSTERS, ...EXAMPLE_AGENT_CLUSTERS],
  options = EXAMPLE_OPTIONS,
  management: ManagementClusterProps | null = EXAMPLE_MANAGEMENT_CLUSTER,
  day2: typeof EXAMPLE_DAY2 = EXAMPLE_DAY2,
): void {
  if (management) new ManagementCluster(new Chart(app, 'management-cluster'), 'management', management);
  for (const cluster of clusters) {
    const chart = new Chart(app, `${cluster.platform.type.toLowerCase()}-${cluster.name}`);
    const bundle = new HostedClusterBundle(chart, 'cluster', { ...cluster, options });
    const hosts = EXAMPLE_AGENT_INFRASTRUCTURE[cluster.name];
    if (hosts) new AgentInfrastructure(chart, 'agent-infrastructure', { ...hosts, cluster: bundle });
    // Operators inside the hosted cluster: written to its own folder by the synth.
    const sriov = EXAMPLE_SRIOV[cluster.name];
    if (sriov) new HostedClusterSriov(chart, 'sriov', { ...sriov, cluster: bundle });
  }
  // Day 2: the cluster and the objects inside it in one chart; the synth splits it by target.
  for (const { cluster, ingress } of day2) {
    const chart = new Chart(app, `${cluster.platform.type.toLowerCase()}-${cluster.name}`);
    const bundle = new HostedClusterBundle(chart, 'cluster', { ...cluster, options });
    new HostedClusterIngress(chart, 'ingress', { cluster: bundle, ...ingress });
  }
}
