/** A HostedCluster with its Secrets, and NodePools added to it one by one. */
import type { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import type { HostedClusterPlan, PlanOptions, ValidationIssue } from '../core';
import { hostedClusterContribution } from '../core';
import { HostedClusterNodePoolProps, HostedClusterSpecProps, checkHostedCluster } from '../platforms';
import { attachIssues, renderContribution } from './render';

export interface HostedClusterProps extends Omit<HostedClusterSpecProps, 'nodePools' | 'createNamespace'> {
  readonly options?: PlanOptions;
}

/**
 * The HostedCluster object and the Secrets, ExternalSecrets and ConfigMaps it references. Its
 * namespace must exist (use {@link HostedClusterBundle} to create it); add pools with
 * {@link HostedCluster.addNodePool} or {@link NodePool}.
 */
export class HostedCluster extends Construct {
  readonly clusterName: string;
  readonly namespace: string;
  readonly plan?: HostedClusterPlan;
  readonly issues: readonly ValidationIssue[];
  readonly apiObjects: readonly ApiObject[];
  /** @internal the props NodePools are validated against */
  readonly props: HostedClusterProps;

  constructor(scope: Construct, id: string, props: HostedClusterProps) {
    super(scope, id);
    this.props = props;
    const { options, ...specProps } = props;
    const checked = checkHostedCluster({ ...specProps, nodePools: [], createNamespace: false }, options);
    this.clusterName = props.name;
    this.namespace = checked.plan?.namespace ?? props.namespace ?? 'clusters';
    if (!checked.plan) {
      this.issues = checked.issues;
      this.apiObjects = [];
      attachIssues(this, checked.issues);
      return;
    }
    const contributor = `HostedCluster ${checked.plan.namespace}/${checked.plan.name} (${this.node.path})`;
    const { apiObjects, issues } = renderContribution(this, hostedClusterContribution(checked.plan, checked.issues, contributor));
    this.issues = issues;
    this.apiObjects = apiObjects;
    this.plan = issues.some((i) => i.severity === 'error') ? undefined : checked.plan;
  }

  /** Adds a NodePool of this cluster. */
  addNodePool(id: string, props: HostedClusterNodePoolProps = {}): NodePool {
    return new NodePool(this, id, { ...props, cluster: this });
  }
}

export interface NodePoolProps extends HostedClusterNodePoolProps {
  /** The cluster the pool belongs to. */
  readonly cluster: HostedCluster;
}

/** A NodePool, validated against its HostedCluster (platform, release skew, arch). */
export class NodePool extends Construct {
  readonly issues: readonly ValidationIssue[];
  readonly apiObject?: ApiObject;

  constructor(scope: Construct, id: string, props: NodePoolProps) {
    super(scope, id);
    const { cluster, ...pool } = props;
    const { options, ...clusterProps } = cluster.props;
    const { plan, issues: all } = checkHostedCluster({ ...clusterProps, nodePools: [pool], createNamespace: false }, options);
    // Findings about the cluster itself are reported once, by the HostedCluster construct.
    const poolName = pool.name ?? cluster.clusterName;
    const own = all.filter((i) => i.object === `NodePool ${cluster.namespace}/${poolName}`);
    if (!plan || !cluster.plan) {
      this.issues = own;
      attachIssues(this, own);
      return;
    }
    const contribution = hostedClusterContribution(plan, own, `NodePool ${cluster.namespace}/${poolName} (${this.node.path})`);
    const pools = { ...contribution, objects: contribution.objects.filter((p) => p.object.kind === 'NodePool') };
    const { apiObjects, issues } = renderContribution(this, pools);
    this.issues = issues;
    this.apiObject = apiObjects[0];
    if (this.apiObject && cluster.apiObjects.length > 0) this.apiObject.node.addDependency(...cluster.apiObjects);
  }
}
