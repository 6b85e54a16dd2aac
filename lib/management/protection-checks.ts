/**
 * What a hosted cluster's backup and restore need from the rest of the app, checked over the
 * whole plan whichever construct comes first (a pair is judged when the later of its two objects
 * is added):
 *
 * - B4: a cluster a Schedule or Backup protects must not have `spec.pausedUntil` (nor its
 *   NodePools) in git. The hypershift plugin (OADP 1.5 and later) sets it to "true" while the
 *   backup runs and back to "false" after (hypershift-oadp-plugin pkg/core/backup.go); a value in
 *   git fights it, and Argo CD's self-heal would undo the pause mid-backup.
 * - B7: the backup's storage location is a location of the app's DataProtectionApplication, and a
 *   file-system backup has the node agent to copy the files.
 * - B12: the backup's etcd method is the plugin's: the ConfigMap `hypershift-oadp-plugin-config`
 *   chooses for every backup of the management cluster, and an etcd-snapshot Backup (no volumes)
 *   under volume snapshots would hold no etcd at all.
 * - B10: a cluster a restore set recovers must not stay paused: the plugin unpauses the restored
 *   HostedCluster and NodePools (pkg/core/restore.go), and a pausing value in git would pause them
 *   again when the cluster is applied after the Restore.
 */
import type { Backup, BackupSpec, DataProtectionApplication, HostedCluster, NodePool, Schedule } from '../api';
import { PROTECTION_API_VERSIONS } from '../api';
import type { ValidationIssue } from '../core/errors';
import type { PlanCheck, PlannedObject } from '../core/plan-model';
import { targetKey } from '../core/plan-model';
import { PROTECTED_CLUSTER_LABELS } from './restore-check';
import { quote } from '../core/schema';
import { isDataProtectionApplication, selectsEtcdSnapshots } from './oadp';


/** A backup spec of the etcd-snapshot mode: the only one that takes no volume snapshot (hosted-cluster-backup.ts). */
const isEtcdSnapshotBackup = (spec: BackupSpec): boolean => spec.snapshotVolumes === false;

/** `<namespace>/<name>` of the cluster a Velero object of the library is for. */
function protectedClusterOf(planned: PlannedObject): string | undefined {
  const { object } = planned;
  if (object.apiVersion !== PROTECTION_API_VERSIONS.velero) return undefined;
  const labels = object.metadata.labels ?? {};
  const name = labels[PROTECTED_CLUSTER_LABELS.name];
  return name === undefined ? undefined : `${labels[PROTECTED_CLUSTER_LABELS.namespace] ?? ''}/${name}`;
}

/** `<namespace>/<name>` of the cluster a HostedCluster or NodePool belongs to. */
function clusterOf(planned: PlannedObject): string | undefined {
  const { object } = planned;
  if (object.kind === 'HostedCluster') return `${object.metadata.namespace ?? ''}/${object.metadata.name}`;
  if (object.kind === 'NodePool') return `${object.metadata.namespace ?? ''}/${(object as NodePool).spec.clusterName}`;
  return undefined;
}

/** A finding about `planned`, its path translated to the props that wrote it. */
function finding(planned: PlannedObject, severity: ValidationIssue['severity'], path: string, message: string, fix: string): ValidationIssue {
  const translated = planned.paths?.(path);
  return { severity, object: planned.contributor, path, ...translated, message, fix };
}

/**
 * Runs on every part added after the first backup or restore: a part with nothing it judges
 * (no Velero object, cluster, NodePool or DPA) costs no pass over the app, and a cluster meets
 * only the Velero objects of its own name.
 */
