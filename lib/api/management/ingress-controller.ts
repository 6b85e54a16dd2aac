/**
 * `operator.openshift.io/v1` IngressController: only the fields the library sets are typed here
 * (the full spec is very large); every emitted IngressController is still checked against the
 * whole generated schema (ingress-controller.schema.generated.ts).
 */

/** How the router admits routes across namespaces, and whether wildcard routes are allowed. */
export interface IngressControllerRouteAdmission {
  /** `WildcardsAllowed` admits routes with a wildcard host (`*.apps.<hosted cluster>...`). */
  readonly wildcardPolicy?: 'WildcardsAllowed' | 'WildcardsDisallowed';
  readonly namespaceOwnership?: 'Strict' | 'InterNamespaceAllowed';
}

export interface IngressControllerSpec {
  readonly routeAdmission?: IngressControllerRouteAdmission;
}
