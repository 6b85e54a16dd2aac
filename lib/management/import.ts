/**
 * Importing a hosted cluster into ACM/MCE by hand (documentation chapter 14, "manual import"): a
 * ManagedCluster on the hub named after the HostedCluster, whose annotations ask for the
 * klusterlet in Hosted mode on the hosting cluster (the hub itself, `local-cluster`), and with ACM
 * a KlusterletAddonConfig for its add-ons. It is planned against a HostedCluster of the app, the
 * way a NodePool is.
 *
 * | phase (wave) | object | ready when |
 * |---|---|---|
 * | registration (3) | ManagedCluster `<hc>` (cluster-scoped), depends on the HostedCluster | `HubAcceptedManagedCluster=True` |
 * | day-2 (4) | KlusterletAddonConfig `<hc>/<hc>` (only with `addons`), depends on the ManagedCluster | exists |
 *
 * Destroying in reverse order removes the ManagedCluster before the HostedCluster, as chapter 13
 * asks (`oc delete managedcluster` first): Argo CD prunes by descending wave, and in Pulumi the
 * ManagedCluster depends on the HostedCluster resource, so `pulumi destroy` deletes it first.
 */
import type { HostedCluster, KlusterletAddonConfig, KubernetesObject, ManagedCluster } from '../api';
import { OCM_API_VERSIONS } from '../api';
import { checkApiSchemas } from '../core/api-schema-check';
import { checkProps, withSchemaFindings } from '../core/check-props';
import { IssueCollector, ValidationIssue } from '../core/errors';
import { dnsLabelProblem, labelValueProblem, qualifiedNameProblem } from '../core/names';
import type { HostedClusterPlan } from '../core/plan';
import { PHASES, PlanCheck, PlanItem, PlannedObject, PlannedPart, describeObject, objectKey, planItem, targetKey } from '../core/plan-model';
import { bool, checking, count, strict, stringMap, text } from '../core/schema';
import { v } from '../core/valibot';
import type { HostedClusterImportProps, KlusterletAddOnsProps } from './import-props';
import { HYPERSHIFT_ADDON_CONFIG } from './multicluster-engine';
import { LOCAL_CLUSTER_NAMESPACE } from './operator-secrets';

export type { HostedClusterImportProps, KlusterletAddOnsProps } from './import-props';

/** The annotations and labels of an imported hosted cluster's ManagedCluster (documentation chapter 14). */
export const IMPORT_METADATA = {
  /** The ManagedCluster of the cluster that runs the control plane (and so the Hosted klusterlet). */
  hostingClusterAnnotation: 'import.open-cluster-management.io/hosting-cluster-name',
  deployModeAnnotation: 'import.open-cluster-management.io/klusterlet-deploy-mode',
  createdViaAnnotation: 'open-cluster-management/created-via',
  clusterSetLabel: 'cluster.open-cluster-management.io/clusterset',
} as const;

/** Label keys the library writes on the ManagedCluster; user labels may not set them. */
const OWNED_LABELS = ['cloud', 'vendor', 'name', IMPORT_METADATA.clusterSetLabel] as const;

/** The documentation's add-on switches: everything but search. */
const ADDON_DEFAULTS: Required<KlusterletAddOnsProps> = { applicationManager: true, certPolicyController: true, policyController: true, searchCollector: false };

/** @internal */
export const klusterletAddOnsPropsSchema = checking<KlusterletAddOnsProps>(
  strict({
    applicationManager: v.optional(bool()),
    certPolicyController: v.optional(bool()),
    policyController: v.optional(bool()),
    searchCollector: v.optional(bool()),
  }),
);

/** @internal */
export const hostedClusterImportPropsSchema = strict({
  clusterSet: v.optional(text({ max: 63 })),
  labels: v.optional(stringMap()),
  hubAcceptsClient: v.optional(bool()),
  leaseDurationSeconds: v.optional(count(1, 3600)),
  addons: v.optional(klusterletAddOnsPropsSchema),
});

/** The import of one hosted cluster, validated. */
export interface HostedClusterImportPlan extends PlannedPart {
  /** The cluster's registration on the hub. */
  readonly managedCluster: ManagedCluster;
  /** The ACM add-ons, when `addons` is given. */
  readonly klusterletAddonConfig?: KlusterletAddonConfig;
  /** The planner's warnings (also among the findings). */
  readonly warnings: readonly ValidationIssue[];
}

/**
 * Checks the import props (any value) against the hosted cluster they are for and plans the
 * ManagedCluster (and, with `addons`, the KlusterletAddonConfig); findings instead of exceptions.
 */
