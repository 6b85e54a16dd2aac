/**
 * The HyperShift operator's install flags on an MCE management cluster: the hypershift add-on
 * installs the operator, and reads extra flags from one ConfigMap, `hypershift-operator-install-flags`
 * in `local-cluster` (keys `installFlagsToAdd` and `installFlagsToRemove`, each one string of
 * space-separated flags; documentation chapters "Disconnected" and "Observability"; hypershift-addon
 * docs: it is read every 2 minutes and the operator is reinstalled when it changes).
 *
 * Several props feed this one object: each typed prop that is an install flag is a row of
 * {@link typedInstallFlags}, and `multiclusterEngine.installFlags` adds raw ones. Conflicting
 * flags are findings, never silently merged.
 */
import type { ConfigMap } from '../api';
import type { IssueCollector } from '../core/errors';
import { PHASES, PlanItem, planItem } from '../core/plan-model';
import { quote } from '../core/schema';
import { LOCAL_CLUSTER_NAMESPACE } from './operator-secrets';
import { operandResource } from './planned';
import type { ManagementClusterProps } from './props';

export const INSTALL_FLAGS_CONFIGMAP = 'hypershift-operator-install-flags';

/** One flag the ConfigMap adds or removes, and the prop it comes from (for findings). */
export interface InstallFlag {
  readonly action: 'add' | 'remove';
  /** `--metrics-set`. */
  readonly name: string;
  /** `SRE`; none for a switch. */
  readonly value?: string;
  /** The props path that asked for it. */
  readonly path: string;
}

/** The add-on's flag that writes user-workload metrics to Telemetry: a disconnected hub cannot reach it (documentation 5.4.1). */
export const TELEMETRY_REMOTE_WRITE_FLAG = '--enable-uwm-telemetry-remote-write';

/** The typed props that are install flags, one row each: a new one is one more row here. */
export function typedInstallFlags(props: ManagementClusterProps): InstallFlag[] {
  const monitoring = props.monitoring ?? {};
  const rows: Array<InstallFlag | false | undefined> = [
    monitoring.metricsSet !== undefined && { action: 'add', name: '--metrics-set', value: monitoring.metricsSet, path: 'monitoring.metricsSet' },
    monitoring.dashboards === true && { action: 'add', name: '--monitoring-dashboards', path: 'monitoring.dashboards' },
    // The HCPEtcdBackup feature gate is on in the TechPreviewNoUpgrade feature set only (hypershift-operator/featuregate/feature.go).
    props.dataProtection?.etcdSnapshots === true && { action: 'add', name: '--tech-preview-no-upgrade', path: 'dataProtection.etcdSnapshots' },
    // Without Telemetry the operator logs `Secret "telemeter-client" not found` on every reconcile.
    props.disconnected !== undefined && props.disconnected.telemetryRemoteWrite !== true && { action: 'remove', name: TELEMETRY_REMOTE_WRITE_FLAG, path: 'disconnected.telemetryRemoteWrite' },
  ];
  return rows.filter((row): row is InstallFlag => Boolean(row));
}

/** Flags the add-on always sets itself and ignores in the ConfigMap (hypershift-addon docs, "Customizing the installation flags"). */
const RESERVED = ['--image-refs', '--hypershift-image', '--namespace'];

/** Flag prefixes the add-on builds from the operator Secrets, and the prop that sets them here. */
const FROM_SECRETS: ReadonlyArray<readonly [prefix: string, prop: string]> = [
  ['--oidc-storage-provider-s3-', 'multiclusterEngine.oidcStorage'],
  ['--aws-private-', 'multiclusterEngine.privateLink'],
  ['--external-dns-', 'multiclusterEngine.externalDns'],
];
/** The one external-dns flag that is not built from the Secret (hypershift-addon docs). */
const EXTERNAL_DNS_IMAGE = '--external-dns-image';

const FLAG_NAME = /^--[a-z0-9][a-z0-9-]*$/;

