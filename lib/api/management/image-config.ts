/**
 * `config.openshift.io/v1` Image `cluster`: the cluster-wide image settings. Only the fields the
 * library sets are typed here; every emitted Image is still checked against the whole generated
 * schema (image-config.schema.generated.ts). The object exists on every cluster, so the library
 * writes it as a patch.
 */

/** A ConfigMap in `openshift-config` whose keys are registry hosts (`host..port` for a port) and whose values are PEM CA bundles. */
export interface ImageConfigTrustedCA {
  /** Name of the ConfigMap in `openshift-config`. */
  readonly name: string;
}

export interface ImageConfigSpec {
  /** CAs to trust when pulling from (and pushing to) registries: an object naming one ConfigMap, not a list. */
  readonly additionalTrustedCA?: ImageConfigTrustedCA;
}
