/**
 * Wildcard routes on the management cluster's default IngressController: a KubeVirt hosted
 * cluster without a base domain of its own publishes its apps as a subdomain of this cluster's
 * (`*.apps.<name>.apps.<this cluster>`), a wildcard route the router admits only with
 * `routeAdmission.wildcardPolicy: WildcardsAllowed` (documentation, KubeVirt prerequisites).
 * The IngressController exists already (the ingress operator creates it): this is a patch.
 */
import type { IngressController } from '../api';
import { MANAGEMENT_API_VERSIONS } from '../api';
import { PHASES, PlanItem, planItem } from '../core/plan-model';
import { existingObjectPatch } from './planned';

export const DEFAULT_INGRESS_CONTROLLER = { name: 'default', namespace: 'openshift-ingress-operator' } as const;

export function planWildcardRoutes(): PlanItem[] {
  const ingressController: IngressController = existingObjectPatch({
    apiVersion: MANAGEMENT_API_VERSIONS.ingressController,
    kind: 'IngressController',
    metadata: { ...DEFAULT_INGRESS_CONTROLLER },
    spec: { routeAdmission: { wildcardPolicy: 'WildcardsAllowed' } },
  });
  // The ingress operator reports Available=True once the router runs with the new policy.
  return [planItem(ingressController, PHASES.operatorConfiguration, { kind: 'condition', type: 'Available', status: 'True' }, { patch: true })];
}
