/**
 * Observability of the control planes (documentation chapter "Observability"): the metrics set
 * every control plane's ServiceMonitors keep (`Telemetry`, `SRE`, `All`; an install flag of the
 * HyperShift operator, see install-flags.ts), the SRE metric set, and the console dashboards
 * (another install flag).
 *
 * The SRE metric set is the ConfigMap `sre-metric-set`, key `config`: YAML mapping each
 * control-plane component to Prometheus relabel rules. The operator reads it from its own
 * namespace, `hypershift` (HyperShift `support/metrics/sets.go`), and under `SRE` applies each
 * component's list as it is; a component without rules keeps every metric.
 *
 * The dashboard template is the ConfigMap `monitoring-dashboard-template`, key `template`, in the
 * same namespace: `hypershift install --monitoring-dashboards` creates it with the operator's own
 * template, and for each hosted cluster the operator replaces the placeholders and writes the
 * result to `openshift-config-managed/cp-<namespace>-<name>`, key `hostedcluster-dashboard.json`,
 * which the console parses as JSON (hostedcluster_controller.go `reconcileMonitoringDashboard`).
 */
import * as jsYaml from 'js-yaml';
import type { ConfigMap } from '../api';
import type { IssueCollector } from '../core/errors';
import { compileRe2 } from '../api/schema/regex';
import { PHASES, PlanItem, planItem } from '../core/plan-model';
import { quote } from '../core/schema';
import { existingObjectPatch, operandResource } from './planned';
import type { ManagementClusterProps, ManagementMonitoringProps, RelabelRuleProps, SreMetricSetProps } from './props';

export const HYPERSHIFT_NAMESPACE = 'hypershift';
export const SRE_METRIC_SET_CONFIGMAP = 'sre-metric-set';
export const DASHBOARD_TEMPLATE_CONFIGMAP = 'monitoring-dashboard-template';

/** What the operator replaces in the template, with a value of the kind each gets (documentation 11.2.1). */
const DASHBOARD_PLACEHOLDERS: Readonly<Record<string, string>> = {
  __NAME__: 'example',
  __NAMESPACE__: 'clusters',
  __CONTROL_PLANE_NAMESPACE__: 'clusters-example',
  __CLUSTER_ID__: '00000000-0000-4000-8000-000000000000',
};

/** The components the documentation lists, in its order (the order of the written YAML). */
export const SRE_METRIC_SET_COMPONENTS = [
  'etcd', 'kubeAPIServer', 'kubeControllerManager', 'openshiftAPIServer', 'openshiftControllerManager', 'openshiftRouteControllerManager',
  'cvo', 'olm', 'catalogOperator', 'registryOperator', 'nodeTuningOperator', 'controlPlaneOperator', 'hostedClusterConfigOperator',
] as const satisfies ReadonlyArray<keyof SreMetricSetProps>;

/** Actions that write a label, so need `targetLabel` (Prometheus relabel_config rules). */
const WRITES_TARGET = ['replace', 'hashmod', 'lowercase', 'uppercase', 'keepequal', 'dropequal'];

/** Findings for one relabel rule that Prometheus (or prometheus-operator) would refuse. */
function checkRule(rule: RelabelRuleProps, path: string, issues: IssueCollector): void {
  const action = rule.action ?? 'replace';
  if (rule.regex !== undefined) {
    try {
      compileRe2(rule.regex);
    } catch (error) {
      issues.error(`${path}.regex`, `${quote(rule.regex)} is not an RE2 regular expression (${error instanceof Error ? error.message : String(error)}).`, 'Prometheus uses Go RE2 syntax: no look-around or back-references.');
    }
  }
  if (WRITES_TARGET.includes(action) && !rule.targetLabel) {
    issues.error(`${path}.targetLabel`, `action ${action} writes a label, but no targetLabel is given.`, 'Give targetLabel.');
  }
  if (action === 'hashmod' && rule.modulus === undefined) {
    issues.error(`${path}.modulus`, 'action hashmod needs a modulus.', 'Give modulus, such as 4.');
  }
  if ((action === 'keep' || action === 'drop') && !rule.sourceLabels?.length) {
    issues.warn(`${path}.sourceLabels`, `action ${action} without sourceLabels matches the regex against an empty value, so it treats every metric alike (all or none).`, "Give sourceLabels, such as ['__name__'].");
  }
}

