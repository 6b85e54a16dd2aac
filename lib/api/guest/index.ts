/**
 * Kinds applied inside a hosted cluster (lib/day2) besides the OLM ones of lib/api/management:
 * SR-IOV networks and the CredentialsRequest of an operator that uses AWS STS. Spec types are
 * generated from the upstream CRDs (scripts/gen-api/targets.ts).
 */
import type { HostedClusterSpecConfigurationOperatorhub as OperatorHubSpec } from '../hypershift/hosted-cluster.generated';
import type { SpecResource } from '../k8s';
import type { CredentialsRequestSpec } from './credentials-request.generated';
import type { SriovNetworkNodePolicySpec } from './sriov-network-node-policy.generated';
import type { SriovNetworkSpec } from './sriov-network.generated';

export * from './credentials-request.generated';
export * from './sriov-network-node-policy.generated';
export * from './sriov-network.generated';

/** The API versions the library writes inside hosted clusters. */
export const GUEST_API_VERSIONS = {
  sriov: 'sriovnetwork.openshift.io/v1',
  credentialsRequest: 'cloudcredential.openshift.io/v1',
  /** OperatorHub `cluster`: its CRD is not among the reference CRDs; its spec is the HostedCluster's `configuration.operatorhub`. */
  operatorHub: 'config.openshift.io/v1',
} as const;

type Resource<V extends string, K extends string, S> = SpecResource<V, K, S>;

type G = typeof GUEST_API_VERSIONS;
export type SriovNetworkNodePolicy = Resource<G['sriov'], 'SriovNetworkNodePolicy', SriovNetworkNodePolicySpec>;
export type SriovNetwork = Resource<G['sriov'], 'SriovNetwork', SriovNetworkSpec>;
export type CredentialsRequest = Resource<G['credentialsRequest'], 'CredentialsRequest', CredentialsRequestSpec>;

/** `config.openshift.io/v1` OperatorHub `cluster` (cluster-scoped): which default catalogs OLM offers. Its spec is the one HostedCluster `configuration.operatorhub` embeds. */
export type OperatorHub = Resource<G['operatorHub'], 'OperatorHub', OperatorHubSpec>;
