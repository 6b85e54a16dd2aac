/**
 * The built-in example as a fleet: two management clusters, `east` (AWS and KubeVirt) and `west`
 * (Agent, None and KubeVirt), each hosted cluster of examples/clusters.ts placed on one of them by
 * platform and capacity, and the folders delivered by Argo CD on the ACM hub (the app's own
 * management cluster, which holds only the delivery objects: `gitops-hub/`).
 */
import type { App } from 'cdk8s';
import { Chart } from 'cdk8s';
import type { FleetProps, ManagementClusterProps } from '../lib';
import { AgentInfrastructure, Fleet, HostedClusterBackup, HostedClusterImport, HostedClusterIngress, HostedClusterSriov } from '../lib/cdk8s';
import { EXAMPLE_AGENT_CLUSTERS, EXAMPLE_AGENT_INFRASTRUCTURE } from './agent-infrastructure';
import { EXAMPLE_CLUSTERS, EXAMPLE_DAY2, EXAMPLE_IMPORTS, EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, EXAMPLE_PROTECTION, kubevirtLoadBalancerCluster } from './clusters';

const { assistedService: _assisted, controlPlaneNodes: _nodes, multiclusterEngine, ...shared } = EXAMPLE_MANAGEMENT_CLUSTER;
const capacity = { workers: [{ name: 'control-plane', count: 3, vCPU: 64, memoryGiB: 128, maxPods: 500 }] };

/** AWS and KubeVirt clusters: the example management cluster without assisted-service and the edge sites' operator. */
const east: ManagementClusterProps = {
  ...shared,
  platforms: ['AWS', 'KubeVirt'],
  multiclusterEngine: { ...multiclusterEngine, components: {} },
  capacity: { ...capacity, loads: { 'aws-clusters/aws-prod': 'high' } },
};

/** Bare metal and labs: agent clusters (assisted-service), None clusters, and KubeVirt for the agents' VMs; its own network. */
const west: ManagementClusterProps = {
  platforms: ['Agent', 'None', 'KubeVirt'],
  multiclusterEngine: { hypershiftAddOn: { hcMaxNumber: 40, autoImportDisabled: true } },
  machineNetwork: ['192.168.123.0/24'],
  metallb: { pools: [{ name: 'hosted-control-planes', addresses: ['192.168.123.200-192.168.123.250'] }] },
  assistedService: { storageClassName: 'lvms-vg1' },
  storage: 'lvms',
  defaultStorageClass: 'lvms-vg1',
  kubelet: { maxPods: 500 },
  capacity: { ...capacity, loads: { 'clusters/vcluster2': 'low' } },
};

/** The fleet: kv-lb is pinned to east (its router's addresses come from east's MetalLB); the rest is placed. */
export const EXAMPLE_FLEET: FleetProps = {
  managementClusters: [
    { name: 'east', zone: 'us-east', cluster: east },
    { name: 'west', zone: 'us-west', cluster: west },
  ],
  hostedClusters: [...EXAMPLE_CLUSTERS, ...EXAMPLE_AGENT_CLUSTERS, { ...kubevirtLoadBalancerCluster, managementCluster: 'east' }],
  delivery: {
    repoURL: 'https://git.example.com/platform/hosted-clusters.git',
    argoCd: {},
    acm: {},
  },
};

/** Adds the fleet to `app`, with each cluster's hosts, day-2 objects, import and backup beside it. */
export function defineFleetExample(app: App, fleet: FleetProps = EXAMPLE_FLEET): Fleet {
  const placed = new Fleet(app, 'fleet', { ...fleet, options: EXAMPLE_OPTIONS });
  const clusterOf = (c: { name: string; namespace?: string }) => placed.hostedCluster(c.namespace ?? 'clusters', c.name);
  // Each in its cluster's chart, so that it is written beside the cluster (the synth splits a chart by target).
  for (const [name, hosts] of Object.entries(EXAMPLE_AGENT_INFRASTRUCTURE)) {
    const cluster = fleet.hostedClusters.find((c) => c.name === name);
    if (cluster) new AgentInfrastructure(Chart.of(clusterOf(cluster)), 'agent-infrastructure', { ...hosts, cluster: clusterOf(cluster) });
  }
  for (const day2 of EXAMPLE_DAY2) {
    const cluster = clusterOf(day2.cluster);
    if (day2.ingress) new HostedClusterIngress(Chart.of(cluster), 'ingress', { cluster, ...day2.ingress });
    if (day2.sriov) new HostedClusterSriov(Chart.of(cluster), 'sriov', { cluster, ...day2.sriov });
  }
  // Argo CD reaches a hosted cluster through its ManagedCluster: kv-lb (day-2 objects inside it) is imported too.
  for (const imported of [...EXAMPLE_IMPORTS, { cluster: kubevirtLoadBalancerCluster, import: {} }]) new HostedClusterImport(Chart.of(clusterOf(imported.cluster)), 'import', { cluster: clusterOf(imported.cluster), ...imported.import });
  for (const protect of EXAMPLE_PROTECTION) new HostedClusterBackup(Chart.of(clusterOf(protect.cluster)), 'backup', { cluster: clusterOf(protect.cluster), ...protect.backup });
  return placed;
}
