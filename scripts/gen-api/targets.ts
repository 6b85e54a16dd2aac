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
const ASSISTED_DOCS = 'https://github.com/openshift/assisted-service/tree/master/docs/hive-integration';
const METAL3_DOCS = 'https://book.metal3.io/bmo/introduction';
const KUBEVIRT_DOCS = 'https://kubevirt.io/api-reference/';

export const TARGETS: readonly Target[] = [
  { crd: 'hypershift/hostedclusters.hypershift.openshift.io-Default.crd.yaml', version: 'v1beta1', base: 'hypershift/hosted-cluster', docs: HYPERSHIFT_DOCS, types: true },
  { crd: 'hypershift/nodepools.hypershift.openshift.io-Default.crd.yaml', version: 'v1beta1', base: 'hypershift/node-pool', docs: HYPERSHIFT_DOCS, types: true },
  { crd: 'external-secrets/external-secrets.io_externalsecrets.yaml', version: 'v1', base: 'external-secrets/external-secret', docs: ESO_DOCS, types: true },
  // Agent and bare-metal hosts (lib/platforms/agent): InfraEnv, NMStateConfig, BareMetalHost, and VirtualMachines booted as agents.
  { crd: 'assisted-service/agent-install.openshift.io_infraenvs.yaml', version: 'v1beta1', base: 'agent-install/infra-env', docs: ASSISTED_DOCS, types: true },
  { crd: 'assisted-service/agent-install.openshift.io_nmstateconfigs.yaml', version: 'v1beta1', base: 'agent-install/nmstate-config', docs: ASSISTED_DOCS, types: true },
  { crd: 'metal3/metal3.io_baremetalhosts.yaml', version: 'v1alpha1', base: 'metal3/bare-metal-host', docs: METAL3_DOCS, types: true },
  // Schema only: the VirtualMachine spec types would be very large; lib/api/kubevirt types the fields the library sets.
  { crd: 'kubevirt/kubevirt.io_virtualmachines.crd.reconstructed.yaml', version: 'v1', base: 'kubevirt/virtual-machine', docs: KUBEVIRT_DOCS },
];
