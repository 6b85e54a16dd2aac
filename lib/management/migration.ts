/**
 * Moving a hosted cluster to another management cluster with OADP (documentation chapter 7.5 does
 * it by hand; the hypershift OADP plugin's migration mode is its declarative form): a one-off
 * Backup on the source that leaves the cluster paused, and a Restore of it on the destination.
 * One plan spans both management clusters, each a named target with its own folder
 * (`management-<name>/`) and Pulumi provider.
 *
 * | target | phase (wave) | object | ready when |
 * |---|---|---|---|
 * | source | operator-configuration (-2) | ConfigMap `openshift-adp/hypershift-oadp-plugin-config` (`migration: "true"`) | exists |
 * | source | migration-backup (0) | Backup `openshift-adp/<name>` | `status.phase` Completed |
 * | destination | restore (1), stage `restore` only | Restore `openshift-adp/<name>-restore` | `status.phase` Completed |
 *
 * The plugin reads its ConfigMap (hypershift-oadp-plugin pkg/common/types.go
 * `PluginConfigMapName`, in the namespace Velero runs in) when a backup starts; with `migration`
 * "true" it pauses the cluster as for any backup but does not unpause it at the end
 * (pkg/core/backup.go), so the source's control plane stays stopped while the destination's
 * takes over. The Backup's wave (0) comes before the Restore's (1), so Pulumi orders them too.
 *
 * The HostedCluster is not planned here: it belongs to one app at a time (its infraID and
 * hostnames are claims of the plan). The migration reads its description for names and checks:
 *
 * - M1: both HyperShift operators publish hostnames with external DNS, with one domain filter, and
 *   the API server has a hostname inside it (chapter 7.5: without it the move is impossible).
 * - M2: the destination's description is the same cluster at the same release.
 * - M3: the same etcd encryption key (the restored etcd is encrypted with the source's).
 * - M4: the platform says a backup restores on another management cluster (`crossClusterRestore`).
 * - M5: nothing here removes finalizers or deletes: the source's clean-up is docs/migration.md.
 * - M6: not from a source whose backups take etcd snapshots: its ManagementCluster writes the
 *   plugin's ConfigMap too.
 */
import type { Backup, ConfigMap, HostedCluster, Restore } from '../api';
import { PROTECTION_API_VERSIONS } from '../api';
import { checkApiSchemas } from '../core/api-schema-check';
import { canonicalJson } from '../core/canonical-json';
import { checkProps, withSchemaFindings } from '../core/check-props';
import { IssueCollector, ValidationIssue } from '../core/errors';
import { dnsLabelProblem, dnsSubdomainProblem } from '../core/names';
import type { HostedClusterPlan, PlanOptions } from '../core/plan';
import { PHASES, PlanItem, PlannedPart, managementTarget, planItem } from '../core/plan-model';
import { oneOf, quote, strict, text } from '../core/schema';
import { apiServerPublishing } from '../core/services';
import type { SecretEncryptionProps } from '../core/hosted-cluster-props';
import { GO_DURATION } from '../core/validate';
import { v } from '../core/valibot';
import { checkHostedCluster, platformDefinition } from '../platforms';
import { backupMetadata, backupSpecFor, protectedCluster } from './hosted-cluster-backup';
import { clusterRestoreFor } from './hosted-cluster-restore';
import { checkManagementCluster } from './management-cluster';
import type { ManagementClusterProps } from './management-cluster-props';
import type { HostedClusterMigrationDescriptions, HostedClusterMigrationProps } from './migration-props';
import { MIGRATION_STAGES } from './migration-props';
import { BACKUP_VOLUME_METHODS } from './protection-props';
import { DEFAULT_BACKUP_LOCATION, OADP_NAMESPACE, OADP_PLUGIN_CONFIG, locationName } from './oadp';
import { operandResource } from './planned';

export type { HostedClusterMigrationDescriptions, HostedClusterMigrationProps } from './migration-props';

/** @internal */
export const hostedClusterMigrationPropsSchema = strict({
  source: text({ max: 63 }),
  destination: text({ max: 63 }),
  stage: v.optional(oneOf(MIGRATION_STAGES)),
  name: v.optional(text({ max: 63 })),
  storageLocation: v.optional(text({ max: 63 })),
  ttl: v.optional(text({ max: 32 })),
  volumes: v.optional(oneOf(BACKUP_VOLUME_METHODS)),
});

