/**
 * A Pulumi component that renders a hosted cluster's part of the program's plan as Kubernetes
 * resources: plan phases become `dependsOn`, readiness becomes `pulumi.com/waitFor` annotations,
 * secret values given as inputs become Secrets whose data is a `pulumi.secret`, and every target
 * cluster gets its own Kubernetes provider.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import type { HostedClusterPlan, PlanOptions, PlannedObject, ValidationIssue } from '../core';
import { FieldValue, withFieldValues } from '../core/field-values';
import { PHASES, SecretSource, SecretValues, ValueSecret, applySecretValues, contributionOf, controlPlaneNamespace, formatIssues, objectKey, planItem, secretNames, secretValueFix } from '../core';
import type { HostedClusterProps } from '../platforms';
import { checkHostedCluster } from '../platforms';
import { HcpResourceError } from './errors';
import { previousStateHooks } from './previous-state-hook';
import { dependsOnAll, RegisteredPhase, registerPhases } from './register-phases';
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
}

/** Per planned object (by `objectKey`), fields whose values exist only at deploy time. */
export type DeployTimeFields = ReadonlyMap<string, readonly FieldValue<pulumi.Input<string>>[]>;

/**
 * A bundle's args checked and planned, nothing registered: what {@link HostedClusterBundle}
 * renders. A component that checks more than these args before it registers anything (the AWS
 * one) plans once with {@link PlannedBundle.of}, adds the values that exist only at deploy time
 * ({@link PlannedBundle.withDeployTimeValues}) and hands it to the bundle, which does not plan again.
 */
export class PlannedBundle {
  private constructor(
    /** The validated plan (secret values are not in it). */
    readonly plan: HostedClusterPlan,
    /** The plan's findings (warnings only: errors throw). */
    readonly issues: readonly ValidationIssue[],
    values: RenderValues,
    /** The options it was planned with (NodePools added to it are checked with them). */
    readonly options: PlanOptions = {},
  ) {
    renderValues.set(this, values);
  }

  /**
   * Resolves `secretValues` into SecretSource references, plans, and validates everything at once
   * (values given as plain strings included), with `found`, the caller's own findings. A caller
   * that wrote some of the props from its own args says with `argsPath` which of its args a props
   * path stands for; a finding of the plan at a path `found` already has a finding at is the same
   * problem seen twice and is left out. Registers nothing; throws {@link HcpResourceError} listing
   * every problem.
   */
  static of(args: HostedClusterBundleArgs, found: readonly ValidationIssue[] = [], argsPath: (path: string) => string = (path) => path): PlannedBundle {
    const { options, secretValues = {}, ...props } = args;
    const withValues = applySecretValues(props, secretValues, isKnown);
    const checked = checkHostedCluster(withValues.props as HostedClusterProps, options);
    const seen = new Set(found.map((issue) => `${issue.object} ${issue.path}`));
    const planned = checked.issues.map((issue) => ({ ...issue, path: argsPath(issue.path) })).filter((issue) => !seen.has(`${issue.object} ${issue.path}`));
    const issues = [...found, ...withValues.issues, ...planned];
    if (!checked.plan || issues.some((i) => i.severity === 'error')) throw new HcpResourceError(issues);
    return new PlannedBundle(checked.plan, planned, { secrets: withValues.secrets, fields: new Map() }, options);
  }

  /**
   * A bundle of a cluster already checked with checkHostedCluster (a Fleet checks every cluster to
   * place it), planned from props without secret values: nothing is planned again. Throws
   * {@link HcpResourceError} when the check found errors. @internal
   */
  static fromCheck(checked: { readonly plan?: HostedClusterPlan; readonly issues: readonly ValidationIssue[] }): PlannedBundle {
    if (!checked.plan || checked.issues.some((i) => i.severity === 'error')) throw new HcpResourceError(checked.issues);
    return new PlannedBundle(checked.plan, checked.issues, { secrets: [], fields: new Map() });
  }

