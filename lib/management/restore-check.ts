/**
 * A restore set is for a cluster that is gone (previous-state check B11): the documentation
 * restores a hosted cluster only after it was destroyed (chapter 7.6: destroy it after the backup
 * and before the restore; the OADP 1.5 page: the restore is green field), and with
 * `existingResourcePolicy: update` Velero would otherwise overwrite a live control plane with the
 * backup's. So a Restore that is new in this output, for a HostedCluster the previous output
 * applied, is refused, unless the restore set says the cluster is gone already (a lost management
 * cluster, whose previous output still holds it). Its summary line says what is recreated from what.
 *
 * The Velero objects of the library name their cluster by the labels below (set in
 * hosted-cluster-backup.ts and hosted-cluster-restore.ts). The check is this layer's: it joins the
 * other layers' in lib/previous-state, which every adapter runs.
 */
import type { KubernetesObject } from '../api';
import { HYPERSHIFT_API_VERSION, PROTECTION_API_VERSIONS } from '../api';
import type { ValidationIssue } from '../core/errors';
import type { PlannedObject } from '../core/plan-model';
import { targetKey } from '../core/plan-model';
import type { PreviousObjects, PreviousStateCheck } from '../core/previous-state';
import { NO_PREVIOUS_OBJECTS, previousObjects } from '../core/previous-state';

/** Labels that tie a Schedule, Backup or Restore to its hosted cluster. */
export const PROTECTED_CLUSTER_LABELS = { name: 'hcp-constructs.io/hosted-cluster', namespace: 'hcp-constructs.io/hosted-cluster-namespace' } as const;
/** On a Restore: its cluster is gone already, though the previous output still holds it (`clusterGone`). */
export const CLUSTER_GONE_ANNOTATION = 'hcp-constructs.io/cluster-gone';

interface NewRestore {
  readonly planned: PlannedObject;
  readonly namespace: string;
  readonly name: string;
  readonly source: string;
}

/** The Restores of the library that the previous output did not have. */
function newRestores(previous: PreviousObjects, planned: readonly PlannedObject[]): NewRestore[] {
  const found: NewRestore[] = [];
  for (const p of planned) {
    const { object } = p;
    if (object.kind !== 'Restore' || object.apiVersion !== PROTECTION_API_VERSIONS.velero) continue;
    const labels = object.metadata.labels ?? {};
    const name = labels[PROTECTED_CLUSTER_LABELS.name];
    if (name === undefined || previous.get(p)) continue;
    const spec = (object as KubernetesObject & { spec?: { backupName?: string; scheduleName?: string } }).spec ?? {};
    const source = spec.backupName !== undefined ? `backup ${spec.backupName}` : `the latest backup of schedule ${spec.scheduleName ?? ''}`;
    found.push({ planned: p, namespace: labels[PROTECTED_CLUSTER_LABELS.namespace] ?? '', name, source });
  }
  return found;
}

/** The HostedCluster a Restore recovers, as the previous output had it. */
function previousCluster(previous: PreviousObjects, restore: NewRestore): KubernetesObject | undefined {
  const stub: KubernetesObject = { apiVersion: HYPERSHIFT_API_VERSION, kind: 'HostedCluster', metadata: { name: restore.name, namespace: restore.namespace } };
  return previous.get({ object: stub, target: restore.planned.target });
}

export const restoreCheck: PreviousStateCheck = {
  name: 'restore',
  kinds: ['HostedCluster', 'Restore'],
  check(previous, planned) {
    const issues: ValidationIssue[] = [];
    for (const restore of newRestores(previous, planned)) {
      if (restore.planned.object.metadata.annotations?.[CLUSTER_GONE_ANNOTATION] === 'true' || !previousCluster(previous, restore)) continue;
      issues.push({
        severity: 'error',
        object: restore.planned.contributor,
        path: 'clusterGone',
        message: `the previous output applied HostedCluster ${restore.namespace}/${restore.name}, and this one restores it from ${restore.source} without the cluster having been destroyed in between; Velero would overwrite a live control plane (documentation 7.6: the hosted cluster must be destroyed after the backup and before the restore).`,
        fix: 'Destroy the cluster first: commit the app without it (Argo CD prunes it), then add the restore set. If the cluster is gone already (a lost management cluster), set clusterGone: true.',
      });
    }
    return issues;
  },
  summary: (previous, planned) => newRestores(previous, planned).map((r) => `Restore ${r.planned.object.metadata.name} recreates ${r.namespace}/${r.name} from ${r.source}`),
};

/**
 * What a judge with no record of the previous deployment refuses (a new Pulumi guard, whose
 * stack may have run the cluster for a long time without one): a Restore of a cluster planned
 * beside it, unless the restore set says the cluster is gone, since a live cluster and a
 * destroyed one look the same without a record. @internal
 */
export function restoresWithoutRecord(planned: readonly PlannedObject[]): ValidationIssue[] {
  const clusters = previousObjects(planned.filter((p) => p.object.kind === 'HostedCluster').map((p) => [targetKey(p.target), p.object] as const));
  return newRestores(NO_PREVIOUS_OBJECTS, planned)
    .filter((restore) => restore.planned.object.metadata.annotations?.[CLUSTER_GONE_ANNOTATION] !== 'true' && previousCluster(clusters, restore))
    .map((restore) => ({
      severity: 'error' as const,
      object: restore.planned.contributor,
      path: 'clusterGone',
      message: `nothing is stored yet about HostedCluster ${restore.namespace}/${restore.name} (no backup or restore of it was in this program before), so whether it runs now cannot be told, and restoring it from ${restore.source} would overwrite a live control plane (documentation 7.6: the hosted cluster must be destroyed after the backup and before the restore).`,
      fix: 'If the cluster is gone (destroyed, or its management cluster lost), set clusterGone: true. Otherwise destroy it first: run the program without it, then add the restore set.',
    }));
}
