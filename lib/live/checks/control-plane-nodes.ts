/**
 * The nodes control planes run on. The nodes the app dedicates (`controlPlaneNodes`) carry their
 * labels and taints (Pulumi sets them; GitOps cannot, so it is a manual step that is easy to
 * miss). A HighlyAvailable control plane runs three replicas of etcd and the API server on three
 * different nodes, spread across `topology.kubernetes.io/zone` (documentation, "Labeling
 * management cluster nodes" and the scheduling section), so it needs three such nodes, and three
 * zones to outlive one.
 */
import type { KubernetesObject } from '../../api';
import { CONTROL_PLANE_LABEL, ZONE_LABEL } from '../../management/nodes';
import type { PreflightCheck } from '../preflight-check';
import { READS, plannedOf, someOf } from './reads';

/** Replicas of etcd (and of the API server) of a HighlyAvailable control plane, each on its own node. */
const HA_REPLICAS = 3;

type Node = KubernetesObject & { spec?: { unschedulable?: boolean; taints?: Array<{ key: string; value?: string; effect: string }> } };

export const controlPlaneNodesCheck: PreflightCheck = {
  name: 'control-plane-nodes',
  reads: (plan) => (plannedOf(plan, 'HostedCluster').length > 0 || (plan.controlPlaneNodes ?? []).length > 0 ? [READS.nodes] : []),
  run(plan, live, findings) {
    const nodes = (live.items(READS.nodes) ?? []) as Node[];
    const byName = new Map(nodes.map((n) => [n.metadata.name, n]));
    const where = 'the management cluster';
    (plan.controlPlaneNodes ?? []).forEach((wanted, i) => {
      const node = byName.get(wanted.name);
      const path = `controlPlaneNodes[${i}]`;
      if (!node) return findings.general('error', where, `${path}.name`, `node ${wanted.name} does not exist on the management cluster.`, 'Name an existing node (oc get nodes).');
      const labels = node.metadata.labels ?? {};
      const wrong = Object.entries(wanted.labels).filter(([k, v]) => labels[k] !== v);
      if (wrong.length > 0) {
        findings.general('error', where, `${path}.labels`, `node ${wanted.name} lacks ${wrong.map(([k, v]) => `${k}=${v}`).join(', ')} (a GitOps synth does not label nodes).`, `Run \`oc label node ${wanted.name} ${wrong.map(([k, v]) => `${k}=${v}`).join(' ')} --overwrite\` (docs/management-cluster.md), or let Pulumi's ManagementCluster set them.`);
      }
      const taints = node.spec?.taints ?? [];
      const untainted = wanted.taints.filter((t) => !taints.some((has) => has.key === t.key && (has.value ?? '') === t.value && has.effect === t.effect));
      if (untainted.length > 0) {
        const shown = untainted.map((t) => `${t.key}=${t.value}:${t.effect}`);
        findings.general('error', where, `${path}.name`, `node ${wanted.name} lacks the taint ${shown.join(', ')}: other workloads may share it with control planes.`, `Run \`oc adm taint node ${wanted.name} ${shown.join(' ')}\`, or let Pulumi's ManagementCluster set it.`);
      }
    });
    const labelled = nodes.filter((n) => n.metadata.labels?.[CONTROL_PLANE_LABEL] === 'true');
    const highlyAvailable = plannedOf(plan, 'HostedCluster').filter((p) => (p.object as { spec?: { controllerAvailabilityPolicy?: string } }).spec?.controllerAvailabilityPolicy !== 'SingleReplica');
    if (plannedOf(plan, 'HostedCluster').length > 0 && labelled.length === 0 && (plan.controlPlaneNodes ?? []).length === 0) {
      findings.general('warning', where, 'controlPlaneNodes', `no node is labelled ${CONTROL_PLANE_LABEL}=true, so control planes share nodes with every other workload of the management cluster.`, `Dedicate at least ${HA_REPLICAS} nodes in ${HA_REPLICAS} zones (ManagementCluster controlPlaneNodes, or oc label node <name> ${CONTROL_PLANE_LABEL}=true).`);
    }
    // Control-plane pods prefer labelled nodes but may run on others (the affinity is preferred), so too few labelled nodes spill over.
    const pool = labelled.length >= HA_REPLICAS ? labelled : [...new Set([...labelled, ...nodes.filter(schedulable)])];
    const zones = new Set(pool.map((n) => n.metadata.labels?.[ZONE_LABEL] ?? '(no zone)'));
    const kindOfNodes = labelled.length >= HA_REPLICAS ? `nodes labelled ${CONTROL_PLANE_LABEL}` : 'schedulable nodes';
    const names = someOf(highlyAvailable.map((p) => p.object.metadata.name ?? ''));
    if (highlyAvailable.length > 0 && pool.length < HA_REPLICAS) {
      findings.general('error', where, 'controlPlaneNodes', `${highlyAvailable.length} HighlyAvailable hosted cluster(s) (${names}) each run ${HA_REPLICAS} etcd replicas on ${HA_REPLICAS} different nodes, but the management cluster has ${pool.length} ${kindOfNodes}: their control planes would not become available.`, `Dedicate at least ${HA_REPLICAS} nodes to control planes, or make the clusters SingleReplica (not for production).`);
    } else if (highlyAvailable.length > 0 && labelled.length > 0 && labelled.length < HA_REPLICAS) {
      findings.general('warning', where, 'controlPlaneNodes', `only ${labelled.length} node(s) are labelled ${CONTROL_PLANE_LABEL}=true, fewer than the ${HA_REPLICAS} replicas of a HighlyAvailable control plane: the others run on nodes shared with other workloads.`, `Label at least ${HA_REPLICAS} nodes (ManagementCluster controlPlaneNodes).`);
    } else if (highlyAvailable.length > 0 && zones.size < HA_REPLICAS) {
      findings.general('warning', where, 'controlPlaneNodes', `the ${pool.length} ${kindOfNodes} are in ${zones.size} zone(s) (${[...zones].sort().join(', ')}): one zone's outage stops the HighlyAvailable control planes placed there (${names}).`, `Spread control-plane nodes over ${HA_REPLICAS} zones and label each with ${ZONE_LABEL} (ManagementCluster controlPlaneNodes[].zone).`);
    }
    return `${nodes.length} node(s), ${labelled.length} labelled for control planes in ${zones.size} zone(s); ${highlyAvailable.length} HighlyAvailable hosted cluster(s)`;
  },
};

/** Ready for pods in general: not cordoned, no NoSchedule/NoExecute taint (a control-plane node's own taint aside). */
function schedulable(node: Node): boolean {
  return !node.spec?.unschedulable && !(node.spec?.taints ?? []).some((t) => t.key !== CONTROL_PLANE_LABEL && (t.effect === 'NoSchedule' || t.effect === 'NoExecute'));
}
