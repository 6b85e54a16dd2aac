/**
 * The managed identities of a self-managed Azure hosted cluster, as `hypershift create iam azure`
 * makes them (cmd/infra/azure/identities.go): one per component, named `<name><suffix>-<infraID>`,
 * each trusting the hosted cluster's OIDC issuer for its service accounts with audience
 * `openshift`; and the built-in role the documentation assigns each (self-managed Azure
 * infrastructure reference, "Workload Identities"). For who makes the identities by other means
 * (Terraform, Pulumi's azure-native, `az identity`).
 */
import type { AzureWorkloadIdentities } from './props';

/** One workload identity: its name suffix, the service accounts it trusts, its role. */
export interface AzureWorkloadIdentity {
  /** What follows the cluster name in the identity's name, before `-<infraID>`. */
  readonly suffix: string;
  /** `system:serviceaccount:<namespace>:<name>` subjects of its federated credentials. */
  readonly serviceAccounts: readonly string[];
  /** The built-in role assigned to it (its role definition ID), per the documentation. */
  readonly role?: { readonly name: string; readonly id: string };
  /** Only for Private and PublicAndPrivate endpoint access. @default false */
  readonly privateOnly?: boolean;
}

const sa = (namespace: string, ...names: string[]) => names.map((name) => `system:serviceaccount:${namespace}:${name}`);
const CSI = 'openshift-cluster-csi-drivers';
const CONTRIBUTOR = { name: 'Contributor', id: 'b24988ac-6180-42a0-ab88-20f7382dd24c' };

/** The audience of every federated credential. */
export const AZURE_FEDERATION_AUDIENCE = 'openshift';

/** The workload identities by the key `workloadIdentities` gives them under. */
export const AZURE_WORKLOAD_IDENTITIES: { readonly [K in keyof AzureWorkloadIdentities]-?: AzureWorkloadIdentity } = {
  disk: {
    suffix: '-disk',
    serviceAccounts: sa(CSI, 'azure-disk-csi-driver-node-sa', 'azure-disk-csi-driver-operator', 'azure-disk-csi-driver-controller-sa'),
    role: { name: 'Azure Disk', id: '5b7237c5-45e1-49d6-bc18-a1f62f400748' },
  },
  file: {
    suffix: '-file',
    serviceAccounts: sa(CSI, 'azure-file-csi-driver-node-sa', 'azure-file-csi-driver-operator', 'azure-file-csi-driver-controller-sa'),
    role: { name: 'Azure File', id: '0d7aedc0-15fd-4a67-a412-efad370c947e' },
  },
  imageRegistry: {
    suffix: '-image-registry',
    serviceAccounts: sa('openshift-image-registry', 'registry', 'cluster-image-registry-operator'),
    role: { name: 'Image Registry', id: '8b32b316-c2f5-4ddf-b05b-83dacd2d08b5' },
  },
  ingress: { suffix: '-ingress', serviceAccounts: sa('openshift-ingress-operator', 'ingress-operator'), role: { name: 'Ingress', id: '0336e1d3-7a87-462b-b6db-342b63f7802c' } },
  cloudProvider: { suffix: '-cloud-provider', serviceAccounts: sa('kube-system', 'azure-cloud-provider'), role: { name: 'Cloud Provider', id: 'a1f96423-95ce-4224-ab27-4e3dc72facd4' } },
  nodePoolManagement: { suffix: '-node-pool-mgmt', serviceAccounts: sa('kube-system', 'capi-provider'), role: CONTRIBUTOR },
  network: {
    suffix: '-network',
    serviceAccounts: sa('openshift-cloud-network-config-controller', 'cloud-network-config-controller'),
    role: { name: 'Network', id: 'be7a6435-15ae-4171-8f30-4a343eff9e8f' },
  },
  controlPlaneOperator: { suffix: '-control-plane-operator', serviceAccounts: sa('kube-system', 'control-plane-operator'), role: CONTRIBUTOR, privateOnly: true },
};

/** The identities' names as `hypershift create iam azure` gives them: `<name><suffix>-<infraID>` (`example-disk-abc12`). */
export function azureWorkloadIdentityNames(name: string, infraID: string): { readonly [K in keyof AzureWorkloadIdentities]-?: string } {
  return Object.fromEntries(Object.entries(AZURE_WORKLOAD_IDENTITIES).map(([key, identity]) => [key, `${name}${identity.suffix}-${infraID}`])) as never;
}