/** The rule as prometheus-operator's RelabelConfig writes it (fields in its order, none invented). */
function relabelConfig(rule: RelabelRuleProps): Record<string, unknown> {
  const fields = ['action', 'sourceLabels', 'separator', 'regex', 'targetLabel', 'replacement', 'modulus'] as const;
  return Object.fromEntries(fields.filter((f) => rule[f] !== undefined).map((f) => [f, rule[f]]));
}

/** The `config` value: each component with rules, in the documentation's order. */
export function sreMetricSetConfig(set: SreMetricSetProps): string {
  const config = Object.fromEntries(SRE_METRIC_SET_COMPONENTS.filter((c) => set[c] !== undefined).map((c) => [c, set[c]!.map(relabelConfig)]));
  return jsYaml.dump(config, { lineWidth: -1, noRefs: true, sortKeys: false });
}

/** The SRE metric set ConfigMap, and findings on how the monitoring props fit together. */
export function planMonitoring(props: ManagementClusterProps, issues: IssueCollector): PlanItem[] {
  const monitoring = props.monitoring;
  if (!monitoring) return [];
  return [...planSreMetricSet(monitoring, issues), ...planDashboardTemplate(monitoring, issues)];
}

function planSreMetricSet(monitoring: ManagementMonitoringProps, issues: IssueCollector): PlanItem[] {
  const set = monitoring.sreMetricSet;
  if (monitoring.metricsSet === 'SRE' && !set) {
    issues.warn(
      'monitoring.metricsSet',
      'SRE without an SRE metric set filters nothing: the operator finds no rules for any component and keeps every metric, as with All.',
      'Give monitoring.sreMetricSet with the rules per component, or use All.',
    );
  }
  if (!set) return [];
  if (monitoring.metricsSet !== undefined && monitoring.metricsSet !== 'SRE') {
    issues.warn(
      'monitoring.sreMetricSet',
      `the SRE metric set is read only for the SRE metrics set; with ${monitoring.metricsSet} only hosted clusters that choose SRE themselves (spec.monitoring.metricsSet) use it.`,
      "Set monitoring.metricsSet: 'SRE', or remove the SRE metric set.",
    );
  }
  for (const component of SRE_METRIC_SET_COMPONENTS) {
    (set[component] ?? []).forEach((rule, i) => checkRule(rule, `monitoring.sreMetricSet.${component}[${i}]`, issues));
  }
  const configMap: ConfigMap = operandResource({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: SRE_METRIC_SET_CONFIGMAP, namespace: HYPERSHIFT_NAMESPACE },
    data: { config: sreMetricSetConfig(set) },
  });
  // The hypershift namespace is created when the add-on installs the operator, after MCE is Available.
  return [planItem(configMap, PHASES.webhooksReady)];
}

/** The dashboard template: JSON once a cluster's values are in, read only with dashboards on; a patch of the operator's ConfigMap. */
function planDashboardTemplate(monitoring: ManagementMonitoringProps, issues: IssueCollector): PlanItem[] {
  const template = monitoring.dashboardTemplate;
  if (template === undefined) return [];
  if (monitoring.dashboards !== true) {
    issues.error('monitoring.dashboardTemplate', 'the operator makes dashboards from the template only when it runs with --monitoring-dashboards, which dashboards: true sets.', 'Set monitoring.dashboards: true, or remove the template.');
  }
  const filled = Object.entries(DASHBOARD_PLACEHOLDERS).reduce((text, [placeholder, value]) => text.split(placeholder).join(value), template);
  try {
    JSON.parse(filled);
  } catch (error) {
    issues.error('monitoring.dashboardTemplate', `once a cluster's values are in, the template is not JSON (${error instanceof Error ? error.message : String(error)}), so the console cannot show the dashboard.`, 'Give the dashboard JSON, with the placeholders inside its strings.');
  }
  if (!Object.keys(DASHBOARD_PLACEHOLDERS).some((placeholder) => template.includes(placeholder))) {
    issues.warn('monitoring.dashboardTemplate', `the template uses none of ${Object.keys(DASHBOARD_PLACEHOLDERS).join(', ')}, so every hosted cluster's dashboard shows the same queries.`, 'Filter the queries by cluster, e.g. namespace="__CONTROL_PLANE_NAMESPACE__" or _id="__CLUSTER_ID__".');
  }
  const configMap: ConfigMap = existingObjectPatch(operandResource({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: DASHBOARD_TEMPLATE_CONFIGMAP, namespace: HYPERSHIFT_NAMESPACE }, data: { template } }));
  // The install creates the ConfigMap with the operator's template: only the key is ours (Pulumi patches it).
  return [planItem(configMap, PHASES.webhooksReady, { kind: 'exists' }, { patch: true })];
}
