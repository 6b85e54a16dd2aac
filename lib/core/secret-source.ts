/**
 * Where the value of a Secret comes from, as users write it. Plain types (kept equal to
 * `secretSourceSchema` by test/types/props-match-schemas.ts), so consumers' declarations never
 * name the schema library.
 */

/** The kinds of store an external secret is read from. */
export const SECRET_STORE_KINDS = ['ClusterSecretStore', 'SecretStore'] as const;

/** A key in an external secret store, materialized into the cluster by external-secrets. */
export interface ExternalSecretSource {
  /** Name of the ClusterSecretStore or SecretStore. */
  readonly store: string;
  /** Kind of the store. @default 'ClusterSecretStore' */
  readonly storeKind?: (typeof SECRET_STORE_KINDS)[number];
  /** Key of the secret in the store. */
  readonly key: string;
  /** Property inside that key, for stores that hold JSON objects. @default the whole value */
  readonly property?: string;
  /** How often external-secrets re-reads the store. @default '1h' */
  readonly refreshInterval?: string;
}

/** Exactly one of: an existing Secret, an ExternalSecret, or (opt-in only) an inline value. */
export type SecretSource =
  | {
      /** Name of a Secret that already exists in the HostedCluster namespace. */
      readonly existingSecret: string;
    }
  | {
      /** A key in a secret store, read by external-secrets. */
      readonly externalSecret: ExternalSecretSource;
    }
  | {
      /** The value itself; written into the output, so it requires `allowInlineSecrets: true`. */
      readonly inline: string;
    };

/** Helpers that read better than object literals: `SecretSource.external({ store, key })`. */
export const SecretSource = {
  existing: (name: string): SecretSource => ({ existingSecret: name }),
  external: (source: ExternalSecretSource): SecretSource => ({ externalSecret: source }),
  inline: (value: string): SecretSource => ({ inline: value }),
} as const;
