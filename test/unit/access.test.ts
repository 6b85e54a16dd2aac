/**
 * Access: typed identity providers and named certificates with their Secrets and ConfigMaps in
 * the HostedCluster's namespace, the kubeadmin warning, the rules of each provider type, the
 * references of `configuration`, and the API server's allow-list, address and port.
 */
import type { ConfigMap, ExternalSecret, Secret } from '../../lib/api';
import { SecretSource, ValidationIssue, objectNamePart, planObjects, splitTlsPair, tlsPairProblem } from '../../lib/core';
import { HostedClusterProps, checkHostedCluster } from '../../lib/platforms';
import { noneCluster, kubevirtCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };
const CA = '-----BEGIN CERTIFICATE-----\nMIIBca\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIEkey\n-----END PRIVATE KEY-----\n';
const cluster = (more: Partial<HostedClusterProps>): HostedClusterProps => ({ ...noneCluster, ...more }) as HostedClusterProps;

function findings(props: HostedClusterProps, opts: object = options): string[] {
  return checkHostedCluster(props, opts).issues.map((i) => `${i.severity} ${i.path}: ${i.message} Fix: ${i.fix}`);
}
function errors(props: HostedClusterProps, opts: object = options): ValidationIssue[] {
  return checkHostedCluster(props, opts).issues.filter((i) => i.severity === 'error');
}
function errorLines(props: HostedClusterProps, opts: object = options): string[] {
  return errors(props, opts).map((i) => `${i.path}: ${i.message}`);
}
const withoutKubeadmin = (lines: string[]) => lines.filter((l) => !l.includes('kubeadmin'));

