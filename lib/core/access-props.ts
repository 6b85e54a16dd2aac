/**
 * Who may reach a hosted cluster's API and how they log in, as users write it: OAuth identity
 * providers and named serving certificates. The shapes follow the HostedCluster's
 * `spec.configuration.oauth.identityProviders[]` and `spec.configuration.apiServer.servingCerts`
 * field for field, except that every Secret is a {@link SecretSource} and every CA bundle a
 * {@link CaBundleSource}: the library creates (or references) them in the HostedCluster's
 * namespace, where HyperShift reads them. Kept equal to the schemas in access.ts by
 * test/types/props-match-schemas.ts.
 */
import type { SecretSource } from './secret-source';

/** A PEM CA bundle for an identity provider: written into a ConfigMap (key `ca.crt`), or one that exists. */
export type CaBundleSource =
  | {
      /** PEM certificates; the library writes ConfigMap `<cluster>-idp-<provider>-ca` with key `ca.crt`. */
      readonly pem: string;
    }
  | {
      /** Name of a ConfigMap with key `ca.crt` that already exists in the HostedCluster namespace. */
      readonly existingConfigMap: string;
    };

/** How identities of a provider map to users. */
export type MappingMethod = (typeof MAPPING_METHODS)[number];

/** The ways an identity is mapped to a user (`IdentityProviderBase.mappingMethod`). */
export const MAPPING_METHODS = ['claim', 'lookup', 'add'] as const;

/** What every identity provider has. */
export interface IdentityProviderBase {
  /** Prefixes the provider's identities and ends its callback URL (`/oauth2callback/<name>`); unique; no "/", "%" or ":". */
  readonly name: string;
  /** How identities map to users. @default 'claim' (the OAuth server's) */
  readonly mappingMethod?: MappingMethod;
}

/** Users and passwords from an htpasswd file. */
export interface HTPasswdIdentityProvider extends IdentityProviderBase {
  /** Selects an htpasswd file as this provider's user list. */
  readonly type: 'HTPasswd';
  /** Where the htpasswd file comes from (the provider's `htpasswd` block in the HostedCluster). */
  readonly htpasswd: {
    /** The htpasswd file (Secret key `htpasswd`). */
    readonly fileData: SecretSource;
  };
}

/** An OpenID Connect provider. */
export interface OpenIDIdentityProvider extends IdentityProviderBase {
  /** Selects an OpenID Connect issuer as this provider. */
  readonly type: 'OpenID';
  /** The OIDC client and issuer settings (the provider's `openID` block in the HostedCluster). */
  readonly openID: {
    /** The OAuth client ID. */
    readonly clientID: string;
    /** The OAuth client secret (Secret key `clientSecret`). */
    readonly clientSecret: SecretSource;
    /** The issuer URL: https, no query or fragment, no trailing "/". */
    readonly issuer: string;
    /** CA bundle to trust the issuer with. @default the system trust */
    readonly ca?: CaBundleSource;
    /** Which claims give the user's names and groups. @default the OAuth server's (`sub` for the ID only) */
    readonly claims?: {
      /** @default none */
      readonly preferredUsername?: readonly string[];
      /** @default none */
      readonly name?: readonly string[];
      /** @default none */
      readonly email?: readonly string[];
      /** @default none */
      readonly groups?: readonly string[];
    };
    /** Scopes to request besides `openid`. @default none */
    readonly extraScopes?: readonly string[];
    /** More parameters of the authorize request. @default none */
    readonly extraAuthorizeParameters?: Readonly<Record<string, string>>;
  };
}

/** GitHub or GitHub Enterprise. */
export interface GitHubIdentityProvider extends IdentityProviderBase {
  /** Selects GitHub or a GitHub Enterprise host as this provider. */
  readonly type: 'GitHub';
  /** The OAuth application and who may log in (the provider's `github` block in the HostedCluster). */
  readonly github: {
    /** The OAuth client ID. */
    readonly clientID: string;
    /** The OAuth client secret (Secret key `clientSecret`). */
    readonly clientSecret: SecretSource;
    /** Organizations allowed to log in (not with teams). @default none */
    readonly organizations?: readonly string[];
    /** Teams allowed to log in, as `<org>/<team>` (not with organizations). @default none */
    readonly teams?: readonly string[];
    /** Host of a GitHub Enterprise instance. @default github.com */
    readonly hostname?: string;
    /** CA bundle of the GitHub Enterprise host (needs hostname). @default the system trust */
    readonly ca?: CaBundleSource;
  };
}

/** GitLab. */
export interface GitLabIdentityProvider extends IdentityProviderBase {
  /** Selects a GitLab server as this provider. */
  readonly type: 'GitLab';
  /** The OAuth application and server URL (the provider's `gitlab` block in the HostedCluster). */
  readonly gitlab: {
    /** The OAuth client ID. */
    readonly clientID: string;
    /** The OAuth client secret (Secret key `clientSecret`). */
    readonly clientSecret: SecretSource;
    /** Base URL of the GitLab server (https). */
    readonly url: string;
    /** CA bundle to trust the server with. @default the system trust */
    readonly ca?: CaBundleSource;
  };
}

/** Google. */
export interface GoogleIdentityProvider extends IdentityProviderBase {
  /** Selects Google accounts as this provider. */
  readonly type: 'Google';
  /** The OAuth client and the allowed Workspace domain (the provider's `google` block in the HostedCluster). */
  readonly google: {
    /** The OAuth client ID. */
    readonly clientID: string;
    /** The OAuth client secret (Secret key `clientSecret`). */
    readonly clientSecret: SecretSource;
    /** Google Workspace domain users must belong to. @default any */
    readonly hostedDomain?: string;
  };
}

