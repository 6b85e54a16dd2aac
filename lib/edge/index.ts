/** Relocatable edge sites: hosts preinstalled with single-node OpenShift, reconfigured at their site by the hub's image-based install operator. */
export * from './edge-site';
export * from './edge-site-identity';
