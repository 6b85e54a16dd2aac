/**
 * Checks of a hosted cluster's access settings on the final HostedCluster, whether they came
 * from the typed props or from `configuration`: the rules the OpenShift OAuth and API server
 * configuration validation applies (which the HostedCluster CRD does not carry, so the API server
 * accepts the object and the cluster later ignores the provider), the CRD's rule on named
 * certificates, the API allow-list, and the Secrets and ConfigMaps the configuration names.
 */
import type { HostedClusterSpec, KubernetesObject } from '../api';
import { IDENTITY_PROVIDER_BLOCK_KEYS } from './access';
import { contains, formatCidr, hasHostBits, parseCidr, parseIp } from './cidr';
import type { IssueCollector } from './errors';
import { secretNames } from './names';
import { quote } from './schema';
import { CONFIGURATION_REFERENCES, plannedKeys, providedAs, valuesAt } from './references';

type Configuration = NonNullable<HostedClusterSpec['configuration']>;
type IdentityProvider = NonNullable<NonNullable<Configuration['oauth']>['identityProviders']>[number];

const IDPS = 'spec.configuration.oauth.identityProviders';

/** Every check of this file on the final HostedCluster. */
export function validateAccess(name: string, spec: HostedClusterSpec, issues: IssueCollector): void {
  validateIdentityProviders(name, spec.configuration?.oauth?.identityProviders ?? [], issues);
  validateNamedCertificates(spec, issues);
  validateApiServerNetworking(spec, issues);
}

/** Names, types, blocks and each type's own rules; and the warning that kubeadmin goes away. */
function validateIdentityProviders(cluster: string, idps: readonly IdentityProvider[], issues: IssueCollector): void {
  if (idps.length > 0) {
    issues.warn(
      IDPS,
      `once an identity provider is configured, the hosted cluster has no kubeadmin login any more: the operator publishes the kubeadmin password only while no identity provider exists.`,
      `Before applying, make sure a user of ${idps.length === 1 ? 'this provider' : 'these providers'} can act as cluster admin (a cluster-admin ClusterRoleBinding in the hosted cluster); the admin kubeconfig in Secret ${secretNames.adminKubeconfig(cluster)} keeps working for emergencies.`,
    );
  }
  const seen = new Set<string>();
  idps.forEach((idp, index) => {
    const path = `${IDPS}[${index}]`;
    const nameProblem = identityProviderNameProblem(idp.name ?? '');
    if (nameProblem) issues.error(`${path}.name`, `identity provider name ${quote(idp.name ?? '')} ${nameProblem}.`, 'Use a name such as "corporate-sso": it becomes part of the callback URL and of every identity.');
    if (idp.name && seen.has(idp.name)) issues.error(`${path}.name`, `identity provider "${idp.name}" is listed twice.`, 'Give every identity provider its own name.');
    if (idp.name) seen.add(idp.name);
    validateIdentityProviderBlock(idp, path, issues);
  });
  validateChallengeFlows(idps, issues);
}

/** Why a name cannot name an identity provider (it is a path segment and a prefix of identities), or undefined. */
function identityProviderNameProblem(name: string): string | undefined {
  if (name === '') return 'is empty';
  if (name === '.' || name === '..') return 'may not be "." or ".."';
  const bad = ['/', '%', ':'].filter((c) => name.includes(c));
  return bad.length > 0 ? `may not contain ${bad.map((c) => `"${c}"`).join(' or ')}` : undefined;
}

type Block = Record<string, unknown>;
type BlockCheck = (block: Block, path: string, idp: IdentityProvider, issues: IssueCollector) => void;

