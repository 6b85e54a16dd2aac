/**
 * A Pulumi component that renders a hosted cluster's part of the program's plan as Kubernetes
 * resources: plan phases become `dependsOn`, readiness becomes `pulumi.com/waitFor` annotations,
 * secret values given as inputs become Secrets whose data is a `pulumi.secret`, and every target
 * cluster gets its own Kubernetes provider.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import type { HostedClusterPlan, PlanOptions, ValidationIssue } from '../core';
import { PHASES, SecretSource, SecretValues, ValueSecret, applySecretValues, contributionOf, controlPlaneNamespace, formatIssues, objectKey, planItem, secretNames } from '../core';
import type { HostedClusterProps } from '../platforms';
import { checkHostedCluster } from '../platforms';
import { HcpResourceError } from './errors';
import { RegisteredPhase, registerPhases } from './register-phases';
import { addToProgram, renderResource, resourceNameFor } from './render';

/** Type token of {@link HostedClusterBundle}. */
export const HOSTED_CLUSTER_BUNDLE_TYPE = 'hcp:index:HostedClusterBundle';

/**
 * Secret values the component turns into Secrets itself. Each is stored in the state as a secret
 * and never enters the plan: the plan references the Secret by name.
 */
export type HostedClusterSecretValues = SecretValues<pulumi.Input<string>>;

/**
 * The same props as the cdk8s `HostedClusterBundle`. They are plain values, not Inputs, because
 * they decide how many resources exist. `pullSecret` may be left out when
 * `secretValues.pullSecret` is given.
 */
export interface HostedClusterBundleArgs extends Omit<HostedClusterProps, 'pullSecret'> {
  /** Registry credentials (`.dockerconfigjson`). Required unless `secretValues.pullSecret` is set. @default from `secretValues.pullSecret` */
  readonly pullSecret?: SecretSource;
  /** Validation and secret-handling options. @default {} */
  readonly options?: PlanOptions;
  /**
   * Secret values to create Secrets from (e.g. `config.requireSecret(...)`); a value here replaces
   * the matching SecretSource prop. Each is checked before anything is created: plain strings in
   * the constructor, Outputs once they resolve, with the component and every resource waiting for
   * that one check, so a malformed value fails `pulumi preview` (and `up --skip-preview`) with one
   * message naming the field, never the value, and creates nothing. @default none
   */
  readonly secretValues?: HostedClusterSecretValues;
  /**
   * Values known only once other resources exist (IDs and ARNs of cloud resources): the props
   * hold a stand-in string, valid where it stands, and each custom resource (HostedCluster,
   * NodePool) gets the Input in its place, so it waits for that resource. The AWS component
   * uses it for its VPC, subnets, zones and roles. @default none
   */
  readonly deployTimeValues?: Readonly<Record<string, pulumi.Input<string>>>;
}

/**
 * One hosted cluster on a management cluster: Namespace, Secrets/ExternalSecrets and other
 * prerequisites, the HostedCluster, and its NodePools, applied in that order and waited on
 * (HostedCluster until Available, NodePools and ExternalSecrets until Ready).
 *
 * Invalid args throw {@link HcpResourceError} (a Pulumi `ResourceError`) listing every problem
 * from the constructor, before any resource (this component included) is registered, so `pulumi
 * preview` fails and nothing is created. Objects the program already has (the namespace of
 * another cluster) are not registered twice; identity collisions are errors.
 */
export class HostedClusterBundle extends pulumi.ComponentResource {
  /** The validated plan the resources were rendered from (secret values are not in it). */
  readonly plan: HostedClusterPlan;
  /** Resources grouped by plan phase, in apply order. */
  readonly phases: readonly RegisteredPhase[];
  /** The HostedCluster resource. */
  readonly hostedCluster: k8s.apiextensions.CustomResource;
  /** The NodePool resources. */
  readonly nodePools: readonly k8s.apiextensions.CustomResource[];

  /** Name of the HostedCluster; resolves once the HostedCluster is ready. */
  readonly hostedClusterName: pulumi.Output<string>;
  /** Namespace of the HostedCluster; resolves once the HostedCluster is ready. */
  readonly namespace: pulumi.Output<string>;
  /** Namespace the operator runs the control plane in: `<namespace>-<name>`. */
  readonly controlPlaneNamespace: pulumi.Output<string>;
  /** Secret in `namespace` holding the admin kubeconfig; resolves once the HostedCluster is Available. */
  readonly kubeconfigSecretName: pulumi.Output<string>;
  /** Number of Kubernetes resources the component created. */
  readonly resources: pulumi.Output<number>;
  /** Validation warnings, one line each. */
  readonly warnings: pulumi.Output<string[]>;
  /** The provider of the management cluster the bundle was created with (`opts.provider`); undefined for the ambient one. */
  readonly managementProvider?: pulumi.ProviderResource;