  /**
   * The same plan with values that exist only at deploy time: secret values in place of those it
   * was planned with (a key generated by a resource), and fields of planned objects by path.
   */
  withDeployTimeValues(values: { readonly secretValues?: HostedClusterSecretValues; readonly fields?: DeployTimeFields }): PlannedBundle {
    const current = renderValues.get(this)!;
    const given = Object.entries(values.secretValues ?? {}).filter(([, value]) => value !== undefined);
    const unplanned = given.filter(([prop]) => !current.secrets.some((s) => s.prop === prop)).map(([prop]) => prop);
    if (unplanned.length > 0) throw new Error(`PlannedBundle: ${unplanned.join(', ')} was not planned with a value`);
    const secrets = current.secrets.map((s) => ({ ...s, value: values.secretValues?.[s.prop] ?? s.value }));
    // A plain value is checked now; an Output once it resolves, as every other (checkSecretValues).
    const problems = secrets.flatMap((s) => (isKnown(s.value) ? (secretValueIssue(s, s.value, false) ?? []) : []));
    if (problems.length > 0) throw new HcpResourceError(problems);
    return new PlannedBundle(this.plan, this.issues, { secrets, fields: new Map([...current.fields, ...(values.fields ?? [])]) }, this.options);
  }
}

/** What the bundle renders besides the plan: the Secrets made from values (with the values) and the deploy-time fields. */
interface RenderValues {
  readonly secrets: readonly ValueSecret<pulumi.Input<string>>[];
  readonly fields: DeployTimeFields;
}

// Kept beside each PlannedBundle rather than on it: the values are this module's business, not its users'.
const renderValues = new WeakMap<PlannedBundle, RenderValues>();

/** A value known now (plain, from a program or a config file of any type); Outputs and promises are checked once they resolve. */
const isKnown = (value: unknown): boolean => !pulumi.Output.isInstance(value) && !(value instanceof Promise);

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
  /** The options it was planned with (NodePools added to it are checked with them). */
  readonly options: PlanOptions;

  constructor(name: string, args: HostedClusterBundleArgs | PlannedBundle, opts?: pulumi.ComponentResourceOptions) {
    // Validate first: nothing, not even this component, is registered when the args are invalid.
    const planned = args instanceof PlannedBundle ? args : PlannedBundle.of(args);
    const { plan, issues } = planned;
    const { secrets, fields } = renderValues.get(planned)!;
    const valueSecrets = new Map(secrets.map((s) => [objectKey(s.secret), s]));
    // The Secrets made from secret values join the cluster's prerequisites (they are not in the plan, which holds no values).
    const part = { ...plan, objects: [...secrets.map((s) => planItem(s.secret, PHASES.prerequisites)), ...plan.objects] };
    const contribution = contributionOf(part, issues, `${plan.label} (component ${name})`);
    const { program, added } = addToProgram(opts?.provider, contribution);
    // Secret values known only at deployment are checked once, here; the component and every
    // resource wait for that check, so a malformed value creates nothing and is reported once.
    const checked = checkSecretValues(secrets);
    // The check joins each dependsOn as an Output of no resources (see dependsOnAll).
    const checkedFirst = checked?.apply(() => [] as pulumi.Resource[]);
    const after = (dependsOn: pulumi.ResourceOptions['dependsOn']): pulumi.ResourceOptions['dependsOn'] => (checkedFirst ? dependsOnAll(dependsOn, checkedFirst) : dependsOn);
    super(HOSTED_CLUSTER_BUNDLE_TYPE, name, {}, { ...opts, ...(checked ? { dependsOn: after(opts?.dependsOn) } : {}) });
    this.plan = plan;
    this.options = planned.options;
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
      register: (p, dependsOn) => {
        const resourceName = resourceNameFor(name, p.object);
        const hooks = previousStateHooks(resourceName, p, (fields.get(objectKey(p.object)) ?? []).map((f) => f.path));
        return renderResource(resourceName, withFields(p, fields), valueSecrets.get(objectKey(p.object)), { parent: this, ...(dependsOn ? { dependsOn } : {}), ...hooks });
      },
    });
    const phases = this.phases;
    const resourceOf = (phase: string) => (phases.find((p) => p.name === phase)?.resources ?? []) as k8s.apiextensions.CustomResource[];
    this.hostedCluster = resourceOf(PHASES.hostedCluster.name)[0];
    this.nodePools = resourceOf(PHASES.nodePools.name);

    // Derived from the HostedCluster's output so that consumers wait for it (and its waitFor).
    const afterCluster = <T>(value: T): pulumi.Output<T> => this.hostedCluster.metadata.apply(() => value);
    const outputs = bundleOutputs(plan, phases);
    this.hostedClusterName = afterCluster(outputs.hostedClusterName);
    this.namespace = afterCluster(outputs.namespace);
    this.controlPlaneNamespace = pulumi.output(outputs.controlPlaneNamespace);
    this.kubeconfigSecretName = afterCluster(outputs.kubeconfigSecretName);
    this.resources = pulumi.output(outputs.resources);
    warnOnceChecked(this, outputs.warnings, checked);
    this.warnings = pulumi.output(outputs.warnings);

    // The state gets the plain values, sent at once: the Outputs above wait for the HostedCluster,
    // and registering them kept every bundle's registration open to the end of the run (25 bundles
    // registering no outputs previewed 0.5 s sooner, npm run bench:engine).
    this.registerOutputs(outputs);
  }
}

