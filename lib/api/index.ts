export * from './k8s';
export * from './hypershift';
export * from './external-secrets';
export * from './management';
export * from './schema';