describe('typed identity providers', () => {
  const sso: HostedClusterProps = cluster({
    identityProviders: [
      {
        name: 'Corporate SSO',
        type: 'OpenID',
        mappingMethod: 'lookup',
        openID: {
          clientID: 'ocp',
          clientSecret: SecretSource.external({ store: 'vault', key: 'edge-lab/sso', property: 'client-secret' }),
          issuer: 'https://sso.example.com/realms/ocp',
          ca: { pem: CA },
          claims: { preferredUsername: ['preferred_username'], email: ['email'] },
        },
      },
      { name: 'break-glass', type: 'HTPasswd', htpasswd: { fileData: SecretSource.existing('edge-lab-htpasswd') } },
      {
        name: 'ldap',
        type: 'LDAP',
        ldap: {
          url: 'ldaps://ldap.example.com/ou=users,dc=example,dc=com?uid',
          bindDN: 'cn=reader,dc=example,dc=com',
          bindPassword: SecretSource.external({ store: 'vault', key: 'edge-lab/ldap' }),
          ca: { existingConfigMap: 'corporate-ca' },
          attributes: { id: ['dn'], preferredUsername: ['uid'] },
        },
      },
    ],
  });

  test('render into configuration.oauth with references to Secrets and ConfigMaps in the HostedCluster namespace', () => {
    const { plan, issues } = checkHostedCluster(sso, options);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(plan!.hostedCluster.spec.configuration?.oauth?.identityProviders).toEqual([
      {
        name: 'Corporate SSO',
        type: 'OpenID',
        mappingMethod: 'lookup',
        openID: {
          clientID: 'ocp',
          clientSecret: { name: 'edge-lab-idp-corporate-sso-client-secret' },
          issuer: 'https://sso.example.com/realms/ocp',
          ca: { name: 'edge-lab-idp-corporate-sso-ca' },
          claims: { preferredUsername: ['preferred_username'], email: ['email'] },
        },
      },
      { name: 'break-glass', type: 'HTPasswd', htpasswd: { fileData: { name: 'edge-lab-htpasswd' } } },
      {
        name: 'ldap',
        type: 'LDAP',
        ldap: {
          url: 'ldaps://ldap.example.com/ou=users,dc=example,dc=com?uid',
          bindDN: 'cn=reader,dc=example,dc=com',
          bindPassword: { name: 'edge-lab-idp-ldap-bind-password' },
          ca: { name: 'corporate-ca' },
          attributes: { id: ['dn'], preferredUsername: ['uid'] },
        },
      },
    ]);
    const objects = planObjects(plan!);
    const clientSecret = objects.find((o) => o.metadata.name === 'edge-lab-idp-corporate-sso-client-secret') as ExternalSecret;
    expect(clientSecret.kind).toBe('ExternalSecret');
    expect(clientSecret.metadata.namespace).toBe('none-clusters');
    expect(clientSecret.spec.data).toEqual([{ secretKey: 'clientSecret', remoteRef: { key: 'edge-lab/sso', property: 'client-secret' } }]);
    const bind = objects.find((o) => o.metadata.name === 'edge-lab-idp-ldap-bind-password') as ExternalSecret;
    expect(bind.spec.data?.[0].secretKey).toBe('bindPassword');
    const ca = objects.find((o) => o.metadata.name === 'edge-lab-idp-corporate-sso-ca') as ConfigMap;
    expect(ca).toMatchObject({ kind: 'ConfigMap', metadata: { namespace: 'none-clusters' }, data: { 'ca.crt': CA } });
    // An existing Secret or ConfigMap is referenced, never created.
    expect(objects.some((o) => o.metadata.name === 'edge-lab-htpasswd' || o.metadata.name === 'corporate-ca')).toBe(false);
    expect(JSON.stringify(objects)).not.toContain('"stringData"');
  });

  test('the first identity provider warns that the kubeadmin login goes away', () => {
    const warning = checkHostedCluster(sso, options).issues.find((i) => i.message.includes('kubeadmin'));
    expect(warning).toEqual({
      severity: 'warning',
      object: 'HostedCluster none-clusters/edge-lab',
      path: 'identityProviders',
      renderedPath: 'spec.configuration.oauth.identityProviders',
      message: 'once an identity provider is configured, the hosted cluster has no kubeadmin login any more: the operator publishes the kubeadmin password only while no identity provider exists.',
      fix: 'Before applying, make sure a user of these providers can act as cluster admin (a cluster-admin ClusterRoleBinding in the hosted cluster); the admin kubeconfig in Secret edge-lab-admin-kubeconfig keeps working for emergencies.',
    });
    expect(checkHostedCluster(noneCluster, options).issues.some((i) => i.message.includes('kubeadmin'))).toBe(false);
  });

  test('an inline client secret needs allowInlineSecrets, and then is a Secret with the key clientSecret', () => {
    const inline = cluster({ identityProviders: [{ name: 'gh', type: 'GitHub', github: { clientID: 'x', clientSecret: SecretSource.inline('s3cr3t'), organizations: ['acme'] } }] });
    expect(errorLines(inline)).toEqual(['identityProviders[0].github.clientSecret.inline: an inline secret value would be written into the synthesized YAML.']);
    const { plan } = checkHostedCluster(inline, { ...options, allowInlineSecrets: true });
    const secret = planObjects(plan!).find((o) => o.kind === 'Secret') as Secret;
    expect(secret).toMatchObject({ metadata: { name: 'edge-lab-idp-gh-client-secret', namespace: 'none-clusters' }, stringData: { clientSecret: 's3cr3t' } });
  });

  test('names of written objects: lower-case letters, digits and "-"; a clash is an error', () => {
    expect(objectNamePart('Corporate SSO')).toBe('corporate-sso');
    expect(objectNamePart('*.apps.example.com')).toBe('wildcard-apps-example-com');
    const clash = cluster({
      identityProviders: [
        { name: 'Team A', type: 'Google', google: { clientID: 'a', clientSecret: SecretSource.external({ store: 'vault', key: 'a' }) } },
        { name: 'team-a', type: 'Google', google: { clientID: 'b', clientSecret: SecretSource.external({ store: 'vault', key: 'b' }) } },
      ],
    });
    expect(errorLines(clash)).toEqual([
      'identityProviders[1].google.clientSecret: identityProviders[1].google.clientSecret and identityProviders[0].google.clientSecret would both write ExternalSecret none-clusters/edge-lab-idp-team-a-client-secret.',
    ]);
  });

  test('typed identity providers and configuration.oauth.identityProviders together are an error', () => {
    const both = cluster({
      identityProviders: [{ name: 'a', type: 'HTPasswd', htpasswd: { fileData: SecretSource.existing('h') } }],
      configuration: { oauth: { identityProviders: [{ name: 'b', type: 'HTPasswd', htpasswd: { fileData: { name: 'h' } } }] } },
    });
    expect(errors(both).map((i) => [i.path, i.message, i.fix])).toEqual([
      [
        'identityProviders',
        'identity providers are given both here and in configuration.oauth.identityProviders; one list would replace the other.',
        'Move every identity provider to identityProviders and remove configuration.oauth.identityProviders.',
      ],
    ]);
  });

  test('other configuration.oauth settings stay beside typed identity providers', () => {
    const props = cluster({
      identityProviders: [{ name: 'a', type: 'HTPasswd', htpasswd: { fileData: SecretSource.existing('h') } }],
      configuration: { oauth: { tokenConfig: { accessTokenMaxAgeSeconds: 3600 } }, proxy: { noProxy: '.internal' } },
    });
    const hc = checkHostedCluster(props, options).plan!.hostedCluster;
    expect(hc.spec.configuration?.oauth?.tokenConfig).toEqual({ accessTokenMaxAgeSeconds: 3600 });
    expect(hc.spec.configuration?.oauth?.identityProviders?.[0].name).toBe('a');
    expect(hc.spec.configuration?.proxy).toEqual({ noProxy: '.internal' });
  });

  test('the props schema picks the block by type and names a mistyped type', () => {
    const typo = cluster({ identityProviders: [{ name: 'x', type: 'OpenId', openID: {} } as never] });
    expect(findings(typo)).toContain('error identityProviders[0].type: type "OpenId" (a string) is not one of HTPasswd, OpenID, GitHub, GitLab, Google, LDAP, Keystone, BasicAuth, RequestHeader; did you mean "OpenID"? Fix: Use type: "OpenID".');
    const wrongBlock = cluster({ identityProviders: [{ name: 'x', type: 'HTPasswd', htpasswd: { fileData: SecretSource.existing('h') }, github: {} } as never] });
    expect(errorLines(wrongBlock)).toEqual(['identityProviders[0].github: unknown key "github".']);
    const badCa = cluster({ identityProviders: [{ name: 'x', type: 'GitLab', gitlab: { clientID: 'c', clientSecret: SecretSource.existing('s'), url: 'https://gitlab.example.com', ca: { pem: KEY } } }] });
    expect(errorLines(badCa)).toEqual(['identityProviders[0].gitlab.ca.pem: the CA bundle holds a private key; only certificates belong in a ConfigMap.']);
  });
});

