/**
 * OADP on the management cluster: the DataProtectionApplication that runs Velero with the
 * hypershift plugin, and the credentials of its object stores (HyperShift "Disaster recovery with
 * OADP 1.5+": `defaultPlugins` openshift, aws, csi, hypershift; the node agent with kopia;
 * `resourceTimeout: 2h`; the store's credentials file in Secret `cloud-credentials`, key `cloud`).
 *
 * | phase (wave) | objects | ready when |
 * |---|---|---|
 * | operators (-3) | Namespace `openshift-adp`, OperatorGroup, Subscription (olm.ts row `oadp`) | Subscription AtLatestKnown |
 * | operator-configuration (-2) | credentials Secret or ExternalSecret, DataProtectionApplication | ExternalSecret Ready; DPA `Reconciled=True` |
 *
 * The checks are OADP's own (internal/controller/bsl.go: one default location, a region for S3
 * stores, Azure's resource group and storage account) made before anything is applied, and what
 * OADP only logs: a location whose provider has no plugin cannot be written to.
 */
import type { ConfigMap, DataProtectionApplication, DataProtectionApplicationSpecBackupLocations, KubernetesObject } from '../api';
import { PROTECTION_API_VERSIONS } from '../api';
import type { IssueCollector } from '../core/errors';
import { PHASES, PlanItem, objectKey, planItem } from '../core/plan-model';
import { quote } from '../core/schema';
import { renderSecret } from '../core/secrets';
import { GO_DURATION } from '../core/validate';
import { OPERATOR_PACKAGES } from './olm';
import { operandResource, secretReadiness, sortKeys } from './planned';
import type { BackupLocationProps, DataProtectionApplicationProps, DataProtectionProps, VeleroPlugin } from './props';

/** Where OADP runs, and where its Backups, Schedules and Restores live. */
export const OADP_NAMESPACE = OPERATOR_PACKAGES.oadp.namespace;
/** The documentation's DataProtectionApplication name. */
export const DEFAULT_DPA_NAME = 'dpa-instance';
/** The name of a location that gives none, and the location a HostedClusterBackup uses by default. */
export const DEFAULT_BACKUP_LOCATION = 'default';
/** The credentials Secret of the first location (the documentation's), and the key OADP reads. */
export const CLOUD_CREDENTIALS = { name: 'cloud-credentials', key: 'cloud' } as const;
/** The first OADP minor with the hypershift plugin (its `stable` channel; older ones are `stable-1.<minor>`). */
export const OADP_HYPERSHIFT_PLUGIN_MINOR = 5;
/** How long Velero waits for a resource (the documentation's value). */
export const DEFAULT_RESOURCE_TIMEOUT = '2h';
/** The first OADP minor whose hypershift plugin takes etcd snapshots (HyperShift "Etcd Snapshot Backup": OADP 1.6+). */
export const OADP_ETCD_SNAPSHOT_MINOR = 6;
/**
 * The hypershift plugin's configuration: a ConfigMap of this name in the namespace Velero runs in
 * (hypershift-oadp-plugin pkg/common/types.go), with `migration` (migration.ts) and
 * `etcdBackupMethod` (`volumeSnapshot`, the default, or `etcdSnapshot`).
 */
export const OADP_PLUGIN_CONFIG = { name: 'hypershift-oadp-plugin-config', migrationKey: 'migration', etcdBackupMethodKey: 'etcdBackupMethod', etcdSnapshot: 'etcdSnapshot' } as const;

/** The plugin each object-store provider needs. */
const PROVIDER_PLUGINS: Readonly<Record<NonNullable<BackupLocationProps['provider']>, VeleroPlugin>> = { aws: 'aws', azure: 'azure', gcp: 'gcp' };

/** A location's name after its default. */
export const locationName = (location: BackupLocationProps): string => location.name ?? DEFAULT_BACKUP_LOCATION;

