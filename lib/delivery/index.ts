/** Delivery of the output folders by Argo CD (with ACM) or Flux: pure planners over the folders a synth writes. */
export * from './delivery';
export * from './context';
export * from './argocd';
export * from './flux';
export * from './acm';