describe('identity provider rules (typed or through configuration)', () => {
  const idp = (provider: object) => cluster({ identityProviders: [provider as never] });
  const passthrough = (provider: object) => cluster({ configuration: { oauth: { identityProviders: [provider as never] } } });
  const secret = SecretSource.existing('client');

  test.each([
    [{ name: 'a/b', type: 'HTPasswd', htpasswd: { fileData: secret } }, 'identityProviders[0].name: identity provider name "a/b" may not contain "/".'],
    [{ name: 'oidc', type: 'OpenID', openID: { clientID: 'c', clientSecret: secret, issuer: 'http://sso.example.com' } }, 'identityProviders[0].openID.issuer: "http://sso.example.com" does not use https, which this provider requires.'],
    [{ name: 'oidc', type: 'OpenID', openID: { clientID: 'c', clientSecret: secret, issuer: 'https://sso.example.com/?realm=x' } }, 'identityProviders[0].openID.issuer: "https://sso.example.com/?realm=x" has a query or fragment; an issuer URL may not.'],
    [{ name: 'oidc', type: 'OpenID', openID: { clientID: '', clientSecret: secret, issuer: 'https://sso.example.com' } }, 'identityProviders[0].openID.clientID: the OAuth client ID is empty.'],
    [{ name: 'gl', type: 'GitLab', gitlab: { clientID: 'c', clientSecret: secret, url: 'http://gitlab.example.com' } }, 'identityProviders[0].gitlab.url: "http://gitlab.example.com" does not use https, which this provider requires.'],
    [{ name: 'ks', type: 'Keystone', keystone: { url: 'http://keystone.example.com', domainName: 'default' } }, 'identityProviders[0].keystone.url: "http://keystone.example.com" does not use https, which this provider requires.'],
    [{ name: 'ks', type: 'Keystone', keystone: { url: 'https://keystone.example.com', domainName: 'default', tlsClientCert: secret } }, 'identityProviders[0].keystone.tlsClientCert: a client certificate needs both tlsClientCert and tlsClientKey.'],
    [{ name: 'gh', type: 'GitHub', github: { clientID: 'c', clientSecret: secret } }, 'identityProviders[0].github: neither organizations nor teams are given, so every GitHub user could log in.'],
    [{ name: 'gh', type: 'GitHub', github: { clientID: 'c', clientSecret: secret, teams: ['acme'] } }, 'identityProviders[0].github.teams[0]: "acme" is not <organization>/<team>.'],
    [{ name: 'gh', type: 'GitHub', github: { clientID: 'c', clientSecret: secret, organizations: ['acme'], ca: { pem: CA } } }, 'identityProviders[0].github.ca: a CA bundle is given without hostname; it applies only to a GitHub Enterprise host.'],
    [{ name: 'l', type: 'LDAP', ldap: { url: 'ldaps://ldap.example.com/dc=x', bindDN: 'cn=r', attributes: { id: ['dn'] } } }, 'identityProviders[0].ldap.bindDN: bindDN and bindPassword go together: both for a simple bind, neither for an anonymous one.'],
    [{ name: 'l', type: 'LDAP', ldap: { url: 'ldaps://ldap.example.com/dc=x', insecure: true, attributes: { id: ['dn'] } } }, 'identityProviders[0].ldap.insecure: insecure is true with an ldaps:// URL, which always uses TLS.'],
    [{ name: 'l', type: 'LDAP', ldap: { url: 'https://ldap.example.com', attributes: { id: ['dn'] } } }, 'identityProviders[0].ldap.url: "https://ldap.example.com" is not an ldap:// or ldaps:// URL.'],
    [{ name: 'rh', type: 'RequestHeader', requestHeader: { ca: { pem: CA }, headers: ['X-Remote-User'], loginURL: 'https://proxy.example.com/login' } }, 'identityProviders[0].requestHeader.loginURL: "https://proxy.example.com/login" has neither ${url} nor ${query} in its query, so the original authorize request would be lost after login.'],
  ])('%j', (provider, expected) => {
    expect(withoutKubeadmin(errorLines(idp(provider)))).toEqual([expected]);
  });

  test('the same rules apply to configuration.oauth.identityProviders, at its path', () => {
    expect(errorLines(passthrough({ name: 'gl', type: 'GitLab', gitlab: { clientID: 'c', clientSecret: { name: 'x' }, url: 'http://gitlab.example.com' } }))).toEqual([
      'configuration.oauth.identityProviders[0].gitlab.url: "http://gitlab.example.com" does not use https, which this provider requires.',
    ]);
    expect(errorLines(passthrough({ name: 'x', type: 'Kerberos' }))).toEqual(['configuration.oauth.identityProviders[0].type: "Kerberos" is not an identity provider type.']);
    expect(errorLines(passthrough({ name: 'x', type: 'Google' }))).toEqual(['configuration.oauth.identityProviders[0]: a Google identity provider needs its google block.']);
  });

  test('duplicate names', () => {
    const twice = cluster({
      identityProviders: [
        { name: 'sso', type: 'HTPasswd', htpasswd: { fileData: SecretSource.existing('a') } },
        { name: 'sso', type: 'HTPasswd', htpasswd: { fileData: SecretSource.existing('b') } },
      ],
    });
    expect(errorLines(twice)).toEqual(['identityProviders[1].name: identity provider "sso" is listed twice.']);
  });

  test('a request-header provider that redirects CLI logins cannot sit beside password providers', () => {
    const mixed = cluster({
      identityProviders: [
        { name: 'proxy', type: 'RequestHeader', requestHeader: { ca: { existingConfigMap: 'proxy-ca' }, headers: ['X-Remote-User'], challengeURL: 'https://proxy.example.com/challenge?then=${url}' } },
        { name: 'local', type: 'HTPasswd', htpasswd: { fileData: SecretSource.existing('h') } },
      ],
    });
    expect(errorLines(mixed)).toEqual([
      'identityProviders: request-header provider proxy redirects CLI logins while local answer them directly; the OAuth server takes one kind only.',
    ]);
  });
});

