/**
 * Access to a hosted cluster: typed OAuth identity providers and named serving certificates,
 * rendered into `spec.configuration` with the Secrets and ConfigMaps they reference. HyperShift
 * reads every Secret and ConfigMap the configuration names from the HostedCluster's own namespace
 * (not `openshift-config`, as in a standalone cluster), under the keys of the OpenShift config API:
 * `clientSecret`, `htpasswd`, `bindPassword`, `tls.crt`/`tls.key`, and `ca.crt` for CA bundles.
 */
import type { ConfigMap, HostedClusterSpec, KubernetesObject } from '../api';
import { ANNOTATIONS, SAFE_TO_DELETE_LABEL } from './defaults';
import type { IssueCollector } from './errors';
import { deepMerge } from './merge';
import { MAX_SUBDOMAIN_LENGTH, dnsSubdomainProblem } from './names';
import { bool, list, literal, oneKeyOf, oneOf, strict, stringMap, text, variantOf } from './schema';
import { SecretContract, renderSecret, secretSourceSchema } from './secrets';
import type { SecretSource } from './secret-source';
import type { CaBundleSource, IdentityProviderProps, NamedCertificateProps } from './access-props';
import { MAPPING_METHODS } from './access-props';
import { v } from './valibot';

export type * from './access-props';

/** @internal */
export const caBundleSourceSchema = oneKeyOf(
  {
    pem: text(),
    existingConfigMap: text({ max: MAX_SUBDOMAIN_LENGTH }),
  },
  'a CA bundle source',
);

const names = () => v.optional(list(text()));
const clientEntries = { clientID: text(), clientSecret: secretSourceSchema };
const tlsClientEntries = { tlsClientCert: v.optional(secretSourceSchema), tlsClientKey: v.optional(secretSourceSchema) };

/** What every identity provider has: its name, its type (the API's type names) and its mapping method. */
const idpEntries = <T extends string>(type: T) => ({
  name: text({ max: MAX_SUBDOMAIN_LENGTH }),
  type: literal(type),
  mappingMethod: v.optional(oneOf(MAPPING_METHODS)),
});

/** One identity provider, its schema chosen by `type`; each type has its own block, as in the API. @internal */
export const identityProviderSchema = variantOf(
  'type',
  {
    HTPasswd: strict({ ...idpEntries('HTPasswd'), htpasswd: strict({ fileData: secretSourceSchema }) }),
    OpenID: strict({
      ...idpEntries('OpenID'),
      openID: strict({
        ...clientEntries,
        issuer: text(),
        ca: v.optional(caBundleSourceSchema),
        claims: v.optional(strict({ preferredUsername: names(), name: names(), email: names(), groups: names() })),
        extraScopes: names(),
        extraAuthorizeParameters: v.optional(stringMap()),
      }),
    }),
    GitHub: strict({
      ...idpEntries('GitHub'),
      github: strict({ ...clientEntries, organizations: names(), teams: names(), hostname: v.optional(text()), ca: v.optional(caBundleSourceSchema) }),
    }),
    GitLab: strict({ ...idpEntries('GitLab'), gitlab: strict({ ...clientEntries, url: text(), ca: v.optional(caBundleSourceSchema) }) }),
    Google: strict({ ...idpEntries('Google'), google: strict({ ...clientEntries, hostedDomain: v.optional(text()) }) }),
    LDAP: strict({
      ...idpEntries('LDAP'),
      ldap: strict({
        url: text(),
        bindDN: v.optional(text()),
        bindPassword: v.optional(secretSourceSchema),
        insecure: v.optional(bool()),
        ca: v.optional(caBundleSourceSchema),
        attributes: strict({ id: list(text()), preferredUsername: names(), name: names(), email: names() }),
      }),
    }),
    Keystone: strict({ ...idpEntries('Keystone'), keystone: strict({ url: text(), domainName: text(), ca: v.optional(caBundleSourceSchema), ...tlsClientEntries }) }),
    BasicAuth: strict({ ...idpEntries('BasicAuth'), basicAuth: strict({ url: text(), ca: v.optional(caBundleSourceSchema), ...tlsClientEntries }) }),
    RequestHeader: strict({
      ...idpEntries('RequestHeader'),
      requestHeader: strict({
        ca: caBundleSourceSchema,
        headers: list(text()),
        loginURL: v.optional(text()),
        challengeURL: v.optional(text()),
        clientCommonNames: names(),
        preferredUsernameHeaders: names(),
        nameHeaders: names(),
        emailHeaders: names(),
      }),
    }),
  },
  'an identity provider',
);

/** The key of each identity provider type's block in the API (`OpenID` → `openID`). */
export const IDENTITY_PROVIDER_BLOCK_KEYS = {
  HTPasswd: 'htpasswd',
  OpenID: 'openID',
  GitHub: 'github',
  GitLab: 'gitlab',
  Google: 'google',
  LDAP: 'ldap',
  Keystone: 'keystone',
  BasicAuth: 'basicAuth',
  RequestHeader: 'requestHeader',
} as const satisfies Record<IdentityProviderProps['type'], string>;

