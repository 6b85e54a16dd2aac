/**
 * Operators given by their OLM package rather than built in: the management cluster's
 * `additionalOperators` and the operators inside a hosted cluster (lib/day2). Each is a Namespace
 * and an OperatorGroup (one per namespace, shared by the operators there; none in
 * `openshift-operators`, which has its own) and a Subscription, checked as the built-in operators
 * are: the channel, the catalog, manual approval.
 */
import type { CatalogSource, Namespace, OperatorGroup, Subscription, SubscriptionSpec } from '../api';
import { MANAGEMENT_API_VERSIONS } from '../api';
import type { IssueCollector } from '../core/errors';
import { dnsLabelProblem } from '../core/names';
import { PHASES, Phase, PlanItem, objectKey, planItem } from '../core/plan-model';
import { quote } from '../core/schema';
import type { OlmOperatorProps } from './management-cluster-props';
import { DEFAULT_CATALOG, OPERATOR_PACKAGES, OperatorId } from './olm';
import { KnownChannels, WELL_KNOWN_CATALOGS, checkChannel, warnManualApproval } from './operator-install';

/** The namespace that exists on every cluster with the AllNamespaces OperatorGroup `global-operators`. */
export const GLOBAL_OPERATORS_NAMESPACE = 'openshift-operators';

/** Which catalogs a Subscription can name on the cluster its operator is installed on. */
export interface OperatorCatalogs {
  /** CatalogSources the same part creates, by `<namespace>/<name>`. */
  readonly planned: ReadonlyMap<string, CatalogSource>;
  /** Whether the Red Hat default sources are switched off (a hosted cluster's OperatorHub). */
  readonly defaultsDisabled: boolean;
}

/** What planning one operator needs besides its props. */
export interface OlmOperatorContext {
  /** Props path of the operator (`operators[0]`). */
  readonly path: string;
  readonly issues: IssueCollector;
  readonly catalogs: OperatorCatalogs;
  /** The cluster it is installed on, for messages (`the hosted cluster`). */
  readonly where: string;
  /** Phase of its Namespace and OperatorGroup; the Subscription is in the operators phase. */
  readonly groupPhase: Phase;
  /** The package's channels when known. @default looked up in OPERATOR_PACKAGES */
  readonly known?: KnownChannels;
  /** More of the Subscription's spec (where the operator's pods run, their environment). @default none */
  readonly config?: SubscriptionSpec['config'];
}

/**
 * Several operators, each planned by `planOne`: the first of a namespace brings its Namespace and
 * OperatorGroup, the others share them and must ask for the same; a package twice in one
 * namespace is an error.
 */
export function planOlmOperators<Op extends OlmOperatorProps>(operators: readonly Op[], listPath: string, issues: IssueCollector, planOne: (op: Op, path: string) => PlanItem[]): PlanItem[] {
  const items: PlanItem[] = [];
  const byNamespace = new Map<string, { index: number; op: Op }>();
  operators.forEach((op, index) => {
    const path = `${listPath}[${index}]`;
    const first = byNamespace.get(op.namespace);
    if (!first) {
      byNamespace.set(op.namespace, { index, op });
      items.push(...planOne(op, path));
      return;
    }
    if (operatorGroupKey(first.op) !== operatorGroupKey(op)) {
      issues.error(
        path,
        `${op.namespace} has one OperatorGroup, planned with ${listPath}[${first.index}]; this operator asks for another (operatorGroup, targetNamespaces or namespaceLabels differ). OLM fails every operator of a namespace with two OperatorGroups.`,
        `Give both the same operatorGroup, targetNamespaces and namespaceLabels, or install it in another namespace.`,
      );
    }
    if (first.op.package === op.package) {
      issues.error(`${path}.package`, `${op.package} is subscribed to twice in ${op.namespace} (${listPath}[${first.index}]).`, 'Keep one Subscription per package and namespace.');
    }
    items.push(...planOne(op, path).filter((item) => item.object.kind !== 'Namespace' && item.object.kind !== 'OperatorGroup'));
  });
  return items;
}