describe('references of configuration', () => {
  test('a Secret neither planned nor declared existing is a warning naming the namespace it is read from', () => {
    const props = cluster({ configuration: { oauth: { identityProviders: [{ name: 'h', type: 'HTPasswd', htpasswd: { fileData: { name: 'users' } } }] } } });
    expect(findings(props)).toContain(
      'warning configuration.oauth.identityProviders[0].htpasswd.fileData: names Secret none-clusters/users, which this plan does not create; HyperShift reads it from the HostedCluster\'s namespace and ignores the setting while it is missing. Fix: Create it before the HostedCluster, or use the typed identityProviders / namedCertificates props, which create it from a secret source or declare it existing.',
    );
  });

  test('a planned ConfigMap without the key HyperShift reads is an error (user-ca-bundle holds ca-bundle.crt, not ca.crt)', () => {
    const props = cluster({
      additionalTrustBundle: CA,
      configuration: { oauth: { identityProviders: [{ name: 'gl', type: 'GitLab', gitlab: { clientID: 'c', clientSecret: { name: 's' }, url: 'https://gitlab.example.com', ca: { name: 'user-ca-bundle' } } }] } },
    });
    expect(errorLines(props)).toEqual([
      'configuration.oauth.identityProviders[0].gitlab.ca: ConfigMap none-clusters/user-ca-bundle of this plan has no key ca.crt, which HyperShift reads here.',
    ]);
    // The proxy reads ca-bundle.crt, which user-ca-bundle has.
    expect(errorLines(cluster({ additionalTrustBundle: CA, configuration: { proxy: { trustedCA: { name: 'user-ca-bundle' } } } }))).toEqual([]);
  });
});

