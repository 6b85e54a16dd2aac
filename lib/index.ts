/**
 * hcp-constructs: typed OpenShift Hosted Control Planes (HyperShift) for cdk8s and Pulumi.
 * This entry point is framework-free; see `hcp-constructs/cdk8s` and `hcp-constructs/pulumi`.
 */
export * from './api';
export * from './core';
export * from './platforms';
