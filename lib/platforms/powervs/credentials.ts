/**
 * The Secrets of a PowerVS cluster's IBM Cloud credentials: their names as `hypershift create
 * infra powervs` writes them (`<name>-<suffix>`, cmd/infra/powervs/create.go and service_id.go),
 * the HostedCluster field that names each, and the keys the HyperShift operator copies from it
 * into the control-plane namespace (hypershift-operator .../platform/powervs/powervs.go
 * ReconcileCredentials: it fails when a key is missing).
 */
import type { PowervsCredentials } from './props';

/** Holds the API key itself. */
const API_KEY = 'ibmcloud_api_key';
/** Holds the key as IBM Cloud SDKs read it from a file (`IBMCLOUD_AUTHTYPE`, `IBMCLOUD_APIKEY`). */
const CREDENTIALS_ENV = 'ibm-credentials.env';

/** Each credential: its name suffix, the `spec.platform.powervs` field that names it, and the keys it must hold. */
export const POWERVS_CREDENTIALS: Readonly<Record<keyof PowervsCredentials, { readonly suffix: string; readonly field: string; readonly keys: readonly string[] }>> = {
  kubeCloudController: { suffix: 'cloud-controller-creds', field: 'kubeCloudControllerCreds', keys: [API_KEY, CREDENTIALS_ENV] },
  nodePoolManagement: { suffix: 'node-management-creds', field: 'nodePoolManagementCreds', keys: [CREDENTIALS_ENV] },
  ingressOperator: { suffix: 'ingress-creds', field: 'ingressOperatorCloudCreds', keys: [API_KEY, CREDENTIALS_ENV] },
  storageOperator: { suffix: 'storage-creds', field: 'storageOperatorCloudCreds', keys: [API_KEY, CREDENTIALS_ENV] },
  imageRegistryOperator: { suffix: 'image-registry-creds', field: 'imageRegistryOperatorCloudCreds', keys: [API_KEY, CREDENTIALS_ENV] },
};

/** The CLI's name of a cluster's credential Secret. */
export function powervsCredentialName(cluster: string, credential: keyof PowervsCredentials): string {
  return `${cluster}-${POWERVS_CREDENTIALS[credential].suffix}`;
}