export function checkHostedClusterImport(
  cluster: Pick<HostedClusterPlan, 'hostedCluster' | 'target'>,
  input: unknown,
): { plan?: HostedClusterImportPlan; issues: readonly ValidationIssue[] } {
  const hc: HostedCluster = cluster.hostedCluster;
  const { namespace = '', name } = hc.metadata;
  const label = `HostedClusterImport ${namespace}/${name}`;
  const checked = checkProps(hostedClusterImportPropsSchema, input, label, []);
  if (!checked.props) return { issues: checked.issues };
  const props = checked.props;
  const issues = new IssueCollector(label);
  checkImportProps(name, props, issues);

  const hubAcceptsClient = props.hubAcceptsClient ?? true;
  const managedCluster = managedClusterOf(name, props, hubAcceptsClient);
  // The hub creates the namespace <hc> and then sets HubAcceptedManagedCluster (OCM registration's managedcluster controller).
  const accepted = { kind: 'condition', type: 'HubAcceptedManagedCluster', status: 'True' } as const;
  const objects: PlanItem[] = [
    planItem(managedCluster, PHASES.registration, hubAcceptsClient ? accepted : { kind: 'exists' }, {
      // Pulumi deletes a dependent first: the ManagedCluster goes before the HostedCluster (chapter 13).
      dependsOn: [objectKey(hc)],
      claims: [{ kind: 'ManagedCluster name', value: name, path: 'metadata.name', why: 'the hub has one ManagedCluster of each name, so the two imports would be one registration.' }],
    }),
  ];
  if (!hubAcceptsClient) {
    issues.warn('hubAcceptsClient', `the hub does not accept ${name} (hubAcceptsClient: false), so it stays pending until an admin accepts it.`, 'Leave hubAcceptsClient at true to accept the cluster at once.');
  }
  const klusterletAddonConfig = props.addons ? addonConfig(name, props.addons) : undefined;
  if (klusterletAddonConfig) {
    if (!hubAcceptsClient) {
      issues.error('addons', `the hub creates namespace ${name}, where the KlusterletAddonConfig goes, only once it accepts the cluster, and hubAcceptsClient is false.`, 'Set hubAcceptsClient: true, or add the add-ons after an admin has accepted the cluster.');
    }
    // Not in the registration wave: the namespace <hc> is the hub's (created on acceptance, removed
    // with the ManagedCluster), so the library does not write it. A later wave lets Argo CD wait for
    // the ManagedCluster's health first; in Pulumi the dependency waits for HubAcceptedManagedCluster.
    objects.push(planItem(klusterletAddonConfig, PHASES.day2, { kind: 'exists' }, { dependsOn: [objectKey(managedCluster)] }));
  }

  if (checked.issues.length > 0) return { issues: withSchemaFindings(checked, issues.issues) };
  // The props' own findings name the prop; the schema check would repeat them under the object's fields.
  if (issues.issues.some((i) => i.severity === 'error')) return { issues: issues.issues };
  checkApiSchemas(objects.map((o) => o.object), issues, ` of ${namespace}/${name}`);
  if (issues.issues.some((i) => i.severity === 'error')) return { issues: issues.issues };
  const plan: HostedClusterImportPlan = {
    label,
    target: cluster.target,
    objects,
    checks: [autoImportConflict],
    managedCluster,
    ...(klusterletAddonConfig ? { klusterletAddonConfig } : {}),
    warnings: issues.issues.filter((i) => i.severity === 'warning'),
  };
  return { plan, issues: issues.issues };
}

/** The cluster's name against the hub's own registration, the cluster set and the user's labels. */
function checkImportProps(name: string, props: HostedClusterImportProps, issues: IssueCollector): void {
  if (name === LOCAL_CLUSTER_NAMESPACE) {
    issues.error('(cluster)', `a hosted cluster named ${name} cannot be imported: ${LOCAL_CLUSTER_NAMESPACE} is the ManagedCluster of the hub itself.`, 'Give the hosted cluster another name.');
  }
  const clusterSetProblem = props.clusterSet === undefined ? undefined : dnsLabelProblem(props.clusterSet);
  if (clusterSetProblem) issues.error('clusterSet', `cluster set "${props.clusterSet}" ${clusterSetProblem}.`, 'Use the name of a ManagedClusterSet: lower-case letters, digits and "-".');
  for (const [key, value] of Object.entries(props.labels ?? {})) {
    const path = `labels[${JSON.stringify(key)}]`;
    if ((OWNED_LABELS as readonly string[]).includes(key)) {
      const how = key === IMPORT_METADATA.clusterSetLabel ? 'Set clusterSet instead.' : 'Remove it; the library writes it.';
      issues.error(path, `label ${key} is written by the library (${OWNED_LABELS.join(', ')}).`, how);
      continue;
    }
    const problem = qualifiedNameProblem(key) ?? labelValueProblem(value);
    if (problem) issues.error(path, `label ${problem}.`, 'Use a valid label key and value.');
  }
}

/** The ManagedCluster of the documentation's manual import, with the user's cluster set and labels. */
function managedClusterOf(name: string, props: HostedClusterImportProps, hubAcceptsClient: boolean): ManagedCluster {
  return {
    apiVersion: OCM_API_VERSIONS.managedCluster,
    kind: 'ManagedCluster',
    metadata: {
      // The documentation's manual import names the ManagedCluster after the HostedCluster; the add-on finds it by that name.
      name,
      annotations: {
        [IMPORT_METADATA.hostingClusterAnnotation]: LOCAL_CLUSTER_NAMESPACE,
        [IMPORT_METADATA.deployModeAnnotation]: 'Hosted',
        [IMPORT_METADATA.createdViaAnnotation]: 'hypershift',
      },
      labels: { ...props.labels, cloud: 'auto-detect', vendor: 'OpenShift', name, [IMPORT_METADATA.clusterSetLabel]: props.clusterSet ?? 'default' },
    },
    spec: { hubAcceptsClient, leaseDurationSeconds: props.leaseDurationSeconds ?? 60 },
  };
}

