/**
 * The restore set of one hosted cluster: the Velero Restore a user commits to recover the cluster
 * from its backup, planned against the cluster's HostedCluster. The settings are the
 * documentation's and fixed (HyperShift "Disaster recovery with OADP 1.5+", "Restore"):
 * `restorePVs: true` (volumes come back), `existingResourcePolicy: update` (objects that exist are
 * overwritten with the backup's), and the old cluster's nodes, events and volume attachments and
 * Velero's own objects left out (RESTORE_EXCLUDED_RESOURCES).
 *
 * The Restore goes in the `restore` phase (wave 1), before the HostedCluster (wave 2): Argo CD
 * waits until it is Completed (its health row), Pulumi until `status.phase` is Completed, and
 * only then applies the cluster as git has it. The hypershift plugin unpauses the restored
 * HostedCluster and NodePools in the Restore's namespaces, which is why they are listed; so
 * nothing in git may keep the cluster paused (check B10 in protection-checks.ts).
 *
 * What the library cannot do declaratively (destroying the old cluster first, checking that no
 * pods or PVCs are left, `hypershift fix dr-oidc-iam` on AWS) is in docs/backup-restore.md.
 */
import type { HostedCluster, Restore, RestoreSpec } from '../api';
import { PROTECTION_API_VERSIONS } from '../api';
import { checkApiSchemas } from '../core/api-schema-check';
import { checkProps, withSchemaFindings } from '../core/check-props';
import { IssueCollector, ValidationIssue } from '../core/errors';
import { controlPlaneNamespace, dnsSubdomainProblem } from '../core/names';
import { MANAGEMENT_CLUSTER, PHASES, PlannedPart, planItem } from '../core/plan-model';
import { bool, quote, strict, text } from '../core/schema';
import { v } from '../core/valibot';
import { platformDefinition } from '../platforms';
import { ProtectedCluster, protectedCluster, protectedClusterLabels } from './hosted-cluster-backup';
import { OADP_NAMESPACE } from './oadp';
import { operandResource } from './planned';
import { CLUSTER_GONE_ANNOTATION } from './restore-check';
import { protectionChecks } from './protection-checks';
import type { HostedClusterRestoreProps } from './protection-props';

/**
 * What a restore leaves out. The documentation's six (chapter 7.6.6: the old cluster's nodes and
 * events, Velero's own objects), then the three the upstream CLI adds (`hypershift create
 * oadp-restore`, cmd/oadp/types.go): the old nodes' CSINodes and VolumeAttachments, which would
 * tell the attach-detach controller that volumes are still attached to nodes that are gone, and
 * BackupRepository, ResticRepository's name since Velero 1.10 (OADP 1.5, which the library
 * requires, has only that one). A Backup the library makes holds none of them; the list matters
 * for a Restore of a Backup made another way, and leaving out what is absent changes nothing.
 */
export const RESTORE_EXCLUDED_RESOURCES = [
  'nodes', 'events', 'events.events.k8s.io', 'backups.velero.io', 'restores.velero.io', 'resticrepositories.velero.io',
  'csinodes.storage.k8s.io', 'volumeattachments.storage.k8s.io', 'backuprepositories.velero.io',
] as const;

/** Where a Restore reads from: one Backup, or the latest completed Backup of a Schedule. */
export type RestoreSource = { readonly backupName: string } | { readonly scheduleName: string };

/** More of a Restore built by {@link restoreFor}. */
export interface RestoreOptions {
  /**
   * The namespaces to restore: the hypershift plugin unpauses the HostedClusters and NodePools in
   * these. @default every namespace of the backup (nothing is unpaused by the plugin)
   */
  readonly includedNamespaces?: readonly string[];
  /** Keep Service node ports as they were. @default false */
  readonly preserveNodePorts?: boolean;
  /** Labels of the Restore. @default none */
  readonly labels?: Readonly<Record<string, string>>;
}

/**
 * A Velero Restore with the documentation's settings, from a Backup or a Schedule's latest one,
 * in `namespace` (the OADP namespace where Velero runs).
 */
export function restoreFor(name: string, from: RestoreSource, namespace: string = OADP_NAMESPACE, options: RestoreOptions = {}): Restore {
  const spec: RestoreSpec = {
    ...('backupName' in from ? { backupName: from.backupName } : { scheduleName: from.scheduleName }),
    ...(options.includedNamespaces ? { includedNamespaces: options.includedNamespaces } : {}),
    restorePVs: true,
    existingResourcePolicy: 'update',
    excludedResources: RESTORE_EXCLUDED_RESOURCES,
    ...(options.preserveNodePorts ? { preserveNodePorts: true } : {}),
  };
  return {
    apiVersion: PROTECTION_API_VERSIONS.velero,
    kind: 'Restore',
    metadata: { name, namespace, ...(options.labels ? { labels: options.labels } : {}) },
    spec,
  };
}