/** The plugins a DPA gets when none are listed: the documentation's order, each location's provider once; `hypershift` on a management cluster. */
export function defaultPlugins(locations: readonly BackupLocationProps[], hostedControlPlanes = true): VeleroPlugin[] {
  const providers = [...new Set(locations.map((l) => PROVIDER_PLUGINS[l.provider ?? 'aws']))];
  return ['openshift', ...providers, 'csi', ...(hostedControlPlanes ? (['hypershift'] as const) : [])];
}

/** Where a DataProtectionApplication runs and how its credentials may be written. */
export interface DataProtectionContext {
  readonly allowInline: boolean;
  readonly issues: IssueCollector;
  /** It backs up hosted control planes (a management cluster), so it needs the hypershift plugin. @default true */
  readonly hostedControlPlanes?: boolean;
}

/** The DataProtectionApplication and its credentials, checked (B1-B3 and OADP's location rules). */
export function planDataProtection(props: DataProtectionApplicationProps & Pick<DataProtectionProps, 'etcdSnapshots'>, options: DataProtectionContext): PlanItem[] {
  const { issues } = options;
  const path = 'dataProtection';
  const locations = props.backupLocations;
  const hostedControlPlanes = options.hostedControlPlanes ?? true;
  const plugins = props.plugins ?? defaultPlugins(locations, hostedControlPlanes);
  checkPlugins(props, plugins, hostedControlPlanes, issues);
  checkDefaultLocation(locations, issues);
  if (props.resourceTimeout !== undefined && !GO_DURATION.test(props.resourceTimeout)) {
    issues.error(`${path}.resourceTimeout`, `${quote(props.resourceTimeout)} is not a Go duration.`, "Write it as 2h, 90m or 1h30m.");
  }
  if (props.nodeAgent && props.nodeAgent.uploaderType === 'restic') {
    issues.warn(`${path}.nodeAgent.uploaderType`, 'restic is deprecated as Velero\'s uploader; the hosted-cluster documentation copies volumes with kopia.', "Use uploaderType: 'kopia' (backups made with restic stay readable by restic only).");
  }

  const objects: PlanItem[] = [];
  const secretKeys: string[] = [];
  const backupLocations = locations.map((location, i) => {
    const at = `${path}.backupLocations[${i}]`;
    checkLocation(location, at, issues);
    const contract = { name: i === 0 ? CLOUD_CREDENTIALS.name : `${CLOUD_CREDENTIALS.name}-${locationName(location)}`, namespace: OADP_NAMESPACE, key: CLOUD_CREDENTIALS.key };
    const rendered = renderSecret(contract, location.credentials, { allowInline: options.allowInline, path: `${at}.credentials`, issues });
    for (const object of rendered.objects) {
      objects.push(planItem(object, PHASES.operatorConfiguration, secretReadiness(object)));
      secretKeys.push(objectKey(object));
    }
    return backupLocation(location, rendered.refName, locations.length);
  });

  const dpa: DataProtectionApplication = operandResource({
    apiVersion: PROTECTION_API_VERSIONS.dataProtectionApplication,
    kind: 'DataProtectionApplication',
    metadata: { name: props.name ?? DEFAULT_DPA_NAME, namespace: OADP_NAMESPACE },
    spec: {
      backupLocations,
      configuration: {
        ...(props.nodeAgent === false ? {} : { nodeAgent: { enable: true, uploaderType: props.nodeAgent?.uploaderType ?? 'kopia' } }),
        velero: { defaultPlugins: plugins, resourceTimeout: props.resourceTimeout ?? DEFAULT_RESOURCE_TIMEOUT },
      },
    },
  });
  // The operator reports Reconciled=True once Velero, the node agent and the locations are set up (dataprotectionapplication_controller.go).
  objects.push(planItem(dpa, PHASES.operatorConfiguration, { kind: 'condition', type: 'Reconciled', status: 'True' }, secretKeys.length > 0 ? { dependsOn: secretKeys } : {}));
  if (props.etcdSnapshots) objects.push(planItem(etcdSnapshotPluginConfig(issues), PHASES.operatorConfiguration));
  return objects;
}

