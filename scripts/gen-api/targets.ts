/**
 * The kinds generated from CRDs: one line each. `base` names the output files
 * `lib/api/<base>.generated.ts` (spec types) and `lib/api/<base>.schema.generated.ts` (schema).
 */
export interface Target {
  /** CRD file, relative to ../shared/reference/crds. */
  readonly crd: string;
  readonly version: string;
  /** Output path without extension, relative to lib/api. */
  readonly base: string;
  /** Where users can read the upstream API reference. */
  readonly docs: string;
  /** Also emit the spec interfaces (the schema module is always emitted). */
  readonly types?: boolean;
}

const HYPERSHIFT_DOCS = 'https://hypershift-docs.netlify.app/reference/api/';
const ESO_DOCS = 'https://external-secrets.io/latest/api/spec/';

export const TARGETS: readonly Target[] = [
  { crd: 'hypershift/hostedclusters.hypershift.openshift.io-Default.crd.yaml', version: 'v1beta1', base: 'hypershift/hosted-cluster', docs: HYPERSHIFT_DOCS, types: true },
  { crd: 'hypershift/nodepools.hypershift.openshift.io-Default.crd.yaml', version: 'v1beta1', base: 'hypershift/node-pool', docs: HYPERSHIFT_DOCS, types: true },
  { crd: 'external-secrets/external-secrets.io_externalsecrets.yaml', version: 'v1', base: 'external-secrets/external-secret', docs: ESO_DOCS, types: true },
];