/** The KlusterletAddonConfig in the namespace named after the cluster: the four controllers the kind requires, always written. */
function addonConfig(name: string, addons: KlusterletAddOnsProps): KlusterletAddonConfig {
  const enabled = { ...ADDON_DEFAULTS, ...addons };
  return {
    apiVersion: OCM_API_VERSIONS.klusterletAddonConfig,
    kind: 'KlusterletAddonConfig',
    metadata: { name, namespace: name },
    spec: {
      // Deprecated since ACM 2.4, but older hubs read them; the controller finds the cluster by the namespace.
      clusterName: name,
      clusterNamespace: name,
      clusterLabels: { cloud: 'auto-detect', vendor: 'auto-detect' },
      applicationManager: { enabled: enabled.applicationManager },
      certPolicyController: { enabled: enabled.certPolicyController },
      policyController: { enabled: enabled.policyController },
      searchCollector: { enabled: enabled.searchCollector },
    },
  };
}

/** A ManagedCluster that this module planned for a hosted cluster (its Hosted-mode annotation). */
function isImport(planned: PlannedObject): boolean {
  return planned.object.kind === 'ManagedCluster' && planned.object.metadata.annotations?.[IMPORT_METADATA.createdViaAnnotation] === 'hypershift';
}

/** The hypershift add-on's AddOnDeploymentConfig, and whether it turns auto-import off. @internal */
export function addOnConfigDisablesAutoImport(object: KubernetesObject): boolean | undefined {
  if (object.kind !== 'AddOnDeploymentConfig' || object.metadata.name !== HYPERSHIFT_ADDON_CONFIG) return undefined;
  const variables = (object as { spec?: { customizedVariables?: ReadonlyArray<{ name: string; value: string }> } }).spec?.customizedVariables ?? [];
  return variables.some((variable) => variable.name === 'autoImportDisabled' && variable.value === 'true');
}

/** True when the add-on's configuration on `target` turns auto-import off. */
function autoImportOff(objects: readonly PlannedObject[], target: string): boolean {
  return objects.some((p) => targetKey(p.target) === target && addOnConfigDisablesAutoImport(p.object) === true);
}

/**
 * An explicit import and the hypershift add-on's auto-import (on unless the ManagementCluster
 * sets `multiclusterEngine.hypershiftAddOn.autoImportDisabled`) would both import the cluster.
 * Judged whichever comes first: a new import against the management cluster of its target, a new
 * management cluster against the imports already planned for it. Without a ManagementCluster in
 * the app nothing says how the add-on is set: a warning.
 */
const autoImportConflict: PlanCheck = (objects, plan) => {
  // Runs on every part added after the first import: only an import or an engine costs a pass over the app.
  if (!objects.some((p) => isImport(p) || p.object.kind === 'MultiClusterEngine')) return [];
  const all = [...plan.objects, ...objects];
  const engineOf = (target: string) => all.find((p) => targetKey(p.target) === target && p.object.kind === 'MultiClusterEngine');
  const issues: ValidationIssue[] = [];
  const judged = new Set<string>();
  const judge = (imported: PlannedObject, engine: PlannedObject) => {
    const key = `${targetKey(imported.target)}:${objectKey(imported.object)}`;
    if (judged.has(key) || autoImportOff(all, targetKey(engine.target))) return;
    judged.add(key);
    issues.push({
      severity: 'error',
      object: engine.contributor,
      path: 'multiclusterEngine.hypershiftAddOn.autoImportDisabled',
      message: `the hypershift add-on imports new hosted clusters itself (auto-import is on unless autoImportDisabled is true), and ${imported.contributor} imports ${imported.object.metadata.name} explicitly: two imports of one cluster.`,
      fix: `Set multiclusterEngine.hypershiftAddOn.autoImportDisabled: true, or drop the explicit import of ${imported.object.metadata.name}.`,
    });
  };
  for (const planned of objects) {
    if (isImport(planned)) {
      const engine = engineOf(targetKey(planned.target));
      if (engine) judge(planned, engine);
      else {
        issues.push({
          severity: 'warning',
          object: planned.contributor,
          path: '(auto-import)',
          message: `no ManagementCluster planned so far in this app says whether the hypershift add-on imports hosted clusters itself (it does by default), so ${describeObject(planned.object)} may be imported twice.`,
          fix: 'Make sure the hub sets multiclusterEngine.hypershiftAddOn.autoImportDisabled: true (a ManagementCluster in this app is checked for it).',
        });
      }
    } else if (planned.object.kind === 'MultiClusterEngine') {
      for (const imported of all.filter((p) => isImport(p) && targetKey(p.target) === targetKey(planned.target))) judge(imported, planned);
    }
  }
  return issues;
};