  constructor(name: string, args: HostedClusterBundleArgs, opts?: pulumi.ComponentResourceOptions) {
    // Validate first: nothing, not even this component, is registered when the args are invalid.
    const { plan, secrets, issues } = planBundle(args);
    const valueSecrets = new Map(secrets.map((s) => [objectKey(s.secret), s]));
    // The Secrets made from secret values join the cluster's prerequisites (they are not in the plan, which holds no values).
    const part = { ...plan, objects: [...secrets.map((s) => planItem(s.secret, PHASES.prerequisites)), ...plan.objects] };
    const contribution = contributionOf(part, issues, `${plan.label} (component ${name})`);
    const { program, added } = addToProgram(opts?.provider, contribution);
    const deployTimeValues = new Map(Object.entries(args.deployTimeValues ?? {}));
    // Secret values known only at deployment are checked once, here; the component and every
    // resource wait for that check, so a malformed value creates nothing and is reported once.
    const checked = checkSecretValues(secrets);
    const after = (dependsOn: pulumi.ResourceOptions['dependsOn']): pulumi.ResourceOptions['dependsOn'] =>
      checked ? pulumi.all([checked, dependsOn ?? []]).apply(([, deps]) => (Array.isArray(deps) ? deps : [deps]) as pulumi.Resource[]) : dependsOn;
    super(HOSTED_CLUSTER_BUNDLE_TYPE, name, {}, { ...opts, ...(checked ? { dependsOn: after(opts?.dependsOn) } : {}) });
    this.plan = plan;
    this.managementProvider = opts?.provider;

    // Each phase depends on the whole previous non-empty phase. Pulumi deletes in the reverse of
    // this order, so on destroy the NodePools go first, then the HostedCluster (whose finalizer
    // tears down the control plane while its Secrets still exist), then the Secrets, ExternalSecrets,
    // ConfigMaps and Roles, and the Namespace last.
    this.phases = registerPhases({
      program,
      objects: contribution.objects,
      added: new Set(added),
      phases: plan.phases,
      dependsOn: opts?.dependsOn,
      gate: after,
      register: (p, dependsOn) =>
        renderResource(resourceNameFor(name, p.object), p, valueSecrets.get(objectKey(p.object)), deployTimeValues, { parent: this, ...(dependsOn ? { dependsOn } : {}) }),
    });
    const phases = this.phases;

    const resourceOf = (phase: string) => (phases.find((p) => p.name === phase)?.resources ?? []) as k8s.apiextensions.CustomResource[];
    this.hostedCluster = resourceOf(PHASES.hostedCluster.name)[0];
    this.nodePools = resourceOf(PHASES.nodePools.name);

    // Derived from the HostedCluster's output so that consumers wait for it (and its waitFor).
    const afterCluster = <T>(value: T): pulumi.Output<T> => this.hostedCluster.metadata.apply(() => value);
    this.hostedClusterName = afterCluster(plan.name);
    this.namespace = afterCluster(plan.namespace);
    this.controlPlaneNamespace = pulumi.output(controlPlaneNamespace(plan.namespace, plan.name));
    this.kubeconfigSecretName = afterCluster(secretNames.adminKubeconfig(plan.name));
    this.resources = pulumi.output(phases.reduce((sum, phase) => sum + phase.resources.length, 0));
    const warningLines = plan.warnings.map((w) => formatIssues([w]).trim());
    for (const line of warningLines) pulumi.log.warn(line, this);
    this.warnings = pulumi.output(warningLines);

    this.registerOutputs({
      hostedClusterName: this.hostedClusterName,
      namespace: this.namespace,
      controlPlaneNamespace: this.controlPlaneNamespace,
      kubeconfigSecretName: this.kubeconfigSecretName,
      resources: this.resources,
      warnings: this.warnings,
    });
  }
}

/**
 * Resolves `secretValues` into SecretSource references, plans, and validates everything at once
 * (values given as plain strings included). Registers nothing; throws {@link HcpResourceError}.
 */
function planBundle(args: HostedClusterBundleArgs): {
  plan: HostedClusterPlan;
  secrets: readonly ValueSecret<pulumi.Input<string>>[];
  issues: readonly ValidationIssue[];
} {
  const { options, secretValues = {}, deployTimeValues: _values, ...props } = args;
  const isKnown = (value: pulumi.Input<string>): value is string => typeof value === 'string';
  const withValues = applySecretValues(props, secretValues, isKnown);
  const checked = checkHostedCluster(withValues.props as HostedClusterProps, options);
  const issues: ValidationIssue[] = [...withValues.issues, ...checked.issues];
  if (!checked.plan || issues.some((i) => i.severity === 'error')) throw new HcpResourceError(issues);
  return { plan: checked.plan, secrets: withValues.secrets, issues: checked.issues };
}

/**
 * One check of every secret value given as an Output (plain strings were checked before
 * planning): resolves when all are well-formed, else fails with one error naming each bad field,
 * never a value. Undefined when there is nothing to wait for.
 */
function checkSecretValues(secrets: readonly ValueSecret<pulumi.Input<string>>[]): pulumi.Output<void> | undefined {
  const pending = secrets.filter((s) => typeof s.value !== 'string');
  if (pending.length === 0) return undefined;
  return pulumi.all(pending.map((s) => s.value)).apply((values) => {
    const problems = pending.flatMap((s, i) => {
      const problem = s.check(values[i]);
      return problem ? [{ severity: 'error' as const, object: s.path.replace(/^.* of /, ''), path: s.path.replace(/ of .*$/, ''), message: problem, fix: 'Provide a value in the documented format.' }] : [];
    });
    if (problems.length > 0) throw new HcpResourceError(problems);
  });
}
