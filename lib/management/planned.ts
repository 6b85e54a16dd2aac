/** Objects of the management cluster's plan that need more than the usual. */
import type { KubernetesObject } from '../api';
import { ANNOTATIONS } from '../core/defaults';

/**
 * A custom resource whose CRD arrives with its operator: Argo CD's dry run would fail on the
 * missing CRD before the operator wave has run, so it is skipped for these objects
 * (Argo CD docs, "Sync Options: Skip Dry Run for new custom resources types").
 */
export function operandResource<T extends KubernetesObject>(object: T): T {
  return { ...object, metadata: { ...object.metadata, annotations: { ...object.metadata.annotations, [ANNOTATIONS.argoSyncOptions]: 'SkipDryRunOnMissingResource=true' } } };
}
