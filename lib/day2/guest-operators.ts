/**
 * Day 2, inside a hosted cluster: OLM operators, their catalogs and the cluster's OperatorHub,
 * applied to the hosted cluster's own API (the second target, as the MetalLB ingress).
 *
 * What HyperShift changes about OLM (seed 001; hypershift hosted-cluster-config-operator):
 * - The four default catalogs (`redhat-operators`, `certified-operators`, `community-operators`,
 *   `redhat-marketplace` in `openshift-marketplace`) are created and deleted by the control plane,
 *   from `disableAllDefaultSources` only: a CatalogSource of one of those names is overwritten or
 *   deleted, and `sources` entries are not acted on.
 * - With `olmCatalogPlacement: management` (the default) the control plane copies the
 *   HostedCluster's `configuration.operatorhub` into the hosted cluster and its admission policies
 *   refuse edits there; only with `guest` does the hosted cluster's OperatorHub decide (seeded
 *   once from the HostedCluster).
 * - Catalogs of your own run their pod on the hosted cluster's nodes, and only some nodes may
 *   reach what an operator needs: `nodeSelector` and `tolerations` place catalog pods
 *   (`grpcPodConfig`) and operator pods (`Subscription.spec.config`).
 *
 * | phase (wave) | objects | ready when |
 * |---|---|---|
 * | catalogs (-4) | Namespaces, OperatorGroups, CatalogSources, OperatorHub `cluster` | CatalogSource READY |
 * | operators (-3) | Subscriptions | `status.state` AtLatestKnown |
 * | day-2 (4) | CredentialsRequests (AWS STS) | `status.provisioned` |
 */
import type { CatalogSource, HostedCluster, OperatorHub, Subscription } from '../api';
import { GUEST_API_VERSIONS } from '../api';
import { checkApiSchemas } from '../core/api-schema-check';
import { checkProps, withSchemaFindings } from '../core/check-props';
import { IssueCollector, ValidationIssue } from '../core/errors';
import { dnsLabelProblem } from '../core/names';
import type { HostedClusterPlan } from '../core/plan';
import { Phase, PlanItem, PlannedPart, hostedClusterTarget, planItem } from '../core/plan-model';
import { bool, list, oneOf, passthroughList, quote, strict, stringMap, text } from '../core/schema';
import { v } from '../core/valibot';
import { CATALOG_SOURCE_READY, DEFAULT_CATALOG, catalogSourceObject } from '../management/olm';
import { OperatorCatalogs, planOlmOperator, planOlmOperators } from '../management/olm-operators';
import { KnownChannels, WELL_KNOWN_CATALOGS } from '../management/operator-install';
import { olmOperatorEntries } from '../management/props';
import { planAwsSts, roleArnEnv } from './aws-sts';
import type { GuestCatalogSourceProps, GuestOperatorHubProps, GuestOperatorProps, GuestToleration } from './guest-operators-props';
import { IAM_EFFECTS } from './guest-operators-props';

export type * from './guest-operators-props';

/** Namespaces, OperatorGroups, catalogs and OperatorHub go before the Subscriptions that need them. */
export const CATALOGS_PHASE: Phase = { name: 'catalogs', wave: -4 };

/** The catalogs the control plane owns in `openshift-marketplace` (hypershift hostedclusterconfigoperator reconcileOLM). */
export const DEFAULT_SOURCES: readonly string[] = WELL_KNOWN_CATALOGS;

const name = () => text({ max: 63 });
const tolerations = () => passthroughList<readonly GuestToleration[]>();

/** @internal */
export const guestOperatorAwsPropsSchema = strict({
  roleArn: text({ max: 2048 }),
  credentialsRequest: v.optional(
    strict({
      name: text({ max: 253 }),
      secretName: text({ max: 253 }),
      serviceAccountNames: list(text({ max: 253 }), { max: 16 }),
      statements: v.optional(list(strict({ effect: oneOf(IAM_EFFECTS), action: list(text({ max: 128 }), { max: 100 }), resource: text({ max: 2048 }) }), { max: 50 })),
    }),
  ),
});