/** @internal */
export const namedCertificateSchema = strict({
  names: list(text({ max: MAX_SUBDOMAIN_LENGTH }), { max: 64, limit: 'the HostedCluster CRD\'s maximum' }),
  servingCertificate: secretSourceSchema,
});

/** The Secret fields of identity provider blocks: the key HyperShift reads, and the suffix of the Secret the library writes. */
const SECRET_FIELDS: Readonly<Record<string, { readonly key: string; readonly suffix: string }>> = {
  fileData: { key: 'htpasswd', suffix: 'htpasswd' },
  clientSecret: { key: 'clientSecret', suffix: 'client-secret' },
  bindPassword: { key: 'bindPassword', suffix: 'bind-password' },
  tlsClientCert: { key: 'tls.crt', suffix: 'tls-client-cert' },
  tlsClientKey: { key: 'tls.key', suffix: 'tls-client-key' },
};

/** The ConfigMap key of every CA bundle an identity provider references. */
export const CA_BUNDLE_KEY = 'ca.crt';

/** Where the typed access props are, and what rendering them needs. */
export interface AccessProps {
  readonly identityProviders?: readonly IdentityProviderProps[];
  readonly namedCertificates?: readonly NamedCertificateProps[];
  readonly configuration?: HostedClusterSpec['configuration'];
}

export interface AccessContext {
  readonly cluster: string;
  readonly namespace: string;
  readonly allowInlineSecrets: boolean;
  readonly issues: IssueCollector;
}

/** The configuration with the typed access props in it, and the objects they need. */
export interface RenderedAccess {
  readonly configuration: HostedClusterSpec['configuration'];
  /** Secrets, ExternalSecrets and ConfigMaps to apply before the HostedCluster. */
  readonly objects: readonly KubernetesObject[];
  /** `Secret/<name>` and `ConfigMap/<name>` the props declare as already existing. */
  readonly existing: ReadonlySet<string>;
}

/** `IAM Users` → `iam-users`, `*.apps.example.com` → `wildcard-apps-example-com`: a name part for the objects the library writes. */
export function objectNamePart(text: string): string {
  return text
    .toLowerCase()
    .replace(/\*/g, 'wildcard')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Renders identity providers and named certificates into the configuration, with the objects
 * they reference. Both given typed and in `configuration` is an error: one of them would be lost.
 */
export function renderAccess(props: AccessProps, context: AccessContext): RenderedAccess {
  const objects: KubernetesObject[] = [];
  const existing = new Set<string>();
  const written = new Map<string, string>();
  const add = (rendered: { refName: string; objects: readonly KubernetesObject[] }, kind: 'Secret' | 'ConfigMap', path: string) => {
    if (rendered.objects.length === 0) existing.add(`${kind}/${rendered.refName}`);
    for (const object of rendered.objects) {
      const id = `${object.kind}/${object.metadata.name}`;
      const first = written.get(id);
      if (first) {
        context.issues.error(path, `${path} and ${first} would both write ${object.kind} ${context.namespace}/${object.metadata.name}.`, 'Rename one of them so that their names differ in letters or digits.');
        continue;
      }
      written.set(id, path);
      objects.push(object);
    }
    return { name: rendered.refName };
  };
  const configured = props.configuration;
  const identityProviders = props.identityProviders?.map((idp, index) => renderIdentityProvider(idp, `identityProviders[${index}]`, context, add));
  const namedCertificates = props.namedCertificates?.map((cert, index) => renderNamedCertificate(cert, `namedCertificates[${index}]`, context, add));
  if (identityProviders && configured?.oauth?.identityProviders) {
    context.issues.error('identityProviders', 'identity providers are given both here and in configuration.oauth.identityProviders; one list would replace the other.', 'Move every identity provider to identityProviders and remove configuration.oauth.identityProviders.');
  }
  if (namedCertificates && configured?.apiServer?.servingCerts?.namedCertificates) {
    context.issues.error('namedCertificates', 'named certificates are given both here and in configuration.apiServer.servingCerts.namedCertificates; one list would replace the other.', 'Move every named certificate to namedCertificates and remove configuration.apiServer.servingCerts.namedCertificates.');
  }
  const typed: HostedClusterSpec['configuration'] = {
    ...(identityProviders ? { oauth: { identityProviders } } : {}),
    ...(namedCertificates ? { apiServer: { servingCerts: { namedCertificates } } } : {}),
  };
  const configuration = Object.keys(typed).length === 0 ? configured : deepMerge(configured ?? {}, typed);
  return { configuration, objects, existing };
}

type AddRendered = (rendered: { refName: string; objects: readonly KubernetesObject[] }, kind: 'Secret' | 'ConfigMap', path: string) => { name: string };
type IdentityProvider = NonNullable<NonNullable<NonNullable<HostedClusterSpec['configuration']>['oauth']>['identityProviders']>[number];

/** One identity provider as the API takes it: its block with every SecretSource and CA bundle replaced by a reference. */
function renderIdentityProvider(idp: IdentityProviderProps, path: string, context: AccessContext, add: AddRendered): IdentityProvider {
  const key = IDENTITY_PROVIDER_BLOCK_KEYS[idp.type];
  const block = (idp as unknown as Record<string, Record<string, unknown>>)[key];
  const prefix = `${context.cluster}-idp-${objectNamePart(idp.name)}`;
  const rendered: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(block)) {
    const at = `${path}.${key}.${field}`;
    const secret = SECRET_FIELDS[field];
    if (secret) {
      const contract: SecretContract = { name: `${prefix}-${secret.suffix}`, namespace: context.namespace, key: secret.key };
      rendered[field] = add(renderSecret(contract, value as SecretSource, { allowInline: context.allowInlineSecrets, path: at, issues: context.issues }), 'Secret', at);
    } else if (field === 'ca') {
      rendered[field] = add(renderCaBundle(value as CaBundleSource, `${prefix}-ca`, at, context), 'ConfigMap', at);
    } else {
      rendered[field] = value;
    }
  }
  return { name: idp.name, type: idp.type, ...(idp.mappingMethod ? { mappingMethod: idp.mappingMethod } : {}), [key]: rendered } as IdentityProvider;
}

