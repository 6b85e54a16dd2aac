/** The management cluster (framework-free): operators, their configuration, presets, checks. */
export * from './props';
export * from './olm';
export * from './presets';
export * from './planned';
export * from './operator-secrets';
export * from './multicluster-engine';
export * from './metallb';
export * from './virtualization';
export * from './assisted-service';
export * from './nodes';
export * from './requirements';
export * from './install-flags';
export * from './monitoring';
export * from './kubelet';
export * from './wildcard-routes';
export * from './default-storage-class';
export * from './management-cluster';
