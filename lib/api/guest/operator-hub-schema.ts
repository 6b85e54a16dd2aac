/**
 * The schema of `config.openshift.io/v1` OperatorHub. Its CRD is not among the reference CRDs,
 * but its spec is the `OperatorHubSpec` the HostedCluster CRD embeds at
 * `spec.configuration.operatorhub` (the control plane copies it into the hosted cluster), so the
 * kind is checked with that generated node rather than a hand-written one.
 */
import { hostedClusterKindSchema } from '../hypershift/hosted-cluster.schema.generated';
import type { KindSchema, SchemaNode } from '../schema/types';

const embedded = hostedClusterKindSchema.schema.properties?.spec?.properties?.configuration?.properties?.operatorhub;
if (!embedded) throw new Error('the HostedCluster schema has no spec.configuration.operatorhub: regenerate lib/api (npm run gen:api)');

/** OperatorHub: cluster-scoped, and the operator reads only the one named `cluster`. */
export const operatorHubKindSchema: KindSchema = {
  apiVersion: 'config.openshift.io/v1',
  kind: 'OperatorHub',
  namespaced: false,
  nameRule: 'dns-subdomain',
  schema: {
    type: 'object',
    properties: {
      apiVersion: { type: 'string', enum: ['config.openshift.io/v1'] },
      kind: { type: 'string', enum: ['OperatorHub'] },
      metadata: { type: 'object' },
      spec: embedded satisfies SchemaNode,
    },
  },
};
