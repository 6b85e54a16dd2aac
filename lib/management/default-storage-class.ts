/**
 * The management cluster's default StorageClass: KubeVirt and Agent hosted clusters need one
 * (etcd volumes, VM root disks and assisted-service volumes use it when no class is named;
 * without one their claims stay Pending; documentation, platform prerequisites). The class
 * exists already (LVM Storage, ODF or the cloud's CSI driver created it): this is a patch of its
 * `storageclass.kubernetes.io/is-default-class` annotation, as the documentation's `oc patch`.
 */
import type { KubernetesObject } from '../api';
import { PHASES, PlanItem, planItem } from '../core/plan-model';
import { existingObjectPatch } from './planned';

export const DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';

export function planDefaultStorageClass(name: string): PlanItem[] {
  const storageClass: KubernetesObject = existingObjectPatch({
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name, annotations: { [DEFAULT_CLASS_ANNOTATION]: 'true' } },
  });
  return [planItem(storageClass, PHASES.operatorConfiguration, { kind: 'exists' }, { patch: true })];
}
