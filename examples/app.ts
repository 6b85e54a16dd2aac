/** The built-in example as cdk8s charts: the management cluster, then one chart (and so one output file) per hosted cluster. */
import { App, Chart } from 'cdk8s';
import type { Construct } from 'constructs';
import type { EdgeSiteProps, HostedClusterProps, ManagementClusterProps } from '../lib';
import { AgentInfrastructure, EdgeSite, HostedClusterBackup, HostedClusterBundle, HostedClusterImport, HostedClusterIngress, HostedClusterRestore, HostedClusterSriov, ManagementCluster } from '../lib/cdk8s';
import { EXAMPLE_AGENT_CLUSTERS, EXAMPLE_AGENT_INFRASTRUCTURE } from './agent-infrastructure';
import { EXAMPLE_CLUSTERS, EXAMPLE_DAY2, EXAMPLE_IMPORTS, EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, EXAMPLE_PROTECTION, ExampleDay2, ExampleImport, ExampleProtection } from './clusters';
import { EXAMPLE_EDGE_SITES } from './edge';

/** The same hosted cluster: name and namespace. */
export const sameCluster = (a: HostedClusterProps, b: HostedClusterProps): boolean => a.name === b.name && a.namespace === b.namespace;

/**
 * Adds the management cluster (unless `null`) and one chart per cluster to `app`; the chart id
 * names the output file. An agent cluster with hosts in EXAMPLE_AGENT_INFRASTRUCTURE gets them in
 * its chart; the default example also has the agent cluster on KubeVirt VMs. Day-2 objects go into
 * their cluster's chart (the synth splits it by target); `day2: []` leaves them out. A cluster in
 * `imports` gets its ManagedCluster in its chart; `imports: []` leaves them out. A cluster's backup
 * (and restore set, when it has one) goes into its chart too; `protection: []` leaves them out.
 * Each edge site gets a chart of its own (written to `edge-<site>/`); `edgeSites: []` leaves them out.
 */
export function defineExample(
  app: App,
  clusters: readonly HostedClusterProps[] = [...EXAMPLE_CLUSTERS, ...EXAMPLE_AGENT_CLUSTERS],
  options = EXAMPLE_OPTIONS,
  management: ManagementClusterProps | null = EXAMPLE_MANAGEMENT_CLUSTER,
  day2: readonly ExampleDay2[] = EXAMPLE_DAY2,
  imports: readonly ExampleImport[] = EXAMPLE_IMPORTS,
  protection: readonly ExampleProtection[] = EXAMPLE_PROTECTION,
  edgeSites: readonly EdgeSiteProps[] = EXAMPLE_EDGE_SITES,
): void {
  if (management) new ManagementCluster(new Chart(app, 'management-cluster'), 'management', management);
  for (const cluster of clusters) {
    const chart = new Chart(app, `${cluster.platform.type.toLowerCase()}-${cluster.name}`);
    const bundle = new HostedClusterBundle(chart, 'cluster', { ...cluster, options });
    const hosts = EXAMPLE_AGENT_INFRASTRUCTURE[cluster.name];
    if (hosts) new AgentInfrastructure(chart, 'agent-infrastructure', { ...hosts, cluster: bundle });
    const imported = imports.find((i) => sameCluster(i.cluster, cluster));
    if (imported) new HostedClusterImport(chart, 'import', { cluster: bundle, ...imported.import });
    const inside = day2.find((d) => sameCluster(d.cluster, cluster));
    if (inside) defineDay2(chart, bundle, inside);
    const protect = protection.find((p) => sameCluster(p.cluster, cluster));
    if (protect) new HostedClusterBackup(chart, 'backup', { cluster: bundle, ...protect.backup });
    if (protect?.restore) new HostedClusterRestore(chart, 'restore', { cluster: bundle, ...protect.restore });
  }
  // Day 2 of clusters not defined above: the cluster and the objects inside it in one chart.
  for (const inside of day2.filter((d) => !clusters.some((c) => sameCluster(c, d.cluster)))) {
    const chart = new Chart(app, `${inside.cluster.platform.type.toLowerCase()}-${inside.cluster.name}`);
    defineDay2(chart, new HostedClusterBundle(chart, 'cluster', { ...inside.cluster, options }), inside);
  }
  for (const site of edgeSites) new EdgeSite(new Chart(app, `edge-${site.name}`), 'site', site);
}

/** The objects inside one hosted cluster: its ingress, SR-IOV. */
function defineDay2(chart: Construct, cluster: HostedClusterBundle, inside: ExampleDay2): void {
  if (inside.ingress) new HostedClusterIngress(chart, 'ingress', { cluster, ...inside.ingress });
  if (inside.sriov) new HostedClusterSriov(chart, 'sriov', { cluster, ...inside.sriov });
}
