/**
 * The backup of one hosted cluster with OADP: a Velero Schedule (or one Backup) in the OADP
 * namespace, planned against the cluster's HostedCluster as its NodePools are. What it holds is
 * derived, never typed by hand (HyperShift "Disaster recovery with OADP 1.5+"):
 *
 * - `includedNamespaces`: the HostedCluster's namespace and its control-plane namespace
 *   (`<namespace>-<name>`); the documentation requires both.
 * - `includedResources`: the resources every platform shares, then the platform's own (its
 *   definition's `backup.resources`), and the platform's label selector (KubeVirt leaves out the
 *   nodes' boot-image volumes).
 * - volumes: CSI snapshots moved to the object store by Velero's data mover (`snapshotMoveData`,
 *   `datamover: velero`), or file-system backup by the node agent for storage without snapshots;
 *   or none (Tech Preview, `etcdSnapshot`): the hypershift plugin has the HyperShift operator
 *   upload an etcd snapshot (an `HCPEtcdBackup` it creates in the control-plane namespace), and
 *   the backup leaves out volumes, claims, Deployments and StatefulSets and adds the namespaces
 *   (the upstream CLI's `--use-etcd-snapshot`).
 *
 * With OADP 1.5 and later the hypershift plugin pauses the HostedCluster and its NodePools while
 * the backup runs and unpauses them after, so nothing in git may own `spec.pausedUntil` (check B4
 * in protection-checks.ts).
 *
 * | phase (wave) | object | ready when |
 * |---|---|---|
 * | day-2 (4) | Schedule `openshift-adp/<name>` | `status.phase` Enabled |
 * | day-2 (4) | or Backup `openshift-adp/<name>` | `status.phase` Completed |
 */
import type { Backup, BackupSpec, HostedCluster, Schedule } from '../api';
import { PROTECTION_API_VERSIONS } from '../api';
import { checkApiSchemas } from '../core/api-schema-check';
import { checkProps, withSchemaFindings } from '../core/check-props';
import { IssueCollector, ValidationIssue } from '../core/errors';
import { controlPlaneNamespace, dnsSubdomainProblem } from '../core/names';
import { MANAGEMENT_CLUSTER, PHASES, PlannedPart, Readiness, planItem } from '../core/plan-model';
import { bool, oneOf, quote, strict, text } from '../core/schema';
import { apiServerPublishing } from '../core/services';
import { GO_DURATION } from '../core/validate';
import { v } from '../core/valibot';
import { platformDefinition } from '../platforms';
import { DEFAULT_BACKUP_LOCATION, OADP_NAMESPACE } from './oadp';
import { operandResource } from './planned';
import { PROTECTED_CLUSTER_LABELS } from './restore-check';
import { protectionChecks } from './protection-checks';
import type { HostedClusterBackupProps } from './protection-props';
import { BACKUP_VOLUME_METHODS } from './protection-props';
import { veleroScheduleProblem } from './velero-cron';

export type { HostedClusterBackupProps, HostedClusterRestoreProps } from './protection-props';

/**
 * What every platform's backup holds (the documentation's lists, less each platform's Cluster API
 * machines): the cluster's objects, its control plane and their Secrets, volumes and routes.
 */
export const COMMON_BACKUP_RESOURCES = [
  'sa', 'role', 'rolebinding', 'pod', 'pvc', 'pv', 'configmap', 'priorityclasses', 'pdb', 'hostedcluster', 'nodepool', 'secrets',
  'services', 'deployments', 'statefulsets', 'hostedcontrolplane', 'cluster', 'machinedeployment', 'machineset', 'machine', 'route', 'clusterdeployment',
] as const;

/**
 * What an etcd-snapshot backup leaves out of the common resources, and adds (the upstream CLI's
 * `baseResourcesEtcdSnapshot`): no volumes, claims or the workloads that own them, since etcd
 * comes back from its snapshot; the namespaces themselves.
 */
const NOT_IN_ETCD_SNAPSHOT_BACKUPS: readonly string[] = ['pvc', 'pv', 'deployments', 'statefulsets'];
const ETCD_SNAPSHOT_BACKUP_EXTRA = ['namespaces'] as const;

/** The label Velero and the documentation put on a Backup: its storage location. */
export const STORAGE_LOCATION_LABEL = 'velero.io/storage-location';
/** How long a backup is kept by default: Velero's own default, 30 days (the documentation's 2h30m0s suits a one-off test only). */
export const DEFAULT_BACKUP_TTL = '720h0m0s';

/** A hosted cluster as the builders need it: its identity and platform type. */
export interface ProtectedCluster {
  /** Namespace of the HostedCluster (its control plane runs in `<namespace>-<name>`). */
  readonly namespace: string;
  /** Name of the HostedCluster. */
  readonly name: string;
  /** `spec.platform.type` (`AWS`, `KubeVirt`...). */
  readonly platform: string;
}

/** Options of {@link backupSpecFor}. */
export interface BackupSpecOptions {
  /** @default 'default' */
  readonly storageLocation?: string;
  /** @default '720h0m0s' */
  readonly ttl?: string;
  /** @default 'snapshot' */
  readonly volumes?: (typeof BACKUP_VOLUME_METHODS)[number];
  /** @default false */
  readonly etcdSnapshot?: boolean;
}

