/** One hosted cluster with everything it needs: namespaces, secrets, the HostedCluster and its NodePools. */
import type { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import type { HostedClusterPlan, PlanOptions, PlannedObject, ValidationIssue } from '../core';
import { CLI_DEFAULTS } from '../core/defaults';
import { secretNames } from '../core/names';
import { onManagementCluster } from '../core/plan-model';
import type { HostedClusterProps } from '../platforms';
import { checkHostedCluster, checkHostedClusterWith } from './engine/lazy';
import { KplusNamespacesModule, KplusSecretModule, kplusNamespace, kplusSecret } from './cdk8s-plus';
import { renderChecked, renderPlanned } from './render';
import { attachLaterIssues } from './engine/issues';
import type { DeferredSchemaCheck } from './engine/schema-checks';
import { appState } from './engine/app-state';
import type { PlannedClusterRef } from './planned-cluster';

/**
 * A hosted cluster planned before its bundle is created (a Fleet plans every cluster to place it),
 * and the schema check still running for it: the bundle given one renders it without planning
 * again. The Pulumi adapter's counterpart is its `PlannedBundle`. @internal
 */
export interface PlannedHostedCluster {
  readonly checked: { readonly plan?: HostedClusterPlan; readonly issues: readonly ValidationIssue[] };
  readonly deferred?: DeferredSchemaCheck;
  /**
   * The cluster's objects the app's plan already took (a fleet added what a planning thread
   * planned; `checked` then holds the findings of that): the bundle only renders them.
   */
  readonly adopted?: readonly PlannedObject[];
}

/** Props of {@link HostedClusterBundle}: the hosted cluster's props, how it is planned, and the management cluster it runs on. */
export interface HostedClusterBundleProps extends HostedClusterProps {
  /** Validation and secret-handling options. @default {} */
  readonly options?: PlanOptions;
  /**
   * The named management cluster (one of a fleet's, see ManagementCluster's `name`) that runs this
   * hosted cluster: its objects go to `management-<name>/`. @default the app's management cluster
   */
  readonly managementCluster?: string;
}

/**
 * Renders a whole hosted cluster, in apply order: Namespace (wave 0), Secrets, ExternalSecrets
 * and other prerequisites (1), HostedCluster (2), NodePools (3). Invalid props emit nothing and
 * fail synthesis with every problem listed.
 */
export class HostedClusterBundle extends Construct implements PlannedClusterRef {
  /** Its ApiObjects in apply order: Namespace, Secrets and other prerequisites, the HostedCluster, and the NodePools of its props. */
  readonly apiObjects: readonly ApiObject[];
  /** Name of the bundle's HostedCluster, taken from the props even when they have errors. */
  readonly clusterName: string;
  /** Namespace of the HostedCluster and its Secrets on the management cluster. */
  readonly namespace: string;
  /** The named management cluster it runs on, if it is not the app's own. */
  readonly managementCluster?: string;
  /** The options it was planned with (NodePools added to it are checked with them). */
  readonly options: PlanOptions;
  /** The plan and findings, once the API-schema check (maybe still running in another thread) is in. */
  private readonly result: () => { readonly plan?: HostedClusterPlan; readonly issues: readonly ValidationIssue[] };

  constructor(scope: Construct, id: string, props: HostedClusterBundleProps);
  /** A bundle of props already planned as `planned` (the same props, options aside): a Fleet's, which plans every cluster to place it. @internal */
  constructor(scope: Construct, id: string, props: HostedClusterBundleProps, planned: PlannedHostedCluster);
  constructor(scope: Construct, id: string, props: HostedClusterBundleProps, planned?: PlannedHostedCluster) {
    super(scope, id);
    const { options = {}, managementCluster, ...specProps } = props;
    this.options = options;
    const deferred = planned ? planned.deferred : appState(this).synth?.schemaChecks?.deferred();
    const checked = planned ? planned.checked : deferred ? checkHostedClusterWith(specProps, options, deferred.check) : checkHostedCluster(specProps, options);
    const known = checked.issues.length;
    if (managementCluster !== undefined) this.managementCluster = managementCluster;
    const placed = managementCluster === undefined || !checked.plan ? checked : { plan: onManagementCluster(checked.plan, managementCluster), issues: checked.issues };
    const rendered = planned?.adopted ? { ...placed, apiObjects: renderPlanned(this, planned.adopted) } : renderChecked(this, placed);
    this.apiObjects = rendered.apiObjects;
    this.clusterName = checked.plan?.name ?? String(props.name);
    this.namespace = checked.plan?.namespace ?? String(props.namespace ?? CLI_DEFAULTS.namespace);
    if (!deferred) {
      this.result = () => rendered;
      return;
    }
    let settled: { plan?: HostedClusterPlan; issues: readonly ValidationIssue[] } | undefined;
    const later = () => {
      deferred.settle();
      return checked.issues.slice(known); // what the schema check recorded into the plan's findings
    };
    this.result = () => {
      if (!settled) {
        const found = later();
        settled = { plan: found.some((i) => i.severity === 'error') ? undefined : rendered.plan, issues: [...rendered.issues, ...found] };
      }
      return settled;
    };
    attachLaterIssues(this, later);
  }

  /** The validated plan; undefined when the props have errors. */
  get plan(): HostedClusterPlan | undefined {
    return this.result().plan;
  }

  /** Every finding of the cluster, warnings included; reading it waits for the API-schema check when that runs in another thread. */
  get issues(): readonly ValidationIssue[] {
    return this.result().issues;
  }

  /**
   * The admin kubeconfig Secret (`<name>-admin-kubeconfig`, key `kubeconfig`, in {@link namespace})
   * as your cdk8s-plus version's `ISecret`: `bundle.adminKubeconfigSecret(kplus)`. The operator
   * writes it once the cluster is up; mount it in a Job of the same namespace.
   */
  adminKubeconfigSecret<TSecret>(kplus: KplusSecretModule<TSecret>, scope: Construct = this): TSecret {
    return kplusSecret(kplus, scope, 'admin-kubeconfig-secret', secretNames.adminKubeconfig(this.clusterName));
  }

  /** The cluster's namespace as your cdk8s-plus version's `Namespaces` selector: `bundle.namespaceSelector(kplus)`. */
  namespaceSelector<TNamespaces>(kplus: KplusNamespacesModule<TNamespaces>, scope: Construct = this): TNamespaces {
    return kplusNamespace(kplus, scope, 'namespace-selector', this.namespace);
  }
}
