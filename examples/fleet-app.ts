/**
 * The built-in example as a fleet: two management clusters, `east` (AWS and KubeVirt) and `west`
 * (Agent, None and KubeVirt), each hosted cluster of examples/clusters.ts placed on one of them by
 * platform and capacity, and the folders delivered by Argo CD on the ACM hub (the app's own
 * management cluster, which holds only the delivery objects: `gitops-hub/`).
 */
import type { App } from 'cdk8s';
import { Chart } from 'cdk8s';
import type { FleetProps, HostedClusterProps, ManagementClusterProps, RolloutProps } from '../lib';
import type { HostedClusterBundle } from '../lib/cdk8s';
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

/**
 * The example's upgrade of the fleet, 4.16 to 4.17.3 (docs/rollouts.md): kv-dev alone first (the
 * canary, a day of soak), then east's clusters, then the rest; vcluster2 (4.14) and edge-lab
 * (4.15) stay, two minors and one minor behind the target's line. The update graph is the slice
 * of stable-4.17 the rollout needs, as captured: 4.16.4 to 4.17.3 is a conditional update with
 * one risk, acknowledged after reading it.
 */
export const EXAMPLE_ROLLOUT: RolloutProps = {
  target: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64' },
  overrides: [{ platform: 'KubeVirt', release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-multi' } }],
  canary: { clusters: ['kubevirt-clusters/kv-dev'], soak: '24h' },
  waves: [
    { name: 'east', managementClusters: ['east'] },
    { name: 'rest', maxConcurrent: 10 },
  ],
  holdback: ['clusters/vcluster2', 'none-clusters/edge-lab'],
  acknowledgedRisks: ['ExampleEtcdDefrag'],
  updateGraph: {
    nodes: [{ version: '4.16.4' }, { version: '4.16.9' }, { version: '4.17.3' }],
    edges: [[0, 1]],
    conditionalEdges: [
      {
        edges: [{ from: '4.16.4', to: '4.17.3' }],
        risks: [{ name: 'ExampleEtcdDefrag', message: 'etcd defragmentation may pause writes on large clusters during the update.', url: 'https://issues.example.com/OCPBUGS-00000' }],
      },
    ],
  },
};

/** The example fleet with its rollout. */
export const EXAMPLE_FLEET_ROLLOUT: FleetProps = { ...EXAMPLE_FLEET, rollout: EXAMPLE_ROLLOUT };

/** Adds the fleet to `app`, with each cluster's hosts, day-2 objects, import and backup beside it. */
export function defineFleetExample(app: App, fleet: FleetProps = EXAMPLE_FLEET): Fleet {
  const placed = new Fleet(app, 'fleet', { ...fleet, options: EXAMPLE_OPTIONS });
  // Each in its cluster's chart, so that it is written beside the cluster (the synth splits a chart
  // by target). A cluster of a fleet with errors has no bundle: synthesis fails with the errors.
  const beside = (c: HostedClusterProps, add: (chart: Chart, cluster: HostedClusterBundle) => void) => {
    const cluster = placed.hostedCluster(c.namespace ?? 'clusters', c.name);
    if (cluster) add(Chart.of(cluster), cluster);
  };
  for (const [name, hosts] of Object.entries(EXAMPLE_AGENT_INFRASTRUCTURE)) {
    const props = fleet.hostedClusters.find((c) => c.name === name);
    if (props) beside(props, (chart, cluster) => new AgentInfrastructure(chart, 'agent-infrastructure', { ...hosts, cluster }));
  }
  for (const day2 of EXAMPLE_DAY2) {
    beside(day2.cluster, (chart, cluster) => {
      if (day2.ingress) new HostedClusterIngress(chart, 'ingress', { cluster, ...day2.ingress });
      if (day2.sriov) new HostedClusterSriov(chart, 'sriov', { cluster, ...day2.sriov });
    });
  }
  // Argo CD reaches a hosted cluster through its ManagedCluster: kv-lb (day-2 objects inside it) is imported too.
  for (const imported of [...EXAMPLE_IMPORTS, { cluster: kubevirtLoadBalancerCluster, import: {} }]) {
    beside(imported.cluster, (chart, cluster) => new HostedClusterImport(chart, 'import', { cluster, ...imported.import }));
  }
  for (const protect of EXAMPLE_PROTECTION) beside(protect.cluster, (chart, cluster) => new HostedClusterBackup(chart, 'backup', { cluster, ...protect.backup }));
  return placed;
}
