import type { SpecResource } from '../k8s';
import type { ExternalSecretSpec } from './external-secret.generated';

export * from './external-secret.generated';

/** API group and version of the external-secrets kinds the library emits. */
export const EXTERNAL_SECRETS_API_VERSION = 'external-secrets.io/v1';

/** `external-secrets.io/v1` ExternalSecret: a Secret materialized from an external store. */
export type ExternalSecret = SpecResource<typeof EXTERNAL_SECRETS_API_VERSION, 'ExternalSecret', ExternalSecretSpec>;
