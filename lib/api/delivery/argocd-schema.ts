/**
 * The schema of the Argo CD operator's `argoproj.io/v1beta1` ArgoCD, as far as the library writes
 * it: `spec.resourceHealthChecks` (a patch of the operator's instance), written by hand from the
 * operator's API type: the library's own check needs only that field (the full CRD is some 25,000
 * lines), and the conformance suite checks the patch against the operator's own CRD
 * (../shared/reference/crds/argocd-operator). Every other field of the real CRD is refused here:
 * the library never writes one.
 */
import type { KindSchema, SchemaNode } from '../schema/types';

const text: SchemaNode = { type: 'string' };

/** ArgoCD: namespaced; OpenShift GitOps names its default instance `openshift-gitops`. */
export const argoCdKindSchema: KindSchema = {
  apiVersion: 'argoproj.io/v1beta1',
  kind: 'ArgoCD',
  namespaced: true,
  nameRule: 'dns-subdomain',
  schema: {
    type: 'object',
    properties: {
      apiVersion: { type: 'string', enum: ['argoproj.io/v1beta1'] },
      kind: { type: 'string', enum: ['ArgoCD'] },
      metadata: { type: 'object' },
      spec: {
        type: 'object',
        properties: {
          resourceHealthChecks: { type: 'array', items: { type: 'object', properties: { group: text, kind: text, check: text } } },
        },
      },
    },
  },
};