/** The raw flags of `multiclusterEngine.installFlags`, parsed (`--name` or `--name=value`), with findings for what the add-on would mishandle. */
function rawInstallFlags(props: ManagementClusterProps, typed: readonly InstallFlag[], issues: IssueCollector): InstallFlag[] {
  const raw = props.multiclusterEngine?.installFlags ?? {};
  const flags: InstallFlag[] = [];
  const entries = [
    ...(raw.add ?? []).map((text, i) => ['add', text, `multiclusterEngine.installFlags.add[${i}]`] as const),
    ...(raw.remove ?? []).map((text, i) => ['remove', text, `multiclusterEngine.installFlags.remove[${i}]`] as const),
  ];
  for (const [action, text, path] of entries) {
    const eq = text.indexOf('=');
    const name = eq < 0 ? text : text.slice(0, eq);
    const value = eq < 0 ? undefined : text.slice(eq + 1);
    if (!FLAG_NAME.test(name)) {
      issues.error(path, `${quote(text)} is not one install flag (--name${action === 'add' ? ' or --name=value' : ''}).`, 'Give one flag per entry, such as --exclude-etcd.');
      continue;
    }
    if (value !== undefined && (action === 'remove' || /\s/.test(value) || value === '')) {
      const why = action === 'remove' ? 'flags are removed by name only' : 'the add-on splits the flags at spaces';
      issues.error(path, `${quote(text)} cannot be written to ${INSTALL_FLAGS_CONFIGMAP}: ${why}.`, action === 'remove' ? `Give ${name} alone.` : 'Give a value without spaces.');
      continue;
    }
    if (RESERVED.includes(name)) {
      issues.error(path, `${name} is set by the hypershift add-on itself; it ignores the flag in ${INSTALL_FLAGS_CONFIGMAP}.`, 'Remove it.');
      continue;
    }
    const fromSecret = name === EXTERNAL_DNS_IMAGE ? undefined : FROM_SECRETS.find(([prefix]) => name.startsWith(prefix));
    if (fromSecret) {
      issues.error(path, `${name} is built by the add-on from the Secret that ${fromSecret[1]} writes; a flag here would conflict with it.`, `Set ${fromSecret[1]} instead.`);
      continue;
    }
    const typedRow = typed.find((t) => t.name === name);
    if (typedRow) {
      issues.error(path, `${name} is what ${typedRow.path} sets; giving it here too can contradict it.`, `Set it through ${typedRow.path} only.`);
      continue;
    }
    flags.push({ action, name, ...(value !== undefined ? { value } : {}), path });
  }
  return flags;
}

/** Two asks for one flag that disagree (two values, or added and removed): errors naming both props. */
function checkConflicts(flags: readonly InstallFlag[], issues: IssueCollector): void {
  const first = new Map<string, InstallFlag>();
  for (const flag of flags) {
    const earlier = first.get(flag.name);
    if (!earlier) {
      first.set(flag.name, flag);
      continue;
    }
    if (earlier.action !== flag.action) {
      issues.error(flag.path, `${flag.name} is both added (${(earlier.action === 'add' ? earlier : flag).path}) and removed (${(earlier.action === 'remove' ? earlier : flag).path}).`, 'Keep one of them.');
    } else if (earlier.value !== flag.value) {
      issues.error(flag.path, `${flag.name} is given twice with different values (${quote(earlier.value ?? '')} at ${earlier.path}, ${quote(flag.value ?? '')} here).`, 'Give it once.');
    } else {
      issues.warn(flag.path, `${flag.name} is given twice (also at ${earlier.path}).`, 'Give it once.');
    }
  }
}

/** The ConfigMap, when any prop asks for a flag; findings for flags the add-on would mishandle or that conflict. */
export function planInstallFlags(props: ManagementClusterProps, issues: IssueCollector): PlanItem[] {
  const typed = typedInstallFlags(props);
  const flags = [...typed, ...rawInstallFlags(props, typed, issues)];
  checkConflicts(flags, issues);
  if (flags.length === 0) return [];
  const unique = flags.filter((flag, i) => flags.findIndex((f) => f.name === flag.name) === i);
  const joined = (action: InstallFlag['action']) =>
    unique
      .filter((f) => f.action === action)
      .map((f) => (f.value === undefined ? f.name : `${f.name} ${f.value}`))
      .join(' ');
  const configMap: ConfigMap = operandResource({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: INSTALL_FLAGS_CONFIGMAP, namespace: LOCAL_CLUSTER_NAMESPACE },
    // Both keys always, as the documentation writes them (an empty string removes nothing).
    data: { installFlagsToAdd: joined('add'), installFlagsToRemove: joined('remove') },
  });
  // local-cluster exists once MCE has imported the hub: after MCE is Available, as the operator Secrets.
  return [planItem(configMap, PHASES.webhooksReady)];
}
