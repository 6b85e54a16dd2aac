/** A HostedCluster with its Secrets, and NodePools added to it one by one. */
import type { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import type { NodePool as NodePoolObject } from '../api';
import type { HostedClusterPlan, PlanOptions, ValidationIssue } from '../core';
import { CLI_DEFAULTS, MANAGEMENT_CLUSTER, PHASES, contributionOf, planItem } from '../core';
import { NodePoolProps, HostedClusterProps, checkHostedCluster, checkNodePool } from '../platforms';
import { renderChecked, renderContribution } from './render';
import { attachIssues } from './engine/issues';

export interface HostedClusterConstructProps extends Omit<HostedClusterProps, 'nodePools' | 'createNamespace'> {
  /** Validation and secret-handling options. @default {} */
  readonly options?: PlanOptions;
}

/**
 * The HostedCluster object and the Secrets, ExternalSecrets and ConfigMaps it references. Its
 * namespace must exist (use {@link HostedClusterBundle} to create it); add pools with
 * {@link HostedCluster.addNodePool} or {@link NodePool}. The cluster is planned once; each pool
 * is planned against that plan.
 */
export class HostedCluster extends Construct {
  readonly clusterName: string;
  readonly namespace: string;
  /** The validated plan; undefined when the props have errors. */
  readonly plan?: HostedClusterPlan;
  readonly issues: readonly ValidationIssue[];
  readonly apiObjects: readonly ApiObject[];
  private readonly options: PlanOptions;
  private readonly pools: NodePoolObject[] = [];

  constructor(scope: Construct, id: string, props: HostedClusterConstructProps) {
    super(scope, id);
    const { options = {}, ...specProps } = props;
    this.options = options;
    const checked = checkHostedCluster({ ...specProps, nodePools: [], createNamespace: false }, options);
    this.clusterName = checked.plan?.name ?? String(props.name);
    this.namespace = checked.plan?.namespace ?? String(props.namespace ?? CLI_DEFAULTS.namespace);
    const { plan, apiObjects, issues } = renderChecked(this, checked);
    this.plan = plan;
    this.apiObjects = apiObjects;
    this.issues = issues;
  }

  /** Adds a NodePool of this cluster. */
  addNodePool(id: string, props: NodePoolProps = {}): NodePool {
    return new NodePool(this, id, { ...props, cluster: this });
  }

  /** @returns the pool's findings; records the pool so later pools are checked against it. */
  planNodePool(pool: NodePoolProps): ReturnType<typeof checkNodePool> {
    if (!this.plan) return { issues: [] }; // the cluster's own findings stop synthesis already
    const checked = checkNodePool(this.plan, pool, this.pools, this.options);
    if (checked.nodePool && !checked.issues.some((i) => i.severity === 'error')) this.pools.push(checked.nodePool);
    return checked;
  }
}

export interface NodePoolConstructProps extends NodePoolProps {
  /** The cluster the pool belongs to. */
  readonly cluster: HostedCluster;
}

/** A NodePool, validated against its HostedCluster's plan (platform, release skew, arch, unique name). */
export class NodePool extends Construct {
  readonly issues: readonly ValidationIssue[];
  readonly apiObject?: ApiObject;

  constructor(scope: Construct, id: string, props: NodePoolConstructProps) {
    super(scope, id);
    const { cluster, ...pool } = props;
    const checked = cluster.planNodePool(pool);
    if (!checked.nodePool || !checked.readiness || checked.issues.some((i) => i.severity === 'error')) {
      this.issues = checked.issues;
      attachIssues(this, checked.issues);
      return;
    }
    const { metadata } = checked.nodePool;
    const part = {
      label: `NodePool ${metadata.namespace}/${metadata.name}`,
      target: MANAGEMENT_CLUSTER,
      objects: [...(checked.configMaps ?? []), planItem(checked.nodePool, PHASES.nodePools, checked.readiness, checked.paths ? { paths: checked.paths } : {})],
    };
    const { apiObjects, issues } = renderContribution(this, contributionOf(part, checked.issues, `${part.label} (${this.node.path})`));
    this.issues = issues;
    this.apiObject = apiObjects[0];
    if (this.apiObject && cluster.apiObjects.length > 0) this.apiObject.node.addDependency(...cluster.apiObjects);
  }
}
