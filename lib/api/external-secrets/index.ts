import type { ObjectMeta } from '../k8s';
import type { ExternalSecretSpec } from './external-secret.generated';

export * from './external-secret.generated';

export const EXTERNAL_SECRETS_API_VERSION = 'external-secrets.io/v1';

/** `external-secrets.io/v1` ExternalSecret: a Secret materialized from an external store. */
export interface ExternalSecret {
  readonly apiVersion: typeof EXTERNAL_SECRETS_API_VERSION;
  readonly kind: 'ExternalSecret';
  readonly metadata: ObjectMeta;
  readonly spec: ExternalSecretSpec;
}