/** What the namespace's one OperatorGroup and the Namespace itself are made of. */
const operatorGroupKey = (op: OlmOperatorProps) => JSON.stringify([op.operatorGroup ?? op.namespace, op.targetNamespaces ?? [op.namespace], op.namespaceLabels ?? {}]);

/**
 * One operator: its Namespace and OperatorGroup (none in `openshift-operators`) in `groupPhase`,
 * and its Subscription, ready at AtLatestKnown, after its OperatorGroup and any CatalogSource of
 * the same part it names. Nothing is planned in a namespace that cannot exist.
 */
export function planOlmOperator(op: OlmOperatorProps, context: OlmOperatorContext): PlanItem[] {
  const { path, issues } = context;
  const source = op.source ?? DEFAULT_CATALOG.source;
  const sourceNamespace = op.sourceNamespace ?? DEFAULT_CATALOG.sourceNamespace;
  const nsProblem = dnsLabelProblem(op.namespace);
  if (nsProblem) issues.error(`${path}.namespace`, `${quote(op.namespace)} ${nsProblem}.`, 'Use lowercase letters, digits and dashes.');
  (Array.isArray(op.targetNamespaces) ? op.targetNamespaces : []).forEach((target, i) => {
    const problem = dnsLabelProblem(target);
    if (problem) issues.error(`${path}.targetNamespaces[${i}]`, `${quote(target)} ${problem}.`, 'Use lowercase letters, digits and dashes.');
  });
  checkChannelName(op, source, sourceNamespace, context);
  const catalogKey = checkSource(op, source, sourceNamespace, context);
  if (op.approval === 'Manual') warnManualApproval(path, issues);
  // The API server's findings would repeat the namespace's.
  if (nsProblem) return [];

  const subscription: Subscription = {
    apiVersion: MANAGEMENT_API_VERSIONS.subscription,
    kind: 'Subscription',
    metadata: { name: op.subscriptionName ?? op.package, namespace: op.namespace },
    spec: {
      name: op.package,
      channel: op.channel,
      source,
      sourceNamespace,
      installPlanApproval: op.approval ?? 'Automatic',
      ...(op.startingCSV ? { startingCSV: op.startingCSV } : {}),
      ...(context.config && Object.keys(context.config).length > 0 ? { config: context.config } : {}),
    },
  };
  const group = operatorGroupOf(op, path, issues);
  const dependsOn = [...(group ? [objectKey(group)] : []), ...(catalogKey ? [catalogKey] : [])];
  return [
    ...(group ? [planItem(namespaceOf(op), context.groupPhase, { kind: 'exists' }, { shared: true }), planItem(group, context.groupPhase)] : []),
    // OLM sets AtLatestKnown once the InstallPlan of the current CSV has completed (its CRDs exist).
    planItem(subscription, PHASES.operators, { kind: 'jsonpath', path: '.status.state', value: 'AtLatestKnown' }, dependsOn.length > 0 ? { dependsOn } : {}),
  ];
}

function namespaceOf(op: OlmOperatorProps): Namespace {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name: op.namespace, ...(op.namespaceLabels ? { labels: op.namespaceLabels } : {}) } };
}

/** The operator's OperatorGroup; none in `openshift-operators`, whose `global-operators` serves every namespace. */
function operatorGroupOf(op: OlmOperatorProps, path: string, issues: IssueCollector): OperatorGroup | undefined {
  if (op.namespace === GLOBAL_OPERATORS_NAMESPACE) {
    if (op.targetNamespaces !== undefined && op.targetNamespaces !== 'AllNamespaces') {
      issues.error(`${path}.targetNamespaces`, `${GLOBAL_OPERATORS_NAMESPACE} has the OperatorGroup global-operators, which targets all namespaces; a second one would fail the operators there.`, `Drop targetNamespaces, or install the operator in a namespace of its own.`);
    }
    if (op.operatorGroup !== undefined || op.namespaceLabels !== undefined) {
      issues.error(`${path}.operatorGroup`, `${GLOBAL_OPERATORS_NAMESPACE} and its OperatorGroup exist on every cluster; they are not planned here.`, 'Drop operatorGroup and namespaceLabels.');
    }
    return undefined;
  }
  const targets = op.targetNamespaces ?? [op.namespace];
  return {
    apiVersion: MANAGEMENT_API_VERSIONS.operatorGroup,
    kind: 'OperatorGroup',
    metadata: { name: op.operatorGroup ?? op.namespace, namespace: op.namespace },
    spec: targets === 'AllNamespaces' ? {} : { targetNamespaces: [...targets] },
  };
}

