/** One object of the management cluster's plan, before the contributor is known. */
import type { KubernetesObject } from '../api';
import { ANNOTATIONS } from '../core/defaults';
import type { Phase, PlannedObject, Readiness } from '../core/plan-model';

export type ManagementObject = Omit<PlannedObject, 'target' | 'contributor'>;

/**
 * A custom resource whose CRD arrives with its operator: Argo CD's dry run would fail on the
 * missing CRD before the operator wave has run, so it is skipped for these objects
 * (Argo CD docs, "Sync Options: Skip Dry Run for new custom resources types").
 */
export function operandResource<T extends KubernetesObject>(object: T): T {
  return { ...object, metadata: { ...object.metadata, annotations: { ...object.metadata.annotations, [ANNOTATIONS.argoSyncOptions]: 'SkipDryRunOnMissingResource=true' } } };
}

export function planned(object: KubernetesObject, phase: Phase, readiness: Readiness = { kind: 'exists' }, more: Partial<ManagementObject> = {}): ManagementObject {
  return { object, phase, readiness, ...more };
}
