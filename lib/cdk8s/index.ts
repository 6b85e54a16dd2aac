/** cdk8s constructs for hosted clusters. Never loads @pulumi/*. */
export * from './hosted-cluster-bundle';
export * from './hosted-cluster';
export * from './agent-infrastructure';
export * from './planned-api-object';
export * from './render';
export * from './planned-construct';
export * from './output-folder';
export * from './synth';
export * from './yaml-output';
export * from './management-cluster';
export * from './hosted-cluster-ingress';
export * from './cdk8s-plus';
