/** One hosted cluster with everything it needs: namespaces, secrets, the HostedCluster and its NodePools. */
import type { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import type { HostedClusterPlan, PlanOptions, ValidationIssue } from '../core';
import { CLI_DEFAULTS, secretNames } from '../core';
import { HostedClusterProps, checkHostedCluster } from '../platforms';
import { KplusNamespacesModule, KplusSecretModule, kplusNamespace, kplusSecret } from './cdk8s-plus';
import { renderHostedCluster } from './render';

export interface HostedClusterBundleProps extends HostedClusterProps {
  /** Validation and secret-handling options. @default {} */
  readonly options?: PlanOptions;
}

/**
 * Renders a whole hosted cluster, in apply order: Namespace (wave 0), Secrets, ExternalSecrets
 * and other prerequisites (1), HostedCluster (2), NodePools (3). Invalid props emit nothing and
 * fail synthesis with every problem listed.
 */
export class HostedClusterBundle extends Construct {
  /** The validated plan; undefined when the props have errors. */
  readonly plan?: HostedClusterPlan;
  readonly issues: readonly ValidationIssue[];
  readonly apiObjects: readonly ApiObject[];
  readonly clusterName: string;
  /** Namespace of the HostedCluster and its Secrets on the management cluster. */
  readonly namespace: string;

  constructor(scope: Construct, id: string, props: HostedClusterBundleProps) {
    super(scope, id);
    const { options, ...specProps } = props;
    const { plan, apiObjects, issues } = renderHostedCluster(this, checkHostedCluster(specProps, options));
    this.plan = plan;
    this.apiObjects = apiObjects;
    this.issues = issues;
    this.clusterName = plan?.name ?? String(props.name);
    this.namespace = plan?.namespace ?? String(props.namespace ?? CLI_DEFAULTS.namespace);
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