/** The plugin's configuration that selects etcd snapshots, with the Tech Preview warning. */
function etcdSnapshotPluginConfig(issues: IssueCollector): ConfigMap {
  issues.warn(
    'dataProtection.etcdSnapshots',
    'etcd snapshots are Tech Preview: the HyperShift operator runs with its TechPreviewNoUpgrade features (--tech-preview-no-upgrade), which Red Hat does not support in production.',
    'Leave etcdSnapshots out for production management clusters (volume snapshots are the supported method).',
  );
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: OADP_PLUGIN_CONFIG.name, namespace: OADP_NAMESPACE }, data: { [OADP_PLUGIN_CONFIG.etcdBackupMethodKey]: OADP_PLUGIN_CONFIG.etcdSnapshot } };
}

/** True for the plugin's ConfigMap when it selects etcd snapshots (what the backups are checked against). @internal */
export function selectsEtcdSnapshots(object: KubernetesObject): boolean {
  return object.kind === 'ConfigMap' && object.metadata.name === OADP_PLUGIN_CONFIG.name && (object as ConfigMap).data?.[OADP_PLUGIN_CONFIG.etcdBackupMethodKey] === OADP_PLUGIN_CONFIG.etcdSnapshot;
}

/** B1: the hypershift plugin (on a management cluster), and each location's provider plugin. */
function checkPlugins(props: DataProtectionApplicationProps, plugins: readonly VeleroPlugin[], hostedControlPlanes: boolean, issues: IssueCollector): void {
  if (!props.plugins) return;
  if (hostedControlPlanes && !plugins.includes('hypershift')) {
    issues.error('dataProtection.plugins', 'the hypershift plugin is missing: without it Velero backs up a hosted cluster while its control plane keeps writing, and restores it without unpausing it.', "Add 'hypershift' to plugins.");
  }
  props.backupLocations.forEach((location, i) => {
    const provider = location.provider ?? 'aws';
    const plugin = PROVIDER_PLUGINS[provider];
    if (!plugins.includes(plugin) && !(plugin === 'aws' && plugins.includes('legacy-aws'))) {
      issues.error('dataProtection.plugins', `backup location ${quote(locationName(location))} (backupLocations[${i}]) is a ${provider} object store, but the ${plugin} plugin is missing, so Velero cannot write to it (OADP only logs this).`, `Add '${plugin}' to plugins.`);
    }
  });
  const seen = new Set<string>();
  for (const plugin of plugins) {
    if (seen.has(plugin)) issues.warn('dataProtection.plugins', `plugin ${quote(plugin)} is listed twice.`, 'List each plugin once.');
    seen.add(plugin);
  }
}

/** B2: exactly one default location (OADP refuses none and two), names unique, `default` named only by the default. */
function checkDefaultLocation(locations: readonly BackupLocationProps[], issues: IssueCollector): void {
  if (locations.length === 0) {
    issues.error('dataProtection.backupLocations', 'no backup location is given, so Velero has nowhere to write backups.', 'Give one location: { bucket, prefix, region, credentials }.');
    return;
  }
  const defaults = locations.filter((l) => isDefault(l, locations.length));
  if (defaults.length === 0) {
    issues.error('dataProtection.backupLocations', 'no backup location is the default; OADP refuses a DataProtectionApplication without one.', 'Set default: true on one location.');
  }
  if (defaults.length > 1) {
    issues.error('dataProtection.backupLocations', `${defaults.map((l) => quote(locationName(l))).join(' and ')} are all the default; OADP accepts only one default location.`, 'Set default: true on one location only.');
  }
  const names = new Set<string>();
  locations.forEach((location, i) => {
    const name = locationName(location);
    if (names.has(name)) issues.error(`dataProtection.backupLocations[${i}].name`, `backup location ${quote(name)} is defined twice; OADP refuses duplicate names.`, 'Give each location its own name.');
    names.add(name);
    if (name === DEFAULT_BACKUP_LOCATION && !isDefault(location, locations.length)) {
      issues.error(`dataProtection.backupLocations[${i}].default`, `a location named ${quote(DEFAULT_BACKUP_LOCATION)} must be the default (OADP refuses it otherwise).`, `Set default: true, or give it another name.`);
    }
  });
}

