/**
 * A Pulumi component that renders a hosted cluster's plan as Kubernetes resources: plan phases
 * become `dependsOn`, readiness conditions become `pulumi.com/waitFor` annotations, and secret
 * values given as inputs become Secrets whose data is a `pulumi.secret`.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import type { KubernetesObject, Secret } from '../api';
import type { HostedClusterPlan, PhaseName, PlanOptions, ValidationIssue } from '../core';
import {
  HcpValidationError,
  IssueCollector,
  SecretContract,
  SecretSource,
  clusterSecretContracts,
  controlPlaneNamespace,
  formatIssues,
  planObjects,
  readinessOf,
  secretNames,
  secretShell,
  throwIfErrors,
} from '../core';
import type { HostedClusterSpecProps } from '../platforms';
import { checkHostedCluster } from '../platforms';

/** Type token of {@link HostedClusterStack}. */
export const HOSTED_CLUSTER_TYPE = 'hcp:index:HostedCluster';

/** Annotation pulumi-kubernetes (>= 4.18) reads to decide when a resource is ready. */
export const PULUMI_WAIT_FOR_ANNOTATION = 'pulumi.com/waitFor';

/**
 * Secret values the component turns into Secrets itself. Each is stored in the state as a secret
 * and never enters the plan: the plan references the Secret by name.
 */
export interface HostedClusterSecretValues {
  /** Docker config JSON with an `auths` object; becomes Secret `<name>-pull-secret`, key `.dockerconfigjson`. */
  readonly pullSecret?: pulumi.Input<string>;
  /** OpenSSH public key; becomes Secret `<name>-ssh-key`, key `id_rsa.pub`. */
  readonly sshPublicKey?: pulumi.Input<string>;
  /** 32 random bytes, base64-encoded; becomes Secret `<name>-etcd-encryption-key`, key `key` (aescbc). */
  readonly etcdEncryptionKey?: pulumi.Input<string>;
}

/**
 * The same props as the cdk8s `HostedClusterBundle`. They are plain values, not Inputs, because
 * they decide how many resources exist. `pullSecret` may be left out when
 * `secretValues.pullSecret` is given.
 */
export interface HostedClusterStackArgs extends Omit<HostedClusterSpecProps, 'pullSecret'> {
  /** Registry credentials (`.dockerconfigjson`). Required unless `secretValues.pullSecret` is set. */
  readonly pullSecret?: SecretSource;
  /** Validation and secret-handling options. @default {} */
  readonly options?: PlanOptions;
  /** Secret values to create Secrets from. A value here replaces the matching SecretSource prop. @default none */
  readonly secretValues?: HostedClusterSecretValues;
}

/** The resources of one plan phase. */
export interface HostedClusterStackPhase {
  readonly name: PhaseName;
  readonly wave: number;
  /** Each depends on every resource of the previous non-empty phase. */
  readonly resources: readonly pulumi.CustomResource[];
}

/**
 * One hosted cluster on a management cluster: Namespace, Secrets/ExternalSecrets and other
 * prerequisites, the HostedCluster, and its NodePools, applied in that order and waited on
 * (HostedCluster until Available, NodePools and ExternalSecrets until Ready).
 *
 * Invalid args throw {@link HcpValidationError} listing every problem from the constructor,
 * before any resource (this component included) is registered, so `pulumi preview` fails and
 * nothing is created.
 */
export class HostedClusterStack extends pulumi.ComponentResource {
  /** The validated plan the resources were rendered from (secret values are not in it). */
  readonly plan: HostedClusterPlan;
  /** Resources grouped by plan phase, in apply order. */
  readonly phases: readonly HostedClusterStackPhase[];
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

