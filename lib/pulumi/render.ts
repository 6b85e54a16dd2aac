/**
 * Renders the program's plan as Pulumi resources, the way lib/cdk8s/render.ts renders the app's
 * plan as ApiObjects: a component checks its planner's part and adds it to the program's plan
 * before registering anything ({@link addToProgram}), then registers what is new phase by phase
 * (register-phases.ts), each object through {@link renderResource}: readiness becomes
 * `pulumi.com/waitFor`, Secrets hold `pulumi.secret` data, objects an operator created already are
 * patched, and objects for a hosted cluster's API use that cluster's provider.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import type { KubernetesObject, Secret } from '../api';
import type { PlanContribution, PlannedObject, PlannedPart, ValidationIssue, ValueSecret } from '../core';
import { contributionOf, targetKey } from '../core';
import { HcpResourceError } from './errors';
import { ProgramPlan, programPlan } from './program-plan';
import { guardSetting } from './previous-state-guard';

/** Annotation pulumi-kubernetes (>= 4.18) reads to decide when a resource is ready. */
export const PULUMI_WAIT_FOR_ANNOTATION = 'pulumi.com/waitFor';

/**
 * A planner's checked part as the contribution of component `name`; throws
 * {@link HcpResourceError} listing every finding when the planner found errors.
 */
export function componentContribution<P extends PlannedPart>(
  checked: { readonly plan?: P; readonly issues: readonly ValidationIssue[] },
  name: string,
): { plan: P; contribution: PlanContribution } {
  if (!checked.plan || checked.issues.some((i) => i.severity === 'error')) throw new HcpResourceError(checked.issues);
  return { plan: checked.plan, contribution: contributionOf(checked.plan, checked.issues, `${checked.plan.label} (component ${name})`) };
}

/**
 * Adds a contribution to the plan of the program's cluster `provider` talks to; returns the
 * objects new to it (the others another component registered already). Throws
 * {@link HcpResourceError} on any error (collisions, unmet requirements, a malformed guard setting), so call it before the
 * component registers itself: a failing preview creates nothing.
 */
export function addToProgram(provider: pulumi.ProviderResource | undefined, contribution: PlanContribution): { program: ProgramPlan; added: readonly PlannedObject[] } {
  const program = programPlan(provider);
  const { added, issues: planIssues } = program.plan.add(contribution);
  const { issue: setting } = guardSetting();
  const issues = setting ? [...planIssues, setting] : planIssues;
  if (issues.some((i) => i.severity === 'error')) throw new HcpResourceError(issues);
  return { program, added };
}

/** Deterministic, unique per component: `<component>-<kind>-<namespace>/<name>` (cluster-scoped: `<component>-<kind>-<name>`). */
export function resourceNameFor(component: string, object: KubernetesObject): string {
  const { namespace, name } = object.metadata;
  return `${component}-${object.kind.toLowerCase()}-${namespace ? `${namespace}/` : ''}${name}`;
}

/** The object's metadata with a `pulumi.com/waitFor` annotation when its readiness is more than existing. */
export function metadataWithReadiness(planned: PlannedObject): KubernetesObject['metadata'] {
  const { object, readiness } = planned;
  const waitFor =
    readiness.kind === 'condition'
      ? readiness.status === 'True'
        ? `condition=${readiness.type}`
        : `condition=${readiness.type}=${readiness.status}`
      : readiness.kind === 'jsonpath'
        ? `jsonpath={${readiness.path}}=${readiness.value}`
        : undefined;
  if (!waitFor) return object.metadata;
  return { ...object.metadata, annotations: { ...object.metadata.annotations, [PULUMI_WAIT_FOR_ANNOTATION]: waitFor } };
}

/**
 * The Pulumi resource of one planned object (Secrets with values as `pulumi.secret`). Objects for
 * the app's management cluster use the provider of `opts` (or the ambient one); objects for a
 * named management cluster or the API of a hosted cluster use the provider `providers` has for
 * its target key (see hostedClusterProvider).
 */
export function renderResource(
  resourceName: string,
  planned: PlannedObject,
  value: ValueSecret<pulumi.Input<string>> | undefined,
  opts: pulumi.CustomResourceOptions,
  providers: ReadonlyMap<string, pulumi.ProviderResource> = new Map(),
): pulumi.CustomResource {
  const target = planned.target;
  if (target.kind !== 'management' || target.name !== undefined) {
    const provider = providers.get(targetKey(target));
    if (!provider) {
      const fix =
        target.kind === 'management'
          ? `no Kubernetes provider is known for management cluster ${target.name} (${targetKey(target)}); give the provider of that cluster.`
          : `no Kubernetes provider is known for the API of hosted cluster ${targetKey(target)}; give one built from its admin kubeconfig (hostedClusterProvider).`;
      throw new HcpResourceError([], fix);
    }
    opts = { ...opts, provider };
  }
  if (planned.patch) return renderPatch(resourceName, planned, opts);
  const object = planned.object;
  const metadata = metadataWithReadiness(planned);
  const typed = `${object.apiVersion}/${object.kind}`;
  switch (typed) {
    case 'v1/Namespace':
      return new k8s.core.v1.Namespace(resourceName, { ...object, metadata } as k8s.core.v1.NamespaceArgs, opts);
    case 'v1/Secret': {
      if (value) {
        // The value was checked before planning (plain) or by checkSecretValues (an Output).
        const contents = pulumi.secret(pulumi.output(value.value).apply((v) => ({ [value.key]: v })));
        return new k8s.core.v1.Secret(resourceName, { ...object, metadata, [value.field]: contents } as k8s.core.v1.SecretArgs, opts);
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
    case 'v1/Service':
      return new k8s.core.v1.Service(resourceName, { ...object, metadata } as unknown as k8s.core.v1.ServiceArgs, opts);
    case 'rbac.authorization.k8s.io/v1/Role':
      return new k8s.rbac.v1.Role(resourceName, { ...object, metadata } as unknown as k8s.rbac.v1.RoleArgs, opts);
    default:
      // HostedCluster, NodePool, ExternalSecret and any other custom resource: every field as given.
      return new k8s.apiextensions.CustomResource(resourceName, { ...object, metadata } as unknown as k8s.apiextensions.CustomResourceArgs, opts);
  }
}

/**
 * An object the operator created already (the add-on's AddOnDeploymentConfig): a server-side-apply
 * patch of our fields. `pulumi destroy` leaves the object to its operator (retainOnDelete): the
 * provider cannot give back fields the object requires (its `spec`), and refused the deletion so
 * under the real engine.
 */
function renderPatch(resourceName: string, planned: PlannedObject, opts: pulumi.CustomResourceOptions): pulumi.CustomResource {
  const metadata = metadataWithReadiness(planned);
  // patchForce: MCE wrote the object first; our fields win over its field manager for what we set.
  const annotated = { ...metadata, annotations: { ...metadata.annotations, 'pulumi.com/patchForce': 'true' } };
  return new k8s.apiextensions.CustomResourcePatch(resourceName, { ...planned.object, metadata: annotated } as unknown as k8s.apiextensions.CustomResourcePatchArgs, {
    ...opts,
    retainOnDelete: true,
  });
}