/** One guest operator's settings. @internal */
export const guestOperatorPropsSchema = strict({
  ...olmOperatorEntries,
  nodeSelector: v.optional(stringMap()),
  tolerations: v.optional(tolerations()),
  aws: v.optional(guestOperatorAwsPropsSchema),
});

/** @internal */
export const hostedClusterOperatorsPropsSchema = strict({
    operators: v.optional(list(guestOperatorPropsSchema, { max: 50 })),
    catalogSources: v.optional(
      list(
        strict({
          name: name(),
          image: text({ max: 2048 }),
          namespace: v.optional(name()),
          displayName: v.optional(text({ max: 256 })),
          publisher: v.optional(text({ max: 256 })),
          pollInterval: v.optional(text({ max: 32 })),
          nodeSelector: v.optional(stringMap()),
          tolerations: v.optional(tolerations()),
        }),
        { max: 16 },
      ),
    ),
    operatorHub: v.optional(strict({ disableAllDefaultSources: v.optional(bool()), sources: v.optional(list(strict({ name: text({ max: 253 }), disabled: bool() }), { max: 16 })) })),
});

/** The objects for one hosted cluster's API, validated. */
export interface HostedClusterOperatorsPlan extends PlannedPart {
  /** Namespace of the HostedCluster into whose API these operators are installed. */
  readonly namespace: string;
  /** Name of that HostedCluster. */
  readonly name: string;
  /** The planned OLM Subscriptions, one per operator. */
  readonly subscriptions: readonly Subscription[];
  /** Warnings about these operators; when the planner finds an error it returns no plan. */
  readonly warnings: readonly ValidationIssue[];
}

/** What the planner needs of the hosted cluster: the HostedCluster, its release and its NodePools. */
export type GuestClusterRef = Pick<HostedClusterPlan, 'hostedCluster' | 'version' | 'nodePools'>;

/** Where one operator's findings go and what it is checked against. */
export interface GuestOperatorContext {
  readonly cluster: GuestClusterRef;
  /** Which catalogs a Subscription can name in this hosted cluster. */
  readonly catalogs: OperatorCatalogs;
  /** Props path of the operator (`operators[0]`). */
  readonly path: string;
  readonly issues: IssueCollector;
  /** The package's channels when known (the SR-IOV operator). @default looked up in OPERATOR_PACKAGES */
  readonly known?: KnownChannels;
}

/**
 * Checks the props (any value) against the hosted cluster they are for and plans them; findings
 * instead of exceptions.
 */
export function checkHostedClusterOperators(cluster: GuestClusterRef, input: unknown): { plan?: HostedClusterOperatorsPlan; issues: readonly ValidationIssue[] } {
  const { namespace = '', name: clusterName } = cluster.hostedCluster.metadata;
  const label = `HostedClusterOperators ${namespace}/${clusterName}`;
  const checked = checkProps(hostedClusterOperatorsPropsSchema, input, label, ['catalogSources', 'operatorHub']);
  if (!checked.props) return { issues: checked.issues };
  const props = checked.props;
  const issues = new IssueCollector(label);
  const objects: PlanItem[] = [];
  const hub = planOperatorHub(cluster.hostedCluster, props.operatorHub, issues);
  if (hub.item) objects.push(hub.item);
  const catalogs = planCatalogSources(cluster, props.catalogSources ?? [], issues);
  objects.push(...catalogs.items);
  const context = { cluster, catalogs: { planned: catalogs.planned, defaultsDisabled: hub.defaultsDisabled }, issues };
  objects.push(...planOlmOperators(props.operators ?? [], 'operators', issues, (op, path) => planGuestOperator(op, { ...context, path })));
  if (checked.issues.length > 0) return { issues: withSchemaFindings(checked, issues.issues) };
  checkApiSchemas(objects.map((o) => o.object), issues, ` in ${namespace}/${clusterName}`);
  if (issues.issues.some((i) => i.severity === 'error')) return { issues: issues.issues };
  const plan: HostedClusterOperatorsPlan = {
    label,
    target: hostedClusterTarget(namespace, clusterName),
    objects,
    namespace,
    name: clusterName,
    subscriptions: objects.map((o) => o.object).filter((o): o is Subscription => o.kind === 'Subscription'),
    warnings: issues.issues.filter((i) => i.severity === 'warning'),
  };
  return { plan, issues: issues.issues };
}