describe('additionalTrustBundle (C9)', () => {
  test('PEM text: ConfigMap user-ca-bundle (key ca-bundle.crt) in the HostedCluster namespace, which spec.additionalTrustBundle names', () => {
    const { plan } = checkHostedCluster(cluster({ additionalTrustBundle: CA }), options);
    const configMaps = plan!.objects.map((item) => item.object).filter((o): o is ConfigMap => o.kind === 'ConfigMap');
    expect(configMaps).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'user-ca-bundle', namespace: 'none-clusters' }, data: { 'ca-bundle.crt': CA } }]);
    expect(plan!.hostedCluster.spec.additionalTrustBundle).toEqual({ name: 'user-ca-bundle' });
  });

  test('{ existingConfigMap }: referenced by name, nothing written, and configuration may name it without a warning', () => {
    const { plan, issues } = checkHostedCluster(cluster({ additionalTrustBundle: { existingConfigMap: 'corp-ca' }, configuration: { proxy: { trustedCA: { name: 'corp-ca' } } } }), options);
    expect(plan!.hostedCluster.spec.additionalTrustBundle).toEqual({ name: 'corp-ca' });
    expect(plan!.objects.map((item) => item.object.kind)).not.toContain('ConfigMap');
    expect(issues.filter((i) => i.path.startsWith('configuration'))).toEqual([]);
  });

  test('the PEM text holds at least one whole certificate (BEGIN and END) and no private key', () => {
    const fix = 'Fix: Give the PEM text of the CA certificates ("-----BEGIN CERTIFICATE-----..."), or { existingConfigMap: "<name>" } for a ConfigMap with key ca-bundle.crt that exists.';
    expect(findings(cluster({ additionalTrustBundle: 'corp-ca' }))).toContain(`error additionalTrustBundle: the CA bundle holds no PEM certificate ("-----BEGIN CERTIFICATE-----"). ${fix}`);
    expect(findings(cluster({ additionalTrustBundle: '-----BEGIN CERTIFICATE-----\nMIIB' }))).toContain(`error additionalTrustBundle: the CA bundle holds no PEM certificate ("-----BEGIN CERTIFICATE-----"). ${fix}`);
    expect(findings(cluster({ additionalTrustBundle: CA + KEY }))).toContain(`error additionalTrustBundle: the CA bundle holds a private key; only certificates belong in a ConfigMap. ${fix}`);
  });

  test('an existing ConfigMap\'s name is a DNS subdomain; any other value is neither form', () => {
    expect(errorLines(cluster({ additionalTrustBundle: { existingConfigMap: 'Corp CA' } }))).toEqual([
      'additionalTrustBundle.existingConfigMap: ConfigMap name "Corp CA" must consist of lower-case letters, digits, "-" and ".", and start and end with a letter or digit.',
    ]);
    expect(findings({ ...noneCluster, additionalTrustBundle: 5 } as unknown as HostedClusterProps).filter((f) => f.includes('additionalTrustBundle'))).toEqual([
      'error additionalTrustBundle: 5 (a number) is neither PEM text nor { existingConfigMap }. Fix: Give the PEM text of the CA certificates, or { existingConfigMap: "<name>" }.',
    ]);
  });
});