/**
 * The Restore of one hosted cluster in the OADP namespace: its two namespaces (the hypershift
 * plugin unpauses the HostedCluster and NodePools they hold), the platform's node-port setting and
 * the cluster's labels. @internal
 */
export function clusterRestoreFor(cluster: ProtectedCluster, name: string, from: RestoreSource): Restore {
  return operandResource(
    restoreFor(name, from, OADP_NAMESPACE, {
      includedNamespaces: [cluster.namespace, controlPlaneNamespace(cluster.namespace, cluster.name)],
      preserveNodePorts: platformDefinition(cluster.platform)?.backup.preserveNodePorts ?? false,
      labels: protectedClusterLabels(cluster),
    }),
  );
}

/** @internal */
export const hostedClusterRestorePropsSchema = strict({
  backupName: v.optional(text({ max: 253 })),
  scheduleName: v.optional(text({ max: 253 })),
  name: v.optional(text({ max: 253 })),
  clusterGone: v.optional(bool()),
});

/** The restore set of one hosted cluster, validated. */
export interface HostedClusterRestorePlan extends PlannedPart {
  /** The Velero Restore; it must complete before the HostedCluster is applied. */
  readonly restore: Restore;
  /** Warnings about this restore; when the planner finds an error it returns no plan. */
  readonly warnings: readonly ValidationIssue[];
}


/** Checks the restore props (any value) against the hosted cluster they recover and plans the Restore; findings instead of exceptions. */
export function checkHostedClusterRestore(hostedCluster: HostedCluster, input: unknown): { plan?: HostedClusterRestorePlan; issues: readonly ValidationIssue[] } {
  const cluster = protectedCluster(hostedCluster);
  const label = `HostedClusterRestore ${cluster.namespace}/${cluster.name}`;
  const checked = checkProps(hostedClusterRestorePropsSchema, input, label, []);
  if (!checked.props) return { issues: checked.issues };
  const props: HostedClusterRestoreProps = checked.props;
  const issues = new IssueCollector(label);
  // B9: one source, Backup or Schedule.
  if ((props.backupName === undefined) === (props.scheduleName === undefined)) {
    issues.error(
      props.backupName === undefined ? '(props)' : 'scheduleName',
      props.backupName === undefined ? 'no backup to restore from is given.' : 'both backupName and scheduleName are given; a Restore reads one of them.',
      'Give backupName (one Backup) or scheduleName (the latest completed Backup of that Schedule).',
    );
  }
  const definition = platformDefinition(cluster.platform);
  if (!definition) issues.error('(cluster)', `${cluster.namespace}/${cluster.name} has platform type ${cluster.platform}, which hcp-constructs does not define, so nothing says how to restore it.`, 'Use a HostedCluster of a platform the library defines.');
  const name = props.name ?? `${cluster.namespace}-${cluster.name}-restore`;
  const nameProblem = dnsSubdomainProblem(name);
  if (nameProblem) issues.error(props.name === undefined ? '(cluster)' : 'name', `the restore name ${quote(name)} ${nameProblem}.`, 'Give a name of lower-case letters, digits and dashes.');
  for (const key of ['backupName', 'scheduleName'] as const) {
    const given = props[key];
    const problem = given === undefined ? undefined : dnsSubdomainProblem(given);
    if (problem) issues.error(key, `${quote(given)} ${problem}, so no ${key === 'backupName' ? 'Backup' : 'Schedule'} can have that name.`, `Give the name as \`oc get ${key === 'backupName' ? 'backups' : 'schedules'} -n ${OADP_NAMESPACE}\` shows it.`);
  }
  const afterRestore = definition?.backup.afterRestore?.(cluster);
  if (afterRestore) issues.warn('(cluster)', `after the restore, run by hand: ${afterRestore}.`, 'See docs/backup-restore.md, "What stays manual".');

  const from: RestoreSource = props.backupName !== undefined ? { backupName: props.backupName } : { scheduleName: props.scheduleName ?? '' };
  const restore = clusterRestoreFor(cluster, name, from);
  const object: Restore = props.clusterGone ? { ...restore, metadata: { ...restore.metadata, annotations: { ...restore.metadata.annotations, [CLUSTER_GONE_ANNOTATION]: 'true' } } } : restore;
  if (checked.issues.length > 0) return { issues: withSchemaFindings(checked, issues.issues) };
  checkApiSchemas([object], issues, ` for ${cluster.namespace}/${cluster.name}`);
  if (issues.issues.some((i) => i.severity === 'error')) return { issues: issues.issues };
  const plan: HostedClusterRestorePlan = {
    label,
    target: MANAGEMENT_CLUSTER,
    // Velero reports Completed once every object and volume is back (PartiallyFailed and Failed are Degraded in the health row).
    objects: [planItem(object, PHASES.restore, { kind: 'jsonpath', path: '.status.phase', value: 'Completed' })],
    checks: [protectionChecks],
    restore: object,
    warnings: issues.issues.filter((i) => i.severity === 'warning'),
  };
  return { plan, issues: issues.issues };
}