/** The type is known, its block is given, no other block is, and the type's own rules hold. */
function validateIdentityProviderBlock(idp: IdentityProvider, path: string, issues: IssueCollector): void {
  const types = Object.keys(IDENTITY_PROVIDER_BLOCK_KEYS);
  const key = Object.hasOwn(IDENTITY_PROVIDER_BLOCK_KEYS, idp.type ?? '') ? IDENTITY_PROVIDER_BLOCK_KEYS[idp.type as keyof typeof IDENTITY_PROVIDER_BLOCK_KEYS] : undefined;
  if (!key) {
    issues.error(`${path}.type`, `${quote(idp.type ?? '')} is not an identity provider type.`, `Use one of ${types.join(', ')}.`);
    return;
  }
  const record = idp as unknown as Record<string, unknown>;
  for (const other of Object.values(IDENTITY_PROVIDER_BLOCK_KEYS)) {
    if (other !== key && record[other] !== undefined) issues.error(`${path}.${other}`, `a ${idp.type} identity provider has a ${other} block too; only the ${key} block is read.`, `Remove ${other}, or make it an identity provider of its own.`);
  }
  const block = record[key];
  if (typeof block !== 'object' || block === null) {
    issues.error(path, `a ${idp.type} identity provider needs its ${key} block.`, `Give ${key} with the provider's settings.`);
    return;
  }
  BLOCK_CHECKS[idp.type as keyof typeof BLOCK_CHECKS](block as Block, `${path}.${key}`, idp, issues);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const items = (value: unknown): string[] => (Array.isArray(value) ? value.map(text) : []);
const refName = (value: unknown): string => text((value as { name?: unknown } | undefined)?.name);

/** Why `value` is not an absolute https URL, or undefined. */
function httpsProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${quote(value)} is not a URL`;
  }
  return url.protocol === 'https:' ? undefined : `${quote(value)} does not use https, which this provider requires`;
}

function checkHttps(value: unknown, path: string, issues: IssueCollector): URL | undefined {
  const problem = httpsProblem(text(value));
  if (problem) issues.error(path, `${problem}.`, 'Give the https:// URL of the server.');
  return problem ? undefined : new URL(text(value));
}

/** The client of an OAuth provider: its ID and client secret. */
function checkClient(block: Block, path: string, issues: IssueCollector): void {
  if (text(block.clientID) === '') issues.error(`${path}.clientID`, 'the OAuth client ID is empty.', 'Give the client ID registered with the provider.');
  if (refName(block.clientSecret) === '') issues.error(`${path}.clientSecret`, 'no client secret is given.', 'Give the client secret as a secret source.');
}

/** A client certificate needs its key, and the key its certificate. */
function checkClientCertificate(block: Block, path: string, issues: IssueCollector): void {
  const [cert, key] = [refName(block.tlsClientCert), refName(block.tlsClientKey)];
  if ((cert === '') !== (key === '')) {
    const [given, missing] = cert === '' ? ['tlsClientKey', 'tlsClientCert'] : ['tlsClientCert', 'tlsClientKey'];
    issues.error(`${path}.${given}`, 'a client certificate needs both tlsClientCert and tlsClientKey.', `Give ${missing} too, or remove ${given}.`);
  }
}

/** A redirect URL of a request-header provider must carry the original request on. */
function checkRedirect(value: unknown, path: string, issues: IssueCollector): void {
  if (value === undefined || value === '') return;
  let url: URL;
  try {
    url = new URL(text(value));
  } catch {
    issues.error(path, `${quote(value)} is not a URL.`, 'Give an absolute URL.');
    return;
  }
  if (!url.search.includes('${url}') && !url.search.includes('${query}') && !decodeURIComponent(url.search).match(/\$\{(url|query)\}/)) {
    issues.error(path, `${quote(value)} has neither \${url} nor \${query} in its query, so the original authorize request would be lost after login.`, 'Add ?then=${url} (or ${query}) to the URL.');
  }
}

/** The rules of each provider type beyond the CRD's shape (OpenShift's OAuth configuration validation). */
const BLOCK_CHECKS: Readonly<Record<keyof typeof IDENTITY_PROVIDER_BLOCK_KEYS, BlockCheck>> = {
  HTPasswd: (block, path, _idp, issues) => {
    if (refName(block.fileData) === '') issues.error(`${path}.fileData`, 'no htpasswd file is given.', 'Give the htpasswd file as a secret source.');
  },
  OpenID: (block, path, _idp, issues) => {
    checkClient(block, path, issues);
    const issuer = checkHttps(block.issuer, `${path}.issuer`, issues);
    if (issuer && (issuer.search !== '' || issuer.hash !== '')) issues.error(`${path}.issuer`, `${quote(block.issuer)} has a query or fragment; an issuer URL may not.`, 'Remove everything from "?" or "#" on.');
    if (text(block.issuer).endsWith('/')) issues.error(`${path}.issuer`, `${quote(block.issuer)} ends with "/"; the issuer must match the provider's exactly, without it.`, 'Remove the trailing "/".');
  },
  GitHub: (block, path, idp, issues) => {
    checkClient(block, path, issues);
    const [orgs, teams, hostname] = [items(block.organizations), items(block.teams), text(block.hostname)];
    if (orgs.length > 0 && teams.length > 0) issues.error(`${path}.teams`, 'both organizations and teams are given; GitHub login takes one of them.', 'Keep organizations or teams, not both.');
    if (orgs.length === 0 && teams.length === 0 && hostname === '' && idp.mappingMethod !== 'lookup') {
      issues.error(path, 'neither organizations nor teams are given, so every GitHub user could log in.', 'List the organizations or teams allowed to log in (or set hostname for GitHub Enterprise, or mappingMethod: lookup).');
    }
    teams.forEach((team, i) => {
      if (!/^[^/]+\/[^/]+$/.test(team)) issues.error(`${path}.teams[${i}]`, `${quote(team)} is not <organization>/<team>.`, 'Write the team as "my-org/my-team".');
    });
    orgs.forEach((org, i) => {
      if (org === '' || org.includes('/')) issues.error(`${path}.organizations[${i}]`, `${quote(org)} is not an organization name.`, 'Give the organization alone; teams go in teams as "<org>/<team>".');
    });
    if (hostname === 'github.com' || hostname.endsWith('.github.com')) issues.error(`${path}.hostname`, `${quote(hostname)} is github.com itself; hostname is for GitHub Enterprise.`, 'Remove hostname to use github.com.');
    if (refName(block.ca) !== '' && hostname === '') issues.error(`${path}.ca`, 'a CA bundle is given without hostname; it applies only to a GitHub Enterprise host.', 'Set hostname, or remove ca.');
  },
  GitLab: (block, path, _idp, issues) => {
    checkClient(block, path, issues);
    checkHttps(block.url, `${path}.url`, issues);
  },
  Google: (block, path, _idp, issues) => checkClient(block, path, issues),
  LDAP: (block, path, _idp, issues) => {
    const url = text(block.url);
    const scheme = /^(ldaps?):\/\//i.exec(url)?.[1]?.toLowerCase();
    if (!scheme) issues.error(`${path}.url`, `${quote(url)} is not an ldap:// or ldaps:// URL.`, 'Write it as ldaps://host:636/basedn?attribute?scope?filter.');
    if ((text(block.bindDN) === '') !== (refName(block.bindPassword) === '')) {
      issues.error(`${path}.bindDN`, 'bindDN and bindPassword go together: both for a simple bind, neither for an anonymous one.', 'Give both, or neither.');
    }
    if (block.insecure === true && scheme === 'ldaps') issues.error(`${path}.insecure`, 'insecure is true with an ldaps:// URL, which always uses TLS.', 'Remove insecure, or use ldap://.');
    if (block.insecure === true && refName(block.ca) !== '') issues.error(`${path}.ca`, 'a CA bundle is given with insecure: true, which uses no TLS.', 'Remove ca, or insecure.');
    if (items((block.attributes as Block | undefined)?.id).length === 0) issues.error(`${path}.attributes.id`, 'no attribute gives the user ID.', 'Give at least one, e.g. attributes.id: ["dn"].');
  },
  Keystone: (block, path, _idp, issues) => {
    checkHttps(block.url, `${path}.url`, issues);
    if (text(block.domainName) === '') issues.error(`${path}.domainName`, 'Keystone v3 needs a domain name.', 'Give the Keystone domain, e.g. "default".');
    checkClientCertificate(block, path, issues);
  },
  BasicAuth: (block, path, _idp, issues) => {
    try {
      new URL(text(block.url));
    } catch {
      issues.error(`${path}.url`, `${quote(block.url ?? '')} is not a URL.`, 'Give the absolute URL of the server.');
    }
    checkClientCertificate(block, path, issues);
  },
  RequestHeader: (block, path, _idp, issues) => {
    if (refName(block.ca) === '') {
      issues.error(`${path}.ca`, 'no CA bundle is given, so anyone who reaches the OAuth server could claim any identity through the headers.', 'Give the CA the authenticating proxy\'s client certificate chains to.');
    }
    if (items(block.headers).length === 0) issues.error(`${path}.headers`, 'no header is named to read the identity from.', 'Give headers, e.g. ["X-Remote-User"].');
    checkRedirect(block.loginURL, `${path}.loginURL`, issues);
    checkRedirect(block.challengeURL, `${path}.challengeURL`, issues);
  },
};