/**
 * The OperatorHub `cluster` (a patch of the object every cluster has), allowed only where the
 * hosted cluster's own OperatorHub decides; and whether the default sources are disabled.
 */
function planOperatorHub(hostedCluster: HostedCluster, hub: GuestOperatorHubProps | undefined, issues: IssueCollector): { item?: PlanItem; defaultsDisabled: boolean } {
  const fromHostedCluster = hostedCluster.spec.configuration?.operatorhub?.disableAllDefaultSources ?? false;
  if (!hub) return { defaultsDisabled: fromHostedCluster };
  const { namespace = '', name } = hostedCluster.metadata;
  if ((hostedCluster.spec.olmCatalogPlacement ?? 'management') !== 'guest') {
    issues.error(
      'operatorHub',
      `${namespace}/${name} has olmCatalogPlacement management: its control plane sets OperatorHub cluster from the HostedCluster's configuration.operatorhub and refuses edits inside the cluster.`,
      'Set configuration: { operatorhub: { disableAllDefaultSources } } on the HostedCluster, or create the cluster with olmCatalogPlacement: guest (it cannot change later).',
    );
    return { defaultsDisabled: fromHostedCluster };
  }
  (hub.sources ?? []).forEach((source, i) => {
    if (!DEFAULT_SOURCES.includes(source.name)) {
      issues.error(`operatorHub.sources[${i}].name`, `${quote(source.name)} is not a default source.`, `Use one of ${DEFAULT_SOURCES.join(', ')}.`);
    } else {
      issues.warn(
        `operatorHub.sources[${i}]`,
        `the control plane of a hosted cluster creates and deletes the default sources from disableAllDefaultSources alone, so ${source.name} stays as it is.`,
        'Use disableAllDefaultSources, and catalogSources of your own for what you keep.',
      );
    }
  });
  const operatorHub: OperatorHub = {
    apiVersion: GUEST_API_VERSIONS.operatorHub,
    kind: 'OperatorHub',
    metadata: { name: 'cluster' },
    spec: { ...(hub.disableAllDefaultSources !== undefined ? { disableAllDefaultSources: hub.disableAllDefaultSources } : {}), ...(hub.sources ? { sources: hub.sources } : {}) },
  };
  return { item: planItem(operatorHub, CATALOGS_PHASE, { kind: 'exists' }, { patch: true }), defaultsDisabled: hub.disableAllDefaultSources ?? fromHostedCluster };
}