/** The bundle's outputs as plain values (the state's; the component's properties wait for the HostedCluster). */
function bundleOutputs(plan: HostedClusterPlan, phases: readonly RegisteredPhase[]) {
  return {
    hostedClusterName: plan.name,
    namespace: plan.namespace,
    controlPlaneNamespace: controlPlaneNamespace(plan.namespace, plan.name),
    kubeconfigSecretName: secretNames.adminKubeconfig(plan.name),
    resources: phases.reduce((sum, phase) => sum + phase.resources.length, 0),
    warnings: plan.warnings.map((w) => formatIssues([w]).trim()),
  };
}

/** The planned object with its deploy-time fields: Inputs in place of the planned strings, which Pulumi resolves and waits for. */
function withFields(planned: PlannedObject, fields: DeployTimeFields): PlannedObject {
  const found = fields.get(objectKey(planned.object));
  return found ? { ...planned, object: withFieldValues(planned.object, found) } : planned;
}

/**
 * Logs the component's warnings once its secret values passed their check. The SDK sends log
 * messages in order, each once its resource has a URN, so a warning for a component whose
 * registration failed held back every later message, the error saying why among them (under the
 * real engine the run ended with no message at all).
 */
function warnOnceChecked(component: pulumi.Resource, lines: readonly string[], checked: pulumi.Output<void> | undefined): void {
  pulumi.output(checked).apply(() => lines.forEach((line) => pulumi.log.warn(line, component)));
}

/**
 * One check of every secret value given as an Output (plain strings were checked before
 * planning): resolves when all are well-formed, else fails with one error naming each bad field,
 * never a value. Undefined when there is nothing to wait for.
 */
function checkSecretValues(secrets: readonly ValueSecret<pulumi.Input<string>>[]): pulumi.Output<void> | undefined {
  const pending = secrets.filter((s) => !isKnown(s.value));
  if (pending.length === 0) return undefined;
  return pulumi.all(pending.map((s) => s.value)).apply((values) => {
    const problems = pending.flatMap((s, i) => secretValueIssue(s, values[i], true) ?? []);
    if (problems.length > 0) throw new HcpResourceError(problems);
  });
}

/** The finding for a malformed secret value (any value an Output resolves to), naming the field, never the value; undefined when it is well-formed. */
function secretValueIssue(secret: ValueSecret<unknown>, value: unknown, resolved: boolean): ValidationIssue | undefined {
  const problem = secret.check(value, resolved);
  if (!problem) return undefined;
  return { severity: 'error', object: secret.path.replace(/^.* of /, ''), path: secret.path.replace(/ of .*$/, ''), message: problem, fix: secretValueFix(value) };
}
