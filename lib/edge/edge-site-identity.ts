/**
 * What cannot change about an installed edge site (lib/edge), judged against the previous state:
 * the relocatable single-node OpenShift enhancement says OpenShift does not support changing a
 * node's host name or its cluster's name after installation, and the image-based install operator
 * reconfigures a host once, at its site. So a new `hostname` of an ImageClusterInstall, or a new
 * `clusterName` or `baseDomain` of its ClusterDeployment, is refused with the way forward: a new
 * site. A site whose ImageClusterInstall is gone gets a warning and a summary line: the operator
 * reattaches the host and reboots it when that object is deleted (OpenShift documentation,
 * "Deploying a managed single-node OpenShift cluster using the IBI Operator").
 */
import type { KubernetesObject } from '../api';
import type { ValidationIssue } from '../core/errors';
import type { PlannedObject } from '../core/plan-model';
import { describeObject, objectKey, targetKey } from '../core/plan-model';
import type { PreviousObjects, PreviousStateCheck } from '../core/previous-state';
import { quote } from '../core/schema';

/** The fields of each kind that fix an installed site's identity, with the prop that sets them. */
const IDENTITY_FIELDS: Readonly<Record<string, readonly { readonly field: string; readonly prop: string; readonly what: string }[]>> = {
  ImageClusterInstall: [{ field: 'hostname', prop: 'hostname', what: 'host name' }],
  ClusterDeployment: [
    { field: 'clusterName', prop: 'name', what: 'cluster name' },
    { field: 'baseDomain', prop: 'baseDomain', what: 'base domain' },
  ],
};

const specField = (object: KubernetesObject, field: string): unknown => ((object as { spec?: Record<string, unknown> }).spec ?? {})[field];

/** The refused identity changes of one planned ImageClusterInstall or ClusterDeployment. */
function identityChanges(previous: PreviousObjects, planned: PlannedObject): ValidationIssue[] {
  const fields = IDENTITY_FIELDS[planned.object.kind];
  const before = fields ? previous.get(planned) : undefined;
  if (!fields || !before) return [];
  return fields.flatMap(({ field, prop, what }) => {
    const [then, now] = [specField(before, field), specField(planned.object, field)];
    if (then === undefined || then === now) return [];
    const rendered = `spec.${field}`;
    const where = planned.paths?.(rendered) ?? { path: rendered };
    return [
      {
        severity: 'error' as const,
        object: describeObject(planned.object),
        ...where,
        message: `the ${what} was ${quote(then)} in the previous output and is ${quote(now)} now, but an installed edge site keeps it: OpenShift does not support changing a node's host name or a cluster's name or domain after installation.`,
        fix: `Keep ${prop} ${quote(then)}. For another ${what}, reinstall the host as a new site: return it to the factory for a new image-based installation, add an EdgeSite with another name, then remove this one.`,
      },
    ];
  });
}

/** The ImageClusterInstalls of the previous output (on the hub) that the plan no longer has. */
function removedInstalls(previous: PreviousObjects, planned: readonly PlannedObject[]): KubernetesObject[] {
  const kept = new Set(planned.filter((p) => p.object.kind === 'ImageClusterInstall').map((p) => `${targetKey(p.target)}:${objectKey(p.object)}`));
  return previous
    .ofKind('ImageClusterInstall')
    .filter((entry) => !kept.has(`${entry.target}:${objectKey(entry.object)}`))
    .map((entry) => entry.object);
}

/** F9 and F10 of issue 19: an installed site's identity, and what removing a site does to its host. */
export const edgeSiteIdentityCheck: PreviousStateCheck = {
  name: 'edge site identity',
  kinds: ['ImageClusterInstall', 'ClusterDeployment'],
  // Its errors are one object's identity fields; a removed site is a warning.
  scope: 'object',
  check: (previous, planned) => [
    ...planned.flatMap((p) => identityChanges(previous, p)),
    ...removedInstalls(previous, planned).map((install) => ({
      severity: 'warning' as const,
      object: describeObject(install),
      path: 'metadata.name',
      message: 'this edge site is no longer in the output; once its ImageClusterInstall is deleted, the image-based install operator reattaches the BareMetalHost and reboots the host.',
      fix: 'Keep the EdgeSite in the app unless the site is being retired and its host may reboot.',
    })),
  ],
  summary: (previous, planned) => {
    const removed = removedInstalls(previous, planned);
    if (removed.length === 0) return [];
    return ['Edge sites removed (each host is reattached and rebooted):', ...removed.map((install) => `  ${install.metadata.namespace}/${install.metadata.name}`)];
  },
};

/** The edge layer's previous-state checks; lib/previous-state runs them with every other layer's. */
export const EDGE_PREVIOUS_STATE_CHECKS: readonly PreviousStateCheck[] = [edgeSiteIdentityCheck];
