/**
 * The public zone external-dns writes hosted clusters' API and OAuth names into, delegated from
 * its parent domain's zone ({@link checkExternalDnsZoneInput}): the documentation's "Creating the
 * public DNS hosted zone" as a component.
 */
import * as aws from '@pulumi/aws';
import * as pulumi from '@pulumi/pulumi';
import { IssueCollector } from '../../core/errors';
import { EXTERNAL_DNS_DELEGATION_TTL, ExternalDnsZoneInput, checkExternalDnsZoneInput, externalDnsParentDomain } from '../../platforms/aws';
import { HcpResourceError } from '../errors';

/** Type token of {@link ExternalDnsZone}. */
export const EXTERNAL_DNS_ZONE_TYPE = 'hcp:aws:ExternalDnsZone';

/** Args of {@link ExternalDnsZone}. */
export interface ExternalDnsZoneArgs extends ExternalDnsZoneInput {
  /** The public zone of the parent domain, by ID. @default looked up by name (it must exist in this account) */
  readonly parentZoneId?: pulumi.Input<string>;
  /** Tags of the zone. @default none */
  readonly tags?: Readonly<Record<string, string>>;
}

/**
 * A public Route 53 zone for `domain` (the management cluster's `multiclusterEngine.externalDns.domainFilter`,
 * and the hosted clusters' `platform.aws.externalDnsDomain`) and the NS record in the parent
 * domain's zone that delegates to its name servers. The zone is not force-destroyed: while
 * external-dns still holds records of a hosted cluster there, `pulumi destroy` stops instead of
 * removing names a running cluster serves.
 */
export class ExternalDnsZone extends pulumi.ComponentResource {
  /** ID of the zone. */
  readonly zoneId: pulumi.Output<string>;
  /** Its name servers, as the delegating NS record lists them. */
  readonly nameServers: pulumi.Output<string[]>;
  /** The zone's domain. */
  readonly domain: string;

  constructor(name: string, args: ExternalDnsZoneArgs, opts?: pulumi.ComponentResourceOptions) {
    const issues = new IssueCollector(`ExternalDnsZone ${args.domain}`);
    checkExternalDnsZoneInput(args, issues, 'externalDnsZone');
    if (issues.issues.length > 0) throw new HcpResourceError(issues.issues);
    super(EXTERNAL_DNS_ZONE_TYPE, name, {}, opts);
    const parent = { parent: this };
    const parentDomain = externalDnsParentDomain(args);
    const zone = new aws.route53.Zone(name, { name: args.domain, comment: 'external-dns names of hosted control planes', ...(args.tags ? { tags: { ...args.tags } } : {}) }, parent);
    const parentZoneId = args.parentZoneId ?? aws.route53.getZoneOutput({ name: parentDomain, privateZone: false }, parent).zoneId;
    new aws.route53.Record(`${name}-delegation`, { zoneId: parentZoneId, name: args.domain, type: 'NS', ttl: EXTERNAL_DNS_DELEGATION_TTL, records: zone.nameServers }, parent);
    this.zoneId = zone.zoneId;
    this.nameServers = zone.nameServers;
    this.domain = args.domain;
    this.registerOutputs({ zoneId: this.zoneId, nameServers: this.nameServers, domain: this.domain });
  }
}