/** The identity and platform of a HostedCluster (or of a cluster given that way already). */
export function protectedCluster(cluster: HostedCluster | ProtectedCluster): ProtectedCluster {
  if ('kind' in cluster) return { namespace: cluster.metadata.namespace ?? '', name: cluster.metadata.name, platform: cluster.spec.platform.type };
  return cluster;
}

/** The labels that tie a Velero object to its hosted cluster (read by the plan and previous-state checks). @internal */
export function protectedClusterLabels(cluster: ProtectedCluster): Record<string, string> {
  return { [PROTECTED_CLUSTER_LABELS.name]: cluster.name, [PROTECTED_CLUSTER_LABELS.namespace]: cluster.namespace };
}

/** The metadata of a hosted cluster's Backup or Schedule in the OADP namespace: its storage location and its cluster, as labels. @internal */
export function backupMetadata(cluster: ProtectedCluster, name: string, spec: BackupSpec): { name: string; namespace: string; labels: Record<string, string> } {
  return { name, namespace: OADP_NAMESPACE, labels: { [STORAGE_LOCATION_LABEL]: spec.storageLocation ?? DEFAULT_BACKUP_LOCATION, ...protectedClusterLabels(cluster) } };
}

/**
 * The Velero Backup spec that backs up one hosted cluster (a Schedule's `template`, or a Backup's
 * spec): its two namespaces, the common and the platform's resources, the platform's label
 * selector and the volume settings. A platform the library does not define gets the common resources only.
 */
export function backupSpecFor(cluster: HostedCluster | ProtectedCluster, options: BackupSpecOptions = {}): BackupSpec {
  const { namespace, name, platform } = protectedCluster(cluster);
  const backup = platformDefinition(platform)?.backup;
  const common: readonly string[] = options.etcdSnapshot
    ? [...COMMON_BACKUP_RESOURCES.filter((r) => !NOT_IN_ETCD_SNAPSHOT_BACKUPS.includes(r)), ...ETCD_SNAPSHOT_BACKUP_EXTRA]
    : COMMON_BACKUP_RESOURCES;
  return {
    includedNamespaces: [namespace, controlPlaneNamespace(namespace, name)],
    includedResources: [...common, ...(backup?.resources ?? [])],
    ...(backup?.labelSelector ? { labelSelector: backup.labelSelector as BackupSpec['labelSelector'] } : {}),
    storageLocation: options.storageLocation ?? DEFAULT_BACKUP_LOCATION,
    ttl: options.ttl ?? DEFAULT_BACKUP_TTL,
    ...volumeSettings(options),
  };
}

/** How volumes are copied: CSI snapshots moved by the data mover, the node agent's file copy, or none (etcd snapshot; the CLI's settings for each). @internal */
export function volumeSettings(options: BackupSpecOptions): Partial<BackupSpec> {
  if (options.etcdSnapshot) return { snapshotMoveData: false, defaultVolumesToFsBackup: false, snapshotVolumes: false };
  if (options.volumes === 'file-system') return { defaultVolumesToFsBackup: true };
  return { snapshotMoveData: true, datamover: 'velero', defaultVolumesToFsBackup: false, snapshotVolumes: true };
}

/** The settings every backup of the library takes (a cluster's, its workloads'): when, its name, where, how long, how volumes are copied. @internal */
export const backupSettingEntries = {
  schedule: v.optional(text({ max: 256 })),
  name: v.optional(text({ max: 63 })),
  storageLocation: v.optional(text({ max: 63 })),
  ttl: v.optional(text({ max: 32 })),
  volumes: v.optional(oneOf(BACKUP_VOLUME_METHODS)),
  paused: v.optional(bool()),
};

/** @internal */
export const hostedClusterBackupPropsSchema = strict({
  ...backupSettingEntries,
  etcdSnapshot: v.optional(bool()),
});

/** The backup of one hosted cluster, validated. */
export interface HostedClusterBackupPlan extends PlannedPart {
  /** The Schedule, or the one-off Backup. */
  readonly backup: Schedule | Backup;
  /** Warnings about this backup; when the planner finds an error it returns no plan. */
  readonly warnings: readonly ValidationIssue[];
}

