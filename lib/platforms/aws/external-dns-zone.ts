/**
 * The public zone external-dns writes hosted clusters' service names into, and its delegation, as
 * data (HCP documentation, AWS: "Creating the public DNS hosted zone": a public Route 53 zone for
 * the external-dns domain filter, then an NS record in the parent domain's zone with the new
 * zone's name servers). The Pulumi component `ExternalDnsZone` creates exactly this.
 */
import type { IssueCollector } from '../../core/errors';
import { quote } from '../../core/schema';
import { isRoute53ZoneName } from './network';

/**
 * TTL of the delegating NS record: Route 53's default for a new record, short enough that a zone
 * created again (with new name servers) is found within minutes.
 */
export const EXTERNAL_DNS_DELEGATION_TTL = 300;

/** What decides the zone and its delegation. */
export interface ExternalDnsZoneInput {
  /** The zone external-dns writes into (the domain filter), e.g. `hcp.example.com`. */
  readonly domain: string;
  /** The domain whose zone gets the NS record. @default the domain without its first label */
  readonly parentDomain?: string;
}

/** The parent domain: as given, else the domain without its first label. */
export function externalDnsParentDomain(input: ExternalDnsZoneInput): string {
  return input.parentDomain ?? input.domain.slice(input.domain.indexOf('.') + 1);
}

/** Both names must be zones Route 53 can host, and the domain must lie under its parent. */
export function checkExternalDnsZoneInput(input: ExternalDnsZoneInput, issues: IssueCollector, path: string): void {
  if (!isRoute53ZoneName(input.domain)) {
    issues.error(`${path}.domain`, `${quote(input.domain)} is not a DNS name Route 53 can host.`, 'Use lower-case labels of letters, digits and "-", e.g. hcp.example.com.');
    return;
  }
  const parent = externalDnsParentDomain(input);
  if (!isRoute53ZoneName(parent)) {
    issues.error(`${path}.parentDomain`, `the parent domain ${quote(parent)} is not a DNS name Route 53 can host.`, 'Give the domain of the public zone that delegates to this one, e.g. example.com.');
  } else if (!input.domain.endsWith(`.${parent}`)) {
    issues.error(`${path}.parentDomain`, `${quote(input.domain)} is not under ${quote(parent)}, so an NS record there delegates nothing.`, `Give a parent domain ${quote(input.domain)} ends with.`);
  }
}
