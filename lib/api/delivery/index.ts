/**
 * Kinds that make a GitOps engine deliver the output folders (lib/delivery): Argo CD's AppProject,
 * ApplicationSet and the operator's ArgoCD resource, Flux's GitRepository and Kustomization, and
 * ACM's ManagedClusterSetBinding, Placement and GitOpsCluster. Spec types are generated from the
 * upstream CRDs (scripts/gen-api/targets.ts), except ApplicationSet's and ArgoCD's (application-set.ts).
 */
import type { SpecResource } from '../k8s';
import type { AppProjectSpec } from './app-project.generated';
import type { ApplicationSetSpec, ArgoCdSpec } from './application-set';
import type { GitOpsClusterSpec } from './gitops-cluster.generated';
import type { GitRepositorySpec } from './git-repository.generated';
import type { KustomizationSpec } from './kustomization.generated';
import type { ManagedClusterSetBindingSpec } from './managed-cluster-set-binding.generated';
import type { PlacementSpec } from './placement.generated';

export * from './app-project.generated';
export * from './application-set';
export * from './gitops-cluster.generated';
export * from './git-repository.generated';
export * from './kustomization.generated';
export * from './managed-cluster-set-binding.generated';
export * from './placement.generated';

/** The API versions the library writes for delivery. */
export const DELIVERY_API_VERSIONS = {
  appProject: 'argoproj.io/v1alpha1',
  applicationSet: 'argoproj.io/v1alpha1',
  argoCd: 'argoproj.io/v1beta1',
  gitRepository: 'source.toolkit.fluxcd.io/v1',
  kustomization: 'kustomize.toolkit.fluxcd.io/v1',
  managedClusterSetBinding: 'cluster.open-cluster-management.io/v1beta2',
  placement: 'cluster.open-cluster-management.io/v1beta1',
  gitOpsCluster: 'apps.open-cluster-management.io/v1beta1',
} as const;

type D = typeof DELIVERY_API_VERSIONS;
/** `argoproj.io/v1alpha1` AppProject (namespaced): which repositories, clusters and cluster-scoped kinds its Applications may use. */
export type AppProject = SpecResource<D['appProject'], 'AppProject', AppProjectSpec>;
/** `argoproj.io/v1alpha1` ApplicationSet (namespaced): one Application per parameter set of its generators. */
export type ApplicationSet = SpecResource<D['applicationSet'], 'ApplicationSet', ApplicationSetSpec>;
/** `argoproj.io/v1beta1` ArgoCD (namespaced; the Argo CD operator's): patched for its health checks only. */
export type ArgoCd = SpecResource<D['argoCd'], 'ArgoCD', ArgoCdSpec>;
/** `source.toolkit.fluxcd.io/v1` GitRepository (namespaced): the repository Flux fetches. */
export type GitRepository = SpecResource<D['gitRepository'], 'GitRepository', GitRepositorySpec>;
/** `kustomize.toolkit.fluxcd.io/v1` Kustomization (namespaced): one folder of the repository applied to a cluster. */
export type FluxKustomization = SpecResource<D['kustomization'], 'Kustomization', KustomizationSpec>;
/** `cluster.open-cluster-management.io/v1beta2` ManagedClusterSetBinding (namespaced): makes a cluster set selectable from its namespace. */
export type ManagedClusterSetBinding = SpecResource<D['managedClusterSetBinding'], 'ManagedClusterSetBinding', ManagedClusterSetBindingSpec>;
/** `cluster.open-cluster-management.io/v1beta1` Placement (namespaced): selects ManagedClusters of the bound sets. */
export type Placement = SpecResource<D['placement'], 'Placement', PlacementSpec>;
/** `apps.open-cluster-management.io/v1beta1` GitOpsCluster (namespaced): registers a Placement's clusters with Argo CD. */
export type GitOpsCluster = SpecResource<D['gitOpsCluster'], 'GitOpsCluster', GitOpsClusterSpec>;
