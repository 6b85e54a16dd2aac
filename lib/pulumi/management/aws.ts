/** `hcp-constructs/pulumi/management-aws`: AWS resources of the management cluster. Loads @pulumi/aws. */
export * from './oidc-bucket';