/** Password-style providers answer CLI challenges; a request-header provider with challengeURL redirects them: one redirecting, and never both kinds. */
function validateChallengeFlows(idps: readonly IdentityProvider[], issues: IssueCollector): void {
  const issuing = ['BasicAuth', 'GitLab', 'HTPasswd', 'Keystone', 'LDAP', 'OpenID'];
  const redirecting = idps.filter((idp) => idp.type === 'RequestHeader' && text(idp.requestHeader?.challengeURL) !== '').map((idp) => idp.name);
  const issuers = idps.filter((idp) => issuing.includes(idp.type ?? '')).map((idp) => idp.name);
  if (redirecting.length > 1) {
    issues.error(IDPS, `${redirecting.length} request-header providers (${redirecting.join(', ')}) redirect CLI logins; only one may.`, 'Keep challengeURL on one of them.');
  } else if (redirecting.length === 1 && issuers.length > 0) {
    issues.error(IDPS, `request-header provider ${redirecting[0]} redirects CLI logins while ${issuers.join(', ')} answer them directly; the OAuth server takes one kind only.`, `Remove challengeURL from ${redirecting[0]}, or those providers.`);
  }
}

const WILDCARD_DNS_NAME = /^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/i;

/** Names must be DNS names or wildcards, and not the APIServer's own LoadBalancer hostname (a rule of the HostedCluster CRD). */
function validateNamedCertificates(spec: HostedClusterSpec, issues: IssueCollector): void {
  const certs = spec.configuration?.apiServer?.servingCerts?.namedCertificates ?? [];
  const apiHostname = spec.services.find((s) => s.service === 'APIServer')?.servicePublishingStrategy?.loadBalancer?.hostname;
  certs.forEach((cert, index) => {
    const path = `spec.configuration.apiServer.servingCerts.namedCertificates[${index}]`;
    (cert.names ?? []).forEach((name, i) => {
      if (!WILDCARD_DNS_NAME.test(name) || name.length > 253) {
        issues.error(`${path}.names[${i}]`, `${quote(name)} is not a DNS name or a wildcard name.`, 'Give a name such as "api.example.com" or "*.example.com" (a wildcard only as the first label).');
      } else if (apiHostname && name === apiHostname) {
        issues.error(`${path}.names[${i}]`, `${quote(name)} is the APIServer's LoadBalancer hostname; the HostedCluster API refuses a named certificate for it.`, 'Remove it from names, or publish the APIServer under another hostname (services.hostnames.APIServer).');
      }
    });
    if (refName(cert.servingCertificate) === '') issues.error(`${path}.servingCertificate`, 'no serving certificate is given.', 'Give the certificate and its key as a secret source.');
  });
}

