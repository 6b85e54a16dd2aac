/** Day-2 objects applied inside a hosted cluster (framework-free). */
export * from './ingress';
export * from './pool-overlap';