export const protectionChecks: PlanCheck = (objects, plan) => {
  const judged = (p: PlannedObject) => p.target.kind === 'management' && (protectedClusterOf(p) !== undefined || clusterOf(p) !== undefined || isDataProtectionApplication(p.object));
  if (!objects.some(judged)) return [];
  const fresh = new Set(objects);
  const all = [...new Set([...plan.objects, ...objects])].filter((p) => p.target.kind === 'management');
  const issues: ValidationIssue[] = [];
  const velero = all.filter((p) => protectedClusterOf(p) !== undefined);
  const clusters = new Map<string, PlannedObject[]>();
  for (const planned of all) {
    const key = clusterOf(planned);
    if (key === undefined) continue;
    const same = clusters.get(key);
    if (same) same.push(planned);
    else clusters.set(key, [planned]);
  }
  const dpas = all.filter((p) => isDataProtectionApplication(p.object));
  for (const guard of velero) {
    const restore = guard.object.kind === 'Restore';
    for (const planned of clusters.get(protectedClusterOf(guard) ?? '') ?? []) {
      if (!(fresh.has(guard) || fresh.has(planned))) continue;
      const paused = (planned.object as HostedCluster | NodePool).spec.pausedUntil;
      if (paused === undefined || (restore && paused === 'false')) continue;
      const what = `${planned.object.kind} ${planned.object.metadata.namespace}/${planned.object.metadata.name}`;
      issues.push(
        restore
          ? finding(planned, 'error', 'spec.pausedUntil', `${what} sets spec.pausedUntil to ${quote(paused)}, so the cluster that ${guard.contributor} recovers stays paused: the hypershift plugin unpauses it after the restore, and applying this value pauses it again.`, 'Remove pausedUntil from the specOverrides (or set it to "false").')
          : finding(planned, 'error', 'spec.pausedUntil', `${what} sets spec.pausedUntil (${quote(paused)}), but ${guard.contributor} backs it up: the hypershift plugin pauses and unpauses it around every backup, and a value in git fights it (Argo CD's self-heal would undo the pause mid-backup).`, 'Remove pausedUntil from the specOverrides, or have Argo CD ignore /spec/pausedUntil (ignoreDifferences).'),
      );
    }
    if (restore) continue;
    for (const dpa of dpas) {
      if (dpa.object.metadata.namespace !== guard.object.metadata.namespace || !(fresh.has(guard) || fresh.has(dpa))) continue;
      const etcdSnapshots = all.some((p) => targetKey(p.target) === targetKey(dpa.target) && p.object.metadata.namespace === dpa.object.metadata.namespace && selectsEtcdSnapshots(p.object));
      issues.push(...againstDataProtection(guard, dpa, etcdSnapshots));
    }
  }
  return issues;
};

/** B7: what a backup's spec needs of the DataProtectionApplication (`owner`): its storage location, and the node agent for a file-system backup. @internal */
export function backupAgainstDpa(spec: BackupSpec, dpa: DataProtectionApplication, owner: string): Array<{ path: string; message: string; fix: string }> {
  const problems: Array<{ path: string; message: string; fix: string }> = [];
  const locations = (dpa.spec.backupLocations ?? []).map((l) => l.name ?? '');
  if (spec.storageLocation !== undefined && !locations.includes(spec.storageLocation)) {
    problems.push({ path: 'storageLocation', message: `${quote(spec.storageLocation)} is not a backup location of ${owner} (${locations.map((l) => quote(l)).join(', ')}), so Velero would fail the backup.`, fix: `Use one of ${locations.join(', ')}, or add the location to dataProtection.backupLocations.` });
  }
  if (spec.defaultVolumesToFsBackup && !dpa.spec.configuration.nodeAgent?.enable) {
    problems.push({ path: 'volumes', message: `a file-system backup needs the node agent, which ${owner} leaves off (nodeAgent: false), so no volume would be copied.`, fix: "Turn the node agent on in dataProtection, or use volumes: 'snapshot'." });
  }
  return problems;
}

/** B7 and B12: a Schedule or Backup against the app's DataProtectionApplication and the plugin's etcd method. */
function againstDataProtection(guard: PlannedObject, planned: PlannedObject, etcdSnapshots: boolean): ValidationIssue[] {
  const dpa = planned.object as DataProtectionApplication;
  const velero = guard.object as Schedule | Backup;
  const spec: BackupSpec = velero.kind === 'Schedule' ? velero.spec.template : velero.spec;
  const issues = backupAgainstDpa(spec, dpa, planned.contributor).map((p) => finding(guard, 'error', p.path, p.message, p.fix));
  if (isEtcdSnapshotBackup(spec) !== etcdSnapshots) {
    issues.push(
      etcdSnapshots
        ? finding(guard, 'error', 'etcdSnapshot', `${planned.contributor} has the hypershift plugin take etcd snapshots (dataProtection.etcdSnapshots) for every backup, so this backup's etcd volumes would be skipped while it asks for volume snapshots.`, 'Set etcdSnapshot: true on the backup, or turn etcdSnapshots off.')
        : finding(guard, 'error', 'etcdSnapshot', `this backup leaves etcd's volumes out for an etcd snapshot, but ${planned.contributor} does not have the hypershift plugin take one (dataProtection.etcdSnapshots is off), so the backup would hold no etcd at all.`, 'Set dataProtection.etcdSnapshots: true on the management cluster, or drop etcdSnapshot from the backup.'),
    );
  }
  return issues;
}
