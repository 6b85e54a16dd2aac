/**
 * Pulumi components for hosted clusters on AWS: `hcp-constructs/pulumi/aws`. Loads @pulumi/aws and
 * @pulumi/random; `hcp-constructs/pulumi` never does.
 */
export * from './network';
export * from './iam';
export * from './hosted-cluster';
// The management cluster's side on AWS: the bucket the HyperShift operator publishes OIDC documents to.
export * from '../management/oidc-bucket';