/** The CatalogSources, each on the nodes it is given; names the control plane owns are refused. */
function planCatalogSources(cluster: GuestClusterRef, catalogs: readonly GuestCatalogSourceProps[], issues: IssueCollector): { items: PlanItem[]; planned: Map<string, CatalogSource> } {
  const planned = new Map<string, CatalogSource>();
  const items = catalogs.flatMap((catalog, i) => {
    const path = `catalogSources[${i}]`;
    const namespace = catalog.namespace ?? DEFAULT_CATALOG.sourceNamespace;
    // OLM serves a catalog through a Service of its name: a DNS-1035 label (starts with a letter).
    const problem = dnsLabelProblem(catalog.name) ?? (/^[a-z]/.test(catalog.name) ? undefined : 'must start with a letter (OLM serves the catalog through a Service of this name)');
    if (problem) {
      issues.error(`${path}.name`, `${quote(catalog.name)} ${problem}.`, 'Use lowercase letters, digits and dashes, starting with a letter.');
      return [];
    }
    if (namespace === DEFAULT_CATALOG.sourceNamespace && DEFAULT_SOURCES.includes(catalog.name)) {
      issues.error(
        `${path}.name`,
        `${catalog.name} is a default source: the hosted cluster's control plane overwrites it, or deletes it while disableAllDefaultSources is true.`,
        'Give your catalog another name (e.g. mirror-redhat-operators) and subscribe from it.',
      );
    }
    const key = `${namespace}/${catalog.name}`;
    if (planned.has(key)) issues.error(`${path}.name`, `catalog source ${key} is defined twice.`, 'Give each its own name.');
    const grpcPodConfig = {
      ...(catalog.nodeSelector ? { nodeSelector: catalog.nodeSelector } : {}),
      ...(catalog.tolerations ? { tolerations: catalog.tolerations } : {}),
    };
    checkNodeSelector(cluster, catalog.nodeSelector, `${path}.nodeSelector`, issues);
    const source = catalogSourceObject(catalog, namespace, Object.keys(grpcPodConfig).length > 0 ? { grpcPodConfig } : {});
    planned.set(key, source);
    return [planItem(source, CATALOGS_PHASE, CATALOG_SOURCE_READY)];
  });
  return { items, planned };
}

/**
 * One operator: its Namespace and OperatorGroup (none in `openshift-operators`, which has its
 * own), its Subscription with placement and STS settings, and the CredentialsRequest when asked.
 */
export function planGuestOperator(op: GuestOperatorProps, context: GuestOperatorContext): PlanItem[] {
  const { path, issues } = context;
  const config = {
    ...(op.nodeSelector ? { nodeSelector: op.nodeSelector } : {}),
    ...(op.tolerations ? { tolerations: op.tolerations } : {}),
    ...(op.aws ? { env: roleArnEnv(op.aws.roleArn) } : {}),
  };
  const items = planOlmOperator(op, { path, issues, catalogs: context.catalogs, where: 'the hosted cluster', groupPhase: CATALOGS_PHASE, config, ...(context.known ? { known: context.known } : {}) });
  checkNodeSelector(context.cluster, op.nodeSelector, `${path}.nodeSelector`, issues);
  if (items.length === 0) return [];
  const sts = op.aws ? planAwsSts(context.cluster, op.aws, op.namespace, `${path}.aws`, issues) : [];
  return [...items, ...sts];
}

/** Labels every node of a hosted cluster has (kubelet and HyperShift: all nodes are workers). */
const LABELS_EVERY_NODE_HAS = [/^kubernetes\.io\//, /^beta\.kubernetes\.io\//, /^topology\.kubernetes\.io\//, /^node\.kubernetes\.io\//, /^node-role\.kubernetes\.io\/worker$/];

/**
 * A node selector no NodePool of the cluster satisfies leaves the pods Pending: a warning, as
 * NodePools may be added outside the cluster's props.
 */
function checkNodeSelector(cluster: GuestClusterRef, selector: Readonly<Record<string, string>> | undefined, path: string, issues: IssueCollector): void {
  if (!selector || cluster.nodePools.length === 0) return;
  const own = Object.entries(selector).filter(([key]) => !LABELS_EVERY_NODE_HAS.some((pattern) => pattern.test(key)));
  if (own.length === 0) return;
  const matches = cluster.nodePools.some((pool) => own.every(([key, value]) => pool.spec.nodeLabels?.[key] === value));
  if (matches) return;
  const wanted = own.map(([key, value]) => `${key}=${value}`).join(', ');
  issues.warn(path, `no NodePool of the cluster labels its nodes ${wanted}; the pods would stay Pending.`, 'Add the labels to a NodePool (nodeLabels), or change the selector.');
}