  constructor(name: string, args: HostedClusterStackArgs, opts?: pulumi.ComponentResourceOptions) {
    // Validate first: nothing, not even this component, is registered when the args are invalid.
    const { plan, valueSecrets } = planStack(name, args);
    super(HOSTED_CLUSTER_TYPE, name, {}, opts);
    this.plan = plan;

    // Each phase depends on the whole previous non-empty phase. Pulumi deletes in the reverse of
    // this order, so on destroy the NodePools go first, then the HostedCluster (whose finalizer
    // tears down the control plane while its Secrets still exist), then the Secrets, ExternalSecrets,
    // ConfigMaps and Roles, and the Namespace last.
    let previous: pulumi.Resource[] = [];
    const phases: HostedClusterStackPhase[] = [];
    for (const phase of plan.phases) {
      const objects = phase.name === 'prerequisites' ? [...valueSecrets, ...phase.objects] : phase.objects;
      // The first phase waits for whatever the component itself was told to wait for (e.g. the operator).
      const childOpts: pulumi.CustomResourceOptions = {
        parent: this,
        ...(previous.length > 0 ? { dependsOn: previous } : opts?.dependsOn ? { dependsOn: opts.dependsOn } : {}),
      };
      const resources = objects.map((object) => renderResource(resourceNameFor(name, object), object, childOpts));
      phases.push({ name: phase.name, wave: phase.wave, resources });
      if (resources.length > 0) previous = resources;
    }
    this.phases = phases;

    const resourceOf = (phase: PhaseName) => phases.find((p) => p.name === phase)!.resources as k8s.apiextensions.CustomResource[];
    this.hostedCluster = resourceOf('hosted-cluster')[0];
    this.nodePools = resourceOf('node-pools');

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

/** A Secret to create from a secret input: the Secret as its contract describes it, and its value. */
interface ValueSecret extends KubernetesObject {
  readonly kind: 'Secret';
  readonly value: {
    readonly input: pulumi.Input<string>;
    readonly contract: SecretContract;
    readonly field: 'data' | 'stringData';
    readonly path: string;
  };
}

/**
 * Resolves `secretValues` into SecretSource references, plans, and validates everything at once
 * (values given as plain strings included). Registers nothing.
 */
function planStack(component: string, args: HostedClusterStackArgs): { plan: HostedClusterPlan; valueSecrets: ValueSecret[] } {
  const { options, secretValues = {}, ...props } = args;
  const namespace = props.namespace ?? 'clusters';
  const issues = new IssueCollector(`HostedCluster ${namespace}/${props.name}`);
  const valueSecrets: ValueSecret[] = [];

  const contracts = clusterSecretContracts(props.name, namespace);
  const fromValue = (value: pulumi.Input<string> | undefined, given: unknown, prop: string, contract: SecretContract): SecretSource | undefined => {
    if (value === undefined) return undefined;
    const path = `secretValues.${prop}`;
    if (given !== undefined) {
      issues.error(path, `${prop} is given both here and as a SecretSource prop.`, `Remove one of the two.`);
    }
    const problem = typeof value === 'string' ? contract.checkValue?.(value) : undefined;
    if (problem) issues.error(path, problem, 'Provide a value in the documented format.');
    const { secret, valueField } = secretShell(contract);
    valueSecrets.push({ ...secret, kind: 'Secret', value: { input: value, contract, field: valueField, path: `${path} of HostedCluster ${namespace}/${props.name}` } });
    return SecretSource.existing(contract.name);
  };

  const pullSecret = fromValue(secretValues.pullSecret, props.pullSecret, 'pullSecret', contracts.pullSecret);
  const sshKey = fromValue(secretValues.sshPublicKey, props.sshKey, 'sshPublicKey', contracts.sshKey);
  const etcdKey = fromValue(secretValues.etcdEncryptionKey, props.secretEncryption, 'etcdEncryptionKey', contracts.etcdEncryptionKey);
  if (!pullSecret && !props.pullSecret) {
    issues.error('pullSecret', 'no pull secret is given.', 'Set pullSecret to a SecretSource, or secretValues.pullSecret to the value.');
  }

  const specProps: HostedClusterSpecProps = {
    ...props,
    // A placeholder keeps planning going when the pull secret is missing; that error is reported above.
    pullSecret: pullSecret ?? props.pullSecret ?? SecretSource.existing(secretNames.pullSecret(props.name)),
    ...(sshKey ? { sshKey } : {}),
    ...(etcdKey ? { secretEncryption: { aescbc: etcdKey } } : {}),
  };
  const checked = checkHostedCluster(specProps, options);
  const all: ValidationIssue[] = [...issues.issues, ...checked.issues];
  throwIfErrors(all);
  if (!checked.plan) throw new HcpValidationError(all);
  const names = [...valueSecrets, ...planObjects(checked.plan)].map((object) => resourceNameFor(component, object));
  const duplicate = names.find((resourceName, index) => names.indexOf(resourceName) !== index);
  if (duplicate) throw new Error(`hcp-constructs: two objects map to the Pulumi resource name "${duplicate}".`);
  return { plan: checked.plan, valueSecrets };
}

/** Deterministic, unique per component: `<component>-<kind>-<namespace>/<name>` (cluster-scoped: `<component>-<kind>-<name>`). */
export function resourceNameFor(component: string, object: KubernetesObject): string {
  const { namespace, name } = object.metadata;
  return `${component}-${object.kind.toLowerCase()}-${namespace ? `${namespace}/` : ''}${name}`;
}

/** The object's metadata with a `pulumi.com/waitFor` annotation when its readiness is a condition. */
export function metadataWithReadiness(object: KubernetesObject): KubernetesObject['metadata'] {
  const readiness = readinessOf(object);
  if (readiness.kind !== 'condition') return object.metadata;
  const waitFor = readiness.status === 'True' ? `condition=${readiness.type}` : `condition=${readiness.type}=${readiness.status}`;
  return { ...object.metadata, annotations: { ...object.metadata.annotations, [PULUMI_WAIT_FOR_ANNOTATION]: waitFor } };
}

function renderResource(resourceName: string, object: KubernetesObject, opts: pulumi.CustomResourceOptions): pulumi.CustomResource {
  const metadata = metadataWithReadiness(object);
  const typed = `${object.apiVersion}/${object.kind}`;
  switch (typed) {
    case 'v1/Namespace':
      return new k8s.core.v1.Namespace(resourceName, { ...object, metadata } as k8s.core.v1.NamespaceArgs, opts);
    case 'v1/Secret': {
      if ('value' in object) {
        const { value, ...secret } = object as ValueSecret;
        // Plain values were checked before planning; values known only at deployment are checked
        // when they resolve, and the error names the field, never the value.
        const contents = pulumi.secret(
          pulumi.output(value.input).apply((v) => {
            const problem = value.contract.checkValue?.(v);
            if (problem) throw new Error(`hcp-constructs: ${value.path}: ${problem}`);
            return { [value.contract.key]: v };
          }),
        );
        return new k8s.core.v1.Secret(resourceName, { ...secret, metadata, [value.field]: contents } as k8s.core.v1.SecretArgs, opts);
      }
      // An inline value the user opted into (allowInlineSecrets): still a secret in the state.
      const { data, stringData, ...secret } = object as Secret;
      return new k8s.core.v1.Secret(
        resourceName,
        {
          ...secret,
          metadata,
          ...(data ? { data: pulumi.secret(data) } : {}),
          ...(stringData ? { stringData: pulumi.secret(stringData) } : {}),
        } as k8s.core.v1.SecretArgs,
        opts,
      );
    }
    case 'v1/ConfigMap':
      return new k8s.core.v1.ConfigMap(resourceName, { ...object, metadata } as k8s.core.v1.ConfigMapArgs, opts);
    case 'rbac.authorization.k8s.io/v1/Role':
      return new k8s.rbac.v1.Role(resourceName, { ...object, metadata } as unknown as k8s.rbac.v1.RoleArgs, opts);
    default:
      // HostedCluster, NodePool, ExternalSecret and any other custom resource: every field as given.
      return new k8s.apiextensions.CustomResource(
        resourceName,
        { ...object, metadata } as unknown as k8s.apiextensions.CustomResourceArgs,
        opts,
      );
  }
}