describe('named certificates', () => {
  const cert = (names: string[], servingCertificate = SecretSource.external({ store: 'vault', key: 'edge-lab/api-cert' })) => cluster({ namedCertificates: [{ names, servingCertificate }] });

  test('a kubernetes.io/tls Secret from the store (tls.crt and tls.key of one key), referenced by name', () => {
    const { plan } = checkHostedCluster(cert(['api.lab.example.com', '*.lab.example.com']), options);
    expect(plan!.hostedCluster.spec.configuration?.apiServer?.servingCerts?.namedCertificates).toEqual([
      { names: ['api.lab.example.com', '*.lab.example.com'], servingCertificate: { name: 'edge-lab-serving-cert-api-lab-example-com' } },
    ]);
    const external = planObjects(plan!).find((o) => o.kind === 'ExternalSecret' && o.metadata.name === 'edge-lab-serving-cert-api-lab-example-com') as ExternalSecret;
    expect(external.spec.target?.template?.type).toBe('kubernetes.io/tls');
    expect(external.spec.data).toEqual([
      { secretKey: 'tls.crt', remoteRef: { key: 'edge-lab/api-cert', property: 'tls.crt' } },
      { secretKey: 'tls.key', remoteRef: { key: 'edge-lab/api-cert', property: 'tls.key' } },
    ]);
  });

  test('an inline certificate chain with its key is split into tls.crt and tls.key', () => {
    expect(tlsPairProblem(CA + KEY)).toBeUndefined();
    expect(tlsPairProblem(CA)).toBe('the value holds 0 PEM private keys; a serving certificate needs exactly one, after its certificate chain.');
    expect(tlsPairProblem(KEY)).toBe('the value holds no PEM certificate ("-----BEGIN CERTIFICATE-----").');
    expect(splitTlsPair(CA + CA + KEY)).toEqual({ 'tls.crt': CA + CA, 'tls.key': KEY });
    const { plan } = checkHostedCluster(cert(['api.lab.example.com'], SecretSource.inline(CA + KEY)), { ...options, allowInlineSecrets: true });
    const secret = planObjects(plan!).find((o) => o.kind === 'Secret') as Secret;
    expect(secret).toMatchObject({ type: 'kubernetes.io/tls', stringData: { 'tls.crt': CA, 'tls.key': KEY } });
  });

  test('names must be DNS names or wildcards', () => {
    expect(errorLines(cert(['api..example.com']))).toEqual([
      'namedCertificates[0].names[0]: "api..example.com" is not a DNS name or a wildcard name.',
    ]);
    expect(errorLines(cert(['api.*.example.com']))).toHaveLength(1);
  });

  test('the APIServer\'s LoadBalancer hostname may not have a named certificate (a rule of the HostedCluster CRD)', () => {
    const props: HostedClusterProps = {
      ...kubevirtCluster,
      services: { overrides: { APIServer: { type: 'LoadBalancer', loadBalancer: { hostname: 'api.kv.example.com' } } } },
      namedCertificates: [{ names: ['api.kv.example.com'], servingCertificate: SecretSource.existing('api-cert') }],
    };
    expect(errorLines(props)).toEqual([
      'namedCertificates[0].names[0]: "api.kv.example.com" is the APIServer\'s LoadBalancer hostname; the HostedCluster API refuses a named certificate for it.',
    ]);
  });

  test('a store key with a property is refused: the two properties are fixed', () => {
    expect(errorLines(cert(['api.lab.example.com'], SecretSource.external({ store: 'vault', key: 'k', property: 'cert' })))).toEqual([
      'namedCertificates[0].servingCertificate.externalSecret.property: a certificate Secret reads the properties tls.crt and tls.key of the store\'s key, so it takes no property.',
    ]);
  });
});

