/** Service publishing: the CLI's two mappings and the rules for which strategies a platform allows. */
import type { HostedClusterSpec, PublishingStrategy, PublishingType, ServiceType } from '../api';
import { parseIp } from './cidr';
import type { IssueCollector } from './errors';
import { MAX_SUBDOMAIN_LENGTH } from './names';
import { quote } from './schema';
import type { PUBLISHING_MAPPINGS } from './hosted-cluster-props';

/**
 * A DNS name (RFC 1123 labels of letters, digits and "-", at least one letter in the last one so
 * that "1Gi" or "10.0.0" do not pass) or an IPv4/IPv6 address.
 */
export function isAddressOrDnsName(value: string): boolean {
  if (parseIp(value) !== undefined) return true;
  if (value.length > MAX_SUBDOMAIN_LENGTH) return false;
  const labels = value.replace(/\.$/, '').split('.');
  const label = /^[A-Za-z0-9]([-A-Za-z0-9]{0,61}[A-Za-z0-9])?$/;
  return labels.every((l) => label.test(l)) && /[A-Za-z]/.test(labels[labels.length - 1]) && (labels.length > 1 || !/^[0-9]/.test(value));
}

export type ServiceEntry = HostedClusterSpec['services'][number];

/** The services every HostedCluster must publish (OIDC and OVNSbDb are optional). */
export const REQUIRED_SERVICES: readonly ServiceType[] = ['APIServer', 'Ignition', 'Konnectivity', 'OAuthServer'];

/**
 * `Ingress`: APIServer on a LoadBalancer, the rest on Routes (AWS, KubeVirt).
 * `NodePort`: every service, OIDC included, on a NodePort at one address (Agent, None).
 */
export type PublishingMapping = (typeof PUBLISHING_MAPPINGS)[number];

export interface MappingOptions {
  /** Address of the NodePort services (NodePort mapping only). */
  readonly apiServerAddress?: string;
  /** Hostnames for Route or LoadBalancer services (external DNS). */
  readonly hostnames?: Partial<Record<ServiceType, string>>;
}

/** How a HostedCluster publishes its API server, and the hostname when that LoadBalancer or Route has one. */
export function apiServerPublishing(spec: Pick<HostedClusterSpec, 'services'>): { readonly type?: PublishingType; readonly hostname?: string } {
  const api = (spec.services ?? []).find((s) => s.service === 'APIServer')?.servicePublishingStrategy;
  const hostname = api?.type === 'LoadBalancer' ? api.loadBalancer?.hostname : api?.type === 'Route' ? api.route?.hostname : undefined;
  return { ...(api ? { type: api.type } : {}), ...(hostname ? { hostname } : {}) };
}

/** The services list for a mapping, sorted by service name as the CLI writes it. */
export function servicesFor(mapping: PublishingMapping, options: MappingOptions = {}): ServiceEntry[] {
  const hostnames = options.hostnames ?? {};
  if (mapping === 'NodePort') {
    const services: ServiceType[] = ['APIServer', 'Ignition', 'Konnectivity', 'OAuthServer', 'OIDC'];
    return services.map((service) => ({
      service,
      servicePublishingStrategy: { type: 'NodePort', nodePort: { address: options.apiServerAddress ?? '' } },
    }));
  }
  const route = (service: ServiceType): PublishingStrategy =>
    hostnames[service] ? { type: 'Route', route: { hostname: hostnames[service] } } : { type: 'Route' };
  const apiServer: PublishingStrategy = hostnames.APIServer
    ? { type: 'Route', route: { hostname: hostnames.APIServer } }
    : { type: 'LoadBalancer' };
  return [
    { service: 'APIServer', servicePublishingStrategy: apiServer },
    { service: 'Ignition', servicePublishingStrategy: route('Ignition') },
    { service: 'Konnectivity', servicePublishingStrategy: route('Konnectivity') },
    { service: 'OAuthServer', servicePublishingStrategy: route('OAuthServer') },
  ];
}

/** Replaces the strategy of individual services in a list, keeping its order. */
export function withOverrides(
  services: ServiceEntry[],
  overrides: Partial<Record<ServiceType, PublishingStrategy>> = {},
): ServiceEntry[] {
  const result = services.map((s) => ({ ...s, servicePublishingStrategy: overrides[s.service] ?? s.servicePublishingStrategy }));
  for (const service of Object.keys(overrides).sort() as ServiceType[]) {
    if (!result.some((s) => s.service === service)) result.push({ service, servicePublishingStrategy: overrides[service]! });
  }
  return result;
}