/** The migration of one hosted cluster, validated: its target is the source; the Restore names the destination. */
export interface HostedClusterMigrationPlan extends PlannedPart {
  /** The source's one-off Backup of the cluster. */
  readonly backup: Backup;
  /** The destination's Restore, at stage `restore`. */
  readonly restore?: Restore;
  /** The hypershift plugin's configuration on the source, in migration mode. */
  readonly pluginConfig: ConfigMap;
  /** The planner's warnings (also among the findings). */
  readonly warnings: readonly ValidationIssue[];
}

type Side = 'source' | 'destination';

/**
 * Checks a migration (any values) against the descriptions of the cluster and its two
 * management clusters and plans the source's Backup and, at stage `restore`, the destination's
 * Restore; findings instead of exceptions.
 */
export function checkHostedClusterMigration(descriptions: unknown, input: unknown): { plan?: HostedClusterMigrationPlan; issues: readonly ValidationIssue[] } {
  const given = (typeof descriptions === 'object' && descriptions !== null ? descriptions : {}) as Partial<Record<keyof HostedClusterMigrationDescriptions, unknown>>;
  const options = (typeof given.options === 'object' && given.options !== null ? given.options : {}) as PlanOptions;
  const source = checkHostedCluster(given.cluster, options);
  const nameOf = source.plan ? `${source.plan.namespace}/${source.plan.name}` : 'cluster';
  const label = `HostedClusterMigration ${nameOf}`;
  const issues = new IssueCollector(label);
  const nestedFindings = (prefix: string, found: readonly ValidationIssue[]) =>
    found.filter((i) => i.severity === 'error').map((i) => ({ ...i, object: label, path: i.path.startsWith('(') ? prefix : `${prefix}.${i.path}` }));
  const described: ValidationIssue[] = [...nestedFindings('cluster', source.issues)];
  const destination = given.destinationCluster === undefined ? undefined : checkHostedCluster(given.destinationCluster, options);
  if (destination) described.push(...nestedFindings('destinationCluster', destination.issues));
  const management: Partial<Record<Side, ManagementClusterProps>> = {};
  for (const side of ['source', 'destination'] as const) {
    const key = `${side}ManagementCluster` as const;
    if (given[key] === undefined) continue;
    const checked = checkManagementCluster(given[key]);
    described.push(...nestedFindings(key, checked.issues));
    if (checked.plan) management[side] = given[key] as ManagementClusterProps;
  }
  const checked = checkProps(hostedClusterMigrationPropsSchema, input, label, ['source', 'destination']);
  if (!checked.props || !source.plan || described.length > 0) return { issues: [...described, ...checked.issues] };
  const props: HostedClusterMigrationProps = checked.props;
  const plan = source.plan;
  const hc = plan.hostedCluster;

  checkSides(props, issues);
  checkPlatform(hc, issues);
  checkPaused(plan, issues);
  checkStableHostnames(hc, props, management, issues);
  checkDataProtection(props, management, issues);
  if (destination?.plan) checkDestinationCluster(plan, destination.plan, issues);
  const name = props.name ?? `${plan.namespace}-${plan.name}-migration`;
  const nameProblem = dnsSubdomainProblem(name);
  if (nameProblem) issues.error(props.name === undefined ? 'cluster.name' : 'name', `the backup name ${quote(name)} ${nameProblem}.`, 'Give a name of lower-case letters, digits and dashes.');
  if (props.ttl !== undefined && !GO_DURATION.test(props.ttl)) issues.error('ttl', `${quote(props.ttl)} is not a Go duration.`, 'Write it as 720h, 168h or 72h30m.');
  issues.warn(
    '(source)',
    `while this migration is committed, every backup Velero makes on ${props.source} runs in migration mode (the plugin's ConfigMap is read by each backup in ${OADP_NAMESPACE}) and leaves its hosted clusters paused.`,
    `Pause the Schedules of ${props.source} (paused: true) until the migration is done and removed from git.`,
  );
  const afterRestore = platformDefinition(hc.spec.platform.type)?.backup.afterRestore?.(protectedCluster(hc));
  if (afterRestore && props.stage === 'restore') issues.warn('(destination)', `after the restore on ${props.destination}, run by hand: ${afterRestore}.`, 'See docs/migration.md, "After the restore".');

  const objects = migrationObjects(hc, props, name);
  if (checked.issues.length > 0) return { issues: withSchemaFindings(checked, issues.issues) };
  if (issues.issues.some((i) => i.severity === 'error')) return { issues: issues.issues };
  checkApiSchemas(objects.items.map((o) => o.object), issues, ` of ${nameOf}`);
  if (issues.issues.some((i) => i.severity === 'error')) return { issues: issues.issues };
  const migration: HostedClusterMigrationPlan = {
    label,
    target: managementTarget(props.source),
    objects: objects.items,
    backup: objects.backup,
    ...(objects.restore ? { restore: objects.restore } : {}),
    pluginConfig: objects.pluginConfig,
    warnings: issues.issues.filter((i) => i.severity === 'warning'),
  };
  return { plan: migration, issues: issues.issues };
}

