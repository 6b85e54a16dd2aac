/**
 * Kinds of relocatable edge sites (lib/edge), applied to the hub: the image-based install of a
 * preinstalled single node (ImageClusterInstall) through Hive's ClusterDeployment, and the release
 * it runs (ClusterImageSet). Spec types are generated from the upstream CRDs
 * (scripts/gen-api/targets.ts), except ClusterDeployment's (cluster-deployment.ts).
 */
import type { SpecResource } from '../k8s';
import type { ClusterDeploymentSpec } from './cluster-deployment';
import type { ClusterImageSetSpec } from './cluster-image-set.generated';
import type { ImageClusterInstallSpec } from './image-cluster-install.generated';

export * from './cluster-deployment';
export * from './cluster-image-set.generated';
export * from './image-cluster-install.generated';

/** The API versions the library writes for edge sites. */
export const EDGE_API_VERSIONS = {
  imageClusterInstall: 'extensions.hive.openshift.io/v1alpha1',
  clusterDeployment: 'hive.openshift.io/v1',
  clusterImageSet: 'hive.openshift.io/v1',
} as const;

type E = typeof EDGE_API_VERSIONS;
/** `extensions.hive.openshift.io/v1alpha1` ImageClusterInstall (namespaced): reconfigures a preinstalled host into the site's cluster. */
export type ImageClusterInstall = SpecResource<E['imageClusterInstall'], 'ImageClusterInstall', ImageClusterInstallSpec>;
/** `hive.openshift.io/v1` ClusterDeployment (namespaced): the cluster Hive tracks; it names the ImageClusterInstall. */
export type ClusterDeployment = SpecResource<E['clusterDeployment'], 'ClusterDeployment', ClusterDeploymentSpec>;
/** `hive.openshift.io/v1` ClusterImageSet (cluster-scoped): a release image installs can name. */
export type ClusterImageSet = SpecResource<E['clusterImageSet'], 'ClusterImageSet', ClusterImageSetSpec>;
