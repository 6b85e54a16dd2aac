export * from './k8s';
export * from './hypershift';
export * from './external-secrets';
export * from './management';
export * from './agent-install';
export * from './metal3';
export * from './kubevirt';
export * from './schema';
