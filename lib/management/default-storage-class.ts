/**
 * The management cluster's default StorageClass: KubeVirt and Agent hosted clusters need one
 * (etcd volumes, VM root disks and assisted-service volumes use it when no class is named;
 * without one their claims stay Pending; documentation, platform prerequisites).
 *
 * The library writes the class whole, never as a patch of fields: a GitOps folder is applied to
 * clusters where the class does not exist yet (LVM Storage makes its classes only once the
 * LVMCluster is reconciled), and there the API server refuses a StorageClass without its
 * `provisioner` (422), and kubectl's own check of it stops it reading the rest of the file. The one
 * class the library can write whole is the one LVM Storage makes for a device class,
 * `lvms-<device class>`, with the fields its operator gives it (provisioner `topolvm.io`, the
 * device class, fstype `xfs` as LVMCluster defaults it, WaitForFirstConsumer, expansion allowed).
 * The operator creates its classes with create-or-update and only adds its labels to one that
 * exists, so it takes this object over as is, and deletes it with the LVMCluster (hence
 * `Delete=false` and no pruning: Argo CD and Flux leave it to LVM Storage).
 */
import type { KubernetesObject } from '../api';
import type { IssueCollector } from '../core/errors';
import { PHASES, PlanItem, planItem } from '../core/plan-model';
import { existingObjectPatch } from './planned';

export const DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';

/** The CSI driver of LVM Storage's classes (TopoLVM). */
export const LVMS_PROVISIONER = 'topolvm.io';
/** LVM Storage names the class of device class `<name>` `lvms-<name>`. */
const LVMS_CLASS = /^lvms-(.+)$/;

/** The StorageClass LVM Storage makes for `deviceClass`, marked as the cluster's default. */
export function lvmsStorageClass(deviceClass: string): KubernetesObject {
  return {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name: `lvms-${deviceClass}`, annotations: { [DEFAULT_CLASS_ANNOTATION]: 'true' } },
    provisioner: LVMS_PROVISIONER,
    parameters: { 'csi.storage.k8s.io/fstype': 'xfs', 'topolvm.io/device-class': deviceClass },
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
    allowVolumeExpansion: true,
  } as KubernetesObject;
}

/**
 * The default StorageClass `name`, whole; an error when the library cannot write that class whole
 * (it is not LVM Storage's, or LVM Storage is not installed by this plan).
 */
export function planDefaultStorageClass(name: string, storage: 'lvms' | 'odf' | undefined, issues: IssueCollector): PlanItem[] {
  const deviceClass = LVMS_CLASS.exec(name)?.[1];
  if (deviceClass === undefined || storage !== 'lvms') {
    issues.error(
      'defaultStorageClass',
      `the library writes the default StorageClass whole, and it knows the whole class only for LVM Storage's classes (lvms-<device class>, with storage: 'lvms'); ${JSON.stringify(name)} ${deviceClass === undefined ? 'is not one' : "is one, but storage is not 'lvms'"}. A patch of its annotation alone is refused by the API server (provisioner: Required value) wherever the class does not exist yet.`,
      deviceClass === undefined
        ? `Mark the class as the default where it is made (its operator or installer), or name an LVM Storage class with storage: 'lvms'; then leave defaultStorageClass unset and name the class where it is used (assistedService.storageClassName, the NodePools' storage classes).`
        : `Set storage: 'lvms' (LVM Storage makes ${name}), or leave defaultStorageClass unset and set default: true on device class ${JSON.stringify(deviceClass)} of your LVMCluster.`,
    );
    return [];
  }
  const storageClass = existingObjectPatch(lvmsStorageClass(deviceClass));
  return [planItem(storageClass, PHASES.operatorConfiguration, { kind: 'exists' }, { patch: true })];
}