/** The allow-list's CIDRs, and an advertise address and port the nodes can use. */
function validateApiServerNetworking(spec: HostedClusterSpec, issues: IssueCollector): void {
  const apiServer = spec.networking.apiServer;
  if (!apiServer) return;
  const path = 'spec.networking.apiServer';
  const blocks = apiServer.allowedCIDRBlocks ?? [];
  const seen = new Set<string>();
  blocks.forEach((block, index) => {
    const cidr = parseCidr(block);
    if (typeof cidr === 'string') {
      issues.error(`${path}.allowedCIDRBlocks[${index}]`, `"${block}" is not a CIDR: ${cidr}.`, 'Write it as <address>/<prefix length>, e.g. 203.0.113.0/24.');
      return;
    }
    if (hasHostBits(cidr)) issues.error(`${path}.allowedCIDRBlocks[${index}]`, `"${block}" has host bits set past /${cidr.prefix}.`, `Use the network address: ${formatCidr(cidr)}.`);
    if (seen.has(formatCidr(cidr))) issues.error(`${path}.allowedCIDRBlocks[${index}]`, `${formatCidr(cidr)} is listed twice; the API takes the allow-list as a set.`, 'List each CIDR once.');
    seen.add(formatCidr(cidr));
  });
  const apiStrategy = spec.services.find((s) => s.service === 'APIServer')?.servicePublishingStrategy;
  if (blocks.length > 0 && apiStrategy?.type === 'NodePort') {
    issues.warn(`${path}.allowedCIDRBlocks`, 'the APIServer is published on node ports, with no load balancer to apply the allow-list: any address that reaches a node reaches the API server.', 'Publish the APIServer through a LoadBalancer (services.mapping: Ingress where the platform offers one), or restrict access with a firewall in front of the nodes.');
  }
  checkAdvertiseAddress(spec, issues);
  if (apiServer.port === 443) {
    issues.warn(`${path}.port`, 'port 443 is accepted only for compatibility: the operator then rewrites the API endpoint inside the cluster, which can briefly break connections to the API server.', 'Keep the default 6443, or pick another free port.');
  }
}