const isDefault = (location: BackupLocationProps, count: number): boolean => location.default ?? count === 1;

/** What OADP checks of one location before it creates the BackupStorageLocation (bsl.go). */
function checkLocation(location: BackupLocationProps, at: string, issues: IssueCollector): void {
  const provider = location.provider ?? 'aws';
  if (provider === 'aws' && !location.region && !location.config?.region) {
    issues.error(`${at}.region`, 'an S3 location needs its region: OADP refuses one without it when s3Url or path-style addressing is used, or when the bucket\'s region cannot be discovered.', "Give region (the bucket's region; 'minio' for MinIO).");
  }
  if (location.s3Url !== undefined) {
    if (provider !== 'aws') issues.error(`${at}.s3Url`, `s3Url is an S3 setting, but the location's provider is ${provider}.`, "Use provider: 'aws' for an S3-compatible store, or drop s3Url.");
    if (!/^https?:\/\/[^/\s]+/.test(location.s3Url)) issues.error(`${at}.s3Url`, `${quote(location.s3Url)} is not an http(s) URL.`, 'Write it as https://minio.example.com:9000.');
  }
  if (location.forcePathStyle !== undefined && provider !== 'aws') issues.error(`${at}.forcePathStyle`, `path-style addressing is an S3 setting, but the location's provider is ${provider}.`, 'Drop forcePathStyle.');
  if (provider === 'azure') {
    for (const key of ['resourceGroup', 'storageAccount']) {
      if (!location.config?.[key]) issues.error(`${at}.config`, `an Azure location needs config.${key}; OADP refuses it otherwise.`, `Give config: { resourceGroup, storageAccount }.`);
    }
  }
  if (location.caCertificate !== undefined && !location.caCertificate.includes('-----BEGIN CERTIFICATE-----')) {
    issues.error(`${at}.caCertificate`, 'the CA bundle holds no PEM certificate; OADP refuses it.', 'Give the PEM text (-----BEGIN CERTIFICATE----- ...).');
  }
}

/** One `spec.backupLocations[]` entry: the provider's config keys from the typed props, then the extra ones. */
function backupLocation(location: BackupLocationProps, secretName: string, count: number): DataProtectionApplicationSpecBackupLocations {
  const provider = location.provider ?? 'aws';
  const config: Record<string, string> = {
    ...(location.region ? { region: location.region } : {}),
    ...(location.s3Url ? { s3Url: location.s3Url } : {}),
    ...((location.forcePathStyle ?? location.s3Url !== undefined) && provider === 'aws' ? { s3ForcePathStyle: 'true' } : {}),
    ...location.config,
  };
  return {
    name: locationName(location),
    velero: {
      provider,
      default: isDefault(location, count),
      objectStorage: {
        bucket: location.bucket,
        prefix: location.prefix,
        ...(location.caCertificate ? { caCert: Buffer.from(location.caCertificate, 'utf8').toString('base64') } : {}),
      },
      ...(Object.keys(config).length > 0 ? { config: sortKeys(config) } : {}),
      credential: { name: secretName, key: CLOUD_CREDENTIALS.key },
    },
  };
}

/** The DataProtectionApplications of an app's plan objects (what the backup and restore checks read). @internal */
export function isDataProtectionApplication(object: KubernetesObject): object is DataProtectionApplication {
  return object.kind === 'DataProtectionApplication' && object.apiVersion === PROTECTION_API_VERSIONS.dataProtectionApplication;
}
