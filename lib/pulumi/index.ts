/** Pulumi components for hosted clusters. Loads @pulumi/pulumi and @pulumi/kubernetes; the cdk8s entry never does. */
export * from './errors';
export * from './hosted-cluster';
export * from './management-cluster';
export * from './agent-infrastructure';
export * from './hosted-cluster-provider';
export * from './hosted-cluster-ingress';
export * from './planned-component';