/** M6: one ConfigMap, two writers (the source's app and this one) that would undo each other's key. */
function checkSourceEtcdSnapshots(props: HostedClusterMigrationProps, management: Partial<Record<Side, ManagementClusterProps>>, issues: IssueCollector): void {
  if (!management.source?.dataProtection?.etcdSnapshots) return;
  issues.error(
    'sourceManagementCluster.dataProtection.etcdSnapshots',
    `the hypershift plugin's ConfigMap ${OADP_NAMESPACE}/${OADP_PLUGIN_CONFIG.name} on ${props.source} is written by its ManagementCluster (etcdBackupMethod: etcdSnapshot), and a migration writes the same ConfigMap (migration: "true"); applied from two folders, each apply would remove the other's key.`,
    `Move the cluster with volume snapshots: turn etcdSnapshots off on ${props.source} (and etcdSnapshot off on its backups) until the migration is done.`,
  );
}

/** The plugin's configuration and the Backup on the source; the Restore on the destination at stage `restore`. Never a deletion (M5). */
function migrationObjects(hc: HostedCluster, props: HostedClusterMigrationProps, name: string): { items: PlanItem[]; backup: Backup; restore?: Restore; pluginConfig: ConfigMap } {
  const cluster = protectedCluster(hc);
  const pluginConfig: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: OADP_PLUGIN_CONFIG.name, namespace: OADP_NAMESPACE }, data: { [OADP_PLUGIN_CONFIG.migrationKey]: 'true' } };
  const spec = backupSpecFor(cluster, props);
  const backup: Backup = operandResource({ apiVersion: PROTECTION_API_VERSIONS.velero, kind: 'Backup', metadata: backupMetadata(cluster, name, spec), spec });
  const completed = { kind: 'jsonpath', path: '.status.phase', value: 'Completed' } as const;
  const items: PlanItem[] = [
    // Two migrations from one source plan the same ConfigMap.
    planItem(pluginConfig, PHASES.operatorConfiguration, { kind: 'exists' }, { shared: true }),
    planItem(backup, PHASES.migrationBackup, completed),
  ];
  if (props.stage !== 'restore') return { items, backup, pluginConfig };
  // The plugin unpauses the HostedClusters and NodePools of the Restore's namespaces on the destination.
  const restore = clusterRestoreFor(cluster, `${name}-restore`, { backupName: name });
  items.push(planItem(restore, PHASES.restore, completed, { target: managementTarget(props.destination) }));
  return { items, backup, restore, pluginConfig };
}

/** The two management clusters: two names, each usable as a folder (`management-<name>`). */
function checkSides(props: HostedClusterMigrationProps, issues: IssueCollector): void {
  for (const side of ['source', 'destination'] as const) {
    const problem = dnsLabelProblem(props[side]);
    if (problem) issues.error(side, `management cluster name ${quote(props[side])} ${problem}; it names the folder management-<name> and the Pulumi provider.`, 'Use lower-case letters, digits and dashes.');
  }
  if (props.source === props.destination) {
    issues.error('destination', `the source and the destination are both ${quote(props.source)}; a migration moves a cluster to another management cluster.`, 'Name the management cluster the cluster moves to; to recover a cluster on its own management cluster, use HostedClusterRestore.');
  }
}

