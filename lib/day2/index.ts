/** Day-2 objects applied inside a hosted cluster (framework-free). */
export * from './ingress';
export * from './pool-overlap';
export * from './guest-operators';
export * from './aws-sts';
export * from './sriov';
export * from './workload-backup';
