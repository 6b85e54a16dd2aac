/**
 * The kubelet of the management cluster's nodes that host control planes: a KubeletConfig for
 * their MachineConfigPool. The documentation's sizing guidance counts about 75 pods per highly
 * available control plane, so the kubelet's default of 250 pods fits 3 per node; it advises
 * raising `maxPods` to 500 for denser nodes. The Machine Config Operator then rolls the pool
 * (each node drains and reboots).
 */
import type { KubeletConfig } from '../api';
import { NODE_CONFIG_API_VERSIONS } from '../api';
import type { IssueCollector } from '../core/errors';
import { PHASES, PlanItem, planItem } from '../core/plan-model';
import type { ManagementKubeletProps } from './props';

/** Pods of one highly available control plane (documentation, sizing guidance). */
export const PODS_PER_CONTROL_PLANE = 75;
/** The kubelet's default maxPods on OpenShift. */
export const DEFAULT_MAX_PODS = 250;
/** The highest maxPods the documentation's sizing guidance names. */
export const DOCUMENTED_MAX_PODS = 500;

export const DEFAULT_KUBELET_CONFIG_NAME = 'hosted-control-planes';

export function planKubelet(props: ManagementKubeletProps, issues: IssueCollector): PlanItem[] {
  const pool = props.machineConfigPool ?? 'worker';
  if (props.maxPods < PODS_PER_CONTROL_PLANE) {
    issues.error('kubelet.maxPods', `${props.maxPods} pods per node cannot hold one highly available control plane (about ${PODS_PER_CONTROL_PLANE} pods).`, `Use at least ${PODS_PER_CONTROL_PLANE}; the documentation advises ${DOCUMENTED_MAX_PODS}.`);
  } else if (props.maxPods < DEFAULT_MAX_PODS) {
    issues.warn('kubelet.maxPods', `${props.maxPods} is below the kubelet's default of ${DEFAULT_MAX_PODS}: fewer control planes fit on each node.`, `Keep ${DEFAULT_MAX_PODS} or more; the documentation advises ${DOCUMENTED_MAX_PODS}.`);
  } else if (props.maxPods > DOCUMENTED_MAX_PODS) {
    issues.warn('kubelet.maxPods', `${props.maxPods} is above the ${DOCUMENTED_MAX_PODS} pods the documentation's sizing guidance names; CPU and memory then limit a node before pods do.`, `Use ${DOCUMENTED_MAX_PODS} unless you have measured more.`);
  }
  const kubeletConfig: KubeletConfig = {
    apiVersion: NODE_CONFIG_API_VERSIONS.KubeletConfig,
    kind: 'KubeletConfig',
    metadata: { name: props.name ?? DEFAULT_KUBELET_CONFIG_NAME },
    spec: {
      machineConfigPoolSelector: { matchLabels: { [`pools.operator.machineconfiguration.openshift.io/${pool}`]: '' } },
      kubeletConfig: { maxPods: props.maxPods },
    },
  };
  // The Machine Config Operator appends Success=True once it has rendered the pool's config (its nodes then roll).
  return [planItem(kubeletConfig, PHASES.operatorConfiguration, { kind: 'condition', type: 'Success', status: 'True' })];
}