describe('the API server: allow-list, advertise address and port', () => {
  test('typed props render into spec.networking.apiServer', () => {
    const props: HostedClusterProps = { ...kubevirtCluster, networking: { apiServer: { allowedCIDRBlocks: ['203.0.113.0/24', '2001:db8::/32'], advertiseAddress: '172.20.0.1', port: 6443 } } };
    const { plan, issues } = checkHostedCluster(props, options);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(plan!.hostedCluster.spec.networking.apiServer).toEqual({ allowedCIDRBlocks: ['203.0.113.0/24', '2001:db8::/32'], advertiseAddress: '172.20.0.1', port: 6443 });
  });

  test('CIDRs are checked with the library\'s CIDR parser', () => {
    const props: HostedClusterProps = { ...kubevirtCluster, networking: { apiServer: { allowedCIDRBlocks: ['203.0.113.0/33', '10.0.0.5/8', '198.51.100.0/24', '198.51.100.0/24'] } } };
    expect(errorLines(props)).toEqual([
      'networking.apiServer.allowedCIDRBlocks[0]: "203.0.113.0/33" is not a CIDR: prefix length /33 is larger than 32 for IPv4.',
      'networking.apiServer.allowedCIDRBlocks[1]: "10.0.0.5/8" has host bits set past /8.',
      'networking.apiServer.allowedCIDRBlocks[3]: 198.51.100.0/24 is listed twice; the API takes the allow-list as a set.',
    ]);
  });

  test('with the NodePort mapping no load balancer applies the allow-list: a warning', () => {
    const props = cluster({ networking: { apiServer: { allowedCIDRBlocks: ['203.0.113.0/24'] } } });
    expect(findings(props)).toContain(
      'warning networking.apiServer.allowedCIDRBlocks: the APIServer is published on node ports, with no load balancer to apply the allow-list: any address that reaches a node reaches the API server. Fix: Publish the APIServer through a LoadBalancer (services.mapping: Ingress where the platform offers one), or restrict access with a firewall in front of the nodes.',
    );
  });

  test('the advertise address is an IP address outside the cluster\'s networks; port 443 is discouraged', () => {
    expect(errorLines(cluster({ networking: { apiServer: { advertiseAddress: 'api.local' } } }))).toEqual(['networking.apiServer.advertiseAddress: "api.local" is not an IP address.']);
    expect(errorLines(cluster({ networking: { apiServer: { advertiseAddress: '172.31.0.1' } } }))).toEqual([
      'networking.apiServer.advertiseAddress: 172.31.0.1 lies in the serviceNetwork 172.31.0.0/16; pods would reach something else at that address.',
    ]);
    expect(findings(cluster({ networking: { apiServer: { port: 443 } } })).filter((l) => l.includes('apiServer.port'))).toEqual([
      'warning networking.apiServer.port: port 443 is accepted only for compatibility: the operator then rewrites the API endpoint inside the cluster, which can briefly break connections to the API server. Fix: Keep the default 6443, or pick another free port.',
    ]);
    expect(errorLines(cluster({ networking: { apiServer: { port: 70000 } } }))).toEqual(['networking.apiServer.port: 70000 is more than 65535.']);
  });
});