/** Checks the backup props (any value) against the hosted cluster they are for and plans them; findings instead of exceptions. */
export function checkHostedClusterBackup(hostedCluster: HostedCluster, input: unknown): { plan?: HostedClusterBackupPlan; issues: readonly ValidationIssue[] } {
  const cluster = protectedCluster(hostedCluster);
  const label = `HostedClusterBackup ${cluster.namespace}/${cluster.name}`;
  const checked = checkProps(hostedClusterBackupPropsSchema, input, label, []);
  if (!checked.props) return { issues: checked.issues };
  const props: HostedClusterBackupProps = checked.props;
  const issues = new IssueCollector(label);
  const definition = platformDefinition(cluster.platform);
  if (!definition) issues.error('(cluster)', `${cluster.namespace}/${cluster.name} has platform type ${cluster.platform}, which hcp-constructs does not define, so nothing says which of its resources to back up.`, 'Use a HostedCluster of a platform the library defines.');
  checkBackupSettings(props, `${cluster.namespace}-${cluster.name}`, '(cluster)', issues);
  // The upstream CLI refuses its volume flags with --use-etcd-snapshot, which copies no volume.
  if (props.etcdSnapshot && props.volumes !== undefined) issues.error('volumes', 'an etcd-snapshot backup copies no volume: etcd comes back from its snapshot, and the other control-plane volumes are made again.', 'Remove volumes, or etcdSnapshot.');
  if (definition) warnUnstableApiAddress(hostedCluster, definition.backup.stableApiAddress?.(hostedCluster) ?? false, issues);

  const spec = backupSpecFor(cluster, props);
  const backup = veleroBackup(backupMetadata(cluster, props.name ?? `${cluster.namespace}-${cluster.name}`, spec), spec, props);
  if (checked.issues.length > 0) return { issues: withSchemaFindings(checked, issues.issues) };
  checkApiSchemas([backup], issues, ` for ${cluster.namespace}/${cluster.name}`);
  if (issues.issues.some((i) => i.severity === 'error')) return { issues: issues.issues };
  const plan: HostedClusterBackupPlan = {
    label,
    target: MANAGEMENT_CLUSTER,
    objects: [planItem(backup, PHASES.day2, backupReadiness(backup))],
    checks: [protectionChecks],
    backup,
    warnings: issues.issues.filter((i) => i.severity === 'warning'),
  };
  return { plan, issues: issues.issues };
}

/** What a Schedule or one Backup is given besides its spec. */
type VeleroBackupSettings = Pick<HostedClusterBackupProps, 'name' | 'schedule' | 'paused' | 'ttl'>;

/**
 * B7: the name (`defaultName` when none is given, found at `defaultPath`), the schedule in
 * Velero's cron syntax, pausing only a Schedule, the ttl a Go duration. @internal
 */
export function checkBackupSettings(props: VeleroBackupSettings, defaultName: string, defaultPath: string, issues: IssueCollector): void {
  const name = props.name ?? defaultName;
  const nameProblem = dnsSubdomainProblem(name);
  if (nameProblem) issues.error(props.name === undefined ? defaultPath : 'name', `the backup name ${quote(name)} ${nameProblem}.`, 'Give a name of lower-case letters, digits and dashes.');
  if (props.schedule !== undefined) {
    const problem = veleroScheduleProblem(props.schedule);
    if (problem) issues.error('schedule', `${quote(props.schedule)} ${problem}; Velero would mark the Schedule FailedValidation.`, "Write five fields (minute hour day-of-month month day-of-week) such as '0 2 * * *', or @daily, @every 6h.");
  } else if (props.paused !== undefined) {
    issues.error('paused', 'only a Schedule can be paused; without schedule this is a one-off Backup.', 'Give schedule, or drop paused.');
  }
  if (props.ttl !== undefined && !GO_DURATION.test(props.ttl)) issues.error('ttl', `${quote(props.ttl)} is not a Go duration.`, 'Write it as 720h, 168h or 72h30m.');
}

/** A Schedule of `spec` with `schedule`, else one Backup; their CRDs arrive with the OADP operator (see operandResource). @internal */
export function veleroBackup(metadata: Backup['metadata'], spec: BackupSpec, props: VeleroBackupSettings): Schedule | Backup {
  return operandResource(
    props.schedule !== undefined
      ? { apiVersion: PROTECTION_API_VERSIONS.velero, kind: 'Schedule', metadata, spec: { schedule: props.schedule, template: spec, ...(props.paused ? { paused: true } : {}) } }
      : { apiVersion: PROTECTION_API_VERSIONS.velero, kind: 'Backup', metadata, spec },
  );
}

/** Velero sets a Schedule Enabled once its schedule parses; a Backup is done at Completed. @internal */
export function backupReadiness(backup: Schedule | Backup): Readiness {
  return { kind: 'jsonpath', path: '.status.phase', value: backup.kind === 'Schedule' ? 'Enabled' : 'Completed' };
}

/**
 * B8: a restore brings the control plane back behind a new address unless the API server has a
 * hostname of its own (or the platform says its address survives): the nodes keep the old one in
 * their kubelet configuration and stay NotReady (documentation, "HostedCluster Configuration Requirements").
 */
function warnUnstableApiAddress(hc: HostedCluster, stable: boolean, issues: IssueCollector): void {
  const { type, hostname } = apiServerPublishing(hc.spec);
  if (stable || hostname || (type !== 'LoadBalancer' && type !== 'Route')) return;
  issues.warn(
    '(cluster)',
    `the API server of ${hc.metadata.namespace}/${hc.metadata.name} is published as a ${type} without a hostname, so a restored control plane gets a new address: the nodes keep the old one and stay NotReady, and NodePools cannot add nodes.`,
    'Give the API server a hostname (services.hostnames.APIServer), or make its endpoint private where the platform allows it.',
  );
}
