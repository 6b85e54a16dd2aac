/**
 * `hive.openshift.io/v1` ClusterDeployment: only the fields the library sets for an image-based
 * install are typed here (the full spec, with every cloud platform, is very large); every emitted
 * ClusterDeployment is still checked against the whole generated schema
 * (cluster-deployment.schema.generated.ts).
 */

/** The install that provisions the cluster: for an edge site, its ImageClusterInstall. */
export interface ClusterDeploymentInstallRef {
  readonly group: string;
  readonly kind: string;
  readonly name: string;
  readonly version: string;
}

export interface ClusterDeploymentSpec {
  /** The cluster's base DNS domain: the API is `api.<clusterName>.<baseDomain>`. */
  readonly baseDomain: string;
  /** The cluster's name, part of its DNS names. */
  readonly clusterName: string;
  /** The platform: `none` (an empty object) for a preinstalled single node. */
  readonly platform: { readonly none?: Readonly<Record<string, never>> };
  /** The Secret (same namespace) with the pull secret. */
  readonly pullSecretRef?: { readonly name: string };
  /** The object that installs the cluster. */
  readonly clusterInstallRef?: ClusterDeploymentInstallRef;
}
