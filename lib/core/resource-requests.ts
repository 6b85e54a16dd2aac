/**
 * Resource requests of control-plane containers: the annotation
 * `resource-request-override.hypershift.openshift.io/<deployment>.<container>: cpu=2,memory=4Gi`
 * (HyperShift api hostedcluster_types.go `ResourceRequestOverrideAnnotationPrefix`), written from
 * `resourceRequestOverrides` or given in `annotations`. The control-plane operator splits the key at
 * its first `.` (a key without one cannot be read), copies each quantity into that container's
 * `resources.requests`, and skips a quantity it cannot parse (support/controlplane-component
 * defaults.go `applyRequestsOverrides`).
 *
 * Limits are not expressible: the operator sets no limit from the annotation (only ARO's
 * `aro.openshift.io/swift-nic`, which the API server requires equal to its request), and no other
 * HostedCluster field or annotation sets one. A resource named like a limit is an error that says so.
 */
import { ANNOTATIONS } from './defaults';
import type { IssueCollector } from './errors';
import { dnsLabelProblem, dnsSubdomainProblem, qualifiedNameProblem } from './names';
import { quote } from './schema';

/** A Kubernetes quantity (`resource.Quantity`): `2`, `500m`, `4Gi`, `1e3`. */
export const QUANTITY = /^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;

/** Container resources a request can name besides extended ones (`<domain>/<name>`): Kubernetes' standard container resources. */
const STANDARD_RESOURCES = /^(cpu|memory|ephemeral-storage|hugepages-.+)$/;
/** A resource written as a limit (`limits.memory`, `limit-cpu`): what users reach for when they want limits. */
const LIMIT_LIKE = /^limits?([.-]|$)/;

type Problem = { readonly message: string; readonly fix: string };

/** What is wrong with `<deployment>.<container>` as the operator reads it, if anything. */
function overrideTargetProblem(target: string): Problem | undefined {
  const dot = target.indexOf('.');
  const problem = dot < 0 ? 'has no "."' : (dnsSubdomainProblem(target.slice(0, dot)) ?? dnsLabelProblem(target.slice(dot + 1)));
  return problem === undefined ? undefined : { message: `${quote(target)} is not <deployment>.<container> (${problem}), so the control-plane operator cannot apply it.`, fix: 'Name a Deployment and its container, e.g. kube-apiserver.kube-apiserver.' };
}

/** What is wrong with one `resource=quantity` of an override, if anything. */
function overrideRequestProblem(resource: string, quantity: string): Problem | undefined {
  if (LIMIT_LIKE.test(resource)) {
    return {
      message: `${quote(resource)} reads as a limit, and limits are not expressible: HyperShift's override sets resources.requests only, and no HostedCluster field or annotation sets limits.`,
      fix: 'Give the request alone (memory=4Gi); limits cannot be set on control-plane containers.',
    };
  }
  const extended = resource.includes('/') && qualifiedNameProblem(resource) === undefined;
  if (!STANDARD_RESOURCES.test(resource) && !extended) {
    return { message: `${quote(resource)} is not a container resource, so the API server would refuse the control-plane Deployment.`, fix: 'Use cpu, memory, ephemeral-storage, hugepages-<size>, or an extended resource <domain>/<name>.' };
  }
  if (!QUANTITY.test(quantity)) {
    return { message: `${quote(quantity)} is not a Kubernetes quantity; the control-plane operator would skip it.`, fix: 'Write a quantity such as 2, 500m or 4Gi.' };
  }
  return undefined;
}

/** The typed overrides, each finding at its props path. */
export function checkResourceRequestOverrides(overrides: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined, issues: IssueCollector): void {
  for (const [target, resources] of Object.entries(overrides ?? {})) {
    const at = `resourceRequestOverrides[${JSON.stringify(target)}]`;
    const targetProblem = overrideTargetProblem(target);
    if (targetProblem) issues.error(at, targetProblem.message, targetProblem.fix);
    if (Object.keys(resources).length === 0) issues.error(at, 'no resource is given, so the annotation would be empty.', 'Give at least one request, e.g. { memory: "4Gi" }.');
    for (const [resource, quantity] of Object.entries(resources)) {
      const problem = overrideRequestProblem(resource, quantity);
      if (problem) issues.error(`${at}[${JSON.stringify(resource)}]`, problem.message, problem.fix);
    }
  }
}

/** The annotations of the typed overrides: the entries without a problem (those with one are findings already). */
export function resourceOverrideAnnotations(overrides: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined): Record<string, string> {
  const annotations: Record<string, string> = {};
  for (const [target, resources] of Object.entries(overrides ?? {})) {
    const valid = Object.entries(resources).filter(([resource, quantity]) => !overrideRequestProblem(resource, quantity));
    if (overrideTargetProblem(target) || valid.length === 0) continue;
    annotations[`${ANNOTATIONS.resourceRequestOverridePrefix}${target}`] = valid.map(([resource, quantity]) => `${resource}=${quantity}`).join(',');
  }
  return annotations;
}

/** An override annotation's value, `resource=quantity,...`, as the operator splits it; undefined for text it cannot split. */
function parseOverride(value: string): Array<readonly [resource: string, quantity: string]> | undefined {
  const pairs = value.split(',').map((pair) => {
    const eq = pair.indexOf('=');
    return eq <= 0 ? undefined : ([pair.slice(0, eq), pair.slice(eq + 1)] as const);
  });
  return pairs.every((p) => p !== undefined) ? (pairs as Array<readonly [string, string]>) : undefined;
}

/** The override annotations of a rendered HostedCluster (those given in `annotations`; the typed ones are written only when valid), at their annotation's path. */
export function checkOverrideAnnotations(annotations: Readonly<Record<string, string>>, issues: IssueCollector): void {
  for (const [key, value] of Object.entries(annotations)) {
    if (!key.startsWith(ANNOTATIONS.resourceRequestOverridePrefix)) continue;
    const path = `metadata.annotations["${key}"]`;
    const targetProblem = overrideTargetProblem(key.slice(ANNOTATIONS.resourceRequestOverridePrefix.length));
    if (targetProblem) issues.error(path, targetProblem.message, targetProblem.fix);
    const pairs = parseOverride(value);
    if (!pairs) {
      issues.error(path, `"${value}" is not a list of resource=quantity.`, 'Write it as memory=3Gi,cpu=2000m.');
      continue;
    }
    for (const [resource, quantity] of pairs) {
      const problem = overrideRequestProblem(resource, quantity);
      if (problem) issues.error(path, problem.message, problem.fix);
    }
  }
}