/** The advertise address is an IP address outside the cluster's own networks. */
function checkAdvertiseAddress(spec: HostedClusterSpec, issues: IssueCollector): void {
  const address = spec.networking.apiServer?.advertiseAddress;
  if (address === undefined) return;
  const path = 'spec.networking.apiServer.advertiseAddress';
  const ip = parseIp(address);
  if (!ip) {
    issues.error(path, `${quote(address)} is not an IP address.`, 'Give an address for the nodes\' loopback, e.g. 172.20.0.1 (IPv4) or fd00::1 (IPv6).');
    return;
  }
  const host = { family: ip.family, address: ip.address, prefix: ip.family === 4 ? 32 : 128 };
  const lists = { clusterNetwork: spec.networking.clusterNetwork ?? [], serviceNetwork: spec.networking.serviceNetwork ?? [], machineNetwork: spec.networking.machineNetwork ?? [] };
  for (const [list, entries] of Object.entries(lists)) {
    const inside = entries.map((entry) => parseCidr(entry.cidr)).find((cidr) => typeof cidr !== 'string' && contains(cidr, host));
    if (inside && typeof inside !== 'string') {
      issues.error(path, `${address} lies in the ${list} ${formatCidr(inside)}; pods would reach something else at that address.`, 'Pick an address outside the cluster, service and machine networks (the default is 172.20.0.1).');
    }
  }
}

/**
 * Every Secret and ConfigMap the configuration names exists in the plan (in the HostedCluster's
 * namespace, with the keys HyperShift reads) or is declared existing by the typed props; a name
 * that is neither is a warning, since it may have been created outside the plan.
 */
export function checkConfigurationReferences(
  configuration: HostedClusterSpec['configuration'],
  namespace: string,
  planned: readonly KubernetesObject[],
  existing: ReadonlySet<string>,
  issues: IssueCollector,
): void {
  if (!configuration) return;
  const provided = new Map<string, KubernetesObject>();
  for (const object of planned) {
    const id = object.metadata.namespace === namespace ? providedAs(object) : undefined;
    if (id) provided.set(id, object);
  }
  for (const reference of CONFIGURATION_REFERENCES) {
    for (const { path, value } of valuesAt(configuration, reference.path)) {
      const name = refName(value);
      if (name === '') continue;
      const id = `${reference.kind}/${name}`;
      const at = `spec.configuration.${path}`;
      const object = provided.get(id);
      if (!object) {
        if (!existing.has(id)) {
          issues.warn(at, `names ${reference.kind} ${namespace}/${name}, which this plan does not create; HyperShift reads it from the HostedCluster's namespace and ignores the setting while it is missing.`, `Create it before the HostedCluster${reference.path.startsWith('oauth.identityProviders') || reference.path.startsWith('apiServer.servingCerts') ? ', or use the typed identityProviders / namedCertificates props, which create it from a secret source or declare it existing' : ''}.`);
        }
        continue;
      }
      const keys = plannedKeys(object);
      const missing = keys ? reference.keys.filter((key) => !keys.includes(key)) : [];
      if (missing.length > 0) {
        issues.error(at, `${reference.kind} ${namespace}/${name} of this plan has no key ${missing.join(' or ')}, which HyperShift reads here.`, `Reference a ${reference.kind} with the key ${reference.keys.join(' and ')}.`);
      }
    }
  }
}