/** M4: only where the platform's backup restores on another management cluster. */
function checkPlatform(hc: HostedCluster, issues: IssueCollector): void {
  const type = hc.spec.platform.type;
  if (platformDefinition(type)?.backup.crossClusterRestore) return;
  issues.error(
    'cluster.platform.type',
    `a hosted cluster of platform ${type} cannot be restored on another management cluster (its backup restores on the same management cluster only), so it cannot be moved this way.`,
    'Move only clusters whose platform restores on another management cluster; recover this one on its own management cluster (docs/backup-restore.md).',
  );
}

/** The plugin keeps the source paused after the backup; a value in git would undo that, or pause the restored cluster. */
function checkPaused(plan: HostedClusterPlan, issues: IssueCollector): void {
  const paused = (value: unknown) => value !== undefined && value !== false;
  const found = [
    ...(paused(plan.props.pausedUntil) ? ['cluster.pausedUntil'] : []),
    ...(plan.props.nodePools ?? []).flatMap((pool, i) => (paused(pool.pausedUntil) ? [`cluster.nodePools[${i}].pausedUntil`] : [])),
  ];
  for (const path of found) {
    issues.error(
      path,
      'the cluster description sets pausedUntil: the hypershift plugin pauses the source for the backup and keeps it paused in migration mode, and unpauses the restored cluster; a value in git fights both (Argo CD would unpause the source while the destination runs the cluster).',
      'Remove pausedUntil from the description in both apps.',
    );
  }
}

/** M1: both operators publish hostnames with external DNS, one domain filter, and the API server's hostname inside it. */
function checkStableHostnames(hc: HostedCluster, props: HostedClusterMigrationProps, management: Partial<Record<Side, ManagementClusterProps>>, issues: IssueCollector): void {
  const impossible = 'migration is impossible without stable hostnames';
  const filters: Partial<Record<Side, string>> = {};
  for (const side of ['source', 'destination'] as const) {
    const key = `${side}ManagementCluster`;
    const described = management[side];
    if (!described) {
      issues.warn(key, `the external DNS of management cluster ${props[side]} is not checked (no ${key} given), and ${impossible}: the HyperShift operator there must publish hostnames with external DNS.`, `Give ${key} (its ManagementCluster props), or make sure it sets multiclusterEngine.externalDns with the domain filter of the other.`);
      continue;
    }
    const dns = described.multiclusterEngine?.externalDns;
    if (!dns) {
      issues.error(`${key}.multiclusterEngine.externalDns`, `management cluster ${props[side]} runs the HyperShift operator without external DNS, and ${impossible}: the API server's DNS name must move with the control plane.`, 'Give both management clusters multiclusterEngine.externalDns with the same domainFilter.');
    } else filters[side] = dns.domainFilter;
  }
  if (filters.source !== undefined && filters.destination !== undefined && filters.source !== filters.destination) {
    issues.error(
      'destinationManagementCluster.multiclusterEngine.externalDns.domainFilter',
      `the external DNS domain filter ${quote(filters.destination)} of ${props.destination} differs from ${quote(filters.source)} of ${props.source}, so the destination could not take over the cluster's records: ${impossible}.`,
      'Give both management clusters the same domainFilter.',
    );
  }
  const { type, hostname } = apiServerPublishing(hc.spec);
  if (!hostname) {
    issues.error(
      'cluster.services.hostnames.APIServer',
      `the API server of ${hc.metadata.namespace}/${hc.metadata.name} is published ${type ? `as a ${type} ` : ''}without a hostname, so its address changes with the management cluster and the nodes could not follow: ${impossible}.`,
      "Give the API server a hostname inside the external DNS domain (services.hostnames.APIServer, or the platform's external DNS domain).",
    );
    return;
  }
  const filter = filters.source ?? filters.destination;
  if (filter !== undefined && hostname !== filter && !hostname.endsWith(`.${filter}`)) {
    issues.error(
      'cluster.services.hostnames.APIServer',
      `the API server's hostname ${quote(hostname)} is not inside the external DNS domain ${quote(filter)}, so external DNS does not publish it and the nodes could not follow the control plane: ${impossible}.`,
      `Give the API server a hostname ending in .${filter}.`,
    );
  }
}