/** A channel name OLM accepts; for packages whose channels are known, one the Red Hat catalog has. */
function checkChannelName(op: OlmOperatorProps, source: string, sourceNamespace: string, context: OlmOperatorContext): void {
  const { path, issues } = context;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(op.channel)) {
    issues.error(`${path}.channel`, `${quote(op.channel)} is not a channel name.`, 'Use the channel as the catalog lists it (e.g. stable, stable-4.17).');
    return;
  }
  const known = context.known ?? Object.values(OPERATOR_PACKAGES).find((pkg) => pkg.package === op.package);
  if (known) checkChannel(known, op.channel, WELL_KNOWN_CATALOGS.includes(source) && !context.catalogs.planned.has(`${sourceNamespace}/${source}`), path, issues);
}

/**
 * The Subscription's catalog must be there: a default source not switched off, a CatalogSource of
 * this part (it then waits for it), or one made elsewhere (a warning). OLM reads catalogs of
 * `openshift-marketplace` from every namespace, any other only from its own.
 */
function checkSource(op: OlmOperatorProps, source: string, sourceNamespace: string, context: OlmOperatorContext): string | undefined {
  const { path, issues, catalogs } = context;
  if (sourceNamespace !== DEFAULT_CATALOG.sourceNamespace && sourceNamespace !== op.namespace) {
    issues.error(`${path}.sourceNamespace`, `OLM resolves a Subscription in ${op.namespace} from catalogs in ${DEFAULT_CATALOG.sourceNamespace} or in ${op.namespace}, not ${sourceNamespace}.`, `Put the catalog in ${DEFAULT_CATALOG.sourceNamespace} or ${op.namespace}.`);
    return undefined;
  }
  const planned = catalogs.planned.get(`${sourceNamespace}/${source}`);
  if (planned) return objectKey(planned);
  if (sourceNamespace === DEFAULT_CATALOG.sourceNamespace && WELL_KNOWN_CATALOGS.includes(source)) {
    if (catalogs.defaultsDisabled) {
      issues.error(`${path}.source`, `the default source ${source} is disabled (disableAllDefaultSources), so the Subscription would never resolve.`, 'Subscribe from a catalog of catalogSources (a mirror of it), or keep the default sources.');
    }
    return undefined;
  }
  issues.warn(`${path}.source`, `catalog source ${sourceNamespace}/${source} is not created here; the Subscription waits until it exists.`, `Add it to catalogSources, or make sure it exists in ${context.where}.`);
  return undefined;
}

/**
 * The management cluster's `additionalOperators`, in the operators phase beside the built-in ones:
 * a built-in package is configured by `operators.<id>`, and a namespace a built-in operator is
 * installed in already has its OperatorGroup.
 */
export function planAdditionalOperators(operators: readonly OlmOperatorProps[], builtIn: readonly OperatorId[], catalogs: ReadonlyMap<string, CatalogSource>, issues: IssueCollector): PlanItem[] {
  return planOlmOperators(operators, 'additionalOperators', issues, (op, path) => {
    const own = Object.entries(OPERATOR_PACKAGES).find(([, pkg]) => pkg.package === op.package);
    if (own) issues.error(`${path}.package`, `${op.package} is the library's ${own[1].title} operator, set with operators.${own[0]}.`, `Remove it from additionalOperators: the library installs it with its component, with the settings of operators.${own[0]}.`);
    const taken = builtIn.find((id) => OPERATOR_PACKAGES[id].namespace === op.namespace);
    if (taken) {
      issues.error(`${path}.namespace`, `${op.namespace} holds the ${OPERATOR_PACKAGES[taken].title} operator and its OperatorGroup; OLM fails every operator of a namespace with two OperatorGroups.`, 'Install it in a namespace of its own.');
    }
    return planOlmOperator(op, { path, issues, catalogs: { planned: catalogs, defaultsDisabled: false }, where: 'the management cluster', groupPhase: PHASES.operators });
  });
}