/** An LDAP directory (simple bind). */
export interface LDAPIdentityProvider extends IdentityProviderBase {
  /** Selects an LDAP directory as this provider. */
  readonly type: 'LDAP';
  /** The directory's search URL, bind credentials and attribute mapping (the provider's `ldap` block in the HostedCluster). */
  readonly ldap: {
    /** RFC 2255 search URL: `ldap[s]://host:port/basedn?attribute?scope?filter`. */
    readonly url: string;
    /** DN to bind with while searching (with bindPassword). @default anonymous bind */
    readonly bindDN?: string;
    /** Password of bindDN (Secret key `bindPassword`). @default anonymous bind */
    readonly bindPassword?: SecretSource;
    /** Connect without TLS (`ldap://` only, no ca). @default false */
    readonly insecure?: boolean;
    /** CA bundle to trust the directory with. @default the system trust */
    readonly ca?: CaBundleSource;
    /** Which attributes give the user's ID, names and email. */
    readonly attributes: {
      /** Attributes of the user's ID; at least one (`dn` is usual). */
      readonly id: readonly string[];
      /** @default none */
      readonly preferredUsername?: readonly string[];
      /** @default none */
      readonly name?: readonly string[];
      /** @default none */
      readonly email?: readonly string[];
    };
  };
}

/** The client certificate an identity provider presents (Keystone, basic authentication). */
export interface TlsClientCertificate {
  /** PEM client certificate (Secret key `tls.crt`). @default none */
  readonly tlsClientCert?: SecretSource;
  /** PEM private key of that certificate (Secret key `tls.key`). @default none */
  readonly tlsClientKey?: SecretSource;
}

/** OpenStack Keystone v3. */
export interface KeystoneIdentityProvider extends IdentityProviderBase {
  /** Selects an OpenStack Keystone v3 service as this provider. */
  readonly type: 'Keystone';
  /** The Keystone URL and domain, and the client certificate to present (the provider's `keystone` block in the HostedCluster). */
  readonly keystone: TlsClientCertificate & {
    /** Keystone's URL (https). */
    readonly url: string;
    /** The Keystone v3 domain. */
    readonly domainName: string;
    /** CA bundle to trust Keystone with. @default the system trust */
    readonly ca?: CaBundleSource;
  };
}

/** A remote server that checks user name and password (basic authentication). */
export interface BasicAuthIdentityProvider extends IdentityProviderBase {
  /** Selects a remote server that checks basic-authentication credentials as this provider. */
  readonly type: 'BasicAuth';
  /** The server's URL, CA and client certificate (the provider's `basicAuth` block in the HostedCluster). */
  readonly basicAuth: TlsClientCertificate & {
    /** The server's URL. */
    readonly url: string;
    /** CA bundle to trust the server with. @default the system trust */
    readonly ca?: CaBundleSource;
  };
}

/** Identities from request headers set by an authenticating proxy. */
export interface RequestHeaderIdentityProvider extends IdentityProviderBase {
  /** Selects an authenticating proxy, trusted by its client certificate, as this provider. */
  readonly type: 'RequestHeader';
  /** The proxy's CA, the identity headers and the login and challenge URLs (the provider's `requestHeader` block in the HostedCluster). */
  readonly requestHeader: {
    /** CA bundle the proxy's client certificate must chain to; without it anyone reaching the OAuth server could claim any identity. */
    readonly ca: CaBundleSource;
    /** Headers holding the user's identity, first found wins. */
    readonly headers: readonly string[];
    /** Where browsers log in; its query holds `${url}` or `${query}`. @default none */
    readonly loginURL?: string;
    /** Where CLI clients are sent for a challenge; its query holds `${url}` or `${query}`. @default none */
    readonly challengeURL?: string;
    /** Common names the proxy's certificate may have. @default any */
    readonly clientCommonNames?: readonly string[];
    /** @default none */
    readonly preferredUsernameHeaders?: readonly string[];
    /** @default none */
    readonly nameHeaders?: readonly string[];
    /** @default none */
    readonly emailHeaders?: readonly string[];
  };
}

/** One OAuth identity provider of a hosted cluster, chosen by `type` (the API's type names). */
export type IdentityProviderProps =
  | HTPasswdIdentityProvider
  | OpenIDIdentityProvider
  | GitHubIdentityProvider
  | GitLabIdentityProvider
  | GoogleIdentityProvider
  | LDAPIdentityProvider
  | KeystoneIdentityProvider
  | BasicAuthIdentityProvider
  | RequestHeaderIdentityProvider;

/** A certificate the API server serves for the given host names. */
export interface NamedCertificateProps {
  /** DNS names the certificate serves; a leading `*.` is a wildcard. Not the APIServer's own LoadBalancer hostname. */
  readonly names: readonly string[];
  /**
   * The certificate and its key, as a `kubernetes.io/tls` Secret (`tls.crt`, `tls.key`): an
   * existing one; an ExternalSecret whose store key holds the properties `tls.crt` and `tls.key`;
   * or (allowInlineSecrets) the PEM certificate chain followed by its private key.
   */
  readonly servingCertificate: SecretSource;
}

/** How the API server is reached from inside the nodes, and from where. */
export interface ApiServerNetworkingProps {
  /** Only these CIDRs may reach the API server, where the platform's load balancer honours source ranges. @default any address */
  readonly allowedCIDRBlocks?: readonly string[];
  /** Address on each node's loopback that pods use to reach the API server; immutable. @default the operator's, 172.20.0.1 or fd00::1 */
  readonly advertiseAddress?: string;
  /** Port of the API server on the nodes; immutable. @default the operator's, 6443 */
  readonly port?: number;
}