/** A CA bundle: a ConfigMap written from PEM text, or one that exists. */
function renderCaBundle(source: CaBundleSource, name: string, path: string, context: AccessContext): { refName: string; objects: KubernetesObject[] } {
  if ('existingConfigMap' in source) {
    const problem = dnsSubdomainProblem(source.existingConfigMap);
    if (problem) context.issues.error(`${path}.existingConfigMap`, `ConfigMap name ${JSON.stringify(source.existingConfigMap)} ${problem}.`, 'Use the name of a ConfigMap in the HostedCluster namespace.');
    return { refName: source.existingConfigMap, objects: [] };
  }
  const problem = pemBundleProblem(source.pem);
  if (problem) context.issues.error(`${path}.pem`, problem, 'Give the PEM text of the CA certificates ("-----BEGIN CERTIFICATE-----...").');
  const configMap: ConfigMap = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: context.namespace, labels: { [SAFE_TO_DELETE_LABEL]: 'true' } },
    data: { [CA_BUNDLE_KEY]: source.pem },
  };
  return { refName: name, objects: [configMap] };
}

type NamedCertificate = NonNullable<NonNullable<NonNullable<NonNullable<HostedClusterSpec['configuration']>['apiServer']>['servingCerts']>['namedCertificates']>[number];

/** A named certificate and its `kubernetes.io/tls` Secret. */
function renderNamedCertificate(cert: NamedCertificateProps, path: string, context: AccessContext, add: AddRendered): NamedCertificate {
  const suffix = cert.names.length > 0 ? objectNamePart(cert.names[0]) : path.replace(/\D/g, '');
  const contract: SecretContract = { name: `${context.cluster}-serving-cert-${suffix}`, namespace: context.namespace, key: 'tls.crt', type: 'kubernetes.io/tls', tlsPair: true };
  const at = `${path}.servingCertificate`;
  const servingCertificate = add(renderSecret(contract, cert.servingCertificate, { allowInline: context.allowInlineSecrets, path: at, issues: context.issues }), 'Secret', at);
  return { names: [...cert.names], servingCertificate };
}

/** Why a CA bundle's PEM text is unusable, never echoing it; undefined when it holds certificates only. */
export function pemBundleProblem(pem: string): string | undefined {
  if (pem.includes('PRIVATE KEY')) return 'the CA bundle holds a private key; only certificates belong in a ConfigMap.';
  if (!/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/.test(pem)) return 'the CA bundle holds no PEM certificate ("-----BEGIN CERTIFICATE-----").';
  return undefined;
}

/**
 * Bring-your-own PKI is not expressible. The HostedCluster has no field that takes the control
 * plane's CAs; what it takes is certificates the API server serves for other names
 * (`namedCertificates`) and the service-account signing key (`serviceAccountSigningKeySecret`).
 * The annotation `hypershift.openshift.io/disable-pki-reconciliation` only stops the control-plane
 * operator from creating and renewing every certificate Secret of the control-plane namespace,
 * which the operator creates and names: the library cannot write them, so it is a warning.
 */
export function checkOwnPki(annotations: Readonly<Record<string, string>> | undefined, issues: IssueCollector): void {
  if (annotations?.[ANNOTATIONS.disablePkiReconciliation] === undefined) return;
  issues.warn(
    `annotations[${JSON.stringify(ANNOTATIONS.disablePkiReconciliation)}]`,
    "the control-plane operator then creates and renews none of the control plane's certificates: every CA, serving and client certificate Secret of the control-plane namespace must be written and rotated by you, and the library cannot write them (the namespace and the Secrets' names are the operator's; no HostedCluster field takes a CA).",
    'Remove the annotation unless you run the PKI of the control plane yourself; serve the API under your own certificate with namedCertificates, and sign service-account tokens with serviceAccountSigningKeySecret.',
  );
}
