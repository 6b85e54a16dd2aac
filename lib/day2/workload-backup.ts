/**
 * Day 2, inside a hosted cluster: the backup of its workloads (documentation 7.6.4, "Backing up
 * the data plane workload", which defers to OADP's "Backing up applications"). The management
 * cluster's backup holds the control plane; the nodes of a restored cluster are new, so what ran
 * on them comes back only from a backup made inside the cluster, before it was destroyed (7.6.6).
 * So this is OADP as any OpenShift cluster runs it, applied to the hosted cluster's own API: the
 * operator, a DataProtectionApplication without the hypershift plugin (nothing here is a hosted
 * control plane), and a Schedule (or one Backup) of the application namespaces.
 *
 * | phase (wave) | objects | ready when |
 * |---|---|---|
 * | operators (-3) | Namespace `openshift-adp`, OperatorGroup, Subscription `redhat-oadp-operator` | Subscription AtLatestKnown |
 * | operator-configuration (-2) | credentials Secret or ExternalSecret, DataProtectionApplication | DPA `Reconciled=True` |
 * | day-2 (4) | Schedule (or Backup) `openshift-adp/<name>` | `status.phase` Enabled (Completed) |
 */
import type { Backup, BackupSpec, DataProtectionApplication, Schedule } from '../api';
import { checkApiSchemas } from '../core/api-schema-check';
import { checkProps, withSchemaFindings } from '../core/check-props';
import { IssueCollector, ValidationIssue } from '../core/errors';
import { dnsLabelProblem } from '../core/names';
import { PHASES, PlannedPart, hostedClusterTarget, planItem } from '../core/plan-model';
import { bool, list, quote, strict, text } from '../core/schema';
import { v } from '../core/valibot';
import { DEFAULT_BACKUP_TTL, STORAGE_LOCATION_LABEL, backupReadiness, backupSettingEntries, checkBackupSettings, veleroBackup, volumeSettings } from '../management/hosted-cluster-backup';
import { DEFAULT_BACKUP_LOCATION, OADP_NAMESPACE, isDataProtectionApplication, planDataProtection } from '../management/oadp';
import { planOperatorInstall } from '../management/operator-install';
import { backupAgainstDpa } from '../management/protection-checks';
import { dataProtectionApplicationEntries, operatorPropsSchema } from '../management/props';
import type { GuestClusterRef } from './guest-operators';
import type { HostedClusterWorkloadBackupProps } from './workload-backup-props';

export type * from './workload-backup-props';

/** The Schedule's (or Backup's) name when none is given. */
export const DEFAULT_WORKLOAD_BACKUP_NAME = 'workloads';
/** Velero's word for every namespace in `includedNamespaces`. */
const ALL_NAMESPACES = '*';

/** @internal */
export const hostedClusterWorkloadBackupPropsSchema = strict({
  namespaces: list(text({ max: 63 }), { max: 256 }),
  dataProtection: strict(dataProtectionApplicationEntries),
  operator: v.optional(operatorPropsSchema),
  ...backupSettingEntries,
  allowInlineSecrets: v.optional(bool()),
});

/** The workload backup of one hosted cluster, validated. */
export interface HostedClusterWorkloadBackupPlan extends PlannedPart {
  /** The Schedule, or the one-off Backup, in the hosted cluster's `openshift-adp`. */
  readonly backup: Schedule | Backup;
  /** The DataProtectionApplication it writes to. */
  readonly dataProtectionApplication: DataProtectionApplication;
  /** Warnings about this backup; when the planner finds an error it returns no plan. */
  readonly warnings: readonly ValidationIssue[];
}

/** Checks the props (any value) against the hosted cluster and plans OADP and the backup inside it; findings instead of exceptions. */
export function checkHostedClusterWorkloadBackup(cluster: GuestClusterRef, input: unknown): { plan?: HostedClusterWorkloadBackupPlan; issues: readonly ValidationIssue[] } {
  const { namespace = '', name: clusterName } = cluster.hostedCluster.metadata;
  const label = `HostedClusterWorkloadBackup ${namespace}/${clusterName}`;
  const checked = checkProps(hostedClusterWorkloadBackupPropsSchema, input, label, ['namespaces', 'dataProtection']);
  if (!checked.props) return { issues: checked.issues };
  const props: HostedClusterWorkloadBackupProps = checked.props;
  const issues = new IssueCollector(label);
  checkNamespaces(props.namespaces, issues);
  checkBackupSettings(props, DEFAULT_WORKLOAD_BACKUP_NAME, 'name', issues);

  const objects = [
    ...planOperatorInstall('oadp', props.operator ?? {}, { path: 'operator', issues }).objects,
    ...planDataProtection(props.dataProtection, { allowInline: props.allowInlineSecrets ?? false, issues, hostedControlPlanes: false }),
  ];
  const dpa = objects.map((o) => o.object).find(isDataProtectionApplication)!;
  const storageLocation = props.storageLocation ?? DEFAULT_BACKUP_LOCATION;
  const spec: BackupSpec = { includedNamespaces: props.namespaces, storageLocation, ttl: props.ttl ?? DEFAULT_BACKUP_TTL, ...volumeSettings(props) };
  for (const problem of backupAgainstDpa(spec, dpa, 'its dataProtection')) issues.error(problem.path, problem.message, problem.fix);
  const metadata = { name: props.name ?? DEFAULT_WORKLOAD_BACKUP_NAME, namespace: OADP_NAMESPACE, labels: { [STORAGE_LOCATION_LABEL]: storageLocation } };
  const backup = veleroBackup(metadata, spec, props);
  objects.push(planItem(backup, PHASES.day2, backupReadiness(backup)));

  if (checked.issues.length > 0) return { issues: withSchemaFindings(checked, issues.issues) };
  if (issues.issues.some((i) => i.severity === 'error')) return { issues: issues.issues };
  checkApiSchemas(objects.map((o) => o.object), issues, ` in ${namespace}/${clusterName}`);
  if (issues.issues.some((i) => i.severity === 'error')) return { issues: issues.issues };
  const plan: HostedClusterWorkloadBackupPlan = {
    label,
    target: hostedClusterTarget(namespace, clusterName),
    objects,
    backup,
    dataProtectionApplication: dpa,
    warnings: issues.issues.filter((i) => i.severity === 'warning'),
  };
  return { plan, issues: issues.issues };
}

/** At least one namespace (Velero backs up every namespace when the list is empty), each a namespace name or `'*'`. */
function checkNamespaces(namespaces: readonly string[], issues: IssueCollector): void {
  if (namespaces.length === 0) {
    issues.error('namespaces', 'no namespace is given, and Velero backs up every namespace of the cluster when the list is empty.', `List the application namespaces, or give ['${ALL_NAMESPACES}'] to back up every namespace on purpose.`);
  }
  namespaces.forEach((ns, i) => {
    const problem = ns === ALL_NAMESPACES ? undefined : dnsLabelProblem(ns);
    if (problem) issues.error(`namespaces[${i}]`, `${quote(ns)} ${problem}.`, `Give a namespace name, or '${ALL_NAMESPACES}' for every namespace.`);
  });
}
