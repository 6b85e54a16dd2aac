/** Objects of the management cluster's plan that need more than the usual. */
import type { KubernetesObject } from '../api';
import { ANNOTATIONS } from '../core/defaults';
import type { Readiness } from '../core/plan-model';

/**
 * A custom resource whose CRD arrives with its operator: Argo CD's dry run would fail on the
 * missing CRD before the operator wave has run, so it is skipped for these objects
 * (Argo CD docs, "Sync Options: Skip Dry Run for new custom resources types").
 */
export function operandResource<T extends KubernetesObject>(object: T): T {
  return { ...object, metadata: { ...object.metadata, annotations: { ...object.metadata.annotations, [ANNOTATIONS.argoSyncOptions]: 'SkipDryRunOnMissingResource=true' } } };
}

/**
 * A patch of an object the cluster already has (the default IngressController, a StorageClass),
 * written as the fields to set. Argo CD applies it server-side, which merges a partial manifest
 * into the live object, and keeps the object when the application is deleted or the patch is
 * removed (Argo CD "Sync Options": ServerSideApply, Delete=false); Flux is told not to prune it.
 * Pulumi applies it as a server-side patch (the plan item's `patch`).
 */
export function existingObjectPatch<T extends KubernetesObject>(object: T): T {
  // Appended to the options the object has already (operandResource's).
  const options = [object.metadata.annotations?.[ANNOTATIONS.argoSyncOptions], 'ServerSideApply=true,Delete=false'].filter(Boolean).join(',');
  const annotations = { ...object.metadata.annotations, [ANNOTATIONS.argoSyncOptions]: options, 'kustomize.toolkit.fluxcd.io/prune': 'disabled' };
  return { ...object, metadata: { ...object.metadata, annotations } };
}

/** When a rendered credential is there: an ExternalSecret once its store has delivered it (Ready), a Secret at once. */
export function secretReadiness(object: KubernetesObject): Readiness {
  return object.kind === 'ExternalSecret' ? { kind: 'condition', type: 'Ready', status: 'True' } : { kind: 'exists' };
}

/** A string map with its keys in sorted order (written the same whatever order the props gave). */
export function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}
