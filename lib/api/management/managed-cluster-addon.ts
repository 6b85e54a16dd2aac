/**
 * `addon.open-cluster-management.io/v1alpha1` ManagedClusterAddOn, as far as the library writes it:
 * the hypershift add-on's `spec.installNamespace`. Its CRD is not among the reference CRDs, so the
 * type and the schema are written by hand from open-cluster-management-io/api
 * (addon/v1alpha1/types_managedclusteraddon.go: `installNamespace`, at most 63 characters, a DNS
 * label), and the conformance suite serves the same subset
 * (test/conformance/crds/addon.open-cluster-management.io_managedclusteraddons.yaml). Every other
 * field of the real CRD is refused here: the library never writes one. check.ts loads the schema
 * on the first check; the spec type is imported as a type only.
 */
import type { KindSchema } from '../schema/types';

/** What the library sets of a ManagedClusterAddOn. */
export interface ManagedClusterAddOnSpec {
  /** Namespace on the managed cluster the add-on's agent is installed in. */
  readonly installNamespace?: string;
}

/** ManagedClusterAddOn: namespaced, in the namespace of its ManagedCluster (`local-cluster` for the hub). */
export const managedClusterAddOnKindSchema: KindSchema = {
  apiVersion: 'addon.open-cluster-management.io/v1alpha1',
  kind: 'ManagedClusterAddOn',
  namespaced: true,
  nameRule: 'dns-subdomain',
  schema: {
    type: 'object',
    required: ['spec'],
    properties: {
      apiVersion: { type: 'string', enum: ['addon.open-cluster-management.io/v1alpha1'] },
      kind: { type: 'string', enum: ['ManagedClusterAddOn'] },
      metadata: { type: 'object' },
      spec: {
        type: 'object',
        properties: {
          installNamespace: { type: 'string', maxLength: 63, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', default: 'open-cluster-management-agent-addon' },
        },
      },
    },
  },
};
