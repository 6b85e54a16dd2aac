/**
 * OpenShift Virtualization: the HyperConverged instance. The operator reconciles only the one
 * named `kubevirt-hyperconverged` in its own namespace (HCO `HyperConvergedName`); written as
 * `hco.kubevirt.io/v1beta1`, which every HCO release serves.
 */
import type { HyperConverged } from '../api';
import { MANAGEMENT_API_VERSIONS } from '../api';
import { PHASES, PlanItem, planItem } from '../core/plan-model';
import { OPERATOR_PACKAGES } from './olm';
import { operandResource } from './planned';
import type { ManagementClusterProps } from './props';

export const HYPERCONVERGED_NAME = 'kubevirt-hyperconverged';

type VirtualizationProps = Exclude<NonNullable<ManagementClusterProps['virtualization']>, boolean>;

export function planVirtualization(props: VirtualizationProps): PlanItem[] {
  const hyperConverged: HyperConverged = operandResource({
    apiVersion: MANAGEMENT_API_VERSIONS.hyperConverged,
    kind: 'HyperConverged',
    metadata: { name: HYPERCONVERGED_NAME, namespace: OPERATOR_PACKAGES.virtualization.namespace },
    spec: props.spec ?? {},
  });
  // HCO reports Available=True once KubeVirt, CDI and the network add-ons are (HCO conditions).
  return [planItem(hyperConverged, PHASES.operatorConfiguration, { kind: 'condition', type: 'Available', status: 'True' })];
}
