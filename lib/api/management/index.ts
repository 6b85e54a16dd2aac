/**
 * Kinds of the management cluster (lib/management): OLM installs, the multicluster engine and its
 * hypershift add-on, MetalLB, OpenShift Virtualization, assisted-service, and the cluster's own
 * ingress and image settings (its KubeletConfig and mirror sets are the node-config kinds). Spec types are
 * generated from the upstream CRDs (scripts/gen-api/targets.ts), except IngressController's
 * (ingress-controller.ts), Image's (image-config.ts) and ManagedClusterAddOn's (managed-cluster-addon.ts).
 */
import type { SpecResource } from '../k8s';
import type { AddOnDeploymentConfigSpec } from './addon-deployment-config.generated';
import type { AgentServiceConfigSpec } from './agent-service-config.generated';
import type { BGPAdvertisementSpec } from './bgp-advertisement.generated';
import type { BGPPeerSpec } from './bgp-peer.generated';
import type { CatalogSourceSpec } from './catalog-source.generated';
import type { HyperConvergedSpec } from './hyperconverged.generated';
import type { ImageConfigSpec } from './image-config';
import type { IngressControllerSpec } from './ingress-controller';
import type { IPAddressPoolSpec } from './ip-address-pool.generated';
import type { L2AdvertisementSpec } from './l2-advertisement.generated';
import type { ManagedClusterAddOnSpec } from './managed-cluster-addon';
import type { MetalLBSpec } from './metallb.generated';
import type { MultiClusterEngineSpec } from './multicluster-engine.generated';
import type { OperatorGroupSpec } from './operator-group.generated';
import type { SubscriptionSpec } from './subscription.generated';

export * from './addon-deployment-config.generated';
export * from './agent-service-config.generated';
export * from './bgp-advertisement.generated';
export * from './bgp-peer.generated';
export * from './catalog-source.generated';
export * from './hyperconverged.generated';
export * from './image-config';
export * from './ingress-controller';
export * from './ip-address-pool.generated';
export * from './l2-advertisement.generated';
// Types only: its schema loads with the others, on the first check (check.ts).
export type { ManagedClusterAddOnSpec } from './managed-cluster-addon';
export * from './metallb.generated';
export * from './multicluster-engine.generated';
export * from './operator-group.generated';
export * from './subscription.generated';

/** The API versions the library writes, one per group (the storage versions, except HyperConverged). */
export const MANAGEMENT_API_VERSIONS = {
  operatorGroup: 'operators.coreos.com/v1',
  subscription: 'operators.coreos.com/v1alpha1',
  catalogSource: 'operators.coreos.com/v1alpha1',
  multiClusterEngine: 'multicluster.openshift.io/v1',
  addOnDeploymentConfig: 'addon.open-cluster-management.io/v1alpha1',
  managedClusterAddOn: 'addon.open-cluster-management.io/v1alpha1',
  metallb: 'metallb.io/v1beta1',
  bgpPeer: 'metallb.io/v1beta2',
  /** v1beta1: served by every HCO release; v1 only from 1.18 (ecosystem CRDs note). */
  hyperConverged: 'hco.kubevirt.io/v1beta1',
  agentServiceConfig: 'agent-install.openshift.io/v1beta1',
  ingressController: 'operator.openshift.io/v1',
  imageConfig: 'config.openshift.io/v1',
} as const;

type Resource<V extends string, K extends string, S> = SpecResource<V, K, S>;

type A = typeof MANAGEMENT_API_VERSIONS;
export type OperatorGroup = Resource<A['operatorGroup'], 'OperatorGroup', OperatorGroupSpec>;
export type Subscription = Resource<A['subscription'], 'Subscription', SubscriptionSpec>;
export type CatalogSource = Resource<A['catalogSource'], 'CatalogSource', CatalogSourceSpec>;
export type MultiClusterEngine = Resource<A['multiClusterEngine'], 'MultiClusterEngine', MultiClusterEngineSpec>;
export type AddOnDeploymentConfig = Resource<A['addOnDeploymentConfig'], 'AddOnDeploymentConfig', AddOnDeploymentConfigSpec>;
/** `addon.open-cluster-management.io/v1alpha1` ManagedClusterAddOn (namespaced, in its ManagedCluster's namespace): an add-on enabled on one managed cluster. */
export type ManagedClusterAddOn = Resource<A['managedClusterAddOn'], 'ManagedClusterAddOn', ManagedClusterAddOnSpec>;
export type MetalLB = Resource<A['metallb'], 'MetalLB', MetalLBSpec>;
export type IPAddressPool = Resource<A['metallb'], 'IPAddressPool', IPAddressPoolSpec>;
export type L2Advertisement = Resource<A['metallb'], 'L2Advertisement', L2AdvertisementSpec>;
export type BGPAdvertisement = Resource<A['metallb'], 'BGPAdvertisement', BGPAdvertisementSpec>;
export type BGPPeer = Resource<A['bgpPeer'], 'BGPPeer', BGPPeerSpec>;
export type HyperConverged = Resource<A['hyperConverged'], 'HyperConverged', HyperConvergedSpec>;
export type AgentServiceConfig = Resource<A['agentServiceConfig'], 'AgentServiceConfig', AgentServiceConfigSpec>;
export type IngressController = Resource<A['ingressController'], 'IngressController', IngressControllerSpec>;
/** `config.openshift.io/v1` Image `cluster` (cluster-scoped), the cluster-wide image settings; kind `Image`. */
export type ImageConfig = Resource<A['imageConfig'], 'Image', ImageConfigSpec>;