/** Both management clusters run OADP with the migration's location, on the same bucket and prefix; the source not with etcd snapshots (M6). */
function checkDataProtection(props: HostedClusterMigrationProps, management: Partial<Record<Side, ManagementClusterProps>>, issues: IssueCollector): void {
  checkSourceEtcdSnapshots(props, management, issues);
  const wanted = props.storageLocation ?? DEFAULT_BACKUP_LOCATION;
  const found: Partial<Record<Side, string>> = {};
  for (const side of ['source', 'destination'] as const) {
    const described = management[side];
    if (!described) continue;
    const key = `${side}ManagementCluster`;
    const job = side === 'source' ? 'back up' : 'restore';
    if (!described.dataProtection) {
      issues.error(`${key}.dataProtection`, `management cluster ${props[side]} has no dataProtection (OADP), so nothing there can ${job} the cluster.`, `Give ${props[side]} dataProtection with the location ${quote(wanted)}.`);
      continue;
    }
    const locations = described.dataProtection.backupLocations;
    const location = locations.find((l) => locationName(l) === wanted);
    if (!location) {
      const names = locations.map((l) => quote(locationName(l))).join(', ');
      issues.error('storageLocation', `${quote(wanted)} is not a backup location of management cluster ${props[side]} (${names}).`, 'Use a location both management clusters have.');
      continue;
    }
    found[side] = `${location.bucket}/${location.prefix}`;
  }
  if (found.source !== undefined && found.destination !== undefined && found.source !== found.destination) {
    issues.error(
      'storageLocation',
      `location ${quote(wanted)} is ${found.source} on ${props.source} but ${found.destination} on ${props.destination}, so the destination's Velero never sees the source's backup.`,
      'Point that location of both management clusters at the same bucket and prefix.',
    );
  }
}

/** M2 and M3: the destination describes the same cluster, at the same release, with the same encryption key. */
function checkDestinationCluster(source: HostedClusterPlan, destination: HostedClusterPlan, issues: IssueCollector): void {
  const from = `${source.namespace}/${source.name}`;
  if (destination.namespace !== source.namespace || destination.name !== source.name) {
    issues.error('destinationCluster.name', `the destination describes ${destination.namespace}/${destination.name}, but the Restore recreates ${from}.`, `Describe the cluster on the destination as ${from}.`);
  }
  const [was, will] = [source.hostedCluster.spec.release.image, destination.hostedCluster.spec.release.image];
  if (was !== will) {
    issues.error(
      'destinationCluster.release',
      `the destination describes release ${quote(will)}, but ${from} runs ${quote(was)}: the restored control plane runs the source's release, and the destination's app would start an upgrade in the middle of the move.`,
      "Move at one release: give the destination the source's release, and upgrade after the move.",
    );
  }
  const [key, other] = [encryptionKey(source), encryptionKey(destination)];
  if (key.compare !== other.compare) {
    issues.error(
      'destinationCluster.secretEncryption',
      `the destination describes the etcd encryption key as ${other.text}, the source as ${key.text}: the restored etcd is encrypted with the source's key and unreadable with another.`,
      "Give the destination the source's secretEncryption (the same existing Secret or the same secret-store key).",
    );
  }
}

/** Where a cluster's etcd encryption key comes from: text for messages (never an inline value) and a form to compare. */
function encryptionKey(plan: HostedClusterPlan): { readonly text: string; readonly compare: string } {
  const given: SecretEncryptionProps = plan.props.secretEncryption ?? { aescbc: { existingSecret: `${plan.name}-etcd-encryption-key` } };
  if ('kms' in given) return { text: `a KMS key (provider ${given.kms.provider})`, compare: JSON.stringify(['kms', canonicalJson(given.kms)]) };
  const source = given.aescbc;
  if ('existingSecret' in source) return { text: `the existing Secret ${quote(source.existingSecret)}`, compare: JSON.stringify(['existing', source.existingSecret]) };
  if ('externalSecret' in source) {
    const { store, storeKind = 'ClusterSecretStore', key, property } = source.externalSecret;
    return { text: `key ${quote(key)}${property ? ` (property ${quote(property)})` : ''} of ${storeKind} ${quote(store)}`, compare: JSON.stringify(['external', store, storeKind, key, property ?? '']) };
  }
  return { text: 'an inline value', compare: JSON.stringify(['inline', source.inline]) };
}
