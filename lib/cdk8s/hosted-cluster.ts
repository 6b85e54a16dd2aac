/** A HostedCluster with its Secrets, and NodePools added to it one by one. */
import type { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import type { HostedClusterPlan, PlanOptions, ValidationIssue } from '../core';
import { HostedClusterNodePoolProps, HostedClusterSpecProps, checkHostedCluster } from '../platforms';
import { attachIssues, renderPhases } from './render';

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
    const { plan, issues } = checkHostedCluster({ ...specProps, nodePools: [], createNamespace: false }, options);
    this.clusterName = props.name;
    this.namespace = plan?.namespace ?? props.namespace ?? 'clusters';
    this.issues = issues;
    attachIssues(this, issues);
    const ok = plan !== undefined && !issues.some((i) => i.severity === 'error');
    this.plan = ok ? plan : undefined;
    this.apiObjects = ok ? renderPhases(this, plan.phases.filter((p) => p.name !== 'node-pools')) : [];
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
    const { plan, issues } = checkHostedCluster({ ...clusterProps, nodePools: [pool], createNamespace: false }, options);
    // Findings about the cluster itself are reported once, by the HostedCluster construct.
    const poolName = pool.name ?? cluster.clusterName;
    this.issues = issues.filter((i) => i.object === `NodePool ${cluster.namespace}/${poolName}`);
    attachIssues(this, this.issues);
    const phase = plan?.phases.find((p) => p.name === 'node-pools');
    const ok = phase !== undefined && cluster.plan !== undefined && !this.issues.some((i) => i.severity === 'error');
    this.apiObject = ok ? renderPhases(this, [phase])[0] : undefined;
    if (this.apiObject && cluster.apiObjects.length > 0) this.apiObject.node.addDependency(...cluster.apiObjects);
  }
}
