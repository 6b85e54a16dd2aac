/**
 * The Secrets the hypershift add-on reads in the `local-cluster` namespace to configure the
 * HyperShift operator (product documentation: "Creating an Amazon Web Services S3 bucket and S3
 * OIDC secret", "Creating a routable public zone / external DNS", "Enabling AWS PrivateLink"):
 *
 * | Secret | keys |
 * |---|---|
 * | `hypershift-operator-oidc-provider-s3-credentials` | `bucket`, `credentials` (AWS credentials file, `default` profile), `region` |
 * | `hypershift-operator-external-dns-credentials` | `provider`, `domain-filter`, `credentials` |
 * | `hypershift-operator-private-link-credentials` | `aws-access-key-id`, `aws-secret-access-key`, `region` |
 *
 * The add-on reads these fixed names, so an existing Secret must carry that name. Secret values
 * come from an existing Secret, an ExternalSecret or (opt-in) inline, as in the hosted-cluster
 * Secrets; plain values (bucket, region...) are written beside them.
 */
import type { ExternalSecret, KubernetesObject, Secret } from '../api';
import type { IssueCollector } from '../core/errors';
import { quote } from '../core/schema';
import type { SecretContract, SecretSource } from '../core/secrets';
import { renderSecret } from '../core/secrets';
import { sortKeys } from './planned';

/** The namespace of the hub's own ManagedCluster, which MCE creates. */
export const LOCAL_CLUSTER_NAMESPACE = 'local-cluster';

export const OPERATOR_SECRET_NAMES = {
  oidcStorage: 'hypershift-operator-oidc-provider-s3-credentials',
  externalDns: 'hypershift-operator-external-dns-credentials',
  privateLink: 'hypershift-operator-private-link-credentials',
} as const;

/** Included in the hub's disaster-recovery backups (documentation: label the OIDC and DNS secrets). */
const BACKUP_LABELS = { 'cluster.open-cluster-management.io/backup': 'true' } as const;

export interface OperatorSecret {
  readonly name: string;
  /** Secret keys, the prop each comes from (for messages) and where its value comes from. */
  readonly values: readonly { readonly key: string; readonly prop: string; readonly source: SecretSource }[];
  /** Keys with values that are not secret. */
  readonly plain: Readonly<Record<string, string>>;
}

/**
 * The objects that make one operator Secret exist: nothing for an existing Secret (it must have
 * the fixed name), one ExternalSecret (all values from one store), or one inline Secret.
 */
export function renderOperatorSecret(
  secret: OperatorSecret,
  options: { allowInline: boolean; path: string; issues: IssueCollector },
): KubernetesObject[] {
  const { issues, path } = options;
  const entries = secret.values;
  const kinds = new Set(entries.map(({ source }) => Object.keys(source)[0]));
  if (kinds.size > 1) {
    issues.error(path, `the values of ${secret.name} come from different kinds of source (${[...kinds].join(', ')}); they end up in one Secret.`, 'Give every value of this Secret the same kind of source.');
    return [];
  }
  // Render each key through the foundation's renderSecret (name checks, inline opt-in), then join them.
  const rendered = entries.map(({ key, prop, source }) => {
    const contract: SecretContract = { name: secret.name, namespace: LOCAL_CLUSTER_NAMESPACE, key };
    return { key, prop, source, objects: renderSecret(contract, source, { ...options, path: `${path}.${prop}` }).objects };
  });
  const first = entries[0].source;
  if ('existingSecret' in first) {
    for (const { prop, source } of rendered) {
      const given = (source as { existingSecret: string }).existingSecret;
      if (given !== secret.name) {
        issues.error(`${path}.${prop}.existingSecret`, `the hypershift add-on reads only the Secret ${quote(secret.name)} in ${LOCAL_CLUSTER_NAMESPACE}, not ${quote(given)}.`, `Name the Secret ${secret.name}, with the keys ${[...entries.map((e) => e.key), ...Object.keys(secret.plain)].sort().join(', ')}.`);
      }
    }
    return [];
  }
  if ('inline' in first) {
    const stringData: Record<string, string> = { ...secret.plain };
    for (const { key, objects } of rendered) Object.assign(stringData, (objects[0] as Secret | undefined)?.stringData ?? { [key]: '' });
    const object: Secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: secret.name, namespace: LOCAL_CLUSTER_NAMESPACE, labels: BACKUP_LABELS }, type: 'Opaque', stringData };
    return [object];
  }
  const externals = rendered.map((r) => r.objects[0] as ExternalSecret | undefined).filter((e): e is ExternalSecret => e !== undefined);
  if (externals.length !== rendered.length) return [];
  const stores = new Set(externals.map((e) => `${e.spec.secretStoreRef?.kind}/${e.spec.secretStoreRef?.name}`));
  if (stores.size > 1) {
    issues.error(path, `the values of ${secret.name} come from different secret stores (${[...stores].join(', ')}); one ExternalSecret reads one store.`, 'Read every value of this Secret from the same store.');
    return [];
  }
  const base = externals[0];
  // The template writes every key: the secret ones from the store, the plain ones as given.
  const templateData: Record<string, string> = { ...secret.plain };
  for (const { key } of rendered) templateData[key] = `{{ index . ${JSON.stringify(key)} }}`;
  const object: ExternalSecret = {
    ...base,
    metadata: { ...base.metadata, labels: BACKUP_LABELS },
    spec: {
      ...base.spec,
      target: { name: secret.name, creationPolicy: 'Owner', template: { type: 'Opaque', engineVersion: 'v2', metadata: { labels: BACKUP_LABELS }, data: sortKeys(templateData) } },
      data: externals.flatMap((e) => e.spec.data ?? []),
    },
  };
  return [object];
}
