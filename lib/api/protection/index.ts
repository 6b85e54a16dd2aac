/**
 * Kinds of backing up and restoring hosted clusters on the management cluster: OADP's
 * DataProtectionApplication and the Velero Backup, Schedule and Restore it runs. Spec types are
 * generated from the upstream CRDs (scripts/gen-api/targets.ts).
 */
import type { SpecResource } from '../k8s';
import type { BackupSpec } from './backup.generated';
import type { DataProtectionApplicationSpec } from './data-protection-application.generated';
import type { RestoreSpec } from './restore.generated';
import type { ScheduleSpec } from './schedule.generated';

export * from './backup.generated';
export * from './data-protection-application.generated';
export * from './restore.generated';
export * from './schedule.generated';

/** The API versions the library writes for backup and restore. */
export const PROTECTION_API_VERSIONS = {
  dataProtectionApplication: 'oadp.openshift.io/v1alpha1',
  velero: 'velero.io/v1',
} as const;

type P = typeof PROTECTION_API_VERSIONS;
/** `oadp.openshift.io/v1alpha1` DataProtectionApplication (namespaced): OADP's Velero set-up, plugins and storage locations. */
export type DataProtectionApplication = SpecResource<P['dataProtectionApplication'], 'DataProtectionApplication', DataProtectionApplicationSpec>;
/** `velero.io/v1` Backup (namespaced): one backup of the listed namespaces and resources. */
export type Backup = SpecResource<P['velero'], 'Backup', BackupSpec>;
/** `velero.io/v1` Schedule (namespaced): Backups made from a template on a cron schedule. */
export type Schedule = SpecResource<P['velero'], 'Schedule', ScheduleSpec>;
/** `velero.io/v1` Restore (namespaced): restores one Backup, or a Schedule's latest. */
export type Restore = SpecResource<P['velero'], 'Restore', RestoreSpec>;