/** The publishing types a platform allows per service; absent services allow anything. */
export type PublishingRules = Partial<Record<ServiceType, readonly PublishingType[]>>;

/**
 * Structural and cross-service checks on `spec.services` that the API server and operator apply.
 * Long because it is a list of independent rules over one index of the services, in the operator's order.
 */
export function validateServices(
  services: readonly ServiceEntry[],
  rules: PublishingRules,
  platform: string,
  issues: IssueCollector,
): void {
  const seen = new Map<ServiceType, number>();
  const hostnames = new Map<string, string>();
  const missingAddress: number[] = [];
  const badAddresses = new Set<string>();
  services.forEach((entry, index) => {
    const path = `spec.services[${index}]`;
    const strategy = entry.servicePublishingStrategy;
    if (seen.has(entry.service)) {
      issues.error(`${path}.service`, `${entry.service} is listed twice (also at index ${seen.get(entry.service)}).`, 'List each service once.');
    }
    seen.set(entry.service, index);
    const allowed = rules[entry.service];
    if (allowed && !allowed.includes(strategy.type)) {
      issues.error(
        `${path}.servicePublishingStrategy.type`,
        `${entry.service} cannot be published as ${strategy.type} on the ${platform} platform.`,
        `Use ${allowed.join(' or ')}.`,
      );
    }
    const blocks = { NodePort: 'nodePort', Route: 'route', LoadBalancer: 'loadBalancer' } as const;
    for (const [type, block] of Object.entries(blocks)) {
      if (strategy[block] !== undefined && strategy.type !== type) {
        issues.error(`${path}.servicePublishingStrategy.${block}`, `${block} is set but the type is ${strategy.type}.`, `Remove ${block} or set type: ${type}.`);
      }
    }
    const address = strategy.nodePort?.address;
    if (strategy.type === 'NodePort' && !address) missingAddress.push(index);
    if (address && !badAddresses.has(address) && !isAddressOrDnsName(address)) {
      // One finding per bad address: the NodePort mapping puts the same one on every service.
      badAddresses.add(address);
      issues.error(
        `${path}.servicePublishingStrategy.nodePort.address`,
        `${quote(address)} is neither an IP address nor a DNS name.`,
        'Give the IP address or DNS name of a management-cluster node or of a load balancer in front of the nodes (e.g. 192.0.2.10 or api.example.com).',
      );
    }
    if (entry.service === 'APIServer' && strategy.type === 'Route' && !strategy.route?.hostname) {
      issues.error(
        `${path}.servicePublishingStrategy.route.hostname`,
        'APIServer published as a Route needs a hostname; the operator reports ValidConfiguration=False otherwise.',
        'Set a hostname (e.g. api-<name>.<external DNS domain>) or publish APIServer as a LoadBalancer.',
      );
    }
    const hostname = strategy.route?.hostname ?? strategy.loadBalancer?.hostname;
    if (hostname) {
      if (!/^(?:[a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}$/.test(hostname)) {
        issues.error(`${path}.servicePublishingStrategy`, `hostname ${quote(hostname)} is not a valid DNS name.`, 'Use a fully qualified name such as api-example.example.com.');
      }
      const other = hostnames.get(hostname);
      if (other) {
        issues.error(`${path}.servicePublishingStrategy`, `hostname ${quote(hostname)} is also used by ${other}.`, 'Give every published service its own hostname.');
      }
      hostnames.set(hostname, entry.service);
    }
  });
  if (missingAddress.length > 0) {
    issues.error(
      `spec.services[${missingAddress[0]}].servicePublishingStrategy.nodePort.address`,
      `${missingAddress.map((i) => services[i].service).join(', ')} ${missingAddress.length > 1 ? 'are' : 'is'} published on NodePorts but no address is given.`,
      'Set services.apiServerAddress to a management-cluster node or a load balancer in front of them.',
    );
  }
  for (const required of REQUIRED_SERVICES) {
    if (!seen.has(required)) {
      issues.error('spec.services', `${required} is missing; the services list must publish ${REQUIRED_SERVICES.join(', ')}.`, `Add a publishing strategy for ${required}.`);
    }
  }
}
