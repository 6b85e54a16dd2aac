/**
 * What the preflight may do on a management cluster: get and list, on every kind, nothing else.
 * Every kind, because it reads the kinds the app plans (to find name collisions) besides its own
 * list; Secrets included, because it checks the keys of the Secrets the app names. A role
 * without Secrets works too: the check that needs them then says it could not read them.
 */
import type { KubernetesObject } from '../api';

/** The ClusterRole's name. */
export const PREFLIGHT_ROLE = 'hcp-constructs-preflight';

/** The ServiceAccount the preflight reads as. */
export interface PreflightServiceAccount {
  /** Its name. */
  readonly name: string;
  /** Its namespace (it must exist). */
  readonly namespace: string;
}

/** A ServiceAccount for the preflight, the read-only ClusterRole and its binding: apply them once per management cluster. */
export function preflightReader(serviceAccount: PreflightServiceAccount): KubernetesObject[] {
  const objects = [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: serviceAccount.name, namespace: serviceAccount.namespace } },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: PREFLIGHT_ROLE },
      rules: [{ apiGroups: ['*'], resources: ['*'], verbs: ['get', 'list'] }],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: `${PREFLIGHT_ROLE}-${serviceAccount.namespace}-${serviceAccount.name}` },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: PREFLIGHT_ROLE },
      subjects: [{ kind: 'ServiceAccount', name: serviceAccount.name, namespace: serviceAccount.namespace }],
    },
  ];
  return objects;
}
